; id: c/format-string-non-literal
; superseded-by: c/taint-format-string
; name: Format string is not a literal
; severity: error
; message: `{{func}}` is called with a non-literal format string and no arguments; `%n`/`%s` in that text corrupt or leak memory
; cwe: CWE-134
; tags: security, format-string, memory-safety
; precision: high
; security-severity: 8.1
; help: Pass the text as an argument to a constant format: `printf("%s", msg)`,
;   `fprintf(f, "%s", msg)`, `syslog(LOG_INFO, "%s", msg)`, or use `fputs`. Only calls whose
;   format is the last argument are reported (a variable format followed by arguments is usually
;   an intentional format table); macros in ALL_CAPS and gettext `_()` wrappers are treated as constant.
(call_expression
  function: (identifier) @func
  (#any-of? @func "printf" "wprintf" "warn" "warnx")
  arguments: (argument_list . (_) @fmt .)
  (#not-match? @fmt "^((L|u8|u|U)?\"|[A-Z][A-Z0-9_]*$|N?_ ?\\(|gettext ?\\()"))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "fprintf" "fwprintf" "sprintf" "dprintf" "asprintf" "syslog" "err" "errx" "wsprintf" "wsprintfA" "wsprintfW")
  arguments: (argument_list . (_) . (_) @fmt .)
  (#not-match? @fmt "^((L|u8|u|U)?\"|[A-Z][A-Z0-9_]*$|N?_ ?\\(|gettext ?\\()"))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "snprintf" "swprintf" "_snprintf")
  arguments: (argument_list . (_) . (_) . (_) @fmt .)
  (#not-match? @fmt "^((L|u8|u|U)?\"|[A-Z][A-Z0-9_]*$|N?_ ?\\(|gettext ?\\()"))
  @finding
