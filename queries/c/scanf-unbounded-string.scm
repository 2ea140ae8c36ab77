; id: c/scanf-unbounded-string
; name: scanf-family %s or %[ without a field width
; severity: error
; message: `{{func}}` reads a `%s`/`%[` field with no maximum width; a long token overflows the destination buffer
; cwe: CWE-120, CWE-787
; tags: security, memory-safety, buffer-overflow
; precision: very-high
; security-severity: 8.1
; help: Give every string conversion a width one less than the buffer size (`%63s` for `char
;   buf[64]`), or use the POSIX `%ms` form that allocates, or read lines with `fgets` and parse them.
(call_expression
  function: (identifier) @func
  (#any-of? @func "scanf" "vscanf" "wscanf")
  arguments: (argument_list . [(string_literal) (concatenated_string)] @fmt)
  (#match? @fmt "(^|[^%])(%%)*%(l|ll|h|hh)?[sS\\[]"))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "fscanf" "sscanf" "vfscanf" "vsscanf" "fwscanf" "swscanf")
  arguments: (argument_list . (_) . [(string_literal) (concatenated_string)] @fmt)
  (#match? @fmt "(^|[^%])(%%)*%(l|ll|h|hh)?[sS\\[]"))
  @finding
