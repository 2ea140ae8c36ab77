; id: javascript/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` reflects any origin and allows credentials, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Name the origins that may send credentials (`cors({ origin: ['https://app.example.com'],
;   credentials: true })`). `origin: true` and an origin callback that always says yes reflect
;   whatever origin asks, which browsers accept with credentials (unlike `*`).

; `cors({ origin: true, credentials: true })`, in either order, or with a callback that always
; allows.
((object
  (pair
    key: (property_identifier) @origin
    value: [(true) (arrow_function body: (true)) (arrow_function body: (call_expression arguments: (arguments (null) (true))))])
  (pair
    key: (property_identifier) @credentials
    value: (true))) @finding
  (#eq? @origin "origin")
  (#eq? @credentials "credentials"))

((object
  (pair
    key: (property_identifier) @credentials
    value: (true))
  (pair
    key: (property_identifier) @origin
    value: [(true) (arrow_function body: (true)) (arrow_function body: (call_expression arguments: (arguments (null) (true))))])) @finding
  (#eq? @origin "origin")
  (#eq? @credentials "credentials"))
