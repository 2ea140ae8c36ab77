; id: c/taint-path-traversal
; kind: taint
; include: request-sources
; name: Untrusted input chooses a file path
; severity: error
; message: Untrusted input chooses the file path given to `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Keep only the base name (`basename`), refuse names holding `/` or `..`, or resolve the
;   path with `realpath` and check that it stays under the base directory before opening it.
;   Input from the network, files, the terminal, the environment and the program's operands
;   (`argv`) counts as untrusted here; the value of a command-line option (`optarg`: `-c FILE`,
;   `--docroot DIR`) does not: it is configuration set by whoever runs the program (measured on
;   Juliet C/C++ and the corpus, see bench/RESULTS.md).

; Sinks are the paths that are opened, created, listed, inspected or removed: the first argument,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "fopen" "fopen64" "freopen" "open" "open64" "creat" "unlink" "remove"
    "rename" "opendir" "stat" "lstat" "mkdir" "rmdir" "chmod" "chown" "lchown" "truncate"
    "mkfifo" "link" "symlink" "_wfopen" "_open" "_wopen" "_wremove" "_wunlink" "_wrename"
    "CreateFileA" "CreateFileW" "CreateFile" "DeleteFileA" "DeleteFileW" "DeleteFile"))

; the second of the *at variants and of rename, link and symlink,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @function "openat" "unlinkat" "fstatat" "mkdirat" "renameat" "rename" "link"
    "symlink"))

; the path a C++ file stream opens (`std::ofstream out; out.open(path)`), the stream named
; like one,
(call_expression
  function: (field_expression
    argument: (identifier) @stream
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#eq? @method "open")
  (#match? @stream "(?i)(file|stream|^(in|out|f|fs|ifs|ofs)$)"))

; and the fourth of renameat.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) . (_) @sink)
  (#eq? @function "renameat"))

; Sanitizers keep only the last component of a path.
((call_expression
  function: (identifier) @clean) @sanitizer
  (#any-of? @clean "basename" "g_path_get_basename" "PathFindFileNameA" "PathFindFileNameW"))
