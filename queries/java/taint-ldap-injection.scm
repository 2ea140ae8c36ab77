; id: java/taint-ldap-injection
; kind: taint
; include: request-sources, local-sources, remote-sources, stored-sources, clean-values
; name: Untrusted input is built into an LDAP search filter
; severity: error
; message: Untrusted input reaches the LDAP filter of `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Pass values as filter arguments (`search(base, "(uid={0})", new Object[] {uid}, controls)`),
;   build the filter from filter objects (Spring's `LdapQueryBuilder`, `EqualsFilter`), or escape
;   each value for a filter (`LdapEncoder.filterEncode`, UnboundID's `Filter.encodeValue`, ESAPI's
;   `encodeForLDAP`). A DN encoder (`LdapEncoder.nameEncode`, `encodeForDN`) or an XML escaper
;   leaves `*`, `(`, `)` and `\` as they are and does not clean a filter.
;   Sources: web requests, the environment and properties, standard input, files, sockets, URL
;   connections and database rows.

; Sinks are LDAP search filters (the second argument of a `search` given three or more),
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) . (_) @sink . (_))
  (#eq? @method "search"))

; and the filters of Spring LDAP queries.
(method_invocation
  object: (_) @query
  name: (identifier) @method
  arguments: (argument_list . (_) @sink .)
  (#match? @query "(?i)query\\(\\)|ldap")
  (#eq? @method "filter"))

; Sanitizers escape a value for a filter: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`,
; `\5c`, `\00` (Spring's `LdapEncoder.filterEncode`, UnboundID's `Filter.encodeValue`, ESAPI's
; `encodeForLDAP`). `encodeForLDAP(value, false)` keeps `*`, so a value can still widen the
; search: it does not count.
((method_invocation
  name: (identifier) @escape
  arguments: (argument_list) @arguments) @sanitizer
  (#any-of? @escape "filterEncode" "encodeValue" "escapeLDAPSearchFilter" "encodeForLDAP")
  (#not-match? @arguments ",\\s*false\\s*\\)$"))
