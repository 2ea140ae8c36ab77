; id: java/cookie-without-secure
; kind: taint
; flow: value
; name: Cookie sent without the Secure flag
; severity: warning
; message: The cookie `{{sink}}` is added to the response without `setSecure(true)`, so the browser also sends it over plain HTTP
; cwe: CWE-614
; tags: security, cookie, taint
; precision: high
; security-severity: 5.3
; help: Call `cookie.setSecure(true)` before `response.addCookie(cookie)` (or set
;   `server.servlet.session.cookie.secure` / `<secure>true</secure>` for the container's own
;   session cookie). A cookie without the flag travels in clear text over any `http://` request
;   to the host, where anyone on the path can read it. Followed along the paths of the function
;   and into the helpers the cookie is handed to; `setSecure` given anything but `false` counts.
((object_creation_expression type: (type_identifier) @type) @source
  (#eq? @type "Cookie"))
((method_invocation
  object: (identifier) @cleared
  name: (identifier) @method
  arguments: (argument_list . (_) @flag))
  (#eq? @method "setSecure")
  (#not-eq? @flag "false"))
((method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink))
  (#eq? @method "addCookie"))
