; id: python/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it how the server will treat the file
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 8.8
; help: Name stored uploads on the server (`uuid4().hex` plus an extension taken from an
;   allow-list), or check the extension against an allow-list before saving
;   (`if not allowed_file(f.filename): abort(400)`), and keep the folder out of what the web
;   server runs or serves as pages. `secure_filename` and `os.path.basename` stop `../` but keep
;   the client's `.php`, `.html` or `.svg`. A function that tests an extension, a suffix, a MIME
;   or content type, or an allow-list before saving is not reported.

; Where an upload is stored: `FileStorage.save(path)`, a storage's `save(name, content)`, and
; a move or copy into place.
(call
  function: (attribute attribute: (identifier) @_method)
  arguments: (argument_list . (_) @sink)
  (#eq? @_method "save")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|_ext|ext_|suffix|endswith|mime|content_?type|imghdr|magic|what\\(")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
(call
  function: (attribute object: (identifier) @_module attribute: (identifier) @_function)
  arguments: (argument_list . (_) . (_) @sink)
  (#eq? @_module "shutil")
  (#any-of? @_function "move" "copy" "copyfile" "copy2")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|_ext|ext_|suffix|endswith|mime|content_?type|imghdr|magic|what\\(")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name reduced to its base keeps its extension; a path joined from it keeps it too.
((call
  function: [
    (identifier) @keeps
    (attribute attribute: (identifier) @keeps)
  ]) @propagator
  (#any-of? @keeps "secure_filename" "basename" "join" "splitext" "normpath" "abspath"))

; A name the server gives its own extension (`name + ".json"`) fixes the type.
((binary_operator operator: "+" right: (string) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
((binary_operator operator: "+" right: (string) @_extension) @sanitizer
  (#match? @_extension "^'\\.[A-Za-z0-9]{1,8}'$"))
