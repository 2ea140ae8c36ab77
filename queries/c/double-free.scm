; id: c/double-free
; kind: taint
; flow: value
; name: Memory is freed twice
; severity: error
; message: `{{sink}}` may have been freed already
; cwe: CWE-415
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Free each allocation once, on one path, and set the pointer to NULL after `free`
;   (`free(NULL)` does nothing). The state is followed along every path of the function, through
;   copies of the pointer made after the first `free`, and into the functions of the repository
;   the pointer is handed to. C++ `delete` is `cpp/double-delete`.
(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @filled)
  (#any-of? @f "free" "g_free" "xfree" "kfree"))
(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @sink)
  (#any-of? @f "free" "g_free" "xfree" "kfree"))

; A pointer whose address a call is given may be set by it (`getline(&line, &cap, in)`).
(call_expression
  arguments: (argument_list (pointer_expression operator: "&" argument: (identifier) @cleared)))

; A loop macro sets its variable on each round (`TAILQ_FOREACH(item, &list, entry) { ... }`).
(call_expression
  function: (identifier) @_macro
  arguments: (argument_list (identifier) @cleared)
  (#match? @_macro "(?i)for_?each"))
