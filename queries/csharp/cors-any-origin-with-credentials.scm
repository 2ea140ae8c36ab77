; id: csharp/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` allows requests with the user's cookies from any origin, so any web site the user visits can act as them and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Name the origins that may send credentials (`WithOrigins("https://app.example.com")`).
;   `SetIsOriginAllowed(_ => true)` with `AllowCredentials()` reflects whatever origin asks,
;   which is the same as `*` with credentials (browsers refuse `*` itself, this they do not).

((invocation_expression
  function: (member_access_expression
    expression: (invocation_expression
      function: (member_access_expression
        name: (identifier) @allow)
      arguments: (argument_list . (argument (lambda_expression body: (boolean_literal) @yes)) .))
    name: (identifier) @credentials)) @finding
  (#eq? @allow "SetIsOriginAllowed")
  (#eq? @yes "true")
  (#eq? @credentials "AllowCredentials"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @chain
    name: (identifier) @credentials)) @finding
  (#eq? @credentials "AllowCredentials")
  (#match? @chain "(SetIsOriginAllowed\\(\\s*\\w+\\s*=>\\s*true\\s*\\)|AllowAnyOrigin\\(\\)|WithOrigins\\(\\s*\"\\*\"\\s*\\))"))
