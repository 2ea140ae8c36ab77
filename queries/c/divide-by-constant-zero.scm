; id: c/divide-by-constant-zero
; kind: taint
; flow: value
; include: divisor-guards
; name: A variable set to zero divides
; severity: warning
; message: `{{sink}}` may still be zero when it divides
; cwe: CWE-369
; tags: security, taint
; precision: high
; security-severity: 5.3
; help: Check the divisor before dividing, or give it its real value on every path before the
;   division. Followed along the paths of the function: a variable set to `0` that nothing
;   assigns, counts up (`n++`, `n += k`) or hands to a function by address before it divides.
((declaration declarator: (init_declarator value: (number_literal) @source.local)) @_declaration
  (#match? @source.local "^0(\\.0*)?[fFlLuU]*$")
  (#not-match? @_declaration "^static\\s"))
((assignment_expression right: (number_literal) @source.local)
  (#match? @source.local "^0(\\.0*)?[fFlLuU]*$"))
(binary_expression operator: ["/" "%"] right: (_) @sink)
(assignment_expression operator: ["/=" "%="] right: (_) @sink)
(update_expression argument: (identifier) @cleared)
(assignment_expression left: (identifier) @cleared operator: ["+=" "-=" "*=" "|="])
(pointer_expression operator: "&" argument: (identifier) @cleared)
