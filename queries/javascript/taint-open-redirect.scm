; id: javascript/taint-open-redirect
; kind: taint
; include: request-sources
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (a single leading `/`, never `//` or `/\`), or map a key
;   from the request to a fixed URL; encode values put into a local path with `encodeURIComponent`
;   (`'/p/' + encodeURIComponent(slug)`). After a literal that does not fix the host
;   (`'https://' + encodeURIComponent(site)`) the encoded value still chooses it.

; Sinks are redirect targets: `res.redirect(url)`, `res.redirect(302, url)`, `res.location(url)`,
; Koa's `ctx.redirect(url)`,
(call_expression
  function: (member_expression
    object: (identifier) @response
    property: (property_identifier) @function)
  arguments: (arguments (_) @sink .)
  (#any-of? @response "res" "response" "reply" "ctx")
  (#any-of? @function "redirect" "location"))

; the Location header (`res.writeHead(302, { Location: url })`, `res.setHeader('Location', url)`,
; `res.set('Location', url)`, `res.header('Location', url)`),
(call_expression
  function: (member_expression
    object: (identifier) @response
    property: (property_identifier) @function)
  arguments: (arguments
    (object
      (pair
        key: [(property_identifier) (string)] @header
        value: (_) @sink)))
  (#any-of? @response "res" "response")
  (#any-of? @function "writeHead" "set" "header")
  (#match? @header "^[\"']?[Ll]ocation[\"']?$"))

(call_expression
  function: (member_expression
    object: (identifier) @response
    property: (property_identifier) @function)
  arguments: (arguments . (string) @header . (_) @sink)
  (#any-of? @response "res" "response")
  (#any-of? @function "setHeader" "set" "header" "append")
  (#match? @header "^[\"'][Ll]ocation[\"']$"))

; and, in the browser, the page's location (`location.href = url`, `location.assign(url)`,
; `window.location = url`).
(assignment_expression
  left: [
    (identifier) @location
    (member_expression
      object: (identifier) @window
      property: (property_identifier) @location)
    (member_expression
      object: [
        (identifier) @location
        (member_expression property: (property_identifier) @location)
      ]
      property: (property_identifier) @part)
  ]
  right: (_) @sink
  (#eq? @location "location")
  (#any-of? @window "window" "document" "self" "top")
  (#eq? @part "href"))

(call_expression
  function: (member_expression
    object: [
      (identifier) @location
      (member_expression property: (property_identifier) @location)
    ]
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#eq? @location "location")
  (#any-of? @function "assign" "replace"))

; Sanitizers are URL encoding where it cannot choose the host. encodeURIComponent leaves no `/`,
; `\`, `:`, `?`, `#` or `@`, so a value that is the whole target is one relative path segment
; (`//evil.com` comes out as `%2F%2Fevil.com`, a page of this site),
([
  (variable_declarator value: (call_expression function: (identifier) @encode) @sanitizer)
  (assignment_expression right: (call_expression function: (identifier) @encode) @sanitizer)
  (return_statement (call_expression function: (identifier) @encode) @sanitizer)
  (pair value: (call_expression function: (identifier) @encode) @sanitizer)
  (arrow_function body: (call_expression function: (identifier) @encode) @sanitizer)
  (new_expression arguments: (arguments (call_expression function: (identifier) @encode) @sanitizer))
  (call_expression
    function: (_) @callee
    arguments: (arguments (call_expression function: (identifier) @encode) @sanitizer))
]
  (#eq? @encode "encodeURIComponent")
  (#not-match? @callee "(?i)(concat|join|format)$"))

; and one put right after a literal that has fixed the scheme and host already: a path of this
; site (`'/p/' + encodeURIComponent(slug)`, `` `/orders/${encodeURIComponent(id)}` ``), a query
; (`'?next='`) or a URL with its host (`'https://example.com/u/'`). After one that has not
; (`'https://' + encodeURIComponent(host)`, `'https://example.com' + ...`, which `.evil.com`
; extends) the value is the host, and in a string built by other means it is not judged clean.
([
  (binary_expression
    left: [(string) @prefix (binary_expression right: (string) @prefix)]
    right: (call_expression function: (identifier) @encode) @sanitizer)
  (template_string
    (string_fragment) @prefix
    .
    (template_substitution . (call_expression function: (identifier) @encode) @sanitizer .))
]
  (#eq? @encode "encodeURIComponent")
  (#match? @prefix "^[\"'`]?(([a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/\\\\?#\"'`]+[/?#]|/([^/\\\\]|$)|[?#]|[\\w.~-]+[/?#])"))

; and the project's own redirect checks, by their name (`safeRedirect(next, '/')`,
; `validateReturnUrl(url)`, `toLocalPath(url)`).
(call_expression
  function: [
    (identifier) @check
    (member_expression property: (property_identifier) @check)
  ]
  (#match? @check "(?i)^(safe|sanitiz|validat|allowed|whitelist|allowlist|toLocal|localPath|relativeUrl)"))
  @sanitizer
