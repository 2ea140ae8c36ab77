; id: java/taint-command-injection
; kind: taint
; include: request-sources, local-sources, remote-sources, stored-sources, clean-values
; name: Untrusted input reaches an OS command
; severity: error
; message: Untrusted input reaches the command run by `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run a fixed program with an argument list and no shell (`new ProcessBuilder("convert",
;   "--", name)`), check each argument against an allow-list, and never hand request data to
;   `sh -c` or `Runtime.exec(String)`.
;   Sources: web requests, the environment and system properties, standard input, files the
;   program opens, sockets, URL connections and database rows (input from the machine reaching a
;   shell is a real bug wherever someone else sets that input).

; Sinks are what chooses the program or what a shell runs. A command line given as one string
; (`Runtime.exec(String)`) or as a list or array variable, whose parts are not known, is a sink as
; a whole,
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . [(identifier) (binary_expression) (method_invocation) (field_access) (ternary_expression) (parenthesized_expression)] @sink)
  (#eq? @method "exec"))

(object_creation_expression
  type: (_) @type
  arguments: (argument_list . [(identifier) (field_access) (ternary_expression) (method_invocation)] @sink .)
  (#not-match? @sink "^(List\\.of|Arrays\\.asList)\\(")
  (#match? @type "(^|\\.)ProcessBuilder$"))

(method_invocation
  object: (_) @builder
  name: (identifier) @method
  arguments: (argument_list . [(identifier) (field_access) (ternary_expression) (method_invocation)] @sink .)
  (#not-match? @sink "^(List\\.of|Arrays\\.asList)\\(")
  (#match? @builder "(?i)(^|\\.)(pb|\\w*builder|\\w*process\\w*)$|ProcessBuilder\\(")
  (#eq? @method "command"))

; while of the parts written out (`new ProcessBuilder("convert", name)`, `exec(new String[] Ellipsis)`,
; `List.of(...)`) the program is a sink,
(object_creation_expression
  type: (_) @type
  arguments: (argument_list . (_) @sink . (_))
  (#match? @type "(^|\\.)ProcessBuilder$"))

(method_invocation
  object: (_) @builder
  name: (identifier) @method
  arguments: (argument_list . (_) @sink . (_))
  (#match? @builder "(?i)(^|\\.)(pb|\\w*builder|\\w*process\\w*)$|ProcessBuilder\\(")
  (#eq? @method "command"))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list .
    [
      (array_creation_expression value: (array_initializer . (_) @sink))
      (method_invocation
        object: (identifier) @list
        name: (identifier) @of
        arguments: (argument_list . (_) @sink))
    ])
  (#any-of? @method "exec" "command")
  (#any-of? @list "List" "Arrays")
  (#any-of? @of "of" "asList"))

(object_creation_expression
  type: (_) @type
  arguments: (argument_list .
    (method_invocation
      object: (identifier) @list
      name: (identifier) @of
      arguments: (argument_list . (_) @sink)) .)
  (#match? @type "(^|\\.)ProcessBuilder$")
  (#any-of? @list "List" "Arrays")
  (#any-of? @of "of" "asList"))

; and so is the script a shell is given with `-c` (`"sh", "-c", script`), in each kind of
; node with arguments: spelled out rather than `(_ ...)`, so the prefilter can weigh a Java
; file node by node.
(object_creation_expression
  type: (_) @type
  arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink)
  (#match? @type "(^|\\.)ProcessBuilder$")
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink)
  (#eq? @method "command")
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

(method_invocation
  arguments: (argument_list .
    [
      (array_creation_expression
        value: (array_initializer . (string_literal) @shell . (string_literal) @flag . (_) @sink))
      (method_invocation
        object: (identifier) @list
        name: (identifier) @of
        arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink))
    ])
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

(object_creation_expression
  arguments: (argument_list .
    [
      (array_creation_expression
        value: (array_initializer . (string_literal) @shell . (string_literal) @flag . (_) @sink))
      (method_invocation
        object: (identifier) @list
        name: (identifier) @of
        arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink))
    ])
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

(explicit_constructor_invocation
  arguments: (argument_list .
    [
      (array_creation_expression
        value: (array_initializer . (string_literal) @shell . (string_literal) @flag . (_) @sink))
      (method_invocation
        object: (identifier) @list
        name: (identifier) @of
        arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink))
    ])
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))

(enum_constant
  arguments: (argument_list .
    [
      (array_creation_expression
        value: (array_initializer . (string_literal) @shell . (string_literal) @flag . (_) @sink))
      (method_invocation
        object: (identifier) @list
        name: (identifier) @of
        arguments: (argument_list . (string_literal) @shell . (string_literal) @flag . (_) @sink))
    ])
  (#match? @shell "^\"(/usr)?(/bin/)?(sh|bash|zsh|dash|ksh|cmd|cmd\\.exe|powershell|powershell\\.exe|pwsh)\"$")
  (#any-of? @flag "\"-c\"" "\"/c\"" "\"/C\"" "\"-Command\"" "\"-lc\""))
