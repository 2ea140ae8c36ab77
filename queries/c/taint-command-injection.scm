; id: c/taint-command-injection
; kind: taint
; include: request-sources, argument-sources
; name: Untrusted input reaches a shell command
; severity: error
; message: Untrusted input reaches the command run by `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command-injection, taint
; precision: high
; security-severity: 9.8
; help: Do not build shell command lines from input. Run the program directly with an argument
;   vector (`execvp("tar", args)`, `posix_spawnp`) and a fixed program path, or check the value
;   against an allow-list of names first.

; Sinks are the command line system and popen hand to the shell,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "system" "popen"))

; the script after `-c` given to a shell through the execl family (a macro standing for the flag
; or the script reads as what it stands for),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle")
  (#match? @flag "^(L|u8|u|U)?\"-[cC]\"$"))

; the argument vector given to a shell (`execv("/bin/sh", args)`),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @shell . (_) @sink)
  (#any-of? @function "execv" "execvp" "execve" "execvpe")
  (#match? @shell "^(L|u8|u|U)?\"(/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)\"$"))

; and the program the exec family runs. What cmd.exe runs (the MSVC runtime's `_popen`,
; `_wsystem`, `_exec*` and `_spawn*`, and `/c`) is c/taint-command-injection-windows': POSIX
; quoting does not protect it.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle" "execv" "execvp" "execve" "execvpe"))

; Sanitizers are shell quoting helpers, which quote for a POSIX shell.
((call_expression
  function: (identifier) @quote) @sanitizer
  (#any-of? @quote "g_shell_quote" "shell_quote" "shell_escape" "escape_shell_arg" "shellescape"))
