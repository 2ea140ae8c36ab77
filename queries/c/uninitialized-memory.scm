; id: c/uninitialized-memory
; kind: taint
; flow: extent
; check: unwritten
; name: An array or allocated buffer is read where nothing was written
; severity: warning
; message: {{detail}}
; cwe: CWE-457, CWE-908
; tags: security, memory, taint
; precision: high
; security-severity: 5.5
; help: Write what is read first: initialize the array where it is declared (`int counts[10] =
;   {0};`), allocate with `calloc` or fill the buffer (`memset`) before reading it, and make a
;   loop that fills an array cover every element a later loop reads.
;   Followed along the paths of the function: an array declared without an initializer (not
;   `static` or global, which start as zeros, nor in C++ an array of a class type, which a
;   constructor may build), memory from `malloc`, `alloca` or `new T[n]` of a plain type; an
;   element assigned (a loop's counter covers its range), a fill, a copy, a read or any call
;   that is given the buffer writes it. Reported where no path wrote what is read, as
;   c/uninitialized-variable does for single variables; a read of a single variable is that
;   rule's.

(subscript_expression) @sink
(pointer_expression operator: "*") @sink
(call_expression
  function: (identifier) @_copy
  (#any-of? @_copy "memcpy" "memmove")) @sink
