; id: go/taint-xpath-injection
; kind: taint
; include: request-sources
; name: Request data reaches an XPath expression
; severity: error
; message: Request data reaches the XPath expression `{{sink}}` unescaped
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 8.1
; help: Build XPath expressions from constants and compare values in Go, or escape a value that
;   goes into a string literal with `html.EscapeString`, which turns both quotes into entities.
;   go-ldap's `EscapeFilter` and `EscapeDN` keep `'` and do not clean an XPath expression.

; Sinks are the expressions of the XPath libraries (antchfx's xpath, xmlquery and htmlquery).
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @package "xpath")
  (#any-of? @function "Compile" "MustCompile" "CompileWithNS"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @package "xmlquery" "htmlquery")
  (#any-of? @function "Find" "FindOne" "Query" "QueryAll"))

; Sanitizers are the escapers that turn both quotes into entities (`html.EscapeString`,
; `template.HTMLEscapeString`: `'` as `&#39;`, `"` as `&#34;`), which an XPath string literal
; holds as plain text: the value cannot close its literal.
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @escape)) @sanitizer
  (#any-of? @package "html" "template")
  (#any-of? @escape "EscapeString" "HTMLEscapeString"))
