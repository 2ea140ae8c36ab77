; id: ruby/unsafe-reflection
; name: Method or class chosen by request parameters
; severity: error
; message: `{{func}}` picks a method or class from request data; an attacker can call any method (e.g. `destroy`, `instance_eval`) or instantiate any class
; cwe: CWE-470
; tags: security, injection, rails
; precision: high
; security-severity: 8.1
; help: Map the parameter through an allow-list first, e.g.
;   `ACTIONS.fetch(params[:op]) { raise ActionController::BadRequest }` or
;   `%w[name price].include?(params[:sort])`, and only then `public_send`/`constantize` it.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  method: (identifier) @func (#any-of? @func "send" "public_send" "__send__" "try" "try!" "method" "instance_variable_get" "instance_variable_set" "const_get")
  arguments: (_
    .
    (_) @name
    (#match? @name "^(params|cookies|request\\.(params|query_parameters|request_parameters|headers))\\b")))
  @finding

(call
  receiver: (_) @name (#match? @name "^(params|cookies|request\\.(params|query_parameters|request_parameters))\\b")
  method: (identifier) @func (#any-of? @func "constantize" "safe_constantize"))
  @finding
