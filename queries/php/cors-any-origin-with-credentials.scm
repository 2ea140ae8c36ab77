; id: php/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: This CORS configuration allows credentials from any origin, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Answer only origins on an allow-list: compare `$_SERVER['HTTP_ORIGIN']` with the
;   origins you trust before echoing it back, and name them in Laravel's `config/cors.php`
;   (`'allowed_origins' => ['https://app.example.com']`) when `supports_credentials` is true.

; A CORS configuration with credentials and `*` origins (the request's own origin echoed back
; is `php/taint-cors-origin-reflected`).
((array_creation_expression) @finding
  (#match? @finding "[\"']supports_credentials[\"']\\s*=>\\s*true")
  (#match? @finding "[\"']allowed_origins[\"']\\s*=>\\s*\\[\\s*[\"']\\*[\"']"))
