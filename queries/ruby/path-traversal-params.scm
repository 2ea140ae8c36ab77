; id: ruby/path-traversal-params
; name: File path taken from request parameters
; severity: error
; message: `{{func}}` opens a path built from request parameters; `../` in it reaches files outside the intended folder
; cwe: CWE-22
; tags: security, path-traversal, rails
; precision: high
; security-severity: 7.5
; help: Look the file up by id in the database, or keep only the base name
;   (`File.basename(params[:name])`) and check that the expanded path stays under the base folder.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  !receiver
  method: (identifier) @func (#eq? @func "send_file")
  arguments: (_
    .
    (_) @path
    (#match? @path "\\bparams\\[")
    (#not-match? @path "basename\\(|\\.basename\\b")))
  @finding

(call
  receiver: (constant) @mod (#any-of? @mod "File" "IO" "FileUtils" "Pathname")
  method: (identifier) @func (#any-of? @func "open" "read" "readlines" "binread" "new" "delete" "unlink" "write" "rm" "rm_f" "rm_rf" "cp" "mv")
  arguments: (_
    .
    (_) @path
    (#match? @path "\\bparams\\[")
    (#not-match? @path "basename\\(|\\.basename\\b")))
  @finding
