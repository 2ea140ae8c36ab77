; id: python/taint-xss
; kind: taint
; include: request-sources
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the HTML of `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render with a template that escapes (`render_template`, Django templates), or escape with
;   `markupsafe.escape` / `html.escape` before building HTML. `html.escape(s, quote=False)`,
;   `cgi.escape` without `quote=True` and `xml.sax.saxutils.escape` leave quotes, so their output
;   can end a quoted attribute: they do not count as escaping.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are HTML built by hand.
(call
  function: [
    (identifier) @function
    (attribute attribute: (identifier) @function)
  ]
  arguments: (argument_list . (_) @sink)
  (#any-of? @function "Markup" "mark_safe" "make_response" "HttpResponse" "HTMLResponse"))

; Sanitizers are the escaping helpers that escape quotes as well as `<`, `>` and `&`: markupsafe's,
; Django's and html.escape (unless told `quote=False`), and URL quoting, which leaves none of them.
((call
  function: [(identifier) @escape (attribute attribute: (identifier) @escape)]
  arguments: (argument_list) @arguments) @sanitizer
  (#any-of? @escape "escape" "quote" "quote_plus" "urlencode")
  (#not-match? @arguments "(quote\\s*=\\s*|,\\s*)False")
  (#not-resolves-to? @sanitizer "cgi.escape" "xml.sax.saxutils.escape" "re.escape" "shlex.quote"
    "pipes.quote"))

; cgi.escape escapes `"` when told `quote=True` (not `'`: like PHP's ENT_COMPAT, it counts, as
; this rule does not know whether a value lands in text or in an attribute, nor which quote).
((call arguments: (argument_list) @arguments) @sanitizer
  (#resolves-to? @sanitizer "cgi.escape")
  (#match? @arguments "(quote\\s*=\\s*|,\\s*)True"))

; Not escaping for HTML, so their result carries the value: html.escape(s, quote=False), cgi.escape
; (whose quote defaults to False) and xml.sax.saxutils.escape leave both quotes, and a quoted
; attribute ends where the value says (`" autofocus onfocus="...`); re.escape and shlex.quote
; leave markup as it is.
((call arguments: (argument_list) @arguments) @propagator
  (#resolves-to? @propagator "html.escape")
  (#match? @arguments "(quote\\s*=\\s*|,\\s*)False"))

((call arguments: (argument_list) @arguments) @propagator
  (#resolves-to? @propagator "cgi.escape")
  (#not-match? @arguments "(quote\\s*=\\s*|,\\s*)True"))

((call) @propagator
  (#resolves-to? @propagator "xml.sax.saxutils.escape" "re.escape" "shlex.quote" "pipes.quote"))

((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float"))
