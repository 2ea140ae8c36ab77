; id: java/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it how the server will treat the file (a `.jsp` is run)
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 8.8
; help: Name stored uploads on the server (`UUID.randomUUID()` plus an extension taken from an
;   allow-list), or check the extension against an allow-list before saving
;   (`if (!ALLOWED.contains(FilenameUtils.getExtension(name).toLowerCase())) ...`), and keep the
;   folder out of what the web server runs or serves as pages. `Paths.get(name).getFileName()`
;   and `FilenameUtils.getName` stop `../` but keep the client's `.jsp` or `.html`. A method
;   that tests an extension, a suffix, a MIME or content type, or an allow-list before saving
;   is not reported.

; Where an upload is stored: Spring's `MultipartFile.transferTo(dest)`,
(method_invocation
  name: (identifier) @_method
  arguments: (argument_list . (_) @sink .)
  (#eq? @_method "transferTo")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|endswith|mime|content_?type|probeContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; a Servlet `Part.write(name)`,
(method_invocation
  object: (identifier) @_part
  name: (identifier) @_method
  arguments: (argument_list . (_) @sink .)
  (#eq? @_method "write")
  (#match? @_part "(?i)part$")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|endswith|mime|content_?type|probeContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; what `Files` copies, moves or writes to,
(method_invocation
  object: (identifier) @_files
  name: (identifier) @_method
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @_files "Files")
  (#any-of? @_method "copy" "move")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|endswith|mime|content_?type|probeContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
(method_invocation
  object: (identifier) @_files
  name: (identifier) @_method
  arguments: (argument_list . (_) @sink)
  (#eq? @_files "Files")
  (#any-of? @_method "write" "newOutputStream" "newBufferedWriter")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|endswith|mime|content_?type|probeContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; and the file a `FileOutputStream` opens.
(object_creation_expression
  type: (type_identifier) @_stream
  arguments: (argument_list . (_) @sink)
  (#eq? @_stream "FileOutputStream")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|suffix|endswith|mime|content_?type|probeContentType")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name made from a digest of the client's is the server's.
((method_invocation name: (identifier) @_digest) @sanitizer
  (#any-of? @_digest "md5Hex" "sha1Hex" "sha256Hex" "hashCode" "nameUUIDFromBytes"))

; A name the server gives its own extension (`id + ".png"`) fixes the type.
((binary_expression operator: "+" right: (string_literal) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
