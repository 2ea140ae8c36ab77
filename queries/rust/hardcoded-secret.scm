; id: rust/hardcoded-secret
; name: Hard-coded password or secret
; severity: error
; message: `{{name}}` is set to a hard-coded secret; anyone with the source or the binary can read it
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Load secrets at run time (`std::env::var`, a configuration file with restricted permissions,
;   a secret manager) and keep them out of version control. Empty strings, placeholders
;   (`changeme`, `xxx`, `<...>`, `${...}`) and environment-variable names are not reported.

; In these patterns a wildcard parent under a call's `function` stands for one node kind: with
; `value` and `field` it is a field_expression, with `path` and `name` a scoped_identifier (the
; only nodes that can hold those fields there, node-types.json). The anchored first child drops
; other nodes at once; a wildcard parent is exempt from tree-sitter's compile-time analysis.
(let_declaration
  pattern: (identifier) @name
  value: [
    (string_literal) @val
    (raw_string_literal) @val
    (call_expression
      function: (_ . value: (string_literal) @val field: (field_identifier) @conv)) ; field_expression
    (call_expression
      function: (_ . path: (_) @ctor name: (identifier) @ctor_fn) ; scoped_identifier
      arguments: (arguments . (string_literal) @val .))
  ]
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token|signing_?key|jwt_?secret)$)")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(r#*)?b?\"[^\\s\"]{4,}\"#*$")
  (#not-match? @val "(?i)^(r#*)?b?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|\\{.*\\}|(?-i:[A-Z][A-Z0-9_]*))\"#*$")
  (#match? @conv "^(to_string|to_owned|into)$")
  (#match? @ctor "(^|::)(String|SecretString|Secret|SecretBox|Cow|Box|Arc|Rc|Zeroizing)$")
  (#match? @ctor_fn "^(from|new)$"))
  @finding

(const_item
  name: (identifier) @name
  value: [
    (string_literal) @val
    (raw_string_literal) @val
    (call_expression
      function: (_ . value: (string_literal) @val field: (field_identifier) @conv)) ; field_expression
    (call_expression
      function: (_ . path: (_) @ctor name: (identifier) @ctor_fn) ; scoped_identifier
      arguments: (arguments . (string_literal) @val .))
  ]
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token|signing_?key|jwt_?secret)$)")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(r#*)?b?\"[^\\s\"]{4,}\"#*$")
  (#not-match? @val "(?i)^(r#*)?b?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|\\{.*\\}|(?-i:[A-Z][A-Z0-9_]*))\"#*$")
  (#match? @conv "^(to_string|to_owned|into)$")
  (#match? @ctor "(^|::)(String|SecretString|Secret|SecretBox|Cow|Box|Arc|Rc|Zeroizing)$")
  (#match? @ctor_fn "^(from|new)$"))
  @finding

(static_item
  name: (identifier) @name
  value: [
    (string_literal) @val
    (raw_string_literal) @val
    (call_expression
      function: (_ . value: (string_literal) @val field: (field_identifier) @conv)) ; field_expression
    (call_expression
      function: (_ . path: (_) @ctor name: (identifier) @ctor_fn) ; scoped_identifier
      arguments: (arguments . (string_literal) @val .))
  ]
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token|signing_?key|jwt_?secret)$)")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(r#*)?b?\"[^\\s\"]{4,}\"#*$")
  (#not-match? @val "(?i)^(r#*)?b?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|\\{.*\\}|(?-i:[A-Z][A-Z0-9_]*))\"#*$")
  (#match? @conv "^(to_string|to_owned|into)$")
  (#match? @ctor "(^|::)(String|SecretString|Secret|SecretBox|Cow|Box|Arc|Rc|Zeroizing)$")
  (#match? @ctor_fn "^(from|new)$"))
  @finding

(field_initializer
  field: (field_identifier) @name
  value: [
    (string_literal) @val
    (raw_string_literal) @val
    (call_expression
      function: (_ . value: (string_literal) @val field: (field_identifier) @conv)) ; field_expression
    (call_expression
      function: (_ . path: (_) @ctor name: (identifier) @ctor_fn) ; scoped_identifier
      arguments: (arguments . (string_literal) @val .))
  ]
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token|signing_?key|jwt_?secret)$)")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(r#*)?b?\"[^\\s\"]{4,}\"#*$")
  (#not-match? @val "(?i)^(r#*)?b?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|\\{.*\\}|(?-i:[A-Z][A-Z0-9_]*))\"#*$")
  (#match? @conv "^(to_string|to_owned|into)$")
  (#match? @ctor "(^|::)(String|SecretString|Secret|SecretBox|Cow|Box|Arc|Rc|Zeroizing)$")
  (#match? @ctor_fn "^(from|new)$"))
  @finding

(assignment_expression
  left: [
    (identifier) @name
    (field_expression field: (field_identifier) @name)
  ]
  right: [
    (string_literal) @val
    (raw_string_literal) @val
    (call_expression
      function: (_ . value: (string_literal) @val field: (field_identifier) @conv)) ; field_expression
    (call_expression
      function: (_ . path: (_) @ctor name: (identifier) @ctor_fn) ; scoped_identifier
      arguments: (arguments . (string_literal) @val .))
  ]
  (#match? @name "(?i:(^|_)(passw(or)?d|passphrase|pwd|secret|api_?key|secret_?key|private_?key|client_?secret|auth_?token|access_?token|api_?token|bearer_?token|refresh_?token|signing_?key|jwt_?secret)$)")
  (#not-match? @name "(?i)(^|_)(param|field|attr|label|header|hdr|column|prompt|env|var|opt|option|arg|flag|key_?name|hint|len|length|max|min|size)(_|$)")
  (#match? @val "^(r#*)?b?\"[^\\s\"]{4,}\"#*$")
  (#not-match? @val "(?i)^(r#*)?b?\"(x+|\\*+|\\.+|changeme|change_me|changeit|password|passwd|secret|placeholder|dummy|example|none|null|todo|fixme|test|pass|pwd|key|token|apikey|api_key|auth|(?-i:[A-Za-z_.-]*)(passw|passphrase|secret|token|api[-_]?key)(?-i:[A-Za-z_.-]*)|your[-_].*|<.*>|\\$\\{.*\\}|\\{.*\\}|(?-i:[A-Z][A-Z0-9_]*))\"#*$")
  (#match? @conv "^(to_string|to_owned|into)$")
  (#match? @ctor "(^|::)(String|SecretString|Secret|SecretBox|Cow|Box|Arc|Rc|Zeroizing)$")
  (#match? @ctor_fn "^(from|new)$"))
  @finding
