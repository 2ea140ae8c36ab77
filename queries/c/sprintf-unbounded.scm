; id: c/sprintf-unbounded
; name: sprintf/vsprintf with unbounded output
; severity: error
; message: `{{func}}` writes formatted output with no bound on the destination size; an unbounded `%s` overflows the buffer
; cwe: CWE-120, CWE-787
; tags: security, memory-safety, buffer-overflow
; precision: high
; security-severity: 8.1
; help: Use `snprintf(buf, sizeof buf, ...)` / `vsnprintf` and check the return value for
;   truncation. Formats whose conversions are all bounded (numbers, `%.20s`) are not reported.
(call_expression
  function: (identifier) @func (#any-of? @func "sprintf" "vsprintf" "wsprintf" "wsprintfA" "wsprintfW")
  arguments: (argument_list . (_) . [(string_literal) (concatenated_string)] @fmt)
  (#match? @fmt "(^|[^%])(%%)*%[-+ #0-9*]*(l|ll|h|hh|z|t|j)?[sS]"))
  @finding

(call_expression
  function: (identifier) @func (#any-of? @func "vsprintf" "vswprintf")
  arguments: (argument_list . (_) . (_) @fmt . (_) .)
  (#not-match? @fmt "^(L|u8|u|U)?\""))
  @finding
