; id: go/hardcoded-credential
; name: Hard-coded credential
; severity: error
; message: A credential is hard-coded in source (`{{name}}`); anyone with the code or the binary can read it
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Load secrets at run time (environment, a secret manager, a mounted file) and
;   keep them out of version control. Rotate any credential that was committed.
;   Empty strings, placeholders such as "changeme" or "<token>", environment
;   variable names and format strings are not reported.
; var / const declarations
(var_spec
  name: (identifier) @name
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)")
  (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|tmpl|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry)$|^err)")
  value: (expression_list . [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$") .))
  @finding
(const_spec
  name: (identifier) @name
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)")
  (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|tmpl|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry)$|^err)")
  value: (expression_list . [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$") .))
  @finding
; x := "..." and x = "..." / obj.Field = "..."
(short_var_declaration
  left: (expression_list . (identifier) @name .)
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)")
  (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|tmpl|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry)$|^err)")
  right: (expression_list . [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$") .))
  @finding
(assignment_statement
  left: (expression_list . [(identifier) @name (selector_expression field: (field_identifier) @name)] .)
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)")
  (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|tmpl|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry)$|^err)")
  right: (expression_list . [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$") .))
  @finding
; struct literal field  Password: "..."
(keyed_element
  key: (literal_element (identifier) @name)
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)")
  (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|tmpl|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry)$|^err)")
  value: (literal_element [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$")))
  @finding
; map literal entry  "password": "..."
(keyed_element
  key: (literal_element (interpreted_string_literal) @name)
  (#match? @name "(?i)^\"(passw(or)?d|passwd|passphrase|pwd|secret|client_secret|api_?key|access_?key|private_?key|auth_?token|access_?token|token)\"$")
  value: (literal_element [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$")))
  @finding
; req.SetBasicAuth("user", "literal")
(call_expression
  function: (selector_expression field: (field_identifier) @name (#eq? @name "SetBasicAuth"))
  arguments: (argument_list . (_) . [(interpreted_string_literal) (raw_string_literal)] @val (#match? @val "^[\"`][^\\s\"`]{6,}[\"`]$") (#not-match? @val "(?i)^[\"`](x+|\\*+|\\.+|-+|_+|change_?me|change-me|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|nil|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sdvq].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|(?-i:[A-Z][A-Z0-9_]*)|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_.-][A-Za-z]+)+)[\"`]$") .))
  @finding
; sql.Open("driver", "...password=literal..." / "scheme://user:literal@host")
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#any-of? @pkg "sql" "sqlx" "pgx" "pgxpool")
    field: (field_identifier) @name (#any-of? @name "Open" "Connect" "MustConnect" "MustOpen"))
  arguments: (argument_list
    (interpreted_string_literal) @dsn
    (#match? @dsn "(?i)(password=[^\\s\"'$%{<]{3,}|^\"[a-z][a-z0-9+]*://[^:/@\\s\"]+:[^@\\s\"$%{<]{3,}@|^\"[^:/@\\s\"]+:[^@\\s\"$%{<]{3,}@(tcp|unix)\\()")))
  @finding
