; id: java/taint-xpath-injection
; kind: taint
; include: request-sources, local-sources, remote-sources, stored-sources, clean-values
; name: Untrusted input is built into an XPath expression
; severity: error
; message: Untrusted input reaches the XPath expression of `{{sink}}`
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 8.1
; help: Give values to the expression as variables (`$name`, through an `XPathVariableResolver`)
;   instead of building it, or escape them for XML (`StringEscapeUtils.escapeXml10`,
;   `Encode.forXmlAttribute`, ESAPI's `encodeForXPath`), which turns both quotes into entities.
;   An LDAP filter encoder (`LdapEncoder.filterEncode`) leaves `'` and `"` as they are and does
;   not clean an XPath expression.
;   Sources: web requests, the environment and properties, standard input, files, sockets, URL
;   connections and database rows.

; Sinks are the expressions of an XPath (named like one: `xpath`, `xPath`, `xp`, or `newXPath()`).
(method_invocation
  object: (_) @xpath
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @xpath "(?i)xpath|^xp$")
  (#any-of? @method "compile" "selectNodes" "selectSingleNode" "evaluate"))

; Sanitizers are the XPath escaping helpers and XML escaping that covers both quotes (`escapeXml`
; of commons-lang and commons-text, the OWASP encoder's `forXmlAttribute`): a quote turned into
; `&apos;` or `&quot;` is plain text inside an XPath string literal, so the value cannot close its
; literal. (`forXmlContent` leaves quotes as they are.)
((method_invocation
  name: (identifier) @escape) @sanitizer
  (#any-of? @escape "encodeForXPath" "escapeXPath" "forXmlAttribute" "escapeXml" "escapeXml10"
    "escapeXml11"))
