; id: javascript/eval-injection
; superseded-by: javascript/taint-code-injection
; name: Dynamic code evaluation of a non-constant string
; severity: error
; message: `{{func}}` evaluates a string built at run time as JavaScript; if any part of it comes from input this is code injection
; cwe: CWE-95
; tags: security, injection
; precision: high
; security-severity: 9.3
; help: Never evaluate strings as code. Parse data with `JSON.parse`, dispatch on names with a
;   lookup table of functions, and pass `setTimeout`/`setInterval` a function instead of a string.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; eval(x), Function(body), window.eval(x)
(call_expression
  function: (identifier) @func (#eq? @func "eval")
  arguments: (arguments . (_) @arg
    (#not-match? @arg "^('[^']*'|\"[^\"]*\"|`[^`$]*`)$")))
  @finding

; new Function("a", body) / Function("a", body): the last argument is the body
(new_expression
  constructor: (identifier) @func (#eq? @func "Function")
  arguments: (arguments (_) @arg .
    (#not-match? @arg "^('[^']*'|\"[^\"]*\"|`[^`$]*`)$")))
  @finding
(call_expression
  function: (identifier) @func (#eq? @func "Function")
  arguments: (arguments (_) @arg .
    (#not-match? @arg "^('[^']*'|\"[^\"]*\"|`[^`$]*`)$")))
  @finding

; vm.runInNewContext(code) and friends
(call_expression
  function: (_ . ; member_expression
    object: (identifier) @vm (#eq? @vm "vm")
    property: (property_identifier) @func
      (#any-of? @func "runInNewContext" "runInThisContext" "runInContext" "compileFunction"))
  arguments: (arguments . (_) @arg
    (#not-match? @arg "^('[^']*'|\"[^\"]*\"|`[^`$]*`)$")))
  @finding

; setTimeout("update(" + id + ")", 10) / setInterval(`poll(${x})`, 100): string code built at run time
(call_expression
  function: (identifier) @func (#any-of? @func "setTimeout" "setInterval")
  arguments: (arguments .
    [(template_string (template_substitution))
     (binary_expression) @arg])
  (#match? @arg "^[\"'`]"))
  @finding
