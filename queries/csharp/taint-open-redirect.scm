; id: csharp/taint-open-redirect
; kind: taint
; include: request-sources
; name: Request data chooses where the browser is redirected
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Use `LocalRedirect(url)` (which refuses other hosts), or check `Url.IsLocalUrl(url)`
;   before `Redirect(url)`; a target on another host must come from an allow-list.

((invocation_expression
  function: (identifier) @method
  arguments: (argument_list . (argument (_) @sink)))
  (#any-of? @method "Redirect" "RedirectPermanent" "RedirectPreserveMethod" "RedirectPermanentPreserveMethod"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @response
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @response "(?i)(^|\\.)(response|resp)$")
  (#any-of? @method "Redirect" "RedirectPermanent"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @type "(^|\\.)(RedirectResult)$"))

; A URL checked to be local names a page of this site.
((invocation_expression
  function: (member_access_expression name: (identifier) @method)
  arguments: (argument_list . (argument (_)))) @checked
  (#eq? @method "IsLocalUrl"))
