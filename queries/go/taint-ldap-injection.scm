; id: go/taint-ldap-injection
; kind: taint
; include: request-sources
; name: Request data reaches an LDAP search filter or base DN
; severity: error
; message: Request data reaches the LDAP search `{{sink}}` unescaped
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Escape values with `ldap.EscapeFilter` before they go into a filter and with `ldap.EscapeDN`
;   before they go into a DN, or check them against an allow-list. Each escapes for its own
;   context only: `EscapeDN` keeps `*`, `(` and `)`, and an HTML or XML escaper keeps all of a
;   filter's special characters.

; Sinks are the base DN and the filter of go-ldap's NewSearchRequest.
(call_expression
  function: (selector_expression field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @function "NewSearchRequest"))

(call_expression
  function: (selector_expression field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) @sink)
  (#eq? @function "NewSearchRequest"))

; Sanitizers are go-ldap's filter escaping (`*`, `(`, `)`, `\` and NUL as `\2a` ...),
((call_expression
  function: (selector_expression field: (field_identifier) @escape)) @sanitizer
  (#eq? @escape "EscapeFilter"))

; and its DN escaping where the text shows the value goes into a DN: written right after an
; `attr=` with no `(` before it (`"ou=" + ldap.EscapeDN(group) + ","`,
; `fmt.Sprintf("uid=%s,%s", ldap.EscapeDN(user), base)`). The rule's sanitizers clean for every
; sink, and `EscapeDN` keeps `*`, `(` and `)`: escaped on its own, or put into a filter
; (`"(uid=" + ldap.EscapeDN(user) + ")"`), the value is not clean.
(binary_expression
  left: (_) @prefix
  right: (call_expression
    function: (selector_expression field: (field_identifier) @escape)) @sanitizer
  (#eq? @escape "EscapeDN")
  (#match? @prefix "^[^(]*=[\"`]$"))

(call_expression
  function: (selector_expression field: (field_identifier) @format)
  arguments: (argument_list
    . [(interpreted_string_literal) (raw_string_literal)] @layout
    (call_expression
      function: (selector_expression field: (field_identifier) @escape)) @sanitizer)
  (#eq? @format "Sprintf")
  (#eq? @escape "EscapeDN")
  (#match? @layout "^[^(]*=%s[^(]*$"))
