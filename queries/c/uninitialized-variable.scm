; id: c/uninitialized-variable
; kind: taint
; flow: value
; paths: all
; reach: function
; name: A local variable is read before it is given a value
; severity: warning
; message: `{{sink}}` may be read before any value is assigned to it
; cwe: CWE-457
; tags: security, memory, taint
; precision: high
; security-severity: 5.5
; help: Give the variable a value where it is declared, or on every path before it is read.
;   A local variable without an initializer holds whatever the stack held. Followed along the
;   paths of the function, and reported where no path has given it a value: an assignment, or
;   handing its address to a function (`scanf("%d", &n)`, `memset(&s, 0, sizeof s)`). `static`
;   locals and globals start at zero and are not reported; arrays and structures are not
;   followed member by member; a read that only some paths leave unset is not reported (the
;   paths may be correlated in ways one walk does not see).

; A local number, character or pointer declared without a value (not `static` or `extern`; an
; object of a C++ class has a constructor, a structure is not followed member by member).
((compound_statement
  (declaration
    type: [(primitive_type) (sized_type_specifier)]
    declarator: (identifier) @filled) @_declaration)
  (#not-match? @_declaration "^(static|extern)\\s"))
((compound_statement
  (declaration
    type: (type_identifier) @_type
    declarator: (identifier) @filled) @_declaration)
  (#match? @_type "^(size_t|ssize_t|off_t|ptrdiff_t|u?int(8|16|32|64|ptr|max)_t|time_t|pid_t|uid_t|gid_t|mode_t|socklen_t|wchar_t|u_int|u_char|u_short|u_long)$")
  (#not-match? @_declaration "^(static|extern)\\s"))
((compound_statement
  (declaration declarator: [
    (pointer_declarator declarator: (identifier) @filled)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @filled))]) @_declaration)
  (#not-match? @_declaration "^(static|extern)\\s"))

; Reads: as an argument, an operand, a returned or assigned value, a pointer dereferenced.
((call_expression
  function: (_) @_function
  arguments: (argument_list (identifier) @sink))
  (#not-match? @_function "(?i)(for_?each|^va_(start|copy|end)$)"))
(binary_expression left: (identifier) @sink)
(binary_expression right: (identifier) @sink)
(return_statement (identifier) @sink)
; Binding a C++ reference (`char *&alias = data;`) reads nothing.
((init_declarator declarator: (_) @_declarator value: (identifier) @sink)
  (#not-match? @_declarator "&"))
(assignment_expression right: (identifier) @sink)
(pointer_expression operator: "*" argument: (identifier) @sink)
(subscript_expression argument: (identifier) @sink)
(field_expression argument: (identifier) @sink operator: "->")
(unary_expression argument: (identifier) @sink)

; Given a value through its address, or as a loop macro's variable.
(pointer_expression operator: "&" argument: (identifier) @cleared)
(update_expression argument: (identifier) @cleared)
(call_expression
  function: (identifier) @_macro
  arguments: (argument_list (identifier) @cleared)
  (#match? @_macro "(?i)(for_?each|^va_(start|copy)$)"))
