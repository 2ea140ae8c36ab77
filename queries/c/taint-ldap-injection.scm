; id: c/taint-ldap-injection
; kind: taint
; include: request-sources, argument-sources
; name: Untrusted input reaches an LDAP search filter
; severity: error
; message: Untrusted input reaches the search filter given to `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Escape every value put into a filter (`ldap_bv2escaped_filter_value` in OpenLDAP; on
;   Windows, escape `*`, `(`, `)`, `\` and NUL as `\2a`, `\28`, `\29`, `\5c`, `\00`), or check it
;   against a strict allow-list (letters and digits) before building the filter.

; Sinks are the filter of an LDAP search, the fourth argument of OpenLDAP's and Windows'
; `ldap_search*` calls (`ldap_search_ext_s`, `ldap_search_s`, `ldap_search_ext_sA` ...).
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) . (_) @sink)
  (#match? @function "^ldap_search(_ext)?(_s|_st)?[AW]?$"))

; Sanitizers escape a value for a filter.
((call_expression
  function: (identifier) @escape) @sanitizer
  (#any-of? @escape "ldap_bv2escaped_filter_value" "ldap_escape_filter"))
