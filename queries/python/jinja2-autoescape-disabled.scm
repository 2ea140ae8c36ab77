; id: python/jinja2-autoescape-disabled
; name: Jinja2 environment without HTML autoescaping
; severity: warning
; message: this Jinja2 `{{func}}` does not autoescape, so any variable rendered into HTML is an XSS sink
; cwe: CWE-79, CWE-116
; tags: security, xss, jinja2
; precision: medium
; security-severity: 6.1
; help: Create the environment with `autoescape=select_autoescape(["html", "xml"])` (or
;   `autoescape=True`). Flask's own `render_template` already autoescapes `.html` templates.
(call
  function: [
    (identifier) @func
    (attribute
      object: (identifier) @mod (#eq? @mod "jinja2")
      attribute: (identifier) @func)
  ] (#any-of? @func "Environment" "Template")
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @kw (#eq? @kw "autoescape")
      value: (false))))
  @finding

(call
  function: [
    (identifier) @func
    (attribute
      object: (identifier) @mod (#eq? @mod "jinja2")
      attribute: (identifier) @func)
  ] (#eq? @func "Environment")
  arguments: (argument_list (keyword_argument name: (identifier) @kw (#eq? @kw "loader"))) @args
  (#not-match? @args "autoescape"))
  @finding
