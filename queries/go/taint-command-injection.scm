; id: go/taint-command-injection
; kind: taint
; include: request-sources
; name: Request data reaches a command line
; severity: error
; message: Request data chooses the program or shell command of `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command-injection, taint
; precision: high
; security-severity: 9.8
; help: Run a fixed program with `exec.Command(prog, arg1, arg2)` instead of a shell, so that each
;   argument is passed verbatim; take program names from a fixed allow-list, and quote with
;   `shellescape.Quote` where a shell cannot be avoided.

; Sinks are the program exec.Command and exec.CommandContext start,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @package "os/exec")
  (#eq? @function "Command"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#resolves-to? @package "os/exec")
  (#eq? @function "CommandContext"))

; the command line a shell runs (`exec.Command("sh", "-c", line)`),
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list
    (interpreted_string_literal) @flag
    .
    (_) @sink)
  (#resolves-to? @package "os/exec")
  (#any-of? @function "Command" "CommandContext")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

; and the programs of syscall.Exec and os.StartProcess.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @package "syscall" "os")
  (#any-of? @function "Exec" "StartProcess" "ForkExec"))

; Sanitizers are the shell quoting helpers.
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @quote)) @sanitizer
  (#any-of? @package "shellescape" "shellquote" "shlex")
  (#any-of? @quote "Quote" "QuoteCommand" "Join"))
