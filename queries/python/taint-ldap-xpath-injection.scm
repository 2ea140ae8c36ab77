; id: python/taint-ldap-xpath-injection
; kind: taint
; include: request-sources
; name: Request data is built into an LDAP filter or an XPath expression
; severity: error
; message: Request data reaches the query of `{{sink}}`
; cwe: CWE-90, CWE-643
; tags: security, injection, ldap, xpath, taint
; precision: high
; security-severity: 8.1
; help: Escape values with `ldap3.utils.conv.escape_filter_chars` (LDAP) or pass them as XPath
;   variables (`tree.xpath("//user[@name=$name]", name=value)`).

; Sinks are LDAP search filters (second argument, or third for search_s) and XPath text.
(call
  function: (attribute attribute: (identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @function "search"))

(call
  function: (attribute attribute: (identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#any-of? @function "search_s" "search_st" "search_ext_s"))

(call
  function: (attribute attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @function "xpath"))

; Sanitizers are the escaping helpers.
((call function: [(identifier) @escape (attribute attribute: (identifier) @escape)]) @sanitizer
  (#any-of? @escape "escape_filter_chars" "escape_dn_chars" "filter_format"))
