; id: csharp/hardcoded-password-comparison
; name: Input compared with a password or a hash written in the code
; severity: warning
; message: `{{name}}` is compared with a literal: the password (or its hash) is in the code, for anyone who reads the repository
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Check a password against a salted hash kept outside the code (a database row, a secret
;   manager), with a slow hash (ASP.NET Identity's `PasswordHasher`, PBKDF2, bcrypt) and a
;   constant-time comparison (`CryptographicOperations.FixedTimeEquals`). A password or an API key
;   compared with a literal, or a hash of the input compared with a literal hex digest, is a
;   password written in the code: it cannot be rotated and leaks with the repository. Empty
;   strings and placeholders are not reported.

; `password == "..."`, `"..." != apiKey`,
((binary_expression
  left: (_) @name
  operator: ["==" "!="]
  right: (string_literal) @value) @finding
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^\"[^\\s\"]{4,}\"$")
  (#not-match? @value "(?i)^\"(x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)\"$"))
((binary_expression
  left: (string_literal) @value
  operator: ["==" "!="]
  right: (_) @name) @finding
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^\"[^\\s\"]{4,}\"$")
  (#not-match? @value "(?i)^\"(x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)\"$"))

; `password.Equals("...")`, `string.Equals(password, "...", ...)`,
((invocation_expression
  function: (member_access_expression
    expression: (_) @name
    name: (identifier) @method)
  arguments: (argument_list . (argument (string_literal) @value))) @finding
  (#eq? @method "Equals")
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^\"[^\\s\"]{4,}\"$")
  (#not-match? @value "(?i)^\"(x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)\"$"))
((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @name) . (argument (string_literal) @value))) @finding
  (#any-of? @class "string" "String")
  (#eq? @method "Equals")
  (#match? @name "(?i)(^|[^a-z0-9])(password|passwd|pwd|passphrase|pass[-_]?code|pin[-_]?code|secret|api[-_]?key|auth[-_]?token)[\"\\x27\\])]*$")
  (#match? @value "^\"[^\\s\"]{4,}\"$")
  (#not-match? @value "(?i)^\"(x+|\\*+|\\.+|-+|null|none|undefined|changeme|password|secret|test|example|placeholder|redacted)\"$"))

; and a hash of the input compared with a literal hex digest.
((binary_expression
  left: (_) @name
  operator: ["==" "!="]
  right: (string_literal) @value) @finding
  (#match? @name "(?i)(password|passwd|pwd|hash|digest|md5|sha)")
  (#match? @value "^\"[0-9a-fA-F]{32,}\"$"))
((invocation_expression
  function: (member_access_expression
    expression: (_) @name
    name: (identifier) @method)
  arguments: (argument_list . (argument (string_literal) @value))) @finding
  (#eq? @method "Equals")
  (#match? @name "(?i)(password|passwd|pwd|hash|digest|md5|sha)")
  (#match? @value "^\"[0-9a-fA-F]{32,}\"$"))
