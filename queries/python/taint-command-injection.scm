; id: python/taint-command-injection
; kind: taint
; name: Request data reaches a shell command
; severity: error
; message: Request data reaches the shell command `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run the program with an argument list and no shell (`subprocess.run(["convert", path])`),
;   or quote each piece with `shlex.quote`.

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

; Sinks are what a shell runs.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @module "os")
  (#any-of? @function "system" "popen"))

(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list
    . (_) @sink
    (keyword_argument name: (identifier) @shell value: (true)))
  (#eq? @module "subprocess")
  (#any-of? @function "run" "call" "check_call" "check_output" "Popen" "getoutput")
  (#eq? @shell "shell"))

; Sanitizers are shell quoting and casts to numbers.
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @quote)) @sanitizer
  (#any-of? @module "shlex" "pipes")
  (#eq? @quote "quote"))

((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float"))
