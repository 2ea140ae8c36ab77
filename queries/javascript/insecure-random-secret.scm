; id: javascript/insecure-random-secret
; name: Math.random used for a secret value
; severity: warning
; message: `{{name}}` is derived from `Math.random()`, which is predictable and must not be used for tokens, passwords, salts or nonces
; cwe: CWE-338
; tags: security, crypto, random
; precision: high
; security-severity: 5.3
; help: Use `crypto.randomBytes(32).toString('hex')`, `crypto.randomUUID()` or `crypto.randomInt()`
;   (in browsers `crypto.getRandomValues`) for anything an attacker must not guess.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; const resetToken = Math.random().toString(36).slice(2)
(variable_declarator
  name: (identifier) @name
  value: [(call_expression) (binary_expression) (member_expression) (subscript_expression)
          (template_string) (parenthesized_expression)] @value
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|apikey|api_key|sessionid|session_id|sid|csrf|xsrf|verificationcode|verification_code|resetcode|reset_code)$")
  (#match? @value "Math\\.random\\s*\\("))
  @finding

; { token: Math.random()... }
(pair
  key: (property_identifier) @name
  value: [(call_expression) (binary_expression) (member_expression) (subscript_expression)
          (template_string) (parenthesized_expression)] @value
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|apikey|api_key|sessionid|session_id|sid|csrf|xsrf|verificationcode|verification_code|resetcode|reset_code)$")
  (#match? @value "Math\\.random\\s*\\("))
  @finding

; user.resetToken = ... Math.random() ...
(assignment_expression
  left: (_ property: (property_identifier) @name) ; member_expression
  right: [(call_expression) (binary_expression) (member_expression) (subscript_expression)
          (template_string) (parenthesized_expression)] @value
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|apikey|api_key|sessionid|session_id|sid|csrf|xsrf|verificationcode|verification_code|resetcode|reset_code)$")
  (#match? @value "Math\\.random\\s*\\("))
  @finding

; function generateToken() { return Math.random()... }
(function_declaration
  name: (identifier) @name
  body: (statement_block
    (return_statement) @finding)
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|apikey|sessionid|csrf)")
  (#match? @finding "Math\\.random\\s*\\("))
