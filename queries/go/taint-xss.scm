; id: go/taint-xss
; kind: taint
; include: request-sources
; name: Request data is written into HTML without escaping
; severity: error
; message: Request data reaches the response `{{sink}}` unescaped
; cwe: CWE-79
; output: html
; tags: security, xss, taint
; precision: high
; security-severity: 6.1
; help: Render pages with html/template and plain strings (it escapes them), or escape with
;   `html.EscapeString` / `template.HTMLEscapeString` before writing HTML by hand; never wrap
;   request data in `template.HTML`, `template.JS` or their like. `template.JSEscapeString` is
;   not HTML escaping (a quote comes out as `\"`, which ends an attribute). `json.Marshal`
;   output counts as clean (it cannot open a tag); inside a quoted attribute it is not, and that
;   case is missed.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; Sinks are what is written to the response writer (`w`, `rw`, `writer` ...) by fmt and io,
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (identifier) @writer (_) @sink)
  (#any-of? @package "fmt" "io")
  (#any-of? @function "Fprint" "Fprintln" "WriteString")
  (#match? @writer "^(w|rw|wr|writer|resp|res|response|responseWriter)$"))

; `fmt.Fprintf(w, format, ...)`: the format itself, and the values of a format that writes
; markup or starts with a value. A response that starts with plain text (`"saved %s\n"`) is
; sniffed as text/plain, where the values cannot run as script.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list . (identifier) @writer . (_) @sink)
  (#eq? @package "fmt")
  (#eq? @function "Fprintf")
  (#match? @writer "^(w|rw|wr|writer|resp|res|response|responseWriter)$"))

(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list
    .
    (identifier) @writer
    .
    [(interpreted_string_literal) (raw_string_literal)] @format
    (_) @sink)
  (#eq? @package "fmt")
  (#eq? @function "Fprintf")
  (#match? @format "<|^.[[:space:]]*%")
  (#match? @writer "^(w|rw|wr|writer|resp|res|response|responseWriter)$"))

; the bytes and text it is given directly,
(call_expression
  function: (selector_expression
    operand: (identifier) @writer
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "Write" "WriteString")
  (#match? @writer "^(w|rw|wr|writer|resp|res|response|responseWriter)$"))

; and the values html/template is told not to escape.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @type)
  arguments: (argument_list . (_) @sink)
  (#eq? @package "template")
  (#any-of? @type "HTML" "JS" "JSStr" "HTMLAttr" "CSS" "URL" "Srcset"))

; Sanitizers are the HTML escaping helpers, which escape `<`, `>`, `&` and both quotes, and
; bluemonday policies. Not JavaScript escaping (template.JSEscapeString, JSEscaper): it writes a
; quote as `\"`, which HTML does not read as an escape, so the value ends an attribute (and
; releases before `=` was escaped let it add an event handler). JSON (json.Marshal) counts: it
; escapes `<`, `>` and `&`, so what it writes cannot open a tag, and a body it writes whole is a
; JSON document, which browsers do not run as HTML (measured on mattermost-server, where every
; handler writes `json.Marshal` output this way). It leaves `'` and writes `"` as `\"`, so inside
; a quoted attribute of a format (`data-x='%s'`) it can end the attribute; that case is not told
; apart and is missed.
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @escape)) @sanitizer
  (#any-of? @package "html" "template")
  (#any-of? @escape "EscapeString" "HTMLEscapeString" "HTMLEscaper"))

((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @marshal)) @sanitizer
  (#eq? @package "json")
  (#any-of? @marshal "Marshal" "MarshalIndent"))

((call_expression
  function: (selector_expression field: (field_identifier) @sanitize)) @sanitizer
  (#any-of? @sanitize "Sanitize" "SanitizeBytes" "SanitizeReader"))

; A program's output is what the program prints, not the request's text.
((call_expression
  function: (selector_expression field: (field_identifier) @run)) @sanitizer
  (#any-of? @run "Output" "CombinedOutput"))

; What a file holds is not the request's text either (a path chosen by the request is
; go/taint-path-traversal's finding).
((call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @read)) @sanitizer
  (#any-of? @package "os" "ioutil")
  (#any-of? @read "ReadFile" "Open" "ReadDir"))
