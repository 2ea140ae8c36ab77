; id: go/taint-path-traversal
; kind: taint
; include: request-sources
; name: Request data chooses a file path
; severity: error
; message: Request data chooses the file path of `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Reduce the value to a bare file name with `filepath.Base`, or join it with
;   `securejoin.SecureJoin` / open it through `os.Root` (Go 1.24+) so that `../` cannot leave the
;   base directory; serve static files with `http.FileServer(http.Dir(...))`.

; Sinks are the paths of the os and ioutil file functions,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @package "os" "io/ioutil")
  (#any-of? @function "Open" "OpenFile" "ReadFile" "WriteFile" "Create" "Remove" "RemoveAll"
    "ReadDir" "Mkdir" "MkdirAll" "Truncate" "Chmod" "Chown" "Symlink" "Link" "Rename"
    "OpenInRoot" "DirFS"))

; the new name of os.Rename and the link of os.Symlink and os.Link,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#resolves-to? @package "os")
  (#any-of? @function "Rename" "Symlink" "Link"))

; and the file http.ServeFile sends.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#resolves-to? @package "net/http")
  (#eq? @function "ServeFile"))

; Sanitizers keep the last element of a path only, or join inside a root.
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)) @sanitizer
  (#resolves-to? @package "path/filepath" "path")
  (#eq? @function "Base"))

((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)) @sanitizer
  (#eq? @package "securejoin")
  (#eq? @function "SecureJoin"))
