; id: python/taint-ssrf
; kind: taint
; include: request-sources
; name: Request data chooses the URL the server fetches
; severity: error
; message: Request data chooses the URL fetched by `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Fetch only URLs built from an allow-list of hosts; never pass a URL from the request.

; Sinks are the URLs of outgoing requests.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#any-of? @module "requests" "httpx" "session" "client")
  (#any-of? @function "get" "post" "put" "delete" "patch" "head" "urlopen"))

(call
  function: (attribute
    object: (attribute object: (identifier) @urllib attribute: (identifier) @request)
    attribute: (identifier) @urlopen)
  arguments: (argument_list . (_) @sink)
  (#eq? @urllib "urllib")
  (#eq? @request "request")
  (#eq? @urlopen "urlopen"))

(call
  function: (identifier) @urlopen
  arguments: (argument_list . (_) @sink)
  (#eq? @urlopen "urlopen"))
