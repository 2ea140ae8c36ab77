; id: java/taint-open-redirect
; kind: taint
; include: request-sources, clean-values
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (a fixed prefix such as `"/accounts/" + id`, or a
;   target checked against an allow-list), or map a key from the request to a fixed URL.

; Sinks are redirect targets: `sendRedirect`, a `Location` header, Spring's `redirect:` view
; names, `RedirectView` and `ResponseEntity...location(...)`.
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "sendRedirect" "location" "setLocation"))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (string_literal) @header . (_) @sink)
  (#any-of? @method "setHeader" "addHeader" "header" "set" "add")
  (#match? @header "^\"(?i:location)\"$"))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (field_access field: (identifier) @header) . (_) @sink)
  (#any-of? @method "setHeader" "addHeader" "header" "set" "add")
  (#eq? @header "LOCATION"))

(binary_expression
  left: (string_literal) @redirect
  right: (_) @sink
  (#match? @redirect "^\"(redirect|forward):/?\"$"))

(object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list . (_) @sink)
  (#eq? @type "RedirectView"))

; Sanitizers are targets that start with a fixed path of this site (`"/accounts/" + id`) or a
; fixed host (`"https://example.com/" + path`).
; The literal is the leftmost operand of the concatenation, at any of five levels: one
; pattern, the levels nested as alternatives. A literal further down is not seen, and such a
; concatenation is reported (a known false positive, left out of the test file).
((binary_expression
   left: [
     (string_literal) @prefix
     (binary_expression
       left: [
         (string_literal) @prefix
         (binary_expression
           left: [
             (string_literal) @prefix
             (binary_expression
               left: [
                 (string_literal) @prefix
                 (binary_expression left: (string_literal) @prefix)])])])]) @sanitizer
  (#match? @prefix "^\"(redirect:)?(https?://[^/\"]+)?/[^/\\\\\"]"))
