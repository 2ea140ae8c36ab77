; id: javascript/hardcoded-secret
; name: Hard-coded credential
; severity: warning
; message: hard-coded credential in `{{name}}`: secrets in source code leak with the repository and cannot be rotated
; cwe: CWE-798
; tags: security, secrets
; precision: medium
; security-severity: 7.5
; help: Read secrets from the environment or a secret manager (`process.env.DB_PASSWORD`) and keep
;   them out of version control.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; const dbPassword = "s3cr3t!"
(variable_declarator
  name: (identifier) @name
  value: (string) @value
  (#match? @name "(?i)(password|passwd|passphrase|secret|secretkey|secret_key|apikey|api_key|accesskey|access_key|privatekey|private_key|authtoken|auth_token|accesstoken|access_token|apitoken|api_token)$")
  (#match? @value "^[\"'][^\\s\"']{4,}[\"']$")
  (#not-match? @value "(?i)^[\"'](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|undefined|todo|tbd|redacted|your[-_].*|<.*>|\\$\\{.*\\}|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*|bearer|basic)[\"']$")
  (#not-match? @value "(?i)^[\"']([a-z]+[-_.])*(password|passwd|pwd|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*[\"']$"))
  @finding

; { password: "hunter22" }, { 'api_key': "..." }
(pair
  key: [(property_identifier) (string)] @name
  value: (string) @value
  (#match? @name "(?i)(password|passwd|passphrase|secret|secretkey|secret_key|apikey|api_key|accesskey|access_key|privatekey|private_key|authtoken|auth_token|accesstoken|access_token|apitoken|api_token)[\"']?$")
  (#match? @value "^[\"'][^\\s\"']{4,}[\"']$")
  (#not-match? @value "(?i)^[\"'](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|undefined|todo|tbd|redacted|your[-_].*|<.*>|\\$\\{.*\\}|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*|bearer|basic)[\"']$")
  (#not-match? @value "(?i)^[\"']([a-z]+[-_.])*(password|passwd|pwd|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*[\"']$"))
  @finding

; config.jwtSecret = "..."
(assignment_expression
  left: (_ property: (property_identifier) @name) ; member_expression
  right: (string) @value
  (#match? @name "(?i)(password|passwd|passphrase|secret|secretkey|secret_key|apikey|api_key|accesskey|access_key|privatekey|private_key|authtoken|auth_token|accesstoken|access_token|apitoken|api_token)$")
  (#match? @value "^[\"'][^\\s\"']{4,}[\"']$")
  (#not-match? @value "(?i)^[\"'](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|undefined|todo|tbd|redacted|your[-_].*|<.*>|\\$\\{.*\\}|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*|bearer|basic)[\"']$")
  (#not-match? @value "(?i)^[\"']([a-z]+[-_.])*(password|passwd|pwd|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*[\"']$"))
  @finding
