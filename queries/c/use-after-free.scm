; id: c/use-after-free
; kind: taint
; include: set-by-calls
; flow: value
; reach: function
; name: Memory is used after it was freed
; severity: error
; message: `{{sink}}` may point to memory freed above
; cwe: CWE-416
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Free the memory after its last use, and set the pointer to NULL once it is freed so that
;   a later use fails at once rather than reading memory the allocator has handed out again.
;   The state is followed along every path of the function and through copies of the pointer
;   made after the `free` (`q = p`); a pointer assigned anything else (a new allocation, NULL) is
;   fresh again. A use is a dereference (`*p`, `p[i]`, `p->f`) or handing the pointer to a
;   function other than `free` (a second `free` is `c/double-free`). C++ `delete` is
;   `cpp/use-after-delete`.

; The pointer given to `free` is freed once the call returns.
(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @filled)
  (#any-of? @f "free" "g_free" "xfree" "kfree"))

; Uses.
(call_expression
  function: (identifier) @f
  arguments: (argument_list (identifier) @sink)
  (#not-any-of? @f "free" "g_free" "xfree" "kfree")
  (#not-match? @f "(?i)for_?each"))
(pointer_expression operator: "*" argument: (identifier) @sink)
(subscript_expression argument: (identifier) @sink)
(field_expression argument: (identifier) @sink)
