; id: python/path-traversal-request
; superseded-by: python/taint-path-traversal
; name: File path taken from the request
; severity: error
; message: `{{func}}` opens a path built from request data; `../` in it reaches files outside the intended folder
; cwe: CWE-22
; tags: security, path-traversal
; precision: high
; security-severity: 7.5
; help: Serve user-chosen files with `flask.send_from_directory(BASE, name)` or
;   `werkzeug.utils.secure_filename`, or resolve the path and check that it stays under
;   the base folder (`Path(BASE, name).resolve().is_relative_to(BASE)`).
(call
  function: [
    (identifier) @func
    (attribute attribute: (identifier) @func)
  ] (#any-of? @func "open" "send_file" "FileResponse" "remove" "unlink" "rmtree" "read_text" "read_bytes")
  arguments: (argument_list
    .
    [
      (subscript)
      (call)
      (attribute)
      (binary_operator)
      (string (interpolation))
    ] @path
    (#match? @path "\\brequest\\.(args|form|values|files|cookies|json|headers|GET|POST|FILES|COOKIES|data|query_params|path_params)\\b")
    (#not-match? @path "secure_filename\\(")))
  @finding
