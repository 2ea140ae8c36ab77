; id: javascript/taint-xpath-injection
; kind: taint
; include: request-sources
; name: Request data is built into an XPath expression
; severity: error
; message: Request data reaches the XPath expression of `{{sink}}`
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 8.1
; help: Give XPath values as variables (`xpath.evaluate(expr, doc, null, type, null, { variables })`),
;   check them against a pattern, or escape a value that goes into a string literal for XML
;   (`xmlescape(v)` of xml-escape), which turns both quotes into entities. LDAP escapers
;   (ldap-escape, `escapeFilterValue`) keep `'` and do not clean an XPath expression.

; Sinks are the text of XPath expressions (`xpath.select(expr, doc)`, `xpath.select1(expr, doc)`,
; `xpath.evaluate(expr, ...)`, `xpath.parse(expr)`, `document.evaluate(expr, ...)`).
(call_expression
  function: (member_expression
    object: (identifier) @module
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#any-of? @module "xpath" "XPath" "xpathjs")
  (#any-of? @function "select" "select1" "evaluate" "parse" "selectWithResolver"))

(call_expression
  function: (member_expression
    object: (_) @document
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#match? @document "(?i)(document|doc|dom|xml)$")
  (#any-of? @function "evaluate" "createExpression"))

; Sanitizers are the XML escapers given only the value (xml-escape's `xmlescape(v)` turns `'` and
; `"` into `&apos;` and `&quot;`, which an XPath string literal holds as text; a second argument
; names characters it leaves as they are).
(call_expression
  function: [
    (identifier) @escape
    (member_expression property: (property_identifier) @escape)
  ]
  arguments: (arguments . (_) .)
  (#any-of? @escape "xmlescape" "xmlEscape" "escapeXml" "escapeXML"))
  @sanitizer
