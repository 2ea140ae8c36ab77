; id: csharp/cookie-without-httponly
; name: Cookie readable by the page's scripts
; severity: warning
; message: `{{finding}}` sets a cookie without `HttpOnly`, so any script that runs in the page (an XSS) can read it
; cwe: CWE-1004
; tags: security, cookie
; precision: medium
; security-severity: 4.3
; help: Set `HttpOnly = true` on the `CookieOptions` (or the `HttpCookie`) of every cookie a
;   script does not need to read: session ids, authentication and anti-forgery tokens.
;   Reported where the flag is set to `false`, and where options are built without it.

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (boolean_literal) @value) @finding
  (#eq? @property "HttpOnly")
  (#eq? @value "false"))

((object_creation_expression
  type: (_) @type
  initializer: (initializer_expression) @options) @finding
  (#match? @type "(^|\\.)CookieOptions$")
  (#not-match? @options "\\bHttpOnly\\s*="))
