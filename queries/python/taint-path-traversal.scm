; id: python/taint-path-traversal
; kind: taint
; include: request-sources
; name: Request data reaches a file path
; severity: error
; message: Request data chooses the file opened by `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Keep only the base name (`os.path.basename`, `werkzeug.utils.secure_filename`) or use
;   `flask.send_from_directory` / `werkzeug.security.safe_join`, which refuse `../`.

; Sinks are paths that are opened, served or removed.
(call
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "open" "send_file"))

(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#any-of? @module "os" "shutil" "flask")
  (#any-of? @function "remove" "unlink" "rmtree" "send_file" "listdir" "rmdir"))

; Propagators: joining a tainted piece into a path keeps it tainted.
((call
  function: (attribute
    object: (attribute object: (identifier) @os attribute: (identifier) @path)
    attribute: (identifier) @join)) @propagator
  (#eq? @os "os")
  (#eq? @path "path")
  (#eq? @join "join"))

; Sanitizers keep only a base name or refuse to leave the base directory.
((call
  function: [
    (identifier) @clean
    (attribute attribute: (identifier) @clean)
  ]) @sanitizer
  (#any-of? @clean "basename" "secure_filename" "safe_join"))
