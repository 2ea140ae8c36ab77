; id: ruby/kernel-open
; name: Kernel#open / IO.read with a non-constant path
; severity: error
; message: `{{func}}` treats a path starting with `|` as a shell command; with a non-constant argument this is command injection
; cwe: CWE-78, CWE-73
; tags: security, injection, command
; precision: high
; security-severity: 8.8
; help: Use `File.open`/`File.read` for files and `URI(url).open` or `Net::HTTP` for URLs; they
;   never start a subprocess.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  !receiver
  method: (identifier) @func (#eq? @func "open")
  arguments: (_
    .
    [
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
      (binary)
      (string (interpolation))
    ] @path
    (#not-match? @path "^(File|Rails\\.root|Pathname|URI)\\b")))
  @finding

(call
  receiver: (constant) @io (#eq? @io "IO")
  method: (identifier) @func (#any-of? @func "read" "readlines" "foreach" "write" "binread" "binwrite")
  arguments: (_
    .
    [
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
      (binary)
      (string (interpolation))
    ]))
  @finding
