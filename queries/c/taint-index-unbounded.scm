; id: c/taint-index-unbounded
; kind: taint
; flow: number
; reach: function
; include: request-sources, number-sources, array-indexes
; name: A number from input indexes an array without an upper-bound check
; severity: error
; message: `{{sink}}` comes from input and indexes an array with no check against its size
; cwe: CWE-129, CWE-119
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Check the index against the array's size before using it (`if (i < 0 || i >= n)
;   return -1;`). An index read from input (the network, a file, the terminal, `scanf`, `atoi`
;   of what `fgets` read) that only the lower bound was checked for (`if (i >= 0)`) reads or
;   writes past the end of the array. Counted as a check: `i < n`, `i <= n`, `n > i`, and a
;   branch that leaves when `i >= n` or `i > n` (the bound may be any expression), and a
;   remainder or mask (`r % 10`, `r & 0xff`). A negative index is `c/taint-index-negative`.

; A remainder or a mask bounds the number above (`r % 10`, `r & 0xff`).
(binary_expression operator: ["%" "&"]) @sanitizer

; Upper-bound checks: `i < n` holds only where `i` is below the bound,
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @checked operator: ["<" "<="])
(binary_expression operator: [">" ">="] right: [(identifier) (field_expression) (cast_expression)] @checked)
; and `i >= n` where it is not.
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @rejected operator: [">=" ">"])
(binary_expression operator: ["<" "<="] right: [(identifier) (field_expression) (cast_expression)] @rejected)
