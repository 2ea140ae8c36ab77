; id: javascript/taint-open-redirect
; kind: taint
; include: request-sources, url-encoding
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

; Sanitizers are URL encoding where it cannot choose the host (`url-encoding.partial`);
; and the project's own redirect checks, by their name (`safeRedirect(next, '/')`,
; `validateReturnUrl(url)`, `toLocalPath(url)`).
(call_expression
  function: [
    (identifier) @check
    (member_expression property: (property_identifier) @check)
  ]
  (#match? @check "(?i)^(safe|sanitiz|validat|allowed|whitelist|allowlist|toLocal|localPath|relativeUrl)"))
  @sanitizer
