; id: python/taint-open-redirect
; kind: taint
; include: request-sources
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (check with `url_has_allowed_host_and_scheme` or an
;   allow-list), or map a key from the request to a fixed URL.

; Sinks are redirect targets.
(call
  function: [
    (identifier) @function
    (attribute attribute: (identifier) @function)
  ]
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "redirect" "HttpResponseRedirect" "RedirectResponse"))

; Sanitizers are url_for, which builds URLs of this site.
((call function: [(identifier) @own (attribute attribute: (identifier) @own)]) @sanitizer
  (#any-of? @own "url_for" "reverse"))
