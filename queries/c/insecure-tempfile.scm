; id: c/insecure-tempfile
; name: Predictable temporary file name
; severity: warning
; message: `{{func}}` returns a name that another process can predict and create first (race, symlink attack)
; cwe: CWE-377
; tags: security, filesystem, race-condition
; precision: very-high
; security-severity: 5.5
; help: Use `mkstemp` (or `mkdtemp` for a directory, `tmpfile` for an anonymous file), which creates
;   the file atomically with `O_EXCL` and returns an open descriptor.
(call_expression
  function: (identifier) @func
  (#any-of? @func "tmpnam" "tmpnam_r" "tempnam" "mktemp" "_mktemp" "_tempnam" "_wtmpnam" "_wtempnam" "_wmktemp")
  arguments: (argument_list))
  @finding
