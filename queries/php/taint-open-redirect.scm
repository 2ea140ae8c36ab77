; id: php/taint-open-redirect
; kind: taint
; include: request-sources, sanitizers
; name: Request data chooses where a redirect goes
; severity: warning
; message: Request data chooses the target of `{{sink}}`
; cwe: CWE-601
; tags: security, redirect, taint
; precision: high
; security-severity: 6.1
; help: Redirect only to paths of this site (check that the target starts with a single `/`, or
;   compare its host with an allow-list), or map a key from the request to a fixed URL.

; Sinks are Location headers,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#eq? @function "header")
  (#match? @sink "^(['\"]\\s*(?i:location|refresh)\\s*:|(sprintf|vsprintf)\\s*\\(\\s*['\"]\\s*(?i:location|refresh)\\s*:)"))

(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @header) . (argument (_) @sink))
  (#any-of? @method "withHeader" "withAddedHeader" "header" "setHeader" "set")
  (#match? @header "^['\"](?i:location)['\"]$"))

; and the targets of the redirect helpers of frameworks.
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "wp_redirect" "redirect" "http_redirect"))

(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "redirect" "redirectTo"))

(member_call_expression
  object: (function_call_expression function: (name) @helper)
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#eq? @helper "redirect")
  (#any-of? @method "to" "away"))

(scoped_call_expression
  scope: (name) @class
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#eq? @class "Redirect")
  (#any-of? @method "to" "away"))

(object_creation_expression
  [(name) @class (qualified_name (name) @class)]
  (arguments . (argument (_) @sink))
  (#any-of? @class "RedirectResponse" "TrustedRedirectResponse"))

; Sanitizers encode a value as one URL component, so it cannot change the host.
((function_call_expression function: [(name) @encode (qualified_name (name) @encode)]) @sanitizer
  (#any-of? @encode "urlencode" "rawurlencode" "http_build_query" "wp_validate_redirect"))
