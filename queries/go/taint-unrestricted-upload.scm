; id: go/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it how the server will treat the file
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 8.8
; help: Name stored uploads on the server (a random name plus an extension taken from an
;   allow-list), or check the extension against an allow-list before saving (`if
;   !allowed[strings.ToLower(filepath.Ext(header.Filename))] { ... return }`), and keep the
;   folder out of what the server serves as pages. `filepath.Base` stops `../` but keeps the
;   client's `.html` or `.svg`. A function that tests an extension, a suffix, a MIME or content
;   type, or an allow-list before saving is not reported.

; The name a client gave a part of a multipart form (`part.FileName()`).
((call_expression
  function: (selector_expression field: (field_identifier) @_name)) @source
  (#eq? @_name "FileName"))

; Where an upload is stored: the file `os` creates or writes,
(call_expression
  function: (selector_expression
    operand: (identifier) @_package
    field: (field_identifier) @_function)
  arguments: (argument_list . (_) @sink)
  (#resolves-to? @_package "os" "io/ioutil")
  (#any-of? @_function "Create" "OpenFile" "WriteFile")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|mime|content-?type|DetectContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; the destination of a rename,
(call_expression
  function: (selector_expression
    operand: (identifier) @_package
    field: (field_identifier) @_function)
  arguments: (argument_list . (_) . (_) @sink)
  (#resolves-to? @_package "os")
  (#eq? @_function "Rename")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|mime|content-?type|DetectContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; and gin's and echo's helpers that save an uploaded file (`c.SaveUploadedFile(file, dst)`).
(call_expression
  function: (selector_expression field: (field_identifier) @_function)
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @_function "SaveUploadedFile")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|mime|content-?type|DetectContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name the server gives its own extension (`id + ".png"`) fixes the type.
((binary_expression operator: "+" right: (interpreted_string_literal) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
