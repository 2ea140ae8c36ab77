; id: javascript/taint-xss
; kind: taint
; include: request-sources
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the HTML of `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render with a template engine that escapes, or escape each value (`escape-html`, `he.encode`,
;   `lodash.escape`) before building HTML; in the browser set `textContent` instead of `innerHTML`
;   or pass markup through `DOMPurify.sanitize`.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are response bodies Express sends as HTML: `res.send(html)`, `res.status(200).send(html)`,
; `res.type('html').send(html)` (a string body is sent as text/html unless another type is set),
(call_expression
  function: (member_expression
    object: [
      (identifier) @response
      (call_expression
        function: (member_expression
          object: (identifier) @response
          property: (property_identifier) @setter)
        arguments: (arguments . (_) @type))
    ]
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#any-of? @response "res" "response")
  (#eq? @function "send")
  (#any-of? @setter "status" "type" "set" "header" "contentType")
  (#not-match? @type "^[\"'`](text/plain|application/json|json|text|txt|application/octet-stream)"))

; what a plain Node response writes (`res.write(html)`, `res.end(html)`), except JSON,
(call_expression
  function: (member_expression
    object: (identifier) @response
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#any-of? @response "res" "response")
  (#any-of? @function "write" "end")
  (#not-match? @sink "^JSON\\.stringify\\("))

; and, in the browser, markup assigned to `innerHTML`/`outerHTML` or written with
; `document.write`, `insertAdjacentHTML`.
(assignment_expression
  left: (member_expression
    property: (property_identifier) @property)
  right: (_) @sink
  (#any-of? @property "innerHTML" "outerHTML"))

(augmented_assignment_expression
  left: (member_expression
    property: (property_identifier) @property)
  right: (_) @sink
  (#any-of? @property "innerHTML" "outerHTML"))

(call_expression
  function: (member_expression
    object: (identifier) @document
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#eq? @document "document")
  (#any-of? @function "write" "writeln"))

(call_expression
  function: (member_expression
    property: (property_identifier) @function)
  arguments: (arguments . (_) . (_) @sink)
  (#eq? @function "insertAdjacentHTML"))

; Sanitizers are the HTML escaping helpers (`escapeHtml(s)` of escape-html, `he.encode(s)`,
; `_.escape(s)`, `validator.escape(s)`, `DOMPurify.sanitize(s)`, `xss(s)`).
(call_expression
  function: [
    (identifier) @escape
    (member_expression property: (property_identifier) @escape)
  ] @fn
  (#any-of? @escape "escapeHtml" "escapeHTML" "htmlEscape" "escape" "encode" "encodeHTML"
    "escapeXml" "sanitize" "sanitizeHtml" "xss" "filterXSS" "encodeURIComponent")
  ; A SQL driver's `escape` quotes for SQL and leaves `<` as it is.
  (#not-match? @fn "(?i)(mysql|connection|conn|pool|db|sqlstring|knex)\\.escape$"))
  @sanitizer
