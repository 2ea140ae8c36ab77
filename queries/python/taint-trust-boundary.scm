; id: python/taint-trust-boundary
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
;   itself: the user it authenticated, the role it looked up. Reported where request data
;   becomes a session key (the client then chooses which trusted value to overwrite), or the
;   value under a key named for identity or rights (`user_id`, `role`, `is_admin`,
;   `authenticated` ...), in Flask's `session` and Django's `request.session`. A preference (a
;   language, a theme, a cart) is not reported.

; The key, from the request: any entry can be overwritten.
(assignment
  left: (subscript
    value: [(identifier) (attribute)] @session
    subscript: (_) @sink)
  (#match? @session "(^|\\.)session$"))

; The value under a key whose name says it is trusted.
(assignment
  left: (subscript
    value: [(identifier) (attribute)] @session
    subscript: (string) @name)
  right: (_) @sink
  (#match? @session "(^|\\.)session$")
  (#match? @name "(?i)(user|role|admin|auth|login|logged|permission|privilege|principal|identity|owner|tenant|verified|trusted|account|uid|group|level|access)"))

; What the server looked up or decided from the request (`authenticate(username=u, password=p)`,
; `User.query.filter_by(name=n).first()`) is its own value, not the client's.
((call
  function: [
    (identifier) @function
    (attribute attribute: (identifier) @function)
  ]) @sanitizer
  (#match? @function "^(authenticate|login|check_password|verify|validate|lookup|find|load|fetch|first|one|one_or_none|first_or_404|get_object_or_404|get_or_404|scalar)"))
