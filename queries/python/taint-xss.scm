; id: python/taint-xss
; kind: taint
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the HTML of `{{sink}}` unescaped
; cwe: CWE-79
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render with a template that escapes (`render_template`, Django templates), or escape with
;   `markupsafe.escape` / `html.escape` before building HTML.

; Sources are Flask, Django and FastAPI request data,
((attribute
  object: (identifier) @request
  attribute: (identifier) @part) @source
  (#eq? @request "request")
  (#any-of? @part "args" "form" "values" "json" "data" "cookies" "headers" "files" "GET" "POST"
    "COOKIES" "META" "body" "query_params" "path_params"))

; and the parameters of route handlers (`@app.route`, `@app.get`, `@router.post` ...).
(decorated_definition
  (decorator
    (call
      function: (attribute attribute: (identifier) @route)))
  definition: (function_definition
    parameters: (parameters
      [
        (identifier) @source
        (typed_parameter . (identifier) @source)
      ]))
  (#any-of? @route "route" "get" "post" "put" "delete" "patch"))

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
