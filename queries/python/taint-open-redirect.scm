; id: python/taint-open-redirect
; kind: taint
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (check with `url_has_allowed_host_and_scheme` or an
;   allow-list), or map a key from the request to a fixed URL.

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

; Sinks are redirect targets.
(call
  function: [
    (identifier) @function
    (attribute attribute: (identifier) @function)
  ]
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "redirect" "HttpResponseRedirect" "RedirectResponse"))

; Sanitizers are url_for, which builds URLs of this site.
((call function: [(identifier) @own (attribute attribute: (identifier) @own)]) @sanitizer
  (#any-of? @own "url_for" "reverse"))
