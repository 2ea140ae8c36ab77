; id: java/path-traversal-request
; superseded-by: java/taint-path-traversal
; name: File path taken from the HTTP request or an upload's file name
; severity: error
; message: A file path is built from `{{src}}`; `../` sequences or absolute paths let a client read or overwrite files outside the intended directory
; cwe: CWE-22, CWE-73
; tags: security, path-traversal
; precision: high
; security-severity: 7.5
; help: Reduce the value to a bare name (`Paths.get(name).getFileName()`, commons-io
;   `FilenameUtils.getName`) or resolve it against the base directory, `normalize()` it and
;   check `resolved.startsWith(base)` before use. Prefer generating server-side names for uploads.
(object_creation_expression
  type: (type_identifier) @t (#any-of? @t "File" "FileInputStream" "FileOutputStream" "FileReader" "FileWriter" "RandomAccessFile" "PrintWriter" "FileSystemResource")
  arguments: (argument_list [
      (method_invocation) @src
      (binary_expression [
        (method_invocation) @src
        left: (binary_expression right: (method_invocation) @src)])
    ]
    (#match? @src "(^(req|request|httpRequest|servletRequest|httpServletRequest)\\.(getParameter|getHeader|getPathInfo|getQueryString)\\(|\\.(getSubmittedFileName|getOriginalFilename)\\(\\)$)")))
  @finding
(method_invocation
  object: (identifier) @p (#any-of? @p "Paths" "Path")
  name: (identifier) @pm (#any-of? @pm "get" "of")
  arguments: (argument_list [
      (method_invocation) @src
      (binary_expression [
        (method_invocation) @src
        left: (binary_expression right: (method_invocation) @src)])
    ]
    (#match? @src "(^(req|request|httpRequest|servletRequest|httpServletRequest)\\.(getParameter|getHeader|getPathInfo|getQueryString)\\(|\\.(getSubmittedFileName|getOriginalFilename)\\(\\)$)")))
  @finding
(method_invocation
  name: (identifier) @r (#any-of? @r "resolve" "resolveSibling")
  arguments: (argument_list . [
      (method_invocation) @src
      (binary_expression [
        (method_invocation) @src
        left: (binary_expression right: (method_invocation) @src)])
    ]
    (#match? @src "(^(req|request|httpRequest|servletRequest|httpServletRequest)\\.(getParameter|getHeader|getPathInfo|getQueryString)\\(|\\.(getSubmittedFileName|getOriginalFilename)\\(\\)$)")))
  @finding
