; id: go/path-traversal-request
; superseded-by: go/taint-path-traversal
; name: File path taken from the HTTP request
; severity: error
; message: `{{pkg}}.{{fn}}` opens a path built from request input (`{{src}}`); `../` sequences or absolute paths let a client reach files outside the intended directory
; cwe: CWE-22, CWE-73
; tags: security, path-traversal
; precision: high
; security-severity: 7.5
; help: Reduce the value to a bare file name with `filepath.Base`, or resolve it and check
;   that the result is still inside the base directory; on Go 1.24+ prefer `os.OpenRoot`
;   / `os.Root` (or `http.FileServer(http.Dir(...))` for static files).
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "os" "io/ioutil")
    field: (field_identifier) @fn (#any-of? @fn "Open" "OpenFile" "ReadFile" "Create" "Remove" "RemoveAll" "WriteFile" "ReadDir" "Mkdir" "MkdirAll" "Truncate"))
  arguments: (argument_list . [
      [(call_expression) (index_expression)] @src
      (call_expression
        function: (selector_expression operand: (identifier) @jp (#any-of? @jp "filepath" "path" "fmt") field: (field_identifier) @jf (#any-of? @jf "Join" "Sprintf"))
        arguments: (argument_list [(call_expression) (index_expression)] @src))
      (binary_expression left: [(call_expression) (index_expression)] @src)
      (binary_expression right: [(call_expression) (index_expression)] @src)
      (binary_expression left: (binary_expression right: [(call_expression) (index_expression)] @src))
    ] (#match? @src "^(\\w+\\.(FormValue|PostFormValue|PathValue)\\(|\\w+\\.URL\\.Query\\(\\)\\.Get\\(|\\w+\\.Form\\.Get\\(|mux\\.Vars\\(\\w+\\)\\[|chi\\.URLParam\\(|(c|ctx)\\.(Param|Query|QueryParam|DefaultQuery|FormValue|PostForm|Params\\.ByName)\\()")))
  @finding
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "net/http")
    field: (field_identifier) @fn (#eq? @fn "ServeFile"))
  arguments: (argument_list . (_) . (_) . [
      [(call_expression) (index_expression)] @src
      (call_expression
        function: (selector_expression operand: (identifier) @jp (#any-of? @jp "filepath" "path" "fmt") field: (field_identifier) @jf (#any-of? @jf "Join" "Sprintf"))
        arguments: (argument_list [(call_expression) (index_expression)] @src))
      (binary_expression left: [(call_expression) (index_expression)] @src)
      (binary_expression right: [(call_expression) (index_expression)] @src)
      (binary_expression left: (binary_expression right: [(call_expression) (index_expression)] @src))
    ] (#match? @src "^(\\w+\\.(FormValue|PostFormValue|PathValue)\\(|\\w+\\.URL\\.Query\\(\\)\\.Get\\(|\\w+\\.Form\\.Get\\(|mux\\.Vars\\(\\w+\\)\\[|chi\\.URLParam\\(|(c|ctx)\\.(Param|Query|QueryParam|DefaultQuery|FormValue|PostForm|Params\\.ByName)\\()")))
  @finding
