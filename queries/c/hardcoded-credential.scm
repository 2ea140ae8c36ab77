; id: c/hardcoded-credential
; name: Hard-coded password or secret
; severity: error
; message: `{{name}}` is set to a hard-coded secret; anyone with the source or the binary (`strings`) can read it
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Read secrets at run time from the environment, a configuration file with restricted
;   permissions or a secret store, and keep them out of version control. Empty strings,
;   placeholders (`changeme`, `xxx`, `<...>`), prompts and environment-variable names are not reported.
(init_declarator
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)])
    (array_declarator declarator: (identifier) @name)
  ]
  value: (string_literal) @val
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token)_?$)|[a-z0-9](Passw(or)?d|Passphrase|Pwd|Secret|ApiKey|SecretKey|PrivateKey|ClientSecret|AuthToken|AccessToken|ApiToken|BearerToken|RefreshToken)_?$")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|ln|sn|nid|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(L|u8|u|U)?\"[^\\s\"]{5,}\"$")
  (#not-match? @val "(?i)^(L|u8|u|U)?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|%.*|(?-i:[A-Z][A-Z0-9_]*))\"$"))
  @finding

(assignment_expression
  left: [
    (identifier) @name
    (_ field: (field_identifier) @name) ; a field_expression, the only node with a `field` field
  ]
  right: (string_literal) @val
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token)_?$)|[a-z0-9](Passw(or)?d|Passphrase|Pwd|Secret|ApiKey|SecretKey|PrivateKey|ClientSecret|AuthToken|AccessToken|ApiToken|BearerToken|RefreshToken)_?$")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|ln|sn|nid|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(L|u8|u|U)?\"[^\\s\"]{5,}\"$")
  (#not-match? @val "(?i)^(L|u8|u|U)?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|%.*|(?-i:[A-Z][A-Z0-9_]*))\"$"))
  @finding

(initializer_pair
  designator: (field_designator (field_identifier) @name)
  value: (string_literal) @val
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token)_?$)|[a-z0-9](Passw(or)?d|Passphrase|Pwd|Secret|ApiKey|SecretKey|PrivateKey|ClientSecret|AuthToken|AccessToken|ApiToken|BearerToken|RefreshToken)_?$")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|ln|sn|nid|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(L|u8|u|U)?\"[^\\s\"]{5,}\"$")
  (#not-match? @val "(?i)^(L|u8|u|U)?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|%.*|(?-i:[A-Z][A-Z0-9_]*))\"$"))
  @finding

(preproc_def
  name: (identifier) @name
  value: (preproc_arg) @val
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token)_?$)|[a-z0-9](Passw(or)?d|Passphrase|Pwd|Secret|ApiKey|SecretKey|PrivateKey|ClientSecret|AuthToken|AccessToken|ApiToken|BearerToken|RefreshToken)_?$")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|ln|sn|nid|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^\\s*\"[^\\s\"]{5,}\"\\s*$")
  (#not-match? @val "(?i)^\\s*\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|%.*|(?-i:[A-Z][A-Z0-9_]*))\"\\s*$"))
  @finding
