; id: php/taint-path-traversal
; kind: taint
; include: request-sources, sanitizers
; name: Request data reaches a file path
; severity: error
; message: Request data chooses the file used by `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Keep only the base name (`basename($name)`) or map the request value to a fixed file
;   through an allow-list (`$pages = ['home' => 'home.php']`); never include a path from the request.

; Sinks are the files PHP includes (and runs),
(include_expression (_) @sink)
(include_once_expression (_) @sink)
(require_expression (_) @sink)
(require_once_expression (_) @sink)

; the paths of the file functions (not a literal URL, nor a variable named for one, which the
; SSRF rule covers),
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "file_get_contents" "file_put_contents" "fopen" "file" "readfile" "unlink"
    "copy" "rename" "mkdir" "rmdir" "opendir" "scandir" "dir" "glob" "parse_ini_file"
    "highlight_file" "show_source" "touch" "chmod" "chown" "symlink" "link"
    "simplexml_load_file" "gzopen" "readgzfile" "tempnam")
  (#not-match? @sink "^(['\"](https?|ftp)://|\\$\\w*(?i:url|uri|link|endpoint|feed)\\w*$)"))

; the destination of a copy, a rename or an upload,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument) . (argument (_) @sink))
  (#any-of? @function "copy" "rename" "move_uploaded_file" "symlink" "link"))

; and the file of SplFileObject and its like.
(object_creation_expression
  [(name) @class (qualified_name (name) @class)]
  (arguments . (argument (_) @sink))
  (#any-of? @class "SplFileObject" "SplFileInfo" "DirectoryIterator" "RecursiveDirectoryIterator"
    "FilesystemIterator"))

; Sanitizers keep only the base name.
((function_call_expression function: [(name) @base (qualified_name (name) @base)]) @sanitizer
  (#any-of? @base "basename"))
