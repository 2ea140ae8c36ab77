; id: c/taint-index-negative
; kind: taint
; flow: number
; reach: function
; include: request-sources, number-sources, array-indexes
; name: A signed number from input indexes an array without a check for a negative value
; severity: error
; message: `{{sink}}` comes from input and may be negative where it indexes an array
; cwe: CWE-839, CWE-119
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Check both bounds of an index read from input (`if (i < 0 || i >= n) return -1;`), or
;   read it as an unsigned number (`strtoul`). A check of the upper bound only (`if (i < 10)`)
;   lets a negative index read or write before the start of the array. Counted as a check:
;   `i >= 0`, `i > -1` (any lower bound), and a branch that leaves when `i < 0`. Unsigned
;   conversions (`strtoul`, `strtoull`), `rand()`, a mask (`r & 0xff`), a cast to an unsigned
;   type and a variable declared with one (`size_t n = ...`) give no negative value. A missing
;   upper bound is `c/taint-index-unbounded`.

; Unsigned conversions and `rand()` give no negative number, nor does a mask.
((call_expression function: (identifier) @function) @sanitizer
  (#any-of? @function "strtoul" "strtoull" "wcstoul" "rand" "random" "lrand48"))
(binary_expression operator: "&") @sanitizer

; A value cast to an unsigned type, or given to a variable declared with one, is not negative
; (it wraps to a large number, which `c/taint-index-unbounded` judges).
((cast_expression type: (type_descriptor) @type) @sanitizer
  (#match? @type "^(unsigned|size_t|uint[0-9]*_t|uintptr_t|u_int|u_long|u_char|u_short|uint)\\b"))
((declaration
  type: (_) @type
  declarator: (init_declarator value: (_) @sanitizer))
  (#match? @type "^(unsigned|size_t|uint[0-9]*_t|uintptr_t|u_int|u_long|u_char|u_short|uint)\\b"))

; Lower-bound checks: `i >= 0` holds only where `i` is not negative,
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @checked operator: [">=" ">"])
(binary_expression operator: ["<" "<="] right: [(identifier) (field_expression) (cast_expression)] @checked)
; and `i < 0` where it is.
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @rejected operator: ["<" "<="])
(binary_expression operator: [">" ">="] right: [(identifier) (field_expression) (cast_expression)] @rejected)
