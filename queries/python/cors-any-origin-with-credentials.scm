; id: python/cors-any-origin-with-credentials
; name: CORS lets any site make credentialed requests
; severity: error
; message: `{{finding}}` allows credentials from any origin, so any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors
; precision: high
; security-severity: 8.1
; help: Name the origins that may send credentials (`CORS(app, origins=["https://app.example.com"],
;   supports_credentials=True)`, `allow_origins=[...]` of Starlette's `CORSMiddleware`).
;   flask-cors allows every origin unless told otherwise, and Starlette answers a `*` with the
;   asking origin when credentials are allowed: both let any site in.

; flask-cors with credentials and no origins, or `*`,
((call
  function: [(identifier) @function (attribute attribute: (identifier) @function)]
  arguments: (argument_list
    (keyword_argument name: (identifier) @credentials value: (true))) @arguments) @finding
  (#any-of? @function "CORS" "cross_origin")
  (#eq? @credentials "supports_credentials")
  (#not-match? @arguments "\\b(origins|resources)\\s*=")
  )
((call
  function: [(identifier) @function (attribute attribute: (identifier) @function)]
  arguments: (argument_list
    (keyword_argument name: (identifier) @credentials value: (true))) @arguments) @finding
  (#any-of? @function "CORS" "cross_origin")
  (#eq? @credentials "supports_credentials")
  (#match? @arguments "\\borigins\\s*=\\s*(\\[\\s*)?[\"']\\*[\"']"))

; and Starlette's (FastAPI's) middleware with `*` or a pattern for any origin.
((call
  function: (attribute attribute: (identifier) @method)
  arguments: (argument_list
    (identifier) @middleware
    (keyword_argument name: (identifier) @credentials value: (true))) @arguments) @finding
  (#eq? @method "add_middleware")
  (#eq? @middleware "CORSMiddleware")
  (#eq? @credentials "allow_credentials")
  (#match? @arguments "allow_origins\\s*=\\s*\\[\\s*[\"']\\*[\"']|allow_origin_regex\\s*=\\s*r?[\"']\\.\\*"))
