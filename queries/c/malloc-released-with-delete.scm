; id: cpp/malloc-released-with-delete
; kind: taint
; include: set-by-calls
; flow: value
; languages: cpp
; name: Memory from malloc is released with delete
; severity: error
; message: `{{sink}}` may hold memory from `malloc`, `calloc` or `realloc`, which `delete` must not release
; cwe: CWE-762
; tags: security, memory, taint
; precision: high
; security-severity: 7.5
; help: Release memory with the routine of the allocator that made it: `free` for `malloc`,
;   `calloc`, `realloc` and `strdup`; `delete` for `new`; `delete[]` for `new[]`. Mixing them is
;   undefined behaviour and corrupts the heap of many allocators. The pointer is followed along
;   every path of the function, through copies and into the functions it is handed to.
((call_expression function: (identifier) @f) @source
  (#any-of? @f "malloc" "calloc" "realloc" "strdup" "strndup" "wcsdup"))
(delete_expression (identifier) @sink)
