; id: javascript/open-redirect
; superseded-by: javascript/taint-open-redirect
; name: Redirect to a URL taken from the request
; severity: warning
; message: the redirect target `{{url}}` comes straight from the request, so a link to this site can send users to any other site (open redirect)
; cwe: CWE-601
; tags: security, redirect
; precision: high
; security-severity: 6.1
; help: Redirect only to relative paths you have checked (starting with a single `/`, not `//`), or
;   look the target up in an allow-list of known destinations.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; res.redirect(req.query.next) / res.redirect(302, req.body.returnTo)
(call_expression
  function: (_ . ; member_expression
    object: (identifier) @res (#any-of? @res "res" "response" "reply")
    property: (property_identifier) @func (#eq? @func "redirect"))
  arguments: (arguments (_) @url .)
  (#match? @url "^(req|request)\\.(query|body|params|headers|cookies)(\\.|\\[)"))
  @finding

; ctx.redirect(ctx.query.url) (Koa)
(call_expression
  function: (_ . ; member_expression
    object: (identifier) @ctx (#eq? @ctx "ctx")
    property: (property_identifier) @func (#eq? @func "redirect"))
  arguments: (arguments (_) @url .)
  (#match? @url "^ctx\\.(query|request\\.(query|body)|params|headers|cookies)(\\.|\\[)"))
  @finding
