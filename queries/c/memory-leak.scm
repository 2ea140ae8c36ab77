; id: c/memory-leak
; kind: taint
; flow: extent
; check: leak
; name: Memory or a file is not released before the function returns
; severity: warning
; message: {{detail}}
; cwe: CWE-401, CWE-772
; tags: security, memory, resource-leak
; precision: high
; security-severity: 5.3
; help: Release what the function allocated or opened on every path out of it: `free` (or
;   `delete`) the memory, `fclose` the file, `closedir` the directory, `pclose` the pipe, also
;   on the early returns of error paths (a `goto` to one cleanup label is the usual C idiom),
;   or hand it to whoever keeps it.
;   Followed along the paths of the function: memory from `malloc`, `calloc`, `realloc`,
;   `strdup` and `new`, and what `fopen`, `opendir` and `popen` open, until it is released or
;   handed on: stored in a field, an element, a global or a `static`, written through a
;   pointer, returned, or given to a call that may keep it. A call of the C library's readers,
;   copies and formatters keeps nothing; a function of the repository keeps what it stores,
;   returns, releases or hands to a call that may keep it (read from its body, across files);
;   any other call (a library's, a method, a function pointer) is taken to keep it. A path on
;   which the allocation was found to have failed (`if (p == NULL) return -1;`) holds nothing,
;   and `main` returning ends the program. Reported at each `return` (and at the end of the
;   function) that some path reaches still holding what nothing released or took.

(return_statement) @sink
; The end of a function's body, which the walk reaches with what is still held.
(function_definition body: (compound_statement "}" @sink .))
