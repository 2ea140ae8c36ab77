; id: c/taint-command-injection
; kind: taint
; include: request-sources
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
  (#any-of? @function "system" "popen" "_popen" "_wsystem" "_wpopen"))

; the script after `-c` given to a shell through execl, execlp and execle,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (string_literal) @flag . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle")
  (#eq? @flag "\"-c\""))

; the argument vector given to a shell (`execv("/bin/sh", args)`),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (string_literal) @shell . (_) @sink)
  (#any-of? @function "execv" "execvp" "execve" "execvpe")
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)\"$"))

; and the program the exec family runs.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle" "execv" "execvp" "execve" "execvpe"))

; Sanitizers are shell quoting helpers.
((call_expression
  function: (identifier) @quote) @sanitizer
  (#any-of? @quote "g_shell_quote" "shell_quote" "shell_escape" "escape_shell_arg" "shellescape"))
