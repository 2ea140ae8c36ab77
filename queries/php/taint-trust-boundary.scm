; id: php/taint-trust-boundary
; kind: taint
; include: request-sources, clean-values
; name: Request data stored in the session as trusted state
; severity: warning
; message: Request data is stored in the session at `{{sink}}`, where later code trusts what it finds
; cwe: CWE-501
; tags: security, session, taint
; precision: high
; security-severity: 6.5
; help: The session holds what the server decided (who is logged in, their role, what they may
;   do); code that reads it does not check it again. Store there only values the server derived
;   itself: the user it authenticated, the role it looked up. Reported where request data
;   becomes a key of `$_SESSION` (the client then chooses which trusted value to overwrite), or
;   the value under a key named for identity or rights (`user_id`, `role`, `is_admin`,
;   `logged_in` ...). A preference (a language, a theme, a cart) is not reported.

; The key, from the request: any entry can be overwritten.
(assignment_expression
  left: (subscript_expression
    (variable_name (name) @session)
    [(variable_name) (subscript_expression) (member_access_expression) (function_call_expression)] @sink)
  (#eq? @session "_SESSION"))

; The value under a key whose name says it is trusted.
(assignment_expression
  left: (subscript_expression
    (variable_name (name) @session)
    [(encapsed_string) (string)] @name)
  right: (_) @sink
  (#eq? @session "_SESSION")
  (#match? @name "(?i)(user|role|admin|auth|login|logged|permission|privilege|principal|identity|owner|tenant|verified|trusted|account|uid|group|level|access)"))

; What the server looked up or decided from the request (`$auth->attempt($name, $pw)`,
; `User::findByEmail($email)`) is its own value, not the client's.
([
  (function_call_expression function: (name) @function)
  (member_call_expression name: (name) @function)
  (scoped_call_expression name: (name) @function)
 ] @sanitizer
  (#match? @function "(?i)^(authenticate|attempt|login|password_verify|verify|validate|lookup|find|load|fetch|first)"))
