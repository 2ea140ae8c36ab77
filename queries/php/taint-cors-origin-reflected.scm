; id: php/taint-cors-origin-reflected
; kind: taint
; name: CORS answers any origin with the origin it asked for
; severity: error
; message: `{{sink}}` echoes the request's `Origin` back as allowed: with credentials allowed, any web site the user visits can send requests with their cookies and read the answers
; cwe: CWE-942, CWE-346
; tags: security, cors, taint
; precision: high
; security-severity: 8.1
; help: Compare the origin with the ones you trust (`in_array($origin, $trusted, true)`, an exact
;   match) before echoing it back, or send a fixed origin. Reported where the request's
;   `Origin` reaches the `Access-Control-Allow-Origin` header with no such check on the way.

((subscript_expression
  (variable_name) @server
  (string) @key) @source
  (#eq? @server "$_SERVER")
  (#match? @key "HTTP_ORIGIN"))

((function_call_expression
  function: (name) @header
  arguments: (arguments . (argument) @sink))
  (#eq? @header "header")
  (#match? @sink "(?i)^[\"']access-control-allow-origin:"))
