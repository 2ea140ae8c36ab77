; id: python/taint-ldap-injection
; kind: taint
; include: request-sources
; name: Request data is built into an LDAP search filter
; severity: error
; message: Request data reaches the LDAP filter of `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Escape values with `escape_filter_chars` (`ldap.filter` of python-ldap, or
;   `ldap3.utils.conv`), or build the filter with `ldap.filter.filter_format`. A DN escaper
;   (`ldap.dn.escape_dn_chars`) or an HTML/XML escaper keeps `*`, `(` and `)` and does not clean a
;   filter.

; Sinks are LDAP search filters (second argument, or third for search_s; `re.search(pattern,
; text)` searches text, not a directory).
(call
  function: (attribute attribute: (identifier) @function) @callee
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @function "search")
  (#not-resolves-to? @callee "re.search" "regex.search"))

(call
  function: (attribute attribute: (identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#any-of? @function "search_s" "search_st" "search_ext_s"))

; Sanitizers are the filter escaping helpers (`*`, `(`, `)`, `\` and NUL as `\2a` ...), and
; filter_format, which escapes every value it puts into the template.
((call function: [(identifier) @escape (attribute attribute: (identifier) @escape)]) @sanitizer
  (#any-of? @escape "escape_filter_chars" "filter_format"))

; Propagators are escapers for other contexts, which keep a filter's `*`, `(` and `)` (in Python a
; call the rule does not name returns a clean value): python-ldap's DN escaping, and HTML/XML
; escaping (`html.escape`, `xml.sax.saxutils.escape`).
((call function: [(identifier) @escape (attribute attribute: (identifier) @escape)]) @propagator
  (#eq? @escape "escape_dn_chars"))

((call function: [(identifier) (attribute)] @escape) @propagator
  (#resolves-to? @escape "html.escape" "xml.sax.saxutils.escape"))
