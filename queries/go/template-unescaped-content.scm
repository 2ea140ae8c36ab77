; id: go/template-unescaped-content
; name: Non-constant value marked as safe HTML/JS/URL
; severity: error
; message: `template.{{fn}}({{arg}})` marks a non-constant value as trusted, so html/template will not escape it; input that reaches it is cross-site scripting
; cwe: CWE-79
; tags: security, xss
; precision: high
; security-severity: 6.1
; help: Pass plain strings to html/template and let it escape them. Only wrap constants,
;   or output of a real sanitiser (e.g. bluemonday), in `template.HTML` / `JS` / `URL`.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#eq? @pkg "template")
    field: (field_identifier) @fn (#any-of? @fn "HTML" "JS" "JSStr" "URL" "HTMLAttr" "CSS" "Srcset"))
  arguments: (argument_list
    .
    [(identifier) (selector_expression) (index_expression) (call_expression) (binary_expression) (type_conversion_expression)] @arg
    (#not-match? @arg "^((html|template)\\.(EscapeString|HTMLEscapeString|JSEscapeString|HTMLEscaper|JSEscaper)\\(|url\\.(QueryEscape|PathEscape)\\(|[\\w.]+\\.Sanitize(Bytes)?\\(|[A-Z][A-Z0-9_]*$)")
    .))
  @finding
