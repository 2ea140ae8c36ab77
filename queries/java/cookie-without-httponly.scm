; id: java/cookie-without-httponly
; kind: taint
; flow: value
; name: Session or credential cookie readable by scripts
; severity: warning
; message: The cookie `{{sink}}` is named like a session or credential cookie but is added without `setHttpOnly(true)`, so any script on the page can read it
; cwe: CWE-1004
; tags: security, cookie, taint
; precision: medium
; security-severity: 4.3
; help: Call `cookie.setHttpOnly(true)` before `response.addCookie(cookie)`. A script injected
;   into the page (XSS) can then not read the session or token the cookie holds. Only cookies
;   named like a session, login, token or secret are reported: a CSRF token cookie that the page's
;   own script must read (`XSRF-TOKEN`) and preference cookies are meant to be readable.
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list . (string_literal) @name)) @source
  (#eq? @type "Cookie")
  (#match? @name "(?i)(sess|sid|auth|token|jwt|login|remember|secret|credential|passw|api_?key)")
  (#not-match? @name "(?i)(xsrf|csrf)"))
((method_invocation
  object: (identifier) @cleared
  name: (identifier) @method
  arguments: (argument_list . (_) @flag))
  (#eq? @method "setHttpOnly")
  (#not-eq? @flag "false"))
((method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink))
  (#eq? @method "addCookie"))
