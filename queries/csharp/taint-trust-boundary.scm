; id: csharp/taint-trust-boundary
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
;   becomes the key of a session entry, or the value of one named for identity or rights
;   (`user`, `role`, `admin`, `authenticated` ...); a preference (a culture, a cart) is not.

; The key, from the request: any entry can be overwritten (`Session.SetString(key, ...)`,
; `Session[key] = ...`).
((invocation_expression
  function: (member_access_expression
    expression: (_) @session
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @session "(?i)session$")
  (#any-of? @method "SetString" "SetInt32" "Set" "Add"))

((assignment_expression
  left: (element_access_expression
    expression: (_) @session
    subscript: (bracketed_argument_list . (argument (_) @sink))))
  (#match? @session "(?i)session$"))

; The value of an entry whose key says it is trusted.
((invocation_expression
  function: (member_access_expression
    expression: (_) @session
    name: (identifier) @method)
  arguments: (argument_list . (argument (string_literal) @name) . (argument (_) @sink)))
  (#match? @session "(?i)session$")
  (#any-of? @method "SetString" "SetInt32" "Set" "Add")
  (#match? @name "(?i)^\"(user|user_?id|user_?name|role|roles|is_?admin|admin|authenticated|auth_?\\w*|logged_?in|permissions?|privileges?|principal|identity|owner|tenant|tenant_?id|verified|trusted|account|account_?id|uid|groups?|access_?level|level)\"$"))

((assignment_expression
  left: (element_access_expression
    expression: (_) @session
    subscript: (bracketed_argument_list . (argument (string_literal) @name)))
  right: (_) @sink)
  (#match? @session "(?i)session$")
  (#match? @name "(?i)^\"(user|user_?id|user_?name|role|roles|is_?admin|admin|authenticated|auth_?\\w*|logged_?in|permissions?|privileges?|principal|identity|owner|tenant|tenant_?id|verified|trusted|account|account_?id|uid|groups?|access_?level|level)\"$"))

; What the server looked up or decided from the request (`users.Authenticate(name, pw)`,
; `db.Users.Find(id)`) is its own value, not the client's.
((invocation_expression
  function: (member_access_expression name: (identifier) @method)) @sanitizer
  (#match? @method "^(Authenticate|Login|LogIn|SignIn|PasswordSignIn|Find|FindBy\\w+|Load|Lookup|Fetch|Verify|Validate|Resolve|Get(User|Account)\\w*)(Async)?$"))
