; id: cpp/new-delete-array-mismatch
; kind: taint
; include: set-by-calls
; flow: value
; languages: cpp
; name: An array from new[] is released with delete
; severity: error
; message: `{{sink}}` may hold an array from `new[]`, which plain `delete` must not release
; cwe: CWE-762
; tags: security, memory, taint
; precision: high
; security-severity: 7.5
; help: Release an array made with `new T[n]` with `delete[]`; plain `delete` runs one
;   destructor and is undefined behaviour. Better, hold it in a `std::vector` or
;   `std::unique_ptr<T[]>`.
(new_expression declarator: (new_declarator)) @source
((delete_expression (identifier) @sink) @_delete
  (#not-match? @_delete "^delete\\s*\\["))
