; id: csharp/hardcoded-credential
; name: Hard-coded credential
; severity: error
; message: A credential is hard-coded in source (`{{val}}`); anyone with the code or the assembly can read it
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: high
; security-severity: 7.5
; help: Read secrets at run time (configuration bound from the environment, user secrets in
;   development, Azure Key Vault or another secret manager) and keep them out of version control.
;   Rotate any credential that was committed. Empty strings, placeholders ("changeme",
;   "<token>", "${DB_PASSWORD}"), configuration keys and constant names are not reported.
; string password = "..."; / const string ApiKey = "...";
(variable_declarator
  name: (identifier) @name (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd|secret|secret_?key|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token|[a-z]Token|credentials?)$") (#not-match? @name "(?i)(^(encrypted|hashed|protected|wrapped|test)|(continuation|page|next|cancellation|sync|paging|cursor|csrf|antiforgery|xsrf|reset|invite|confirmation|verification|device|push)_?token$)") (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|property|prop|key_name|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|attribute|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry|validator|encoder|policy|strength|algorithm|alg|option|opt|setting|config|conf|key_?name|property_?name)$|^(err|invalid|missing|wrong|bad|reset|forgot|change))")
  (string_literal) @val (#not-match? @val "^\"[A-Za-z][A-Za-z0-9]*(:[A-Za-z][A-Za-z0-9]*)+\"$") (#not-match? @val "(?i)(password|passwd|secret|token|api_?key|api-key)") (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$"))
  @finding
; password = "..."; / this.Password = "..."; / new Options { Password = "..." }
(assignment_expression
  left: [(identifier) @name (member_access_expression name: (identifier) @name)]
  (#match? @name "(?i)(passw(or)?d|passwd|passphrase|(^|_)pwd|secret|secret_?key|api_?key|access_?key|private_?key|signing_?key|auth_?token|access_?token|refresh_?token|bearer_?token|(^|_)token|[a-z]Token|credentials?)$") (#not-match? @name "(?i)(^(encrypted|hashed|protected|wrapped|test)|(continuation|page|next|cancellation|sync|paging|cursor|csrf|antiforgery|xsrf|reset|invite|confirmation|verification|device|push)_?token$)") (#not-match? @name "(?i)((header|field|param|parameter|name|label|prompt|regex|re|pattern|env|envvar|var|property|prop|key_name|path|file|filename|url|uri|type|len|length|min|max|msg|message|err|error|format|fmt|query|column|col|cookie|endpoint|policy|id|keyid|key_id|hash|hashed|route|template|placeholder|hint|flag|mode|kind|table|prefix|suffix|dir|attr|attribute|text|title|desc|description|usage|sql|stmt|scope|ttl|expiry|validator|encoder|policy|strength|algorithm|alg|option|opt|setting|config|conf|key_?name|property_?name)$|^(err|invalid|missing|wrong|bad|reset|forgot|change))")
  right: (string_literal) @val (#not-match? @val "^\"[A-Za-z][A-Za-z0-9]*(:[A-Za-z][A-Za-z0-9]*)+\"$") (#not-match? @val "(?i)(password|passwd|secret|token|api_?key|api-key)") (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$"))
  @finding
; new NetworkCredential("user", "password"), new SqlCredential("user", secure)
(object_creation_expression
  type: (_) @type (#match? @type "(^|\\.)(NetworkCredential|BasicAWSCredentials|ClientSecretCredential|UsernamePasswordCredential)$")
  arguments: (argument_list . (argument) . (argument (string_literal) @val (#not-match? @val "^\"[A-Za-z][A-Za-z0-9]*(:[A-Za-z][A-Za-z0-9]*)+\"$") (#not-match? @val "(?i)(password|passwd|secret|token|api_?key|api-key)") (#match? @val "^\"[^\\s\"]{6,}\"$") (#not-match? @val "(?i)^\"(x+|\\*+|\\.+|-+|_+|change_?me|change-me|changeit|password\\d*|passwd|secret|token|todo|tbd|fixme|placeholder|example|sample|dummy|redacted|none|null|undefined|default|testing|your[-_a-z]*|<[^>]*>|\\$\\{[^}]*\\}|\\{[^}]*\\}|\\{\\{.*\\}\\}|.*%[-+# 0-9.]*[sd].*|\\$[A-Za-z_]+|https?://.*|/.*|\\./.*|classpath:.*|(?-i:[A-Z][A-Z0-9_]*)|[a-z]+(\\.[a-z][a-zA-Z0-9]*)+|(?-i:[a-z]+([A-Z][a-z]+)+)|[A-Za-z]+([_-][A-Za-z]+)+)\"$"))))
  @finding
; a password inside a connection string: "Server=db;User Id=sa;Password=...;"
((string_literal) @val @finding
  (#match? @val "(?i)(^|;)\\s*(password|pwd)\\s*=\\s*[^;{$\\s\"][^;\"]{5,}")
  (#not-match? @val "(?i)(password|pwd)\\s*=\\s*(\\*+|x+|changeme|change_me|your[-_a-z]*|<[^>]*>|\\{[^}]*\\}|\\$\\{[^}]*\\}|%[^%]*%)\\s*(;|\"|$)"))
