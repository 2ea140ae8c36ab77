; id: python/taint-code-injection
; kind: taint
; include: request-sources
; name: Request data reaches eval or exec
; severity: error
; message: Request data is run as Python code by `{{sink}}`
; cwe: CWE-95
; tags: security, injection, code, taint
; precision: high
; security-severity: 9.8
; help: Never evaluate request data. Parse it instead (`json.loads`, `ast.literal_eval`, `int`).

; Sinks are the code that eval, exec and compile run.
(call
  function: (identifier) @function
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "eval" "exec" "compile"))

; Sanitizers are casts to numbers.
((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float" "bool"))
