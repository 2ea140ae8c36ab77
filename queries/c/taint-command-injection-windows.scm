; id: c/taint-command-injection-windows
; kind: taint
; include: request-sources, argument-sources
; name: Untrusted input reaches a command line that cmd.exe runs
; severity: error
; message: Untrusted input reaches the command line cmd.exe runs through `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command-injection, taint
; precision: high
; security-severity: 9.8
; help: Do not build cmd.exe command lines from input. Start the program directly with a fixed
;   path and an argument vector (`_spawnv(_P_WAIT, "C:\\Tools\\tar.exe", args)`), or check the
;   value against an allow-list of names first. POSIX quoting (`g_shell_quote` and the like)
;   does not protect a cmd.exe line: cmd.exe does not read `'` as a quote, so `&`, `|` and
;   `%VAR%` in the quoted value still act, and no quoting helper counts here.

; Sinks are the command line the MSVC runtime's _popen, _wsystem and _wpopen hand to cmd.exe,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "_popen" "_wsystem" "_wpopen"))

; the script after `/c` given to cmd.exe through the execl family, and the script after the
; flag of the runtime's own _execl family (a macro standing for the flag or the script reads as
; what it stands for),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle")
  (#match? @flag "^(L|u8|u|U)?\"/[cC]\"$"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "_execl" "_execlp" "_execle" "_wexecl" "_wexeclp" "_wexecle")
  (#match? @flag "^(L|u8|u|U)?\"[-/][cC]\"$"))

; the same through the spawnl family, whose first argument is the mode,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "_spawnl" "_spawnlp" "_spawnle" "_wspawnl" "_wspawnlp" "_wspawnle"
    "spawnl" "spawnlp" "spawnle")
  (#match? @flag "^(L|u8|u|U)?\"[-/][cC]\"$"))

; the argument vector given to cmd.exe (`execv("cmd.exe", args)`), or to a shell through the
; runtime's _execv and spawnv families (`_spawnv(_P_WAIT, "cmd.exe", args)`),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @shell . (_) @sink)
  (#any-of? @function "execv" "execvp" "execve" "execvpe")
  (#match? @shell "^(L|u8|u|U)?\"([^\"]*[\\\\/])?cmd(\\.exe)?\"$"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @shell . (_) @sink)
  (#any-of? @function "_execv" "_execvp" "_execve" "_wexecv" "_wexecvp" "_wexecve")
  (#match? @shell "^(L|u8|u|U)?\"((/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)|([^\"]*[\\\\/])?cmd(\\.exe)?)\"$"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @shell . (_) @sink)
  (#any-of? @function "_spawnv" "_spawnvp" "_spawnve" "_wspawnv" "_wspawnvp" "_wspawnve"
    "spawnv" "spawnvp" "spawnve")
  (#match? @shell "^(L|u8|u|U)?\"((/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)|([^\"]*[\\\\/])?cmd(\\.exe)?)\"$"))

; and the program the runtime's exec and spawn families run.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "_execl" "_execlp" "_execle" "_execv" "_execvp" "_execve" "_wexecl"
    "_wexeclp" "_wexecle" "_wexecv" "_wexecvp" "_wexecve"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @function "_spawnl" "_spawnlp" "_spawnle" "_spawnv" "_spawnvp" "_spawnve"
    "_wspawnl" "_wspawnlp" "_wspawnle" "_wspawnv" "_wspawnvp" "_wspawnve" "spawnl" "spawnlp"
    "spawnle" "spawnv" "spawnvp" "spawnve"))
