; id: rust/predictable-temp-file
; name: Fixed file name in a shared temporary directory
; severity: warning
; message: `{{path}}` is a fixed name in a world-writable temp directory; another user can create it first or plant a symlink there
; cwe: CWE-377, CWE-379
; tags: security, filesystem, race-condition
; precision: high
; security-severity: 5.5
; help: Use the `tempfile` crate (`tempfile::tempfile()`, `NamedTempFile::new()`, `tempfile::tempdir()`),
;   which creates a unique name with `O_EXCL`, or keep the file in a directory only this user can write.
(call_expression
  function: (field_expression
    value: (call_expression
      function: [
        (identifier) @tmp
        (scoped_identifier name: (identifier) @tmp)
      ])
    field: (field_identifier) @join)
  arguments: (arguments . (string_literal) @path @finding .)
  (#eq? @tmp "temp_dir")
  (#eq? @join "join"))

(call_expression
  function: (scoped_identifier path: (_) @type name: (identifier) @fn)
  arguments: (arguments . (string_literal) @path @finding)
  (#match? @type "(^|::)(File|fs)$")
  (#any-of? @fn "create" "create_new" "write" "create_dir" "create_dir_all")
  (#match? @path "^\"/(var/)?tmp/"))

(call_expression
  function: (field_expression field: (field_identifier) @fn)
  arguments: (arguments . (string_literal) @path @finding .)
  (#eq? @fn "open")
  (#match? @path "^\"/(var/)?tmp/"))
