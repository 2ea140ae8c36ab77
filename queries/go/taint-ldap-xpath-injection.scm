; id: go/taint-ldap-xpath-injection
; kind: taint
; include: request-sources
; name: Request data reaches an LDAP filter or XPath expression
; severity: error
; message: Request data reaches the query `{{sink}}` unescaped
; cwe: CWE-90, CWE-643
; tags: security, injection, ldap, xpath, taint
; precision: high
; security-severity: 8.1
; help: Escape values with `ldap.EscapeFilter` (filters) or `ldap.EscapeDN` (DNs) before they go
;   into LDAP queries; build XPath expressions from constants and compare values in Go.

; Sinks are the base DN and the filter of go-ldap's NewSearchRequest,
(call_expression
  function: (selector_expression field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @function "NewSearchRequest"))

(call_expression
  function: (selector_expression field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) @sink)
  (#eq? @function "NewSearchRequest"))

; and the expressions of the XPath libraries (antchfx's xpath, xmlquery and htmlquery).
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @package "xpath")
  (#any-of? @function "Compile" "MustCompile" "CompileWithNS"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @package "xmlquery" "htmlquery")
  (#any-of? @function "Find" "FindOne" "Query" "QueryAll"))

; Sanitizers are go-ldap's escaping helpers.
((call_expression
  function: (selector_expression field: (field_identifier) @escape)) @sanitizer
  (#any-of? @escape "EscapeFilter" "EscapeDN"))
