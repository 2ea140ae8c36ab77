; id: php/taint-command-injection
; kind: taint
; include: request-sources, sanitizers
; name: Request data reaches a shell command
; severity: error
; message: Request data reaches the shell command `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Avoid the shell: give `proc_open` an array command (PHP 7.4+) so that no shell parses it,
;   or wrap every value in `escapeshellarg()`.

; Sinks are the command lines a shell runs (not an array command, which no shell parses),
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "system" "exec" "shell_exec" "passthru" "popen" "proc_open" "pcntl_exec"
    "expect_popen")
  (#not-match? @sink "^(\\[|array\\s*\\()"))

; and the backtick operator.
(shell_command_expression) @sink

; Sanitizers are the shell quoting functions.
((function_call_expression function: [(name) @escape (qualified_name (name) @escape)]) @sanitizer
  (#any-of? @escape "escapeshellarg" "escapeshellcmd"))
