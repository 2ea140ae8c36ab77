; id: c/command-injection
; superseded-by: c/taint-command-injection, c/taint-command-injection-windows
; name: Shell command built from a non-literal string
; severity: error
; message: `{{func}}` runs a non-constant string through `/bin/sh`; any input in it is shell command injection
; cwe: CWE-78
; tags: security, injection, command-injection
; precision: high
; security-severity: 9.8
; help: Do not hand strings to the shell. Run the program directly with `execv`/`posix_spawn` and an
;   argument vector, or strictly validate every interpolated value against an allow-list.
(call_expression
  function: (identifier) @func
  (#any-of? @func "system" "popen" "_popen" "_wsystem" "_wpopen")
  arguments: (argument_list . (_) @cmd)
  (#not-match? @cmd "^((L|u8|u|U)?\"|[A-Z][A-Z0-9_]*$|[0-9]+$|nullptr$)"))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "execl" "execlp" "execle" "_execl" "_execlp" "_execle" "_wexecl" "_wexeclp"
    "_wexecle")
  arguments: (argument_list . (_) . (_) . (_) @flag . (_) @cmd)
  (#match? @flag "^(L|u8|u|U)?\"[-/][cC]\"$")
  (#not-match? @cmd "^(L|u8|u|U)?\""))
  @finding
