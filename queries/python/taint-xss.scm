; id: python/taint-xss
; kind: taint
; include: request-sources
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the HTML of `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render with a template that escapes (`render_template`, Django templates), or escape with
;   `markupsafe.escape` / `html.escape` before building HTML.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are HTML built by hand.
(call
  function: [
    (identifier) @function
    (attribute attribute: (identifier) @function)
  ]
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "Markup" "mark_safe" "make_response" "HttpResponse" "HTMLResponse"))

; Sanitizers are the escaping helpers.
((call function: [(identifier) @escape (attribute attribute: (identifier) @escape)]) @sanitizer
  (#any-of? @escape "escape" "quote" "quote_plus" "urlencode"))

((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float"))
