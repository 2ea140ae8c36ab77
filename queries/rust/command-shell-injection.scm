; id: rust/command-shell-injection
; name: Shell command built from a non-literal string
; severity: error
; message: `{{script}}` is run as a shell script through `{{shell}}`; any input in it is shell command injection
; cwe: CWE-78
; tags: security, injection, command-injection
; precision: high
; security-severity: 9.8
; help: Do not pass strings to a shell. Run the program directly, `Command::new("git").arg("clone").arg(url)`,
;   so each value is one argument that the shell never parses; if a shell is unavoidable, pass the
;   value as a positional parameter (`sh -c 'cmd "$1"' sh VALUE`) and keep the script constant.
(call_expression
  function: (field_expression
    value: (call_expression
      function: (field_expression
        value: (call_expression
          function: (scoped_identifier path: (_) @cmd_type name: (identifier) @new)
          arguments: (arguments . (string_literal) @shell .))
        field: (field_identifier) @arg1)
      arguments: (arguments . (string_literal) @flag .))
    field: (field_identifier) @arg2)
  arguments: (arguments . (_) @script @finding .)
  (#match? @cmd_type "(^|::)Command$")
  (#eq? @new "new")
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#eq? @arg1 "arg")
  (#match? @flag "^\"(-c|-lc|/[cC]|-Command)\"$")
  (#eq? @arg2 "arg")
  (#not-match? @script "^(r#*)?\""))

(call_expression
  function: (field_expression
    value: (call_expression
      function: (scoped_identifier path: (_) @cmd_type name: (identifier) @new)
      arguments: (arguments . (string_literal) @shell .))
    field: (field_identifier) @args)
  arguments: (arguments . [
    (array_expression . (string_literal) @flag . (_) @script @finding)
    (reference_expression value: (array_expression . (string_literal) @flag . (_) @script @finding))
    (macro_invocation (token_tree . (string_literal) @flag . "," . (_) @script @finding))
  ])
  (#match? @cmd_type "(^|::)Command$")
  (#eq? @new "new")
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#eq? @args "args")
  (#match? @flag "^\"(-c|-lc|/[cC]|-Command)\"$")
  (#not-match? @script "^(r#*)?\""))
