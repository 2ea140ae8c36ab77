; id: javascript/taint-trust-boundary
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
;   becomes a key of `req.session` (express-session, cookie-session: the client then chooses
;   which trusted value to overwrite), or the value of a property named for identity or rights
;   (`userId`, `role`, `isAdmin`, `authenticated` ...). A preference (a language, a theme, a
;   cart) is not reported.

; The key, from the request: any property can be overwritten.
(assignment_expression
  left: (subscript_expression
    object: (member_expression property: (property_identifier) @session)
    index: (_) @sink)
  (#eq? @session "session"))

; The value of a property whose name says it is trusted.
(assignment_expression
  left: [
    (member_expression
      object: (member_expression property: (property_identifier) @session)
      property: (property_identifier) @name)
    (subscript_expression
      object: (member_expression property: (property_identifier) @session)
      index: (string) @name)
  ]
  right: (_) @sink
  (#eq? @session "session")
  (#match? @name "(?i)(user|role|admin|auth|login|logged|permission|privilege|principal|identity|owner|tenant|verified|trusted|account|uid|group|level|access)"))

; What the server looked up or decided from the request (`await users.authenticate(name, pw)`,
; `User.findOne({email})`) is its own value, not the client's.
((call_expression
  function: [
    (identifier) @function
    (member_expression property: (property_identifier) @function)
  ]) @sanitizer
  (#match? @function "^(authenticate|login|logIn|signIn|verify|validate|compare|lookup|find|load|fetch|first)"))
