; id: c/taint-allocation-overflow
; kind: taint
; flow: number
; include: request-sources, number-sources
; name: A size multiplied from an input number may wrap before it is allocated
; severity: error
; message: `{{sink}}` multiplies a number that comes from input with no check against an upper bound; the product can wrap to a small allocation
; cwe: CWE-680, CWE-190
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Check the count before multiplying it into a size (`if (n > SIZE_MAX / sizeof *p)
;   return -1;`), or let the allocator do it: `calloc(n, sizeof *p)` and `reallocarray(p, n,
;   sizeof *p)` fail instead of wrapping. A count read from input (the network, a file, the
;   terminal, `scanf`, `atoi` of what `fgets` read) multiplied into `malloc`'s, `realloc`'s or
;   `alloca`'s size wraps around for a large enough value, the allocation comes out small, and
;   the loop that fills it `n` times writes past its end (CWE-680). Counted as a check: `n < X`,
;   `n <= X`, `X > n`, and a branch that leaves when `n >= X` or `n > X` (the bound may be any
;   expression), a comparison above the allocation of one of the product's variables with a
;   quotient (`SIZE_MAX / nmemb < size`), and a remainder or mask (`r % 10`, `r & 0xff`). Sums (`malloc(len + 1)`) are
;   not reported: they wrap only at the very top of the range.

; A product in the size of an allocation that does not check it.
; A product in the size of an allocation that does not check it, in a function that does not
; check it by division first (`if (SIZE_MAX / n < size) return NULL;`).
(call_expression
  function: (identifier) @_allocator
  arguments: (argument_list . (binary_expression operator: ["*" "<<"]) @sink)
  (#any-of? @_allocator "malloc" "alloca" "_alloca" "xmalloc" "g_malloc" "g_malloc0" "kmalloc" "vmalloc" "OPENSSL_malloc" "PyMem_Malloc" "av_malloc")
  (#not-overflow-checked? @sink))
(call_expression
  function: (identifier) @_allocator
  arguments: (argument_list . (_) . (binary_expression operator: ["*" "<<"]) @sink)
  (#any-of? @_allocator "realloc" "xrealloc" "g_realloc" "OPENSSL_realloc" "av_realloc")
  (#not-overflow-checked? @sink))

; A remainder or a mask bounds the number above (`r % 10`, `r & 0xff`).
(binary_expression operator: ["%" "&"]) @sanitizer

; Lengths and counts measure a buffer that exists: they are not counts to multiply from input.
((call_expression function: (identifier) @function) @sanitizer
  (#any-of? @function "strlen" "strnlen" "wcslen" "wcsnlen" "strcspn" "strspn"))

; Upper-bound checks: `n < X` holds only where `n` is below the bound,
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @checked operator: ["<" "<="])
(binary_expression operator: [">" ">="] right: [(identifier) (field_expression) (cast_expression)] @checked)
; and `n >= X` where it is not.
(binary_expression left: [(identifier) (field_expression) (cast_expression)] @rejected operator: [">=" ">"])
(binary_expression operator: ["<" "<="] right: [(identifier) (field_expression) (cast_expression)] @rejected)
