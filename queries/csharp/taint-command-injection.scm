; id: csharp/taint-command-injection
; kind: taint
; include: request-sources, local-sources, clean-values
; name: Untrusted input reaches an OS command
; severity: error
; message: Untrusted input reaches the command run by `{{sink}}`
; cwe: CWE-78, CWE-88
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run a fixed program and pass each value as its own argument (`ProcessStartInfo.
;   ArgumentList.Add(name)`, which quotes it), check values against an allow-list, and never
;   hand request data to `cmd.exe /c`, `sh -c` or one `Arguments` string.
;   Sources: the request, standard input and the environment.

; Sinks are the program and the argument string of `Process.Start` and `ProcessStartInfo` (a
; start info handed to `Process.Start` is judged where its fields are set),
((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list (argument (_) @sink)))
  (#match? @class "(^|\\.)Process$")
  (#eq? @method "Start")
  (#not-match? @sink "(?i)(psi|info)$"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (_) @sink)))
  (#match? @type "(^|\\.)ProcessStartInfo$"))

((assignment_expression
  left: (member_access_expression
    expression: (_) @info
    name: (identifier) @property)
  right: (_) @sink)
  (#match? @info "(?i)(^psi|startinfo)$")
  (#any-of? @property "FileName" "Arguments"))

; set in an object initializer (`new ProcessStartInfo { FileName = cmd }`).
((object_creation_expression
  type: (_) @type
  initializer: (initializer_expression
    (assignment_expression
      left: (identifier) @property
      right: (_) @sink)))
  (#match? @type "(^|\\.)ProcessStartInfo$")
  (#any-of? @property "FileName" "Arguments"))
