; id: java/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` allows credentials from any origin, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Name the origins that may send credentials (`allowedOrigins("https://app.example.com")`).
;   Spring refuses `*` origins with credentials, but answers an origin pattern `*` with the
;   asking origin: `allowedOriginPatterns("*")` (or `@CrossOrigin(originPatterns = "*")`) with
;   credentials lets any site in.

; `@CrossOrigin(origins = "*", allowCredentials = "true")`, `originPatterns = "*"`,
((annotation
  name: (identifier) @name
  arguments: (annotation_argument_list) @arguments) @finding
  (#eq? @name "CrossOrigin")
  (#match? @arguments "allowCredentials\\s*=\\s*\"true\"")
  (#match? @arguments "(origins|originPatterns|value)\\s*=\\s*(\\{\\s*)?\"\\*\""))

; and a registry or configuration chain with `*` patterns and credentials.
((method_invocation
  object: (_) @chain
  name: (identifier) @method
  arguments: (argument_list . (true) .)) @finding
  (#eq? @method "allowCredentials")
  (#match? @chain "allowedOriginPatterns\\(\\s*\"\\*\"\\s*\\)"))
