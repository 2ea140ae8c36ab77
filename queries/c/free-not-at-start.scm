; id: c/free-not-at-start
; kind: taint
; include: set-by-calls
; flow: value
; reach: function
; name: A pointer into the middle of a buffer is freed
; severity: error
; message: `{{sink}}` may point past the start of its allocation when it is freed
; cwe: CWE-761
; tags: security, memory, taint
; precision: high
; security-severity: 7.5
; help: Free the pointer the allocation returned, not one moved along the buffer: walk the
;   buffer with an index or a second pointer (`for (p = buf; *p; p++)`, then `free(buf)`).
;   Moved: a pointer advanced in place (`p++`, `p += n`, `p = p + n`) or set to what a search
;   returns inside a buffer (`strchr`, `strstr`, `strrchr`, `strpbrk`, `memchr`).

; Moved in place,
(update_expression argument: (identifier) @filled)
(assignment_expression left: (identifier) @filled operator: ["+=" "-="])
((assignment_expression
  left: (identifier) @filled
  right: (binary_expression left: (identifier) @_same operator: ["+" "-"]))
  (#eq? @filled @_same))

; or set to a place inside a buffer.
((call_expression function: (identifier) @f) @source
  (#any-of? @f "strchr" "strrchr" "strstr" "strpbrk" "memchr" "wcschr" "wcsrchr" "wcsstr"
    "wcspbrk"))

(call_expression
  function: (identifier) @f
  arguments: (argument_list . (identifier) @sink)
  (#any-of? @f "free" "realloc"))
