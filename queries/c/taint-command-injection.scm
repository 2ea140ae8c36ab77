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
  (#any-of? @function "system" "popen" "_popen" "_wsystem" "_wpopen"))

; the script after `-c` (`/c` for cmd.exe) given to a shell through the execl family (a macro
; standing for the flag or the script reads as what it stands for),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle" "_execl" "_execlp" "_execle" "_wexecl"
    "_wexeclp" "_wexecle")
  (#match? @flag "^(L|u8|u|U)?\"[-/][cC]\"$"))

; the same through the Windows spawnl family, whose first argument is the mode,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) . (_) @flag . (_) @sink)
  (#any-of? @function "_spawnl" "_spawnlp" "_spawnle" "_wspawnl" "_wspawnlp" "_wspawnle"
    "spawnl" "spawnlp" "spawnle")
  (#match? @flag "^(L|u8|u|U)?\"[-/][cC]\"$"))

; the argument vector given to a shell (`execv("/bin/sh", args)`, `_spawnv(_P_WAIT, "cmd.exe",
; args)`),
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @shell . (_) @sink)
  (#any-of? @function "execv" "execvp" "execve" "execvpe" "_execv" "_execvp" "_execve"
    "_wexecv" "_wexecvp" "_wexecve")
  (#match? @shell "^(L|u8|u|U)?\"((/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)|([^\"]*[\\\\/])?cmd(\\.exe)?)\"$"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @shell . (_) @sink)
  (#any-of? @function "_spawnv" "_spawnvp" "_spawnve" "_wspawnv" "_wspawnvp" "_wspawnve"
    "spawnv" "spawnvp" "spawnve")
  (#match? @shell "^(L|u8|u|U)?\"((/usr)?(/bin/)?(sh|bash|dash|ksh|zsh)|([^\"]*[\\\\/])?cmd(\\.exe)?)\"$"))

; and the program the exec and spawn families run.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "execl" "execlp" "execle" "execv" "execvp" "execve" "execvpe" "_execl"
    "_execlp" "_execle" "_execv" "_execvp" "_execve" "_wexecl" "_wexeclp" "_wexecle" "_wexecv"
    "_wexecvp" "_wexecve"))

(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @function "_spawnl" "_spawnlp" "_spawnle" "_spawnv" "_spawnvp" "_spawnve"
    "_wspawnl" "_wspawnlp" "_wspawnle" "_wspawnv" "_wspawnvp" "_wspawnve" "spawnl" "spawnlp"
    "spawnle" "spawnv" "spawnvp" "spawnve"))

; Sanitizers are shell quoting helpers.
((call_expression
  function: (identifier) @quote) @sanitizer
  (#any-of? @quote "g_shell_quote" "shell_quote" "shell_escape" "escape_shell_arg" "shellescape"))
