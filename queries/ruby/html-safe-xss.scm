; id: ruby/html-safe-xss
; name: Non-constant HTML marked as safe
; severity: error
; message: `{{func}}` turns non-constant text into unescaped HTML; input in it is cross-site scripting
; cwe: CWE-79
; tags: security, xss, rails
; precision: high
; security-severity: 6.1
; help: Let ERB escape values (`<%= value %>`), build markup with `content_tag`/`tag`/`safe_join`,
;   or clean rich text with `sanitize(value)` before marking it safe.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  receiver: [
    (string (interpolation))
    (binary)
    (identifier)
    (instance_variable)
    (element_reference)
    (call)
  ] @html
  method: (identifier) @func (#eq? @func "html_safe")
  (#not-match? @html "^(sanitize|strip_tags|h|html_escape|escape_once|t|I18n\\.t|ERB::Util\\.(h|html_escape)|CGI\\.escapeHTML|Rack::Utils\\.escape_html|content_tag|tag\\.|link_to|safe_join|render)\\b"))
  @finding

(call
  !receiver
  method: (identifier) @func (#eq? @func "raw")
  arguments: (_
    .
    [
      (string (interpolation))
      (binary)
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
    ] @html
    (#not-match? @html "^(sanitize|strip_tags|h|html_escape|t|I18n\\.t|ERB::Util\\.(h|html_escape)|CGI\\.escapeHTML|content_tag|link_to|safe_join|render)\\b")))
  @finding
