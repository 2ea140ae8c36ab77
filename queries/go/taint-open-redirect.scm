; id: go/taint-open-redirect
; kind: taint
; include: request-sources
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

; Sanitizers are URL escaping where it cannot choose the host. url.QueryEscape leaves no `/`,
; `\`, `:`, `?`, `#` or `@`, so a value that is the whole target is one relative path segment (a
; page of this site) and names no host to connect to,
([
  (short_var_declaration right: (expression_list (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (assignment_statement operator: "=" right: (expression_list (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (var_spec value: (expression_list (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (return_statement (expression_list (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (call_expression function: (_) @callee arguments: (argument_list (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
]
  (#eq? @package "url")
  (#eq? @escape "QueryEscape")
  (#not-match? @callee "(Sprintf|Sprint|Sprintln|Errorf|Join|Replace|ReplaceAll|WriteString|Fprintf|Fprint|Fprintln|Appendf)$"))

; and QueryEscape or PathEscape (which leaves `:` and `@`, so `http:evil.com` or `evil.com:80`
; comes through it whole) cleans a value put right after a literal that has fixed the scheme
; and host already: a path of this site (`"/login?next=" + url.QueryEscape(back)`), a query, or
; a URL with its host and a `/` (`base + "/v1/users/" + url.PathEscape(id)`), also as the
; format of fmt.Sprintf before the value's verb (`"https://api.example.com/u/%s"`,
; `"%s/u/%s"` with the base first). After one that has not (`"https://" + ...`) the value is
; the host.
((binary_expression
  left: [
    (interpreted_string_literal) @prefix
    (raw_string_literal) @prefix
    (binary_expression right: [(interpreted_string_literal) (raw_string_literal)] @prefix)
  ]
  right: (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer)
  (#eq? @package "url")
  (#any-of? @escape "QueryEscape" "PathEscape")
  (#match? @prefix "^[\"`](([a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/\\\\?#%\"`]+[/?#]|/([^/\\\\]|$)|[?#]|[\\w.~-]+[/?#])"))

((call_expression
  function: (selector_expression operand: (identifier) @fmt field: (field_identifier) @sprintf)
  arguments: (argument_list
    .
    [(interpreted_string_literal) (raw_string_literal)] @format
    .
    (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (#eq? @fmt "fmt")
  (#eq? @sprintf "Sprintf")
  (#eq? @package "url")
  (#any-of? @escape "QueryEscape" "PathEscape")
  (#match? @format "^[\"`](([a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/\\\\?#%\"`]+[/?#]|/([^/\\\\]|$)|[?#]|[\\w.~-]+[/?#])"))

((call_expression
  function: (selector_expression operand: (identifier) @fmt field: (field_identifier) @sprintf)
  arguments: (argument_list
    .
    [(interpreted_string_literal) (raw_string_literal)] @format
    .
    (_)
    .
    (call_expression function: (selector_expression operand: (identifier) @package field: (field_identifier) @escape)) @sanitizer))
  (#eq? @fmt "fmt")
  (#eq? @sprintf "Sprintf")
  (#eq? @package "url")
  (#any-of? @escape "QueryEscape" "PathEscape")
  (#match? @format "^[\"`][^%]*%[-+# 0-9.*]*[a-zA-Z](/([^/%]|%)|[?#]|[^%]*[^/:%][/?#])"))
