; id: c/alloca-unbounded
; name: alloca with a size that is not a constant
; severity: warning
; message: `{{func}}` allocates a run-time size on the stack; a large or attacker-chosen size overflows the stack with no error
; cwe: CWE-770, CWE-121
; tags: security, memory-safety
; precision: high
; security-severity: 6.5
; help: Allocate variable-size buffers with `malloc` and check the result, or cap the size against a
;   small constant before calling `alloca`. Constant sizes and `sizeof` are not reported.
(call_expression
  function: (identifier) @func
  (#any-of? @func "alloca" "_alloca" "__builtin_alloca" "_malloca")
  arguments: (argument_list . (_) @size .)
  (#not-match? @size "^(\\(?[0-9][0-9xXa-fA-F]*[uUlL]*\\)?|sizeof ?\\([^()]*\\)|sizeof [A-Za-z_][A-Za-z0-9_]*|[A-Z][A-Z0-9_]*)$"))
  @finding
