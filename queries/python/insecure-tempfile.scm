; id: python/insecure-tempfile
; name: Predictable temporary file name (mktemp)
; severity: warning
; message: `{{func}}` only returns a name; another process can create that file first (race, symlink attack)
; cwe: CWE-377
; tags: security, filesystem
; precision: high
; security-severity: 5.5
; help: Create the file atomically with `tempfile.NamedTemporaryFile(delete=False)`,
;   `tempfile.mkstemp()` or `tempfile.TemporaryDirectory()`.
(call
  function: (attribute
    object: (identifier) @mod (#eq? @mod "tempfile")
    attribute: (identifier) @func (#eq? @func "mktemp")))
  @finding

(call
  function: (attribute
    object: (identifier) @mod (#eq? @mod "os")
    attribute: (identifier) @func (#any-of? @func "tempnam" "tmpnam")))
  @finding
