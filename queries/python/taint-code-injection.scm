; id: python/taint-code-injection
; kind: taint
; name: Request data reaches eval or exec
; severity: error
; message: Request data is run as Python code by `{{sink}}`
; cwe: CWE-95
; tags: security, injection, code, taint
; precision: high
; security-severity: 9.8
; help: Never evaluate request data. Parse it instead (`json.loads`, `ast.literal_eval`, `int`).

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

; Sinks are the code that eval, exec and compile run.
(call
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "eval" "exec" "compile"))

; Sanitizers are casts to numbers.
((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float" "bool"))
