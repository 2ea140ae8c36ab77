; id: csharp/taint-predictable-random
; kind: taint
; flow: number
; name: Output of a predictable random generator becomes a secret or leaves the program
; severity: warning
; message: `{{sink}}` is given a value of `System.Random`, whose next values can be computed from a few it gave
; cwe: CWE-338, CWE-330
; tags: security, crypto, random, taint
; precision: medium
; security-severity: 5.3
; help: Use `System.Security.Cryptography.RandomNumberGenerator` (`GetInt32`, `GetBytes`,
;   `GetHexString`) for any value that protects something (a token, a session id, a password, a
;   key, an IV, a salt) or leaves the program as one (a cookie, a header, a reset code).
;   `System.Random` is seeded from a 32-bit value or a fixed algorithm: its outputs give its
;   state away. Judged by where the value goes; a value that only picks a delay, an index or a
;   shuffle is not reported.

; The generator: `new Random()` and `Random.Shared`, whose `Next*` give its values, and the
; `Next*` of a generator kept in a field or passed in (`_random.Next(...)`: only `System.Random`
; has these methods).
((object_creation_expression type: (_) @type) @source
  (#match? @type "^(System\\.)?Random$"))
((member_access_expression
  expression: (identifier) @class
  name: (identifier) @shared) @source
  (#eq? @class "Random")
  (#eq? @shared "Shared"))
((invocation_expression
  function: (member_access_expression
    expression: (_) @generator
    name: (identifier) @method)) @source
  (#match? @generator "(?i)(^|\\.)_?(rand|rng|random|\\w*random)$")
  (#any-of? @method "Next" "NextInt64" "NextDouble" "NextSingle"))

; Into a cookie, a header or the session,
((invocation_expression
  function: (member_access_expression
    expression: (_) @cookies
    name: (identifier) @method)
  arguments: (argument_list (argument (_)) . (argument (_) @sink)))
  (#match? @cookies "(?i)(cookies|headers|session)$")
  (#any-of? @method "Append" "Add" "SetString" "Set" "TryAdd"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (_)) . (argument (_) @sink)))
  (#match? @type "(^|\\.)(HttpCookie|Cookie)$"))

; made a key, an IV or a salt,
((assignment_expression
  left: (member_access_expression name: (identifier) @property)
  right: (_) @sink)
  (#any-of? @property "Key" "IV"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (_) @sink)))
  (#match? @type "(^|\\.)(Rfc2898DeriveBytes|HMACSHA256|HMACSHA512|SymmetricSecurityKey)$"))

; or stored under a name that says secret.
((assignment_expression
  left: [
    (identifier) @name
    (member_access_expression name: (identifier) @name)
  ]
  right: (_) @sink)
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|sessionid|session_id|apikey|api_key|resetcode|reset_code|verificationcode|csrf)$"))

((variable_declarator
  name: (identifier) @name
  (_) @sink)
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|sessionid|session_id|apikey|api_key|resetcode|reset_code|verificationcode|csrf)$"))
