; id: c/taint-format-string
; kind: taint
; include: request-sources, argument-sources
; name: Untrusted input is used as a format string
; severity: error
; message: Untrusted input is the format string of `{{sink}}`
; cwe: CWE-134
; tags: security, format-string, memory-safety, taint
; precision: high
; security-severity: 8.1
; help: Never let input be the format: print it through a constant one (`printf("%s", msg)`,
;   `syslog(LOG_INFO, "%s", msg)`, `fprintf(f, "%s", line)`), or write it with `fputs`.

; Sinks are the format argument of the printf family: the first of printf, vprintf and the
; warn family,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "printf" "vprintf" "wprintf" "vwprintf" "warn" "warnx" "vwarn" "vwarnx"
    "setproctitle"))

; the second of fprintf, dprintf, syslog, sprintf, asprintf and the err family,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @function "fprintf" "vfprintf" "dprintf" "vdprintf" "fwprintf" "vfwprintf" "syslog"
    "vsyslog" "sprintf" "vsprintf" "asprintf" "vasprintf" "err" "errx" "verr" "verrx"))

; and the third of snprintf and vsnprintf.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#any-of? @function "snprintf" "vsnprintf" "swprintf" "vswprintf"))
