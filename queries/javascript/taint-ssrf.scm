; id: javascript/taint-ssrf
; kind: taint
; include: request-sources
; name: Request data chooses the URL the server fetches
; severity: error
; message: Request data chooses the URL fetched by `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Fetch only URLs whose host comes from an allow-list (look the host up in a constant map);
;   encode values put into a fixed URL with `encodeURIComponent`.

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

; Sanitizers are URL encoding of a value put into a fixed URL (`encodeURIComponent(id)`).
(call_expression
  function: (identifier) @encode
  (#any-of? @encode "encodeURIComponent" "escape"))
  @sanitizer
