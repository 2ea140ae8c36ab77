; id: java/taint-xss
; kind: taint
; include: request-sources, remote-sources, clean-values
; name: Untrusted input is written into HTML without escaping
; severity: error
; message: Untrusted input reaches the HTML of `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render through a template that escapes (Thymeleaf `th:text`, JSP `<c:out>`), or escape for
;   the context first (`HtmlUtils.htmlEscape`, OWASP `Encode.forHtml`,
;   `StringEscapeUtils.escapeHtml4`).
;   Sources: web requests, sockets and URL connections (not local input or database rows, which
;   on real code reach console output far more often than HTML).
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are what a servlet writes to its response (`response.getWriter().println(...)`, or a
; writer variable named like one: `out`, `writer`, `pw`),
(method_invocation
  object: (method_invocation name: (identifier) @writer)
  name: (identifier) @method
  arguments: (argument_list (_) @sink)
  (#any-of? @writer "getWriter" "getOutputStream")
  (#any-of? @method "print" "println" "write" "append" "printf" "format"))

(method_invocation
  object: (identifier) @writer
  name: (identifier) @method
  arguments: (argument_list (_) @sink)
  (#match? @writer "^(out|pw|writer|printWriter|respWriter|responseWriter|htmlWriter)$")
  (#any-of? @method "print" "println" "write" "append" "printf" "format"))

; the message of `sendError`, which the container writes into its HTML error page,
(method_invocation
  object: (identifier) @response
  name: (identifier) @method
  arguments: (argument_list . (_) . (_) @sink)
  (#match? @response "(?i)(^|\\.)(resp|\\w*response)$")
  (#eq? @method "sendError"))

; and responses that are clearly HTML: `ResponseEntity.ok(...)` or `.body(...)` given markup, a
; body of a response declared `text/html`, and markup returned by a handler.
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (binary_expression) @sink)
  (#any-of? @method "ok" "body")
  (#match? @sink "\"[^\"]*<[a-zA-Z/!]"))

(method_invocation
  object: (_) @response
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#eq? @method "body")
  (#match? @response "TEXT_HTML|text/html"))

(return_statement
  (binary_expression) @sink
  (#match? @sink "^\"[^\"]*<[a-zA-Z/!]"))

; Sanitizers are the HTML escaping helpers.
((method_invocation
  name: (identifier) @escape) @sanitizer
  (#any-of? @escape "htmlEscape" "htmlEscapeDecimal" "htmlEscapeHex" "escapeHtml" "escapeHtml4"
    "escapeHtml3" "escapeXml" "escapeXml10" "escapeXml11" "forHtml" "forHtmlContent"
    "forHtmlAttribute" "forXml" "forXmlContent" "encodeForHTML" "encodeForHTMLAttribute"
    "sanitize"))

; jsoup's `Jsoup.clean(html, safelist)`; not commons-lang's `StringUtils.clean`, a trim.
((method_invocation
  name: (identifier) @clean (#eq? @clean "clean")) @sanitizer
  (#resolves-to? @sanitizer "org.jsoup.Jsoup.clean"))
