; id: java/taint-trust-boundary
; kind: taint
; include: request-sources, clean-values
; name: Request data stored in the session as trusted state
; severity: warning
; message: Request data is stored in the session by `{{sink}}`, where later code trusts what it finds
; cwe: CWE-501
; tags: security, session, taint
; precision: high
; security-severity: 6.5
; help: The session holds what the server decided (who is logged in, their role, what they may
;   do); code that reads it does not check it again. Store there only values the server derived
;   itself: the user it authenticated, the role it looked up. Reported where request data
;   becomes the name of a session attribute (the client then chooses which trusted value to
;   overwrite), or the value of an attribute named for identity or rights (`user`, `role`,
;   `admin`, `authenticated`, `permissions` ...). A preference (a locale, a chosen book, a cart)
;   is not reported.

; The attribute's name, from the request: any attribute can be overwritten.
((method_invocation
  object: (_) @session
  name: (identifier) @method
  arguments: (argument_list . (_) @sink))
  (#match? @session "(?i)session(\\(\\w*\\))?$")
  (#any-of? @method "setAttribute" "putValue"))

; The value of an attribute whose name says it is trusted.
((method_invocation
  object: (_) @session
  name: (identifier) @method
  arguments: (argument_list . (string_literal) @name . (_) @sink))
  (#match? @session "(?i)session(\\(\\w*\\))?$")
  (#any-of? @method "setAttribute" "putValue")
  (#match? @name "(?i)(user|role|admin|auth|login|logged|permission|privilege|principal|identity|owner|tenant|verified|trusted|account|uid|group|level|access)"))

; What the server looked up or decided from the request (`users.authenticate(name, pw)`,
; `accounts.findByOwner(id)`) is its own value, not the client's.
((method_invocation
  name: (identifier) @method) @sanitizer
  (#match? @method "^(authenticate|login|logIn|signIn|find|load|lookup|fetch|verify|validate|resolve|check)"))
