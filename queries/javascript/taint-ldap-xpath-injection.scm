; id: javascript/taint-ldap-xpath-injection
; kind: taint
; include: request-sources
; name: Request data is built into an LDAP filter or an XPath expression
; severity: error
; message: Request data reaches the query of `{{sink}}`
; cwe: CWE-90, CWE-643
; tags: security, injection, ldap, xpath, taint
; precision: high
; security-severity: 8.1
; help: Build LDAP filters from ldapjs filter objects (`new EqualityFilter({ attribute, value })`)
;   or escape values with `ldap-escape`; give XPath values as variables
;   (`xpath.evaluate(expr, doc, null, type, null, { variables })`) or check them against a pattern.

; Sinks are the filter of an ldapjs search, given as text or in the options object
; (`client.search(base, filter)`, `client.search(base, { filter })`; an options object from a
; variable is the sink as a whole), and filters parsed from text (`ldap.parseFilter(text)`),
(call_expression
  function: (member_expression
    object: (_) @client
    property: (property_identifier) @function)
  arguments: (arguments . (_) . [(identifier) (member_expression) (binary_expression) (template_string) (call_expression) (string)] @sink)
  (#match? @client "(?i)(ldap|client|directory)$")
  (#eq? @function "search"))

(call_expression
  function: (member_expression
    object: (_) @client
    property: (property_identifier) @function)
  arguments: (arguments . (_) . (object
    (pair
      key: (property_identifier) @option
      value: (_) @sink)))
  (#match? @client "(?i)(ldap|client|directory)$")
  (#eq? @function "search")
  (#eq? @option "filter"))

(call_expression
  function: [
    (identifier) @function
    (member_expression property: (property_identifier) @function)
  ]
  arguments: (arguments . (_) @sink)
  (#eq? @function "parseFilter"))

; and the text of XPath expressions (`xpath.select(expr, doc)`, `xpath.select1(expr, doc)`,
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

; Sanitizers are the ldapjs filter objects, which escape their value
; (`new EqualityFilter({ attribute, value })`), and the escaping helpers of ldap-escape and
; ldapjs (`escapeFilter(v)`, `ldapEscape.filter(v)`).
(new_expression
  constructor: [
    (identifier) @class
    (member_expression property: (property_identifier) @class)
  ]
  (#match? @class "^(Equality|Substring|Presence|Approximate|GreaterThanEqual|LessThanEqual|Extensible)Filter$"))
  @sanitizer

(call_expression
  function: [
    (identifier) @escape
    (member_expression property: (property_identifier) @escape)
  ]
  (#any-of? @escape "escapeFilter" "escapeLDAPFilter" "escapeDN" "escapeFilterValue" "ldapEscape"))
  @sanitizer
