; id: c/double-free
; kind: taint
; include: set-by-calls
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
