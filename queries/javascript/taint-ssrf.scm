; id: javascript/taint-ssrf
; kind: taint
; include: request-sources, url-encoding
; name: Request data chooses the URL the server fetches
; severity: error
; message: Request data chooses the URL fetched by `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Fetch only URLs whose host comes from an allow-list (look the host up in a constant map);
;   encode values put into a fixed URL with `encodeURIComponent`, after a literal that already
;   names the host and a path (`'https://api.example.com/u/' + encodeURIComponent(id)`): after
;   `'https://'` the encoded value is the host.

; Sinks are the URLs of outgoing requests: `fetch(url)`, `got(url)`, `request(url)`,
; `superagent(url)`, `axios(url)`,
(call_expression
  function: (identifier) @function
  arguments: (arguments . (_) @sink)
  (#any-of? @function "fetch" "got" "request" "superagent" "axios" "needle" "nodeFetch" "ky"))

; `axios.get(url)`, `got.post(url)`, `http.get(url)`, `https.request(url)`, `superagent.get(url)`,
; (TypeScript parses `await axios.get<T>(url)` with the `await` around the callee),
(call_expression
  function: [
    (member_expression
      object: (identifier) @client
      property: (property_identifier) @method)
    (await_expression
      (member_expression
        object: (identifier) @client
        property: (property_identifier) @method))
  ]
  arguments: (arguments . (_) @sink)
  (#any-of? @client "axios" "got" "request" "superagent" "http" "https" "needle" "ky" "httpClient"
    "client" "undici")
  (#any-of? @method "get" "post" "put" "patch" "delete" "head" "options" "request" "stream"
    "fetch"))

; `needle('get', url)`, `needle.request('get', url)`,
(call_expression
  function: [
    (identifier) @function
    (member_expression
      object: (identifier) @function
      property: (property_identifier) @method)
  ]
  arguments: (arguments . (string) . (_) @sink)
  (#eq? @function "needle")
  (#eq? @method "request"))

; and the `url` (or `baseURL`) option of a request made from an options object
; (`axios({ url })`, `axios.request({ url })`, `got({ url })`).
(call_expression
  function: [
    (identifier) @function
    (member_expression
      object: (identifier) @function
      property: (property_identifier) @method)
  ]
  arguments: (arguments
    . (object
      (pair
        key: (property_identifier) @option
        value: (_) @sink)))
  (#any-of? @function "axios" "got" "request" "needle")
  (#eq? @method "request")
  (#any-of? @option "url" "uri" "baseURL" "prefixUrl" "host" "hostname"))

; Sanitizers are URL encoding where it cannot choose the host (`url-encoding.partial`), and the
; legacy escape() after such a literal but not after a bare `/`: escape() leaves `/`, `@`, `.`
; and `+`, so `//evil.com` survives it.
([
  (binary_expression
    left: [(string) @prefix (binary_expression right: (string) @prefix)]
    right: (call_expression function: (identifier) @encode) @sanitizer)
  (template_string
    (string_fragment) @prefix
    .
    (template_substitution . (call_expression function: (identifier) @encode) @sanitizer .))
]
  (#eq? @encode "escape")
  (#match? @prefix "^[\"'`]?(([a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/\\\\?#\"'`]+[/?#]|/[^/\\\\\"'`]|[?#]|[\\w.~-]+[/?#])"))
