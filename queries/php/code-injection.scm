; id: php/code-injection
; superseded-by: php/taint-code-injection
; name: PHP code evaluated from a run-time string
; severity: error
; message: `{{func}}` evaluates a string built at run time as PHP code; if any part of it comes from input this is code injection
; cwe: CWE-95
; tags: security, injection
; precision: high
; security-severity: 9.3
; help: Do not evaluate code. Dispatch on names with an array of callables (checked against an
;   allow-list), use `preg_replace_callback` instead of the `/e` modifier, and closures instead of
;   `create_function`.

; eval($code), eval("return $expr;")
(function_call_expression
  function: (name) @func (#eq? @func "eval")
  arguments: (arguments . (argument (_) @code))
  (#not-match? @code "^('[^']*'|\"[^\"$]*\")$"))
  @finding

; assert("$x > 0") - a string assertion is eval'd (PHP < 8)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument [(encapsed_string) (binary_expression)] @code))
  (#eq? @func "assert")
  (#match? @code "^[\"']")
  (#match? @code "\\$"))
  @finding

; create_function('$a', $body)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  (#eq? @func "create_function"))
  @finding

; preg_replace('/(\w+)/e', ...) - the /e modifier evaluates the replacement
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument [(string) (encapsed_string)] @pattern))
  (#eq? @func "preg_replace")
  (#match? @pattern "[/#~!|@%+}\\)][a-zA-Z]*e[a-zA-Z]*['\"]$"))
  @finding
