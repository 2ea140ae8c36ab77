; id: go/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` reflects any origin and allows credentials, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Name the origins that may send credentials (`AllowedOrigins: []string{"https://app.example.com"}`).
;   An `AllowOriginFunc` (rs/cors, gin-contrib/cors) that always returns true answers each
;   request with its own origin, which browsers accept with credentials.
((literal_value
  (keyed_element
    (literal_element (identifier) @key)
    (literal_element (func_literal body: (block (statement_list . (return_statement (expression_list (true))) .)))))) @finding
  (#any-of? @key "AllowOriginFunc" "AllowOriginRequestFunc" "AllowOriginVaryRequestFunc")
  (#match? @finding "AllowCredentials\\s*:\\s*true"))
