; id: csharp/taint-ssrf
; kind: taint
; include: request-sources, clean-values
; name: Request data chooses the address of a server-side request
; severity: error
; message: Request data chooses the address `{{sink}}` requests
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Build the URL from a fixed base and check what the client chose against an allow-list of
;   hosts; a client that picks the address reaches what the server can (internal services, the
;   cloud metadata endpoint at 169.254.169.254).

; Sinks are the address of `HttpClient`'s, `WebClient`'s and `WebRequest`'s requests (an
; address that starts with a literal host or path, `$"https://api.example.com/{id}"`,
; `"/status?q=" + q` or `$"api/users/{id}"` on a client with a base address, lets the request
; choose only what follows: not reported),
((invocation_expression
  function: (member_access_expression
    expression: (_) @client
    name: (_) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @client "(?i)(client|http|_http\\w*|web)$")
  (#not-match? @sink "^\\$?@?\"(https?://[^/\"{]+/|/|[A-Za-z0-9_.-]+/)")
  (#match? @method "^(Get|Post|Put|Patch|Delete)(Async|StringAsync|ByteArrayAsync|StreamAsync|FromJsonAsync|AsJsonAsync)?(<.*>)?$|^(Download|Upload|Open)(String|Data|File|Read|Write)?(Async|TaskAsync)?$"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#not-match? @sink "^\\$?@?\"(https?://[^/\"{]+/|/|[A-Za-z0-9_.-]+/)")
  (#match? @class "(^|\\.)(WebRequest|HttpWebRequest)$")
  (#any-of? @method "Create" "CreateHttp"))

; and the URI of a request message (judged there, not where it is sent).
((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (_)) . (argument (_) @sink)))
  (#not-match? @sink "^\\$?@?\"(https?://[^/\"{]+/|/|[A-Za-z0-9_.-]+/)")
  (#match? @type "(^|\\.)HttpRequestMessage$"))
