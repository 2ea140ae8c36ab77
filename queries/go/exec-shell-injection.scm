; id: go/exec-shell-injection
; superseded-by: go/taint-command-injection
; name: Shell command built from a non-constant string
; severity: error
; message: `exec.{{fn}}` runs `{{shell}}` with a non-constant command string; any input in it can inject shell syntax
; cwe: CWE-78
; tags: security, injection, command-injection
; precision: high
; security-severity: 9.8
; help: Do not hand a composed string to a shell. Call the program directly with
;   `exec.Command(prog, arg1, arg2)` so each argument is passed verbatim, and validate
;   the values against an allow-list.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os/exec")
    field: (field_identifier) @fn (#eq? @fn "Command"))
  arguments: (argument_list
    .
    (interpreted_string_literal) @shell
    (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|ash|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
    .
    (interpreted_string_literal) @flag
    (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\"")
    .
    (_) @cmd
    (#not-match? @cmd "^(\"([^\"\\\\]|\\\\.)*\"|`[^`]*`)$")))
  @finding
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os/exec")
    field: (field_identifier) @fn (#eq? @fn "CommandContext"))
  arguments: (argument_list
    .
    (_)
    .
    (interpreted_string_literal) @shell
    (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|ash|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
    .
    (interpreted_string_literal) @flag
    (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\"")
    .
    (_) @cmd
    (#not-match? @cmd "^(\"([^\"\\\\]|\\\\.)*\"|`[^`]*`)$")))
  @finding
