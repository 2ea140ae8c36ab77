; id: javascript/taint-code-injection
; kind: taint
; include: request-sources
; name: Request data is run as JavaScript
; severity: error
; message: Request data is run as JavaScript code by `{{sink}}`
; cwe: CWE-95
; tags: security, injection, code, taint
; precision: high
; security-severity: 9.8
; help: Never evaluate request data. Parse it (`JSON.parse`, `Number`), dispatch on names with a
;   constant map of functions, and give `setTimeout`/`setInterval` a function, not a string.

; Sinks are the code of `eval(code)` and `window.eval(code)`,
(call_expression
  function: [
    (identifier) @function
    (member_expression
      object: (identifier) @global
      property: (property_identifier) @function)
  ]
  arguments: (arguments . (_) @sink)
  (#eq? @function "eval")
  (#any-of? @global "window" "globalThis" "global" "self"))

; the parameters and body of `new Function(...)` and `Function(...)`,
(new_expression
  constructor: (identifier) @function
  arguments: (arguments (_) @sink)
  (#eq? @function "Function"))

(call_expression
  function: (identifier) @function
  arguments: (arguments (_) @sink)
  (#eq? @function "Function"))

; the code vm runs (`vm.runInNewContext(code)`, `new vm.Script(code)`, `vm.compileFunction(code)`),
(call_expression
  function: (member_expression
    object: (identifier) @vm
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#eq? @vm "vm")
  (#any-of? @function "runInNewContext" "runInThisContext" "runInContext" "compileFunction"))

(new_expression
  constructor: [
    (identifier) @class
    (member_expression
      object: (identifier) @vm
      property: (property_identifier) @class)
  ]
  arguments: (arguments . (_) @sink)
  (#any-of? @class "Script" "SourceTextModule")
  (#eq? @vm "vm"))

; and the string a timer evaluates (`setTimeout("poll(" + id + ")", 100)`); a function given
; to a timer is never request data.
(call_expression
  function: [
    (identifier) @function
    (member_expression
      object: (identifier) @global
      property: (property_identifier) @function)
  ]
  arguments: (arguments . (_) @sink)
  (#any-of? @function "setTimeout" "setInterval" "setImmediate" "execScript")
  (#any-of? @global "window" "globalThis" "global" "self"))
