; id: csharp/taint-ldap-injection
; kind: taint
; include: request-sources, local-sources, clean-values
; name: Untrusted input reaches an LDAP filter
; severity: error
; message: Untrusted input reaches the LDAP filter of `{{sink}}`
; cwe: CWE-90
; tags: security, injection, ldap, taint
; precision: high
; security-severity: 8.1
; help: Escape each value put into a filter (RFC 4515: `\2a` for `*`, `\28` `\29` for the
;   parentheses, `\5c`, `\00`), or look the entry up by a fixed attribute with the value escaped.

((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (_) @sink)))
  (#match? @type "(^|\\.)(DirectorySearcher|SearchRequest)$"))

((assignment_expression
  left: (member_access_expression
    expression: (_) @searcher
    name: (identifier) @property)
  right: (_) @sink)
  (#match? @searcher "(?i)(searcher|search|request|ds)$")
  (#eq? @property "Filter"))

((invocation_expression
  function: [
    (identifier) @method
    (member_access_expression name: (identifier) @method)
  ]) @sanitizer
  (#match? @method "(?i)(ldap|filter).*(escape|encode)|(escape|encode).*(ldap|filter)"))
