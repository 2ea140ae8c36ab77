; id: c/null-dereference
; kind: taint
; include: set-by-calls, truth-tests
; flow: value
; reach: function
; name: A pointer that may be NULL is dereferenced
; severity: error
; message: `{{sink}}` may be NULL here
; cwe: CWE-476, CWE-690
; tags: security, memory, taint
; precision: high
; security-severity: 5.9
; help: Check the pointer before using it: `if (p == NULL) { ...; return; }`. May be NULL: what
;   `malloc`, `calloc`, `realloc`, `strdup` and `fopen` return before it is checked, and a pointer
;   assigned NULL. The state is followed along every path of the function: a check that leaves
;   (`if (!p) return -1;`), a branch taken only when the pointer is set (`if (p != NULL)`,
;   `if (p)`), the right side of `p && p->len`, and an assignment of anything else make it safe.
;   A use is a dereference (`*p`, `p[i]`, `p->f`), or handing the pointer to a C library function
;   that dereferences it (`strcpy`, `memset`, `fclose`, ...).

; What may be NULL: the result of an allocation, a duplicate or an opened stream,
((call_expression function: (identifier) @f) @source
  (#any-of? @f "malloc" "calloc" "realloc" "strdup" "strndup" "wcsdup" "fopen" "fopen64"
    "_wfopen" "fdopen" "tmpfile" "popen"))

; and NULL itself, given to a pointer (not as the first value of a `static` one, which keeps
; what the last call left in it).
((declaration declarator: (init_declarator value: (null) @source.local)) @_declaration
  (#not-match? @_declaration "^static\\s"))
(assignment_expression right: (null) @source.local)

; Uses: dereferences,
(pointer_expression operator: "*" argument: (identifier) @sink)
(subscript_expression argument: (identifier) @sink)
(field_expression argument: (identifier) @sink operator: "->")

; the buffers the C library writes or reads,
(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @sink)
  (#any-of? @f "strcpy" "strncpy" "strcat" "strncat" "memset" "memcpy" "memmove" "strlen"
    "wcscpy" "wcsncpy" "wcscat" "wcsncat" "wcslen" "wmemset" "sprintf" "snprintf" "swprintf"
    "fclose" "fprintf" "fwprintf" "fflush" "fseek" "ftell" "rewind" "fgetc" "getc" "fscanf"))

(call_expression
  function: (identifier) @f
  arguments: (argument_list . (_) . (identifier) @sink)
  (#any-of? @f "memcpy" "memmove" "strcpy" "strcat" "wcscpy" "wcscat" "fputs" "fputws" "putc"
    "fputc"))

(call_expression
  function: (identifier) @f
  arguments: (argument_list (identifier) @sink .)
  (#any-of? @f "fgets" "fgetws" "fread" "fwrite"))

; A check: the pointer compared with NULL (tested as a truth value: `truth-tests`).
(binary_expression left: (identifier) operator: "!=" right: (null)) @checked
(binary_expression left: (null) operator: "!=" right: (identifier)) @checked
(binary_expression left: (identifier) operator: "==" right: (null)) @rejected
(binary_expression left: (null) operator: "==" right: (identifier)) @rejected
(conditional_expression condition: (identifier) @checked)

; `if ((p = malloc(n)) == NULL)`.
(binary_expression
  left: (parenthesized_expression (assignment_expression left: (identifier)))
  operator: "=="
  right: (null)) @rejected
(binary_expression
  left: (parenthesized_expression (assignment_expression left: (identifier)))
  operator: "!="
  right: (null)) @checked
