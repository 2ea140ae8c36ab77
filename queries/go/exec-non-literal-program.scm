; id: go/exec-non-literal-program
; superseded-by: go/taint-command-injection
; name: Program to execute chosen at run time
; severity: warning
; message: `exec.{{fn}}` starts a program whose path is not a constant (`{{prog}}`); if it can be influenced by input an attacker chooses what runs
; cwe: CWE-78, CWE-426
; tags: security, injection, command-injection
; precision: medium
; security-severity: 7.5
; help: Start only programs from a fixed list. Map user choices to constant program
;   paths instead of passing the chosen value to `exec.Command`.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os/exec")
    field: (field_identifier) @fn (#eq? @fn "Command"))
  arguments: (argument_list
    .
    [(identifier) (selector_expression) (index_expression) (call_expression) (binary_expression)] @prog
    (#not-match? @prog "^(os\\.Args\\[0\\]|(?i:[a-z0-9_]*(bin|binary|exe|executable|selfpath)))$"))
  )
  @finding
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os/exec")
    field: (field_identifier) @fn (#eq? @fn "CommandContext"))
  arguments: (argument_list
    .
    (_)
    .
    [(identifier) (selector_expression) (index_expression) (call_expression) (binary_expression)] @prog
    (#not-match? @prog "^(os\\.Args\\[0\\]|(?i:[a-z0-9_]*(bin|binary|exe|executable|selfpath)))$"))
  )
  @finding
