; id: python/taint-ssrf
; kind: taint
; name: Request data chooses the URL the server fetches
; severity: error
; message: Request data chooses the URL fetched by `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Fetch only URLs built from an allow-list of hosts; never pass a URL from the request.

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

; Sinks are the URLs of outgoing requests.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#any-of? @module "requests" "httpx" "session" "client")
  (#any-of? @function "get" "post" "put" "delete" "patch" "head" "urlopen"))

(call
  function: (attribute
    object: (attribute object: (identifier) @urllib attribute: (identifier) @request)
    attribute: (identifier) @urlopen)
  arguments: (argument_list . (_) @sink)
  (#eq? @urllib "urllib")
  (#eq? @request "request")
  (#eq? @urlopen "urlopen"))

(call
  function: (identifier) @urlopen
  arguments: (argument_list . (_) @sink)
  (#eq? @urlopen "urlopen"))
