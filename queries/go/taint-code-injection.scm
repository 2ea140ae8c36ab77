; id: go/taint-code-injection
; kind: taint
; include: request-sources
; name: Request data is run as code or parsed as a template
; severity: error
; message: Request data is run as code or template text by `{{sink}}`
; cwe: CWE-94, CWE-1336
; tags: security, injection, code-injection, taint
; precision: high
; security-severity: 9.8
; help: Never run request data as JavaScript (goja, otto) or Go (yaegi), nor parse it as template
;   text; pass it to a constant script or template as data instead.

; Sinks are the scripts of the JavaScript interpreters goja and otto and of the Go interpreter
; yaegi,
(call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "RunString" "Eval" "EvalWithContext"))

(call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @method "RunScript"))

(call_expression
  function: (selector_expression
    operand: (_) @vm
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "Run" "Compile")
  (#match? @vm "(?i)(vm|otto|goja|js|runtime|interp|interpreter)$"))

; and template text parsed by text/template and html/template (`template.New(n).Parse(text)`).
(call_expression
  function: (selector_expression
    operand: (call_expression
      function: (selector_expression
        operand: (identifier) @package
        field: (field_identifier) @new))
    field: (field_identifier) @parse)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @package "text/template" "html/template")
  (#eq? @new "New")
  (#eq? @parse "Parse"))

(call_expression
  function: (selector_expression
    operand: (call_expression
      function: (selector_expression
        operand: (call_expression
          function: (selector_expression
            operand: (identifier) @package
            field: (field_identifier) @new))
        field: (field_identifier) @options))
    field: (field_identifier) @parse)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @package "text/template" "html/template")
  (#eq? @new "New")
  (#any-of? @options "Funcs" "Delims" "Option")
  (#eq? @parse "Parse"))

; Sanitizers are JSON encoding, which makes a value a literal of the script.
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @encode)) @sanitizer
  (#resolves-to? @package "encoding/json")
  (#any-of? @encode "Marshal"))
