; id: c/out-of-bounds-write
; kind: taint
; flow: extent
; check: write-bounds
; name: Write past the end or before the start of a buffer
; severity: error
; message: {{detail}}
; cwe: CWE-787
; tags: security, memory-safety, buffer-overflow
; precision: high
; security-severity: 9.3
; help: A write whose extent the code states lands outside the buffer it is given: a copy,
;   fill, read or format longer than the room left (`memcpy(buf, src, 100)` into `char buf[50]`,
;   `strcpy` of a 10-character string into 10 bytes, `snprintf(buf, 100, ...)` into 50, `fgets`
;   or `read` with a bound larger than the buffer), an index past the last element (`buf[i]`
;   in a loop to 100, `buf[10]` of `char buf[10]`), or any write through a pointer moved
;   before the buffer's start (`p = buf - 8`). Size the buffer for what is written (a string
;   needs its terminator: `strlen(s) + 1`), or bound the write by the destination:
;   `sizeof buf`, `snprintf(buf, sizeof buf, ...)`.
;   The sizes are followed through each function: arrays and allocations whose size the
;   constants give (`char buf[10 + 1]`, `malloc(50 * sizeof(int))`, `new char[n]` with a known
;   `n`, numeric macros), pointers copied, cast and moved by known amounts, the length of the
;   string a buffer holds (`memset(buf, 'A', 99); buf[99] = '\0'`, `strcpy` of a literal),
;   loop counters with known bounds, and the branches that constants decide. A size counted
;   in a type the scan does not see (`50 * sizeof(twoIntsStruct)`) compares with accesses
;   counted in the same type. What is not known (a size from input, a buffer from another
;   function, a string of unknown length) is not reported here: `c/strcpy-unbounded`,
;   `c/taint-index-unbounded` and the taint rules cover what input controls.

; Calls whose reach the engine models.
(call_expression
  function: (identifier) @_copy
  (#any-of? @_copy "memcpy" "memmove" "__builtin_memcpy" "__builtin_memmove" "CopyMemory" "MoveMemory" "wmemcpy" "wmemmove" "bcopy" "memset" "__builtin_memset" "FillMemory" "bzero" "explicit_bzero" "ZeroMemory" "SecureZeroMemory" "wmemset" "strcpy" "stpcpy" "wcscpy" "strcat" "wcscat" "strncpy" "stpncpy" "wcsncpy" "strncat" "wcsncat" "strlcpy" "snprintf" "_snprintf" "vsnprintf" "_vsnprintf" "swprintf" "_snwprintf" "vswprintf" "sprintf" "vsprintf" "fgets" "fgetws" "read" "recv" "pread" "recvfrom" "fread")) @sink

; Writes through an index or a pointer.
(assignment_expression left: (subscript_expression) @sink)
(assignment_expression left: (field_expression argument: (subscript_expression) @sink operator: "."))
(assignment_expression left: (pointer_expression operator: "*") @sink)
