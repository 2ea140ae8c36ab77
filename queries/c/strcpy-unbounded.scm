; id: c/strcpy-unbounded
; name: Unbounded string copy or concatenation
; severity: error
; message: `{{func}}` copies a string of unknown length with no bound on the destination size; a long source overflows the buffer
; cwe: CWE-120, CWE-787
; tags: security, memory-safety, buffer-overflow
; precision: high
; superseded-by: c/out-of-bounds-write
; security-severity: 8.1
; help: Copy with an explicit bound that is the destination size: `snprintf(dst, sizeof dst, "%s", src)`,
;   `strlcpy`/`strlcat` where available, or check `strlen(src) < sizeof dst` first. Copies of a
;   string literal or an ALL_CAPS macro constant are not reported, nor copies into a buffer the
;   function allocated above from the source's length (`p = malloc(strlen(s) + 1)`, or
;   `sizeof` of a source array).
((call_expression
  function: (identifier) @func
  (#any-of? @func "strcpy" "strcat" "wcscpy" "wcscat" "stpcpy" "wcpcpy" "lstrcpy" "lstrcpyA" "lstrcpyW" "lstrcat" "lstrcatA" "lstrcatW" "_tcscpy" "_tcscat" "_mbscpy" "_mbscat" "StrCpy" "StrCat")
  arguments: (argument_list . (_) @dst . (_) @src .)
  (#not-match? @src "^((L|u8|u|U)?\"|[A-Z][A-Z0-9_]*$)"))
  @finding
  (#not-sized-for? @dst @src))
