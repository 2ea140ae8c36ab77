; id: cpp/new-released-with-free
; kind: taint
; include: set-by-calls
; flow: value
; languages: cpp
; name: Memory from new is released with free
; severity: error
; message: `{{sink}}` may hold an object from `new`, which `free` must not release
; cwe: CWE-762
; tags: security, memory, taint
; precision: high
; security-severity: 7.5
; help: Release an object made with `new` with `delete` (`delete[]` for `new[]`), never with
;   `free` or `realloc`: its destructor does not run and the allocators may differ. The pointer is
;   followed along every path of the function, through copies and into the functions it is handed
;   to.
(new_expression) @source
(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @sink)
  (#any-of? @f "free" "realloc"))
