; id: csharp/taint-xpath-injection
; kind: taint
; include: request-sources, local-sources, clean-values
; name: Untrusted input reaches an XPath expression
; severity: error
; message: Untrusted input reaches the XPath expression of `{{sink}}`
; cwe: CWE-643
; tags: security, injection, xpath, taint
; precision: high
; security-severity: 7.5
; help: Keep the expression constant and pass values as XPath variables (an `XsltArgumentList`
;   with a custom `XsltContext`), or check them against an allow-list; quoting alone fails on
;   values holding both quote characters.

((invocation_expression
  function: (member_access_expression name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#any-of? @method "SelectNodes" "SelectSingleNode" "XPathSelectElement" "XPathSelectElements"
    "XPathEvaluate" "Evaluate" "Compile"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @navigator
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @navigator "(?i)(nav|navigator)$")
  (#eq? @method "Select"))
