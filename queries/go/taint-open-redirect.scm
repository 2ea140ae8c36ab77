; id: go/taint-open-redirect
; kind: taint
; include: request-sources, url-escaping
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (parse the value and require an empty host and a path
;   that starts with one `/`), or map a key from the request to a fixed URL.

; Sinks are the URL of http.Redirect,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#eq? @package "http")
  (#eq? @function "Redirect"))

; the Location header set by hand,
(call_expression
  function: (selector_expression
    operand: (call_expression
      function: (selector_expression field: (field_identifier) @header))
    field: (field_identifier) @method)
  arguments: (argument_list . (interpreted_string_literal) @name . (_) @sink)
  (#eq? @header "Header")
  (#any-of? @method "Set" "Add")
  (#eq? @name "\"Location\""))

; and the target of gin's and echo's Redirect (`c.Redirect(http.StatusFound, next)`).
(call_expression
  function: (selector_expression
    operand: (identifier) @context
    field: (field_identifier) @method)
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @context "c" "ctx" "gc" "ec")
  (#eq? @method "Redirect"))

; Sanitizers are URL escaping where it cannot choose the host (`url-escaping.partial`).
