; id: python/hardcoded-secret
; name: Hard-coded password, secret or API key
; severity: warning
; message: `{{name}}` is set to a string literal; credentials in source code leak through the repository and cannot be rotated
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: medium
; security-severity: 7.5
; help: Read secrets from the environment or a secret manager at start-up, e.g.
;   `SECRET_KEY = os.environ["SECRET_KEY"]`, and rotate the value that was committed.
(
  [
    (assignment
      left: [
        (identifier) @name
        (attribute attribute: (identifier) @name)
      ]
      right: (string (string_start) @q (string_content) @value))
    (keyword_argument
      name: (identifier) @name
      value: (string (string_start) @q (string_content) @value))
    (default_parameter
      name: (identifier) @name
      value: (string (string_start) @q (string_content) @value))
    (typed_default_parameter
      name: (identifier) @name
      value: (string (string_start) @q (string_content) @value))
    (pair
      key: (string (string_content) @name)
      value: (string (string_start) @q (string_content) @value))
  ] @finding
  (#match? @name "^(?i:([a-z0-9]+_)*(password|passwd|pwd|secret|secret_key|client_secret|api_key|apikey|access_key|secret_access_key|private_key|auth_token|access_token|refresh_token|bearer_token|api_token|token))$")
  (#not-match? @q "^[fF]")
  (#not-match? @value "\\s")
  (#not-match? @value "^(?i:([a-z]+[-_])+(password|passwd|token|api[-_]?key))$")
  (#not-match? @value "^(?i:|\\s+|x+|\\*+|\\.+|-+|changeme|change[-_ ]?me|replace[-_ ]?me|your[-_ ].*|<[^>]*>|\\$\\{[^}]*\\}|\\{\\{.*\\}\\}|%\\(.*\\)s|example|sample|placeholder|dummy|fake|test|todo|tbd|/.*|https?:.*|none|null|redacted|secret|password|token)$"))
