; id: php/taint-xss
; kind: taint
; include: request-sources, sanitizers
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the page through `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Escape on output with `htmlspecialchars($value, ENT_QUOTES, 'UTF-8')` (or the template
;   engine's escaping), `urlencode` values put into links, and cast numbers with `(int)`.
;   `htmlspecialchars` with `ENT_NOQUOTES` (or other flags without `ENT_QUOTES` or `ENT_COMPAT`)
;   and `strip_tags` leave quotes, so their output can end a quoted attribute: they do not count
;   as escaping. `ENT_COMPAT` escapes `"` but not `'`; it counts, because this rule does not know
;   whether a value lands in text or in an attribute, nor which quote the attribute uses (PHP's
;   default was ENT_COMPAT before 8.1): use ENT_QUOTES in attributes quoted with `'`.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are what echo, print, <?= ?>, printf, die and exit write into the page.
(echo_statement (_) @sink)

(print_intrinsic (_) @sink)

(exit_statement (_) @sink)

((text_interpolation (php_tag) @open .) . (expression_statement (_) @sink)
  (#eq? @open "<?="))

(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments (argument (_) @sink))
  (#any-of? @function "printf" "vprintf" "die" "exit"))

; Sanitizers are the HTML and URL escaping helpers (PHP's own, WordPress', Laravel's e(),
; CakePHP's h(), escaper objects). Not strip_tags: it leaves quotes, so in an attribute
; (`value="...">`) its output adds attributes of its own (`" onfocus="...`).
((function_call_expression function: [(name) @escape (qualified_name (name) @escape)]) @sanitizer
  (#any-of? @escape "urlencode" "rawurlencode" "http_build_query" "esc_html" "esc_attr" "esc_url"
    "esc_js" "esc_textarea" "wp_kses" "wp_kses_post" "e" "h"))

; htmlspecialchars and htmlentities under their default flags (ENT_QUOTES | ENT_SUBSTITUTE |
; ENT_HTML401 since PHP 8.1), or flags that escape quotes: ENT_QUOTES, or ENT_COMPAT, which
; escapes `"` and leaves `'`; or flags this rule cannot read (a variable). Flags made only of
; constants without either (ENT_NOQUOTES, or ENT_HTML5 alone, whose quote bits are 0) leave both
; quotes, and a quoted attribute ends where the value says.
((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) .)) @sanitizer
  (#any-of? @escape "htmlspecialchars" "htmlentities"))

((function_call_expression
  function: [(name) @escape (qualified_name (name) @escape)]
  arguments: (arguments . (argument) . (argument) @flags)) @sanitizer
  (#any-of? @escape "htmlspecialchars" "htmlentities")
  (#not-match? @flags "^\\s*\\\\?(ENT_(NOQUOTES|IGNORE|SUBSTITUTE|DISALLOWED|HTML401|XML1|XHTML|HTML5)|0)(\\s*\\|\\s*\\\\?(ENT_(NOQUOTES|IGNORE|SUBSTITUTE|DISALLOWED|HTML401|XML1|XHTML|HTML5)|0))*\\s*$"))

((member_call_expression name: (name) @escape) @sanitizer
  (#any-of? @escape "escapeHtml" "escapeHtmlAttr" "escapeJs" "escapeUrl" "escapeCss" "purify"))

((function_call_expression
  function: [(name) @validate (qualified_name (name) @validate)]
  arguments: (arguments (argument (name) @filter))) @sanitizer
  (#any-of? @validate "filter_var" "filter_input")
  (#any-of? @filter "FILTER_SANITIZE_SPECIAL_CHARS" "FILTER_SANITIZE_FULL_SPECIAL_CHARS"
    "FILTER_SANITIZE_ENCODED"))
