; id: csharp/cookie-without-secure
; name: Cookie sent without the Secure flag
; severity: warning
; message: `{{finding}}` sets a cookie that the browser also sends over plain HTTP
; cwe: CWE-614
; tags: security, cookie
; precision: high
; security-severity: 5.3
; help: Set `Secure = true` on the `CookieOptions` (or the `HttpCookie`), or
;   `CookieSecurePolicy.Always` in `CookiePolicyOptions` and the authentication cookie's
;   options. A cookie without the flag travels in clear text over any `http://` request to the
;   host. Reported where the flag is set to `false`, where `CookieSecurePolicy.None` is chosen,
;   and where options are built without it (`new CookieOptions { HttpOnly = true }`).

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (boolean_literal) @value) @finding
  (#eq? @property "Secure")
  (#eq? @value "false"))

((member_access_expression
  expression: (identifier) @enum
  name: (identifier) @value) @finding
  (#eq? @enum "CookieSecurePolicy")
  (#eq? @value "None"))

((object_creation_expression
  type: (_) @type
  initializer: (initializer_expression) @options) @finding
  (#match? @type "(^|\\.)CookieOptions$")
  (#not-match? @options "\\bSecure\\s*="))
