; id: go/hardcoded-password-comparison
; name: Input compared with a password or a hash written in the code
; severity: warning
; message: `{{name}}` is compared with a literal: the password (or its hash) is in the code, for anyone who reads the repository
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Check a password against a salted hash kept outside the code (a database row, a secret
;   manager), with a slow hash (bcrypt, scrypt, Argon2) and a constant-time comparison. A
;   password or an API key compared with a literal (`if password == "..."`), or a hash of the
;   input compared with a literal hex digest, is the same as a password written in the code:
;   it cannot be rotated and leaks with the repository. Empty strings and placeholders are not
;   reported.

((binary_expression left: (_) @name operator: ["==" "!="] right: (interpreted_string_literal) @value) @finding
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^[\"\\x27`][^\\s\"\\x27`]{4,}[\"\\x27`]$")
  (#not-match? @value "(?i)^[\"\\x27`](x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)[\"\\x27`]$"))
((binary_expression left: (interpreted_string_literal) @value operator: ["==" "!="] right: (_) @name) @finding
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^[\"\\x27`][^\\s\"\\x27`]{4,}[\"\\x27`]$")
  (#not-match? @value "(?i)^[\"\\x27`](x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)[\"\\x27`]$"))
((binary_expression left: (_) @name operator: ["==" "!="] right: (interpreted_string_literal) @value) @finding
  (#match? @name "(?i)(password|passwd|pwd|hash|digest|md5|sha)")
  (#match? @value "^[\"\\x27`][0-9a-fA-F]{32,}[\"\\x27`]$"))
