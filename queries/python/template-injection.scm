; id: python/template-injection
; name: Template source built from non-constant data
; severity: error
; message: `{{func}}` compiles a template whose source is built at run time; input in it is server-side template injection
; cwe: CWE-1336, CWE-94
; tags: security, injection, ssti
; precision: high
; security-severity: 9.0
; help: Keep the template text constant and pass data as context variables:
;   `render_template_string("Hello {{ name }}", name=name)`.
(call
  function: [
    (identifier) @func
    (attribute attribute: (identifier) @func)
  ] (#any-of? @func "render_template_string" "from_string")
  arguments: (argument_list
    .
    [
      (binary_operator)
      (string (interpolation))
      (call function: (attribute attribute: (identifier) @fmt (#any-of? @fmt "format" "replace" "join")))
    ]))
  @finding

(call
  function: [
    (identifier) @func
    (attribute
      object: (identifier) @mod (#eq? @mod "jinja2")
      attribute: (identifier) @func)
  ] (#eq? @func "Template")
  arguments: (argument_list
    .
    [
      (binary_operator)
      (string (interpolation))
    ]))
  @finding
