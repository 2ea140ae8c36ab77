; id: java/taint-code-injection
; kind: taint
; include: request-sources, clean-values
; name: Request data is run as code or as an expression
; severity: error
; message: Request data is evaluated as code by `{{sink}}`
; cwe: CWE-94, CWE-95
; tags: security, injection, code, taint
; precision: high
; security-severity: 9.8
; help: Never evaluate request data as a script or expression. Keep the expression constant and
;   pass the data in as a variable or root object (`parser.parseExpression(RULE).getValue(ctx)`),
;   and use `SimpleEvaluationContext` for SpEL.

; Sinks are the scripts of ScriptEngine and of Groovy, MVEL and OGNL,
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#eq? @method "eval"))

(method_invocation
  object: (_) @shell
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @shell "(?i)(shell|groovy|loader)")
  (#any-of? @method "evaluate" "parse" "parseClass" "run"))

(method_invocation
  object: (identifier) @class
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @class "Eval" "MVEL" "Ognl")
  (#any-of? @method "me" "x" "xy" "xyz" "eval" "evalToString" "compileExpression" "getValue"
    "setValue" "parseExpression"))

; and expressions of SpEL, JEXL and the unified EL (the expression text, second for EL).
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "parseExpression" "parseRaw" "createExpression" "createScript"))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @method "createValueExpression" "createMethodExpression"))
