; id: php/taint-ldap-xpath-injection
; kind: taint
; include: request-sources, sanitizers
; name: Request data is built into an LDAP filter or an XPath expression
; severity: error
; message: Request data reaches the query of `{{sink}}`
; cwe: CWE-90, CWE-643
; tags: security, injection, ldap, xpath, taint
; precision: high
; security-severity: 8.1
; help: Escape LDAP values with `ldap_escape($value, '', LDAP_ESCAPE_FILTER)`; build XPath
;   expressions only from fixed text, or check the value against an allow-list first.

; Sinks are LDAP search filters (the third argument),
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument) . (argument) . (argument (_) @sink))
  (#any-of? @function "ldap_search" "ldap_list" "ldap_read"))

; and XPath expressions: SimpleXMLElement::xpath, and DOMXPath's query and evaluate (told
; apart from SQL queries by the receiver's name or by an expression that starts with a slash).
(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#eq? @method "xpath"))

(member_call_expression
  object: (_) @xpath
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "query" "evaluate")
  (#match? @xpath "(?i)(xpath|xp|finder)$"))

(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "query" "evaluate")
  (#match? @sink "^['\"]\\s*\\.?/[^*]"))

; Sanitizers are LDAP escaping.
((function_call_expression function: [(name) @escape (qualified_name (name) @escape)]) @sanitizer
  (#any-of? @escape "ldap_escape"))
