; id: python/markup-xss
; superseded-by: python/taint-xss
; name: Non-constant HTML marked as safe
; severity: error
; message: `{{func}}` marks non-constant text as safe HTML, so it is rendered without escaping (XSS)
; cwe: CWE-79
; tags: security, xss
; precision: high
; security-severity: 6.1
; help: Keep the markup constant and let the template engine escape values:
;   `Markup("<b>{}</b>").format(name)` or `Markup("<b>%s</b>") % name` escape their arguments,
;   and Django's `format_html` does the same. Sanitise rich text with a library such as `bleach`/`nh3`.
(call
  function: [
    (identifier) @func
    (attribute
      object: (identifier) @mod (#any-of? @mod "markupsafe" "flask" "jinja2" "safestring")
      attribute: (identifier) @func)
  ] (#any-of? @func "Markup" "mark_safe")
  arguments: (argument_list
    .
    [
      (identifier)
      (attribute)
      (subscript)
      (call)
      (binary_operator)
      (conditional_expression)
      (string (interpolation))
    ] @html (#not-match? @html "^(escape|html\\.escape|bleach\\.clean|nh3\\.clean|[A-Z][A-Z0-9_]*$)")))
  @finding
