; id: ruby/hardcoded-secret
; name: Hard-coded password, secret or API key
; severity: warning
; message: `{{name}}` is set to a string literal; credentials in source code leak through the repository and cannot be rotated
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: medium
; security-severity: 7.5
; help: Read secrets from `ENV.fetch("...")` or Rails credentials
;   (`Rails.application.credentials.dig(:stripe, :api_key)`) and rotate the committed value.
(
  [
    (assignment
      left: [
        (identifier) @name
        (constant) @name
        (instance_variable) @name
        (class_variable) @name
        ; `(_ method: ...)` / `(_ . receiver: ...)` below are `call`s: no other ruby node has
        ; those fields (node-types.json), and a receiver is a call's first child. The wildcard
        ; skips tree-sitter's costly compile-time analysis; the anchor drops other nodes at once.
        (_ method: (identifier) @name)
      ]
      right: [
        (string (string_content) @value) @str
        (_ .
          receiver: (string (string_content) @value) @str
          method: (identifier) @freeze (#eq? @freeze "freeze"))
      ])
    (pair
      key: [
        (hash_key_symbol) @name
        (simple_symbol) @name
        (string (string_content) @name)
      ]
      value: (string (string_content) @value) @str)
  ] @finding
  (#match? @name "^(?i:[:@]{0,2}([a-z0-9]+_)*(password|passwd|pwd|secret|secret_key|secret_key_base|client_secret|api_key|apikey|access_key|secret_access_key|private_key|auth_token|access_token|refresh_token|bearer_token|api_token|token))$")
  (#not-match? @str "#\\{")
  (#not-match? @value "\\s")
  (#not-match? @value "^(?i:([a-z]+[-_])+(password|passwd|token|api[-_]?key))$")
  (#not-match? @value "^(?i:\\s+|x+|\\*+|\\.+|-+|changeme|change[-_ ]?me|replace[-_ ]?me|your[-_ ].*|<[^>]*>|\\$\\{[^}]*\\}|%\\{[^}]*\\}|example|sample|placeholder|dummy|fake|test|todo|tbd|/.*|https?:.*|none|nil|null|redacted|secret|password|token)$"))
