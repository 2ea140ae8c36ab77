; id: c/gets
; name: Use of gets()
; severity: error
; message: `{{func}}` reads a line with no bound on its length and overflows the buffer on long input
; cwe: CWE-242, CWE-120
; tags: security, memory-safety, buffer-overflow
; precision: very-high
; security-severity: 9.8
; help: `gets` cannot be used safely and was removed in C11. Use `fgets(buf, sizeof buf, stdin)`
;   (and strip the trailing newline) or `getline` instead.
(call_expression
  function: (identifier) @func (#any-of? @func "gets" "_getws")
  arguments: (argument_list))
  @finding
