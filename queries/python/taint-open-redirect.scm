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
;   allow-list), or map a key from the request to a fixed URL. `urllib.parse.quote` keeps `/`,
;   so a quoted target can still be `//evil.com`: quote a value put after a fixed path
;   (`"/search?q=" + quote(q)`), or quote with `safe=''`.

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

; URL quoting keeps `/` unless told `safe=''` (urllib's quote, and werkzeug's url_quote keeps `:`
; too), so `//evil.com` comes through it whole: as the whole target it still chooses the host,
; and its result carries the value (quote_plus, and quote with `safe=''`, leave no `/` or `:`,
; so a whole target quoted with them is a page of this site).
((call arguments: (argument_list) @arguments) @propagator
  (#resolves-to? @propagator "urllib.parse.quote" "urllib.parse.quote_from_bytes" "urllib.quote"
    "werkzeug.urls.url_quote" "django.utils.http.urlquote" "requests.utils.quote")
  (#not-match? @arguments "(safe\\s*=\\s*|,\\s*)(''|\"\")"))

; Quoted, a value put right after a literal that has fixed the scheme and host (a path of this
; site, `"/search?q=" + quote(q)` or `f"/search?q={quote(q)}"`, a query, or a URL with its host
; and a `/`) only fills the path or the query. After one that has not (`"https://" + ...`, or a
; bare `"/"`, which `//evil.com` turns into `///evil.com`) it still chooses the host.
([
  (binary_operator left: (string) @prefix right: (call) @sanitizer)
  (binary_operator left: (binary_operator right: (string) @prefix) right: (call) @sanitizer)
  (string (string_content) @prefix . (interpolation expression: (call) @sanitizer))
  (call
    function: (attribute object: (string) @prefix attribute: (identifier) @format)
    arguments: (argument_list . (call) @sanitizer))
]
  (#resolves-to? @sanitizer "urllib.parse.quote" "urllib.parse.quote_from_bytes" "urllib.quote"
    "werkzeug.urls.url_quote" "django.utils.http.urlquote" "requests.utils.quote")
  (#eq? @format "format")
  (#match? @prefix "^[rRbBuUfF]*[\"']*(([a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/\\\\?#%{\"']+[/?#]|/[^/\\\\%{\"']|[?#]|[\\w.~-]+[/?#])"))
