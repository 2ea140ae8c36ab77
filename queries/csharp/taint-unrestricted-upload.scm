; id: csharp/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it how the server will treat the file
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 8.8
; help: Name stored uploads on the server (`Path.GetRandomFileName()`, or a `Guid` plus an
;   extension taken from an allow-list), or check the extension against an allow-list before
;   saving (`if (!Allowed.Contains(Path.GetExtension(file.FileName).ToLowerInvariant())) return
;   BadRequest();`), and keep the folder out of `wwwroot`. `Path.GetFileName` stops `../` but
;   keeps the client's `.html`, `.svg` or `.aspx`. A method that tests an extension, a suffix, a
;   MIME or content type, or an allow-list before saving is not reported.

; Where an upload is stored: the file a `FileStream` opens to write, what `File` creates,
; writes or opens for writing,
((object_creation_expression
  type: (_) @_type
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @_type "(^|\\.)FileStream$")
  (#not-match? @sink "(?i)(stream|stream\\(\\)|\\.body|\\.inputstream)$")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|EndsWith|mime|ContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
((invocation_expression
  function: (member_access_expression
    expression: (_) @_class
    name: (identifier) @_method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @_class "(^|\\.)File$")
  (#any-of? @_method "Create" "OpenWrite" "WriteAllBytes" "WriteAllBytesAsync" "WriteAllText" "WriteAllTextAsync")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|EndsWith|mime|ContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; and the destination of a move or copy.
((invocation_expression
  function: (member_access_expression
    expression: (_) @_class
    name: (identifier) @_method)
  arguments: (argument_list (argument (_)) . (argument (_) @sink)))
  (#match? @_class "(^|\\.)File$")
  (#any-of? @_method "Move" "Copy")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|EndsWith|mime|ContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name the server gives its own extension (`id + ".png"`) fixes the type.
((binary_expression operator: "+" right: (string_literal) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
