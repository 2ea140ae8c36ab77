; id: csharp/taint-xss
; kind: taint
; include: request-sources, clean-values
; name: Request data written into an HTML page unescaped
; severity: error
; message: Request data reaches the page unescaped through `{{sink}}`
; cwe: CWE-79
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Let Razor escape (`@value`), or encode explicitly (`HtmlEncoder.Default.Encode`,
;   `WebUtility.HtmlEncode`, `HttpUtility.HtmlEncode`). `Html.Raw`, `new HtmlString(...)`,
;   `MarkupString` and `Response.Write` put text in the page as markup: give them only markup
;   the server built.

; Sinks are text written as markup: `Response.Write`, `Html.Raw`, `HtmlString`, Blazor's
; `MarkupString`,
((invocation_expression
  function: (member_access_expression
    expression: (_) @response
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @response "(?i)(^|\\.)(response|resp)(\\.output)?$")
  (#any-of? @method "Write" "WriteAsync" "Output"))

((invocation_expression
  function: (member_access_expression
    expression: (identifier) @html
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#any-of? @html "Html" "html")
  (#eq? @method "Raw"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @type "(^|\\.)(HtmlString|MarkupString|LiteralControl)$"))

((cast_expression
  type: (identifier) @type
  value: (_) @sink)
  (#eq? @type "MarkupString"))

; a `Content(text, "text/html")` result,
((invocation_expression
  function: (identifier) @method
  arguments: (argument_list . (argument (_) @sink) . (argument (string_literal) @type)))
  (#eq? @method "Content")
  (#match? @type "text/html"))

; and the markup of a WebForms control.
((assignment_expression
  left: (member_access_expression name: (identifier) @property)
  right: (_) @sink)
  (#eq? @property "InnerHtml"))

; Encoders make text safe in markup.
((invocation_expression
  function: (member_access_expression name: (identifier) @method)) @sanitizer
  (#any-of? @method "HtmlEncode" "HtmlAttributeEncode" "Encode" "JavaScriptStringEncode"))
