; id: python/taint-xpath-injection
; kind: taint
; include: request-sources
; name: Request data is built into an XPath expression
; severity: error
; message: Request data reaches the XPath expression of `{{sink}}`
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 8.1
; help: Pass values as XPath variables (`tree.xpath("//user[@name=$name]", name=value)`), or escape
;   a value that goes into a string literal with `html.escape(value)`, which turns both quotes
;   into entities. `xml.sax.saxutils.escape` keeps quotes, and LDAP escapers
;   (`escape_filter_chars`) keep `'`: neither cleans an XPath expression.

; Sinks are the text of XPath expressions (lxml's `xpath`).
(call
  function: (attribute attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @function "xpath"))

; Sanitizers are html.escape with its default quote=True (`'` as `&#x27;`, `"` as `&quot;`),
; which an XPath string literal holds as plain text: the value cannot close its literal.
((call
  function: [(identifier) (attribute)] @escape
  arguments: (argument_list) @arguments) @sanitizer
  (#resolves-to? @escape "html.escape")
  (#not-match? @arguments "(?i)quote\\s*=\\s*(false|0)|,\\s*(false|0)\\s*\\)$"))

; Propagators are escapers that keep `'` (in Python a call the rule does not name returns a clean
; value): the LDAP escapers (`escape_filter_chars`, `escape_dn_chars`), `xml.sax.saxutils.escape`
; (only `&`, `<`, `>`), and html.escape told to leave quotes (`quote=False`).
((call function: [(identifier) @escape (attribute attribute: (identifier) @escape)]) @propagator
  (#any-of? @escape "escape_filter_chars" "escape_dn_chars"))

((call function: [(identifier) (attribute)] @escape) @propagator
  (#resolves-to? @escape "xml.sax.saxutils.escape"))

((call
  function: [(identifier) (attribute)] @escape
  arguments: (argument_list) @arguments) @propagator
  (#resolves-to? @escape "html.escape")
  (#match? @arguments "(?i)quote\\s*=\\s*(false|0)|,\\s*(false|0)\\s*\\)$"))
