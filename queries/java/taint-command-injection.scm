; id: java/taint-command-injection
; kind: taint
; include: request-sources, clean-values
; name: Request data reaches an OS command
; severity: error
; message: Request data reaches the command run by `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run a fixed program with an argument list and no shell (`new ProcessBuilder("convert",
;   "--", name)`), check each argument against an allow-list, and never hand request data to
;   `sh -c` or `Runtime.exec(String)`.

; Sinks are the command lines of Runtime.exec,
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#eq? @method "exec"))

; and every argument of a ProcessBuilder (its constructor, or `command(...)`).
(object_creation_expression
  type: (_) @type
  arguments: (argument_list (_) @sink)
  (#match? @type "(^|\\.)ProcessBuilder$"))

(method_invocation
  object: (_) @builder
  name: (identifier) @method
  arguments: (argument_list (_) @sink)
  (#match? @builder "(?i)(^|\\.)(pb|\\w*builder|\\w*process\\w*)$|ProcessBuilder\\(")
  (#eq? @method "command"))
