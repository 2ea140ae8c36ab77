; id: php/taint-ldap-injection
; kind: taint
; include: request-sources, sanitizers
; name: Request data is built into an LDAP search filter
; severity: error
; message: Request data reaches the LDAP filter of `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Escape LDAP values with `ldap_escape($value, '', LDAP_ESCAPE_FILTER)`. With
;   `LDAP_ESCAPE_DN` alone it escapes for a DN and keeps `*`, `(` and `)`; characters named in
;   its second argument are kept too; an HTML or XML escaper does not clean a filter either.

; Sinks are LDAP search filters (the third argument).
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument) . (argument) . (argument (_) @sink))
  (#any-of? @function "ldap_search" "ldap_list" "ldap_read"))

; Sanitizers are ldap_escape where it escapes a filter's characters: with no flags (every
; character is escaped, `ldap_escape($v)`, `ldap_escape($v, '')`),
((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) .)) @sanitizer
  (#eq? @escape "ldap_escape"))

((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) . (argument (_) @ignore) .)) @sanitizer
  (#eq? @escape "ldap_escape")
  (#match? @ignore "^(''|\"\"|(?i:null))$"))

; or with flags that hold LDAP_ESCAPE_FILTER (alone or with LDAP_ESCAPE_DN), and nothing kept
; unescaped. `ldap_escape($v, '', LDAP_ESCAPE_DN)` keeps `*`, `(` and `)`: it is no sanitizer
; here.
((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) . (argument (_) @ignore) . (argument (_) @flags) .)) @sanitizer
  (#eq? @escape "ldap_escape")
  (#match? @ignore "^(''|\"\"|(?i:null))$")
  (#match? @flags "LDAP_ESCAPE_FILTER|^0$"))
