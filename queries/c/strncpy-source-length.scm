; id: c/strncpy-source-length
; name: Bounded copy whose bound is the source length
; severity: error
; message: `{{func}}` is bounded by the length of the source instead of the size of the destination, so the bound prevents nothing
; cwe: CWE-805, CWE-120
; tags: security, memory-safety, buffer-overflow
; precision: very-high
; superseded-by: c/out-of-bounds-write
; security-severity: 8.1
; help: The bound of `strncpy`/`strncat` must come from the destination: `sizeof dst - 1`
;   (and terminate), or `sizeof dst - strlen(dst) - 1` for `strncat`. Better, use `snprintf` or
;   `strlcpy`. Also reported: `strncat(dst, src, sizeof dst)`, which ignores what `dst` already holds.
(call_expression
  function: (identifier) @func
  (#any-of? @func "strncpy" "strncat" "wcsncpy" "wcsncat" "stpncpy" "wcpncpy")
  arguments: (argument_list . (_) . (_) @src . (call_expression
      function: (identifier) @len
      arguments: (argument_list . (_) @len_arg .)) .)
  (#any-of? @len "strlen" "wcslen")
  (#eq? @src @len_arg))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "strncat" "wcsncat")
  arguments: (argument_list . (_) @dst . (_) . (sizeof_expression value: (parenthesized_expression (_) @size_arg)) .)
  (#eq? @dst @size_arg))
  @finding
