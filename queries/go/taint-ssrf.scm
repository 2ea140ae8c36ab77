; id: go/taint-ssrf
; kind: taint
; include: request-sources, url-escaping
; name: Request data chooses where the server sends a request
; severity: error
; message: Request data chooses the URL of `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Take outgoing hosts from configuration or a fixed allow-list (map a key from the request
;   to a known base URL); put request values into a URL only as escaped query or path parts
;   (`url.QueryEscape`, `url.PathEscape`).

; Sinks are the URLs of net/http's functions,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @package "http")
  (#any-of? @function "Get" "Head" "Post" "PostForm"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @package "http")
  (#eq? @function "NewRequest"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#eq? @package "http")
  (#eq? @function "NewRequestWithContext"))

; of an http.Client's methods (`client.Get(u)`, `s.httpClient.Post(u, ...)`),
(call_expression
  function: (selector_expression
    operand: (_) @client
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#match? @client "(?i)client$")
  (#any-of? @method "Get" "Head" "Post" "PostForm"))

; and the addresses net.Dial connects to.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @package "net")
  (#any-of? @function "Dial" "DialTimeout"))

; Sanitizers are URL escaping where it cannot choose the host (`url-escaping.partial`).
