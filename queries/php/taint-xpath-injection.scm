; id: php/taint-xpath-injection
; kind: taint
; include: request-sources, sanitizers
; name: Request data is built into an XPath expression
; severity: error
; message: Request data reaches the XPath expression of `{{sink}}`
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 8.1
; help: Build XPath expressions only from fixed text, check the value against an allow-list
;   first, or escape a value that goes into a string literal with
;   `htmlspecialchars($value, ENT_QUOTES | ENT_XML1)`, which turns both quotes into entities.
;   `ldap_escape` keeps `'` (with a filter's or a DN's flags) and does not clean an XPath
;   expression. `htmlspecialchars($value)` with PHP 8.1's default flags escapes both quotes
;   too; `ENT_COMPAT` or `ENT_NOQUOTES` leave `'`.

; Sinks are XPath expressions: SimpleXMLElement::xpath, and DOMXPath's query and evaluate (told
; apart from SQL queries by the receiver's name or by an expression that starts with a slash).
(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#eq? @method "xpath"))

(member_call_expression
  object: (_) @xpath
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "query" "evaluate")
  (#match? @xpath "(?i)(xpath|xp|finder)$"))

(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "query" "evaluate")
  (#match? @sink "^['\"]\\s*\\.?/[^*]"))

; Sanitizers are the entity escapers told to escape both quotes (`ENT_QUOTES`): `'` and `"` as
; entities are plain text inside an XPath string literal, so the value cannot close its literal.
; Without flags the default depends on the PHP version (before 8.1 `'` is kept): no sanitizer.
((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) . (argument (_) @flags))) @sanitizer
  (#any-of? @escape "htmlspecialchars" "htmlentities")
  (#match? @flags "ENT_QUOTES"))

; The default flags are ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML401 since PHP 8.1 (every release
; still supported has them), as php/taint-xss reads them.
((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) .)) @sanitizer
  (#any-of? @escape "htmlspecialchars" "htmlentities"))
