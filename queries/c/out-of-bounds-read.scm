; id: c/out-of-bounds-read
; kind: taint
; flow: extent
; check: read-bounds
; name: Read past the end or before the start of a buffer
; severity: error
; message: {{detail}}
; cwe: CWE-125
; tags: security, memory-safety, buffer-overflow
; precision: high
; security-severity: 7.5
; help: A read whose extent the code states reaches outside the buffer it is given: a copy
;   from a buffer shorter than the count (`memcpy(dst, src, 100)` from `char src[50]`,
;   `strncpy` of a bound longer than the string's buffer), an index past the last element
;   (`src[i]` in a loop to 100 over 50 elements), or any read through a pointer moved before
;   the buffer's start (`p = buf - 8`). Bound the read by the source's size as well as the
;   destination's (`min(n, sizeof src)`), and check a length read from elsewhere before
;   copying that much.
;   What is followed is the same as for `c/out-of-bounds-write`: sizes the constants give,
;   pointers copied and moved by known amounts, string lengths a function sets, loop counters
;   with known bounds. A read whose size or buffer is not known is not reported.

(call_expression
  function: (identifier) @_copy
  (#any-of? @_copy "memcpy" "memmove" "__builtin_memcpy" "__builtin_memmove" "CopyMemory" "MoveMemory" "wmemcpy" "wmemmove" "bcopy" "strncpy" "stpncpy" "wcsncpy" "strcpy" "stpcpy" "wcscpy" "strcat" "wcscat")) @sink

(subscript_expression) @sink
(pointer_expression operator: "*") @sink
