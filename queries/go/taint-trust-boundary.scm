; id: go/taint-trust-boundary
; kind: taint
; include: request-sources
; name: Request data stored in the session as trusted state
; severity: warning
; message: Request data is stored in the session at `{{sink}}`, where later code trusts what it finds
; cwe: CWE-501
; tags: security, session, taint
; precision: high
; security-severity: 6.5
; help: The session holds what the server decided (who is logged in, their role, what they may
;   do); code that reads it does not check it again. Store there only values the server derived
;   itself: the user it authenticated, the role it looked up. Reported in a session's `Values`
;   map (gorilla/sessions and its like) where request data becomes the key (the client then
;   chooses which trusted value to overwrite), or the value under a key named for identity or
;   rights (`"user"`, `"role"`, `"admin"`, `"authenticated"` ...). A preference (a language, a
;   theme, a cart) is not reported.

; The key, from the request: any entry can be overwritten.
(assignment_statement
  left: (expression_list
    (index_expression
      operand: (selector_expression field: (field_identifier) @values)
      index: (_) @sink))
  (#eq? @values "Values"))

; The value under a key whose name says it is trusted.
(assignment_statement
  left: (expression_list
    (index_expression
      operand: (selector_expression field: (field_identifier) @values)
      index: (interpreted_string_literal) @name))
  right: (expression_list . (_) @sink)
  (#eq? @values "Values")
  (#match? @name "(?i)(user|role|admin|auth|login|logged|permission|privilege|principal|identity|owner|tenant|verified|trusted|account|uid|group|level|access)"))

; What the server looked up or decided from the request (`users.Authenticate(name, pw)`,
; `db.FindUser(email)`) is its own value, not the client's.
((call_expression
  function: [
    (identifier) @function
    (selector_expression field: (field_identifier) @function)
  ]) @sanitizer
  (#match? @function "^(?i)(authenticate|login|signin|verify|validate|compare|lookup|find|load|fetch|first|get.*by)"))
