; id: javascript/taint-ldap-injection
; kind: taint
; include: request-sources
; name: Request data is built into an LDAP search filter
; severity: error
; message: Request data reaches the LDAP filter of `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Build LDAP filters from ldapjs filter objects (`new EqualityFilter({ attribute, value })`)
;   or escape each value for a filter (ldap-escape's ``ldapEscape.filter`(uid=${uid})` ``,
;   `escapeFilterValue` of `@ldapjs/filter`). A DN escaper (`ldapEscape.dn`) or an XML escaper
;   keeps `*`, `(` and `)` and does not clean a filter.

; Sinks are the filter of an ldapjs search, given as text or in the options object
; (`client.search(base, filter)`, `client.search(base, { filter })`; an options object from a
; variable is the sink as a whole), and filters parsed from text (`ldap.parseFilter(text)`).
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

; Sanitizers are the ldapjs filter objects, which escape their value
; (`new EqualityFilter({ attribute, value })`),
(new_expression
  constructor: [
    (identifier) @class
    (member_expression property: (property_identifier) @class)
  ]
  (#match? @class "^(Equality|Substring|Presence|Approximate|GreaterThanEqual|LessThanEqual|Extensible)Filter$"))
  @sanitizer

; the filter escaping helpers (`escapeFilterValue(v)` of @ldapjs/filter: `*`, `(`, `)`, `\` and
; NUL as `\2a` ...),
(call_expression
  function: [
    (identifier) @escape
    (member_expression property: (property_identifier) @escape)
  ]
  (#any-of? @escape "escapeFilter" "escapeLDAPFilter" "escapeFilterValue"))
  @sanitizer

; and ldap-escape's filter tag (``ldapEscape.filter`(uid=${uid})` ``), not its `dn` tag.
(call_expression
  function: (member_expression
    object: (identifier) @module
    property: (property_identifier) @escape)
  (#match? @module "(?i)^ldap_?escape$")
  (#eq? @escape "filter"))
  @sanitizer
