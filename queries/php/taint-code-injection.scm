; id: php/taint-code-injection
; kind: taint
; include: request-sources, sanitizers
; name: Request data is run as PHP code
; severity: error
; message: Request data is run as PHP code by `{{sink}}`
; cwe: CWE-95
; tags: security, injection, code, taint
; precision: high
; security-severity: 9.8
; help: Never evaluate request data. Parse it instead (`json_decode`, `(int)`), dispatch on names
;   through an array of callables, use `preg_replace_callback` instead of the `/e` modifier and
;   closures instead of `create_function`.

; Sinks are the code that eval and a string assert run,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "eval" "assert"))

; the argument list and the body of create_function,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments (argument (_) @sink))
  (#eq? @function "create_function"))

; and, with the /e modifier, the replacement of preg_replace, which is evaluated, and the subject,
; whose matched text the replacement evaluates.
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument [(string) (encapsed_string)] @pattern) . (argument (_) @sink))
  (#any-of? @function "preg_replace" "mb_ereg_replace" "preg_filter")
  (#match? @pattern "[/#~!|@%+}\\)][a-zA-Z]*e[a-zA-Z]*['\"]$"))

(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments
    .
    (argument [(string) (encapsed_string)] @pattern)
    .
    (argument)
    .
    (argument (_) @sink))
  (#any-of? @function "preg_replace" "mb_ereg_replace" "preg_filter")
  (#match? @pattern "[/#~!|@%+}\\)][a-zA-Z]*e[a-zA-Z]*['\"]$"))

; Sanitizers turn a value into a PHP literal.
((function_call_expression
  function: [(name) @export (qualified_name (name) @export)]
  arguments: (arguments . (argument) . (argument (boolean) @return))) @sanitizer
  (#eq? @export "var_export")
  (#match? @return "^(?i:true)$"))
