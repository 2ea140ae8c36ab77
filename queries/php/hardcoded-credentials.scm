; id: php/hardcoded-credentials
; name: Hard-coded credential
; severity: warning
; message: hard-coded credential in `{{name}}`: secrets in source code leak with the repository and cannot be rotated
; cwe: CWE-798, CWE-259
; tags: security, secrets
; precision: medium
; security-severity: 7.5
; help: Read credentials from the environment (`getenv('DB_PASSWORD')`, `$_ENV`) or a secrets vault and
;   keep them out of version control.

; $dbPassword = 'hunter22';
(assignment_expression
  left: (variable_name (name) @name)
  right: [(string) (encapsed_string)] @value
  (#match? @name "(?i)(password|passwd|db_?pass|passphrase|secret|secret_?key|api_?key|access_?key|private_?key|auth_?token|access_?token|api_?token|client_?secret)$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding

; private $apiKey = 'sk_live_...';
(property_element
  name: (variable_name (name) @name)
  default_value: [(string) (encapsed_string)] @value
  (#match? @name "(?i)(password|passwd|db_?pass|passphrase|secret|secret_?key|api_?key|access_?key|private_?key|auth_?token|access_?token|api_?token|client_?secret)$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding

; const API_SECRET = '...';
(const_element
  (name) @name
  .
  [(string) (encapsed_string)] @value
  (#match? @name "(?i)(password|passwd|db_?pass|passphrase|secret|secret_?key|api_?key|access_?key|private_?key|auth_?token|access_?token|api_?token|client_?secret)$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding

; define('DB_PASSWORD', 'hunter22');
(function_call_expression
  function: (name) @func (#eq? @func "define")
  arguments: (arguments
    . (argument [(string) (encapsed_string)] @name)
    . (argument [(string) (encapsed_string)] @value))
  (#match? @name "(?i)(password|passwd|db_?pass|passphrase|secret|secret_?key|api_?key|access_?key|private_?key|auth_?token|access_?token|api_?token|client_?secret)['\"]$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding

; ['password' => 'hunter22']
(array_element_initializer
  [(string) (encapsed_string)] @name
  .
  [(string) (encapsed_string)] @value
  (#match? @name "(?i)(password|passwd|db_?pass|passphrase|secret|secret_?key|api_?key|access_?key|private_?key|auth_?token|access_?token|api_?token|client_?secret)['\"]$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding

; new PDO($dsn, 'root', 'hunter22'), mysqli_connect('db', 'app', 'hunter22')
(object_creation_expression
  [(name) (qualified_name)] @name
  (arguments . (argument) . (argument) . (argument [(string) (encapsed_string)] @value))
  (#match? @name "(^|\\\\)(PDO|mysqli)$")
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding
(function_call_expression
  function: (name) @name (#any-of? @name "mysqli_connect" "mysql_connect" "mysql_pconnect")
  arguments: (arguments . (argument) . (argument) . (argument [(string) (encapsed_string)] @value))
  (#match? @value "^['\"][^\\s'\"$]{4,}['\"]$")
  (#not-match? @value "(?i)^['\"](x+|\\*+|\\.+|-+|changeme|change[-_]?me|change[-_]?this|placeholder|dummy|example|sample|fake|test|none|null|todo|tbd|redacted|secret|your[-_].*|<.*>|\\{\\{.*\\}\\}|%.*%|/.*|https?:.*)['\"]$")
  (#not-match? @value "(?i)^['\"]([a-z]+[-_.])*(password|passwd|pwd|pass|passphrase|secret|token|api[-_]?key|key)([-_.][a-z]+)*['\"]$"))
  @finding
