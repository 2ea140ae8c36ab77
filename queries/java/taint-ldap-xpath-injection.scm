; id: java/taint-ldap-xpath-injection
; kind: taint
; include: request-sources, local-sources, remote-sources, stored-sources, clean-values
; name: Untrusted input is built into an LDAP filter or an XPath expression
; severity: error
; message: Untrusted input reaches the query of `{{sink}}`
; cwe: CWE-90, CWE-643
; tags: security, injection, ldap, xpath, taint
; precision: high
; security-severity: 8.1
; help: Escape values for LDAP filters (`LdapEncoder.filterEncode`, `Filter.encodeValue`) or pass
;   them as arguments (`search(base, "(uid={0})", new Object[] {uid}, controls)`); give XPath
;   values through an `XPathVariableResolver` (`$name`) instead of building the expression.
;   Sources: web requests, the environment and properties, standard input, files, sockets, URL
;   connections and database rows.

; Sinks are LDAP search filters (the second argument of a `search` given three or more),
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) . (_) @sink . (_))
  (#eq? @method "search"))

; the filters of Spring LDAP queries,
(method_invocation
  object: (_) @query
  name: (identifier) @method
  arguments: (argument_list . (_) @sink .)
  (#match? @query "(?i)query\\(\\)|ldap")
  (#eq? @method "filter"))

; and the expressions of an XPath (named like one: `xpath`, `xPath`, `xp`, or `newXPath()`).
(method_invocation
  object: (_) @xpath
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @xpath "(?i)xpath|^xp$")
  (#any-of? @method "compile" "selectNodes" "selectSingleNode" "evaluate"))

; Sanitizers are the LDAP and XPath escaping helpers, and XML escaping (`escapeXml` turns quotes
; into entities, which an XPath string literal holds as plain characters: the value cannot close
; its literal).
((method_invocation
  name: (identifier) @escape) @sanitizer
  (#any-of? @escape "filterEncode" "nameEncode" "encodeValue" "escapeLDAPSearchFilter"
    "encodeForLDAP" "encodeForDN" "encodeForXPath" "escapeXPath" "forXmlAttribute" "escapeXml"
    "escapeXml10" "escapeXml11"))
