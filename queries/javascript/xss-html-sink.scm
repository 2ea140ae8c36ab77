; id: javascript/xss-html-sink
; name: Non-constant HTML written to the DOM
; severity: warning
; message: `{{sink}}` parses a run-time value as HTML; markup or script in it runs in the page (cross-site scripting)
; cwe: CWE-79
; tags: security, xss
; precision: high
; security-severity: 6.1
; help: Use `textContent`/`innerText` or DOM APIs (`createElement`, `setAttribute`) for text, or pass the
;   markup through a sanitiser such as DOMPurify before it reaches `innerHTML`.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; el.innerHTML = html; el.outerHTML += row
(assignment_expression
  left: (_ ; member_expression
    property: (property_identifier) @sink (#any-of? @sink "innerHTML" "outerHTML"))
  right: (_) @value
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`|null|undefined|[0-9]+)$")
  (#not-match? @value "(?i)(sanitiz|purify|escape|encode)"))
  @finding
(augmented_assignment_expression
  left: (_ ; member_expression
    property: (property_identifier) @sink (#any-of? @sink "innerHTML" "outerHTML"))
  right: (_) @value
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`|null|undefined|[0-9]+)$")
  (#not-match? @value "(?i)(sanitiz|purify|escape|encode)"))
  @finding

; document.write(html), document.writeln(...)
(call_expression
  function: (_ . ; member_expression
    object: (identifier) @doc (#eq? @doc "document")
    property: (property_identifier) @sink (#any-of? @sink "write" "writeln"))
  arguments: (arguments .
    (_) @value)
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`|null|undefined|[0-9]+)$")
  (#not-match? @value "(?i)(sanitiz|purify|escape|encode)"))
  @finding

; el.insertAdjacentHTML('beforeend', html)
(call_expression
  function: (_ . object: (_) ; member_expression
    property: (property_identifier) @sink (#eq? @sink "insertAdjacentHTML"))
  arguments: (arguments . (_) .
    (_) @value)
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`|null|undefined|[0-9]+)$")
  (#not-match? @value "(?i)(sanitiz|purify|escape|encode)"))
  @finding

; React: dangerouslySetInnerHTML={{ __html: marked(input) }}
(pair
  key: (property_identifier) @sink (#eq? @sink "__html")
  value: (_) @value
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`|null|undefined|[0-9]+)$")
  (#not-match? @value "(?i)(sanitiz|purify|escape|encode)"))
  @finding
