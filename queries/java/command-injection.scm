; id: java/command-injection
; superseded-by: java/taint-command-injection
; name: OS command built from a non-constant string
; severity: error
; message: `{{finding}}` runs a command assembled from non-constant data; input in it can inject commands or arguments
; cwe: CWE-78
; tags: security, injection, command-injection
; precision: high
; security-severity: 9.8
; help: Never pass a composed command line to `Runtime.exec(String)` or to `sh -c`. Use
;   `new ProcessBuilder(List.of("prog", arg1, arg2))` with a fixed program, validate each
;   argument against an allow-list, and put `--` before user-supplied operands.
; Runtime.getRuntime().exec(<non-constant string>)
(method_invocation
  object: [
    (method_invocation
      object: (identifier) @rtc
      name: (identifier) @rtm)
    (identifier) @rtv
  ]
  (#eq? @rtc "Runtime")
  (#eq? @rtm "getRuntime")
  (#any-of? @rtv "rt" "runtime" "RUNTIME")
  name: (identifier) @m (#eq? @m "exec")
  arguments: (argument_list
    .
    [(binary_expression) (identifier) (method_invocation) (field_access) (ternary_expression)] @cmd
    (#not-match? @cmd "^((\"([^\"\\\\]|\\\\.)*\"|\\s|\\+)*|[A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")
    (#not-match? @cmd "^[\\w.]+\\.toArray\\(")
    (#not-match? @cmd "^(?i:[a-z_]*(array|args|argv|arguments|list))$")))
  @finding
; Runtime.getRuntime().exec(new String[] {"sh", "-c", <non-constant>})
(method_invocation
  name: (identifier) @m2 (#eq? @m2 "exec")
  arguments: (argument_list
    .
    (array_creation_expression
      value: (array_initializer
        .
        (string_literal) @shell (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
        .
        (string_literal) @flag (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\"")
        .
        (_) @cmd2 (#not-match? @cmd2 "^((\"([^\"\\\\]|\\\\.)*\"|\\s|\\+)*|[A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")))))
  @finding
; new ProcessBuilder("sh", "-c", <non-constant>) and pb.command("sh", "-c", <non-constant>)
(object_creation_expression
  type: (type_identifier) @pb (#eq? @pb "ProcessBuilder")
  arguments: (argument_list
    .
    (string_literal) @shell3 (#match? @shell3 "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
    .
    (string_literal) @flag3 (#any-of? @flag3 "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\"")
    .
    (_) @cmd3 (#not-match? @cmd3 "^((\"([^\"\\\\]|\\\\.)*\"|\\s|\\+)*|[A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")))
  @finding
(method_invocation
  name: (identifier) @m4 (#eq? @m4 "command")
  arguments: (argument_list
    .
    (string_literal) @shell4 (#match? @shell4 "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
    .
    (string_literal) @flag4 (#any-of? @flag4 "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\"")
    .
    (_) @cmd4 (#not-match? @cmd4 "^((\"([^\"\\\\]|\\\\.)*\"|\\s|\\+)*|[A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")))
  @finding
