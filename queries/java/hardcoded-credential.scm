; id: java/hardcoded-credential
; name: Hard-coded credential
; severity: error
; message: A credential is hard-coded in source (`{{val}}`); anyone with the code or the jar can read it
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Read secrets at run time (environment, a secret manager, Spring `@Value("${...}")`
;   backed by an external source) and keep them out of version control. Rotate any
;   credential that was committed. Empty strings, placeholders ("changeme", "<token>",
;   "${DB_PASSWORD}"), property keys and constant names are not reported.
; String password = "..."; / char[] password = "...".toCharArray();
(variable_declarator
  name: (identifier) @name (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)") (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|property|prop|key_name|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|attribute|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry|validator|encoder|policy|strength|algorithm|alg|option|opt|setting|config|conf|key_?name|property_?name)$|^(err|invalid|missing|wrong|bad|reset|forgot|change))")
  value: [(string_literal) @val (method_invocation object: (string_literal) @val name: (identifier) @tca (#eq? @tca "toCharArray"))] (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$"))
  @finding
; password = "..."; / this.password = "...";
(assignment_expression
  left: [(identifier) @name (field_access field: (identifier) @name)]
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd$|secret|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token$|[a-z]Token$|credentials?$)") (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|property|prop|key_name|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|attribute|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry|validator|encoder|policy|strength|algorithm|alg|option|opt|setting|config|conf|key_?name|property_?name)$|^(err|invalid|missing|wrong|bad|reset|forgot|change))")
  right: [(string_literal) @val (method_invocation object: (string_literal) @val name: (identifier) @tca (#eq? @tca "toCharArray"))] (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$"))
  @finding
; dataSource.setPassword("...") and similar setters
(method_invocation
  name: (identifier) @name (#any-of? @name "setPassword" "setSecret" "setClientSecret" "setApiKey" "setAccessKey" "setSecretKey" "setAccessToken" "setAuthToken" "setKeyStorePassword" "setTrustStorePassword" "setKeyPassword" "password" "clientSecret" "apiKey")
  arguments: (argument_list . [(string_literal) @val (method_invocation object: (string_literal) @val name: (identifier) @tca (#eq? @tca "toCharArray"))] (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$")))
  @finding
; DriverManager.getConnection(url, "user", "password")
(method_invocation
  object: (identifier) @dm (#eq? @dm "DriverManager")
  name: (identifier) @gc (#eq? @gc "getConnection")
  arguments: (argument_list . (_) . (_) . (string_literal) @val (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$") .))
  @finding
; new PasswordAuthentication("user", "password".toCharArray())
(object_creation_expression
  type: (type_identifier) @pa (#any-of? @pa "PasswordAuthentication" "UsernamePasswordCredentials" "UsernamePasswordAuthenticationToken" "BasicAWSCredentials")
  arguments: (argument_list . (_) . [(string_literal) @val (method_invocation object: (string_literal) @val name: (identifier) @tca (#eq? @tca "toCharArray"))] (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$")))
  @finding
