; id: go/predictable-temp-file
; name: File created at a predictable path in a shared temp directory
; severity: warning
; message: `{{pkg}}.{{fn}}` writes to a fixed or guessable name under the shared temp directory (`{{path}}`); another local user can pre-create or symlink it
; cwe: CWE-377, CWE-379
; tags: security, filesystem
; precision: high
; security-severity: 5.5
; help: Use `os.CreateTemp("", "name-*.ext")` or `os.MkdirTemp`, which pick a random
;   name and create the file exclusively with 0600 permissions.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os" "io/ioutil")
    field: (field_identifier) @fn (#any-of? @fn "Create" "OpenFile" "WriteFile" "Mkdir" "MkdirAll" "Symlink"))
  arguments: (argument_list . [
      [(interpreted_string_literal) (raw_string_literal)] @path
      (binary_expression left: [[(interpreted_string_literal) (raw_string_literal)] @path (call_expression function: (selector_expression operand: (identifier) @tp (#eq? @tp "os") field: (field_identifier) @tf (#eq? @tf "TempDir"))) @path])
      (binary_expression left: (binary_expression left: [[(interpreted_string_literal) (raw_string_literal)] @path (call_expression function: (selector_expression operand: (identifier) @tp (#eq? @tp "os") field: (field_identifier) @tf (#eq? @tf "TempDir"))) @path]))
      (call_expression
        function: (selector_expression operand: (identifier) @jp (#any-of? @jp "filepath" "path") field: (field_identifier) @jf (#eq? @jf "Join"))
        arguments: (argument_list . [[(interpreted_string_literal) (raw_string_literal)] @path (call_expression function: (selector_expression operand: (identifier) @tp (#eq? @tp "os") field: (field_identifier) @tf (#eq? @tf "TempDir"))) @path] . (_)))
      (call_expression
        function: (selector_expression operand: (identifier) @sp (#eq? @sp "fmt") field: (field_identifier) @sf (#eq? @sf "Sprintf"))
        arguments: (argument_list . [(interpreted_string_literal) (raw_string_literal)] @path))
    ] (#match? @path "^([\"`]/(var/)?tmp(/[^\"`*]*)?[\"`]|os\\.TempDir\\(\\))$")))
  @finding
