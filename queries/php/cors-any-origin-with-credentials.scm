; id: php/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` allows credentials from any origin, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Answer only origins on an allow-list: compare `$_SERVER['HTTP_ORIGIN']` with the
;   origins you trust before echoing it back, and name them in Laravel's `config/cors.php`
;   (`'allowed_origins' => ['https://app.example.com']`) when `supports_credentials` is true.

; The request's own origin echoed back as allowed,
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument (binary_expression) @header))) @finding
  (#eq? @function "header")
  (#match? @header "(?i)^[\"']access-control-allow-origin:")
  (#match? @header "HTTP_ORIGIN|getHeader(Line)?\\([\"'](?i:origin)[\"']\\)|header\\([\"'](?i:origin)[\"']\\)"))

; and a CORS configuration with credentials and `*` origins.
((array_creation_expression) @finding
  (#match? @finding "[\"']supports_credentials[\"']\\s*=>\\s*true")
  (#match? @finding "[\"']allowed_origins[\"']\\s*=>\\s*\\[\\s*[\"']\\*[\"']"))
