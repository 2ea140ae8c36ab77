; id: php/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it whether the server runs the file as PHP
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 9.8
; help: Name stored uploads on the server (`bin2hex(random_bytes(16))` plus an extension taken
;   from an allow-list), or check the extension against an allow-list before moving the file
;   (`if (!in_array(strtolower(pathinfo($name, PATHINFO_EXTENSION)), $allowed, true))`), and
;   keep the folder out of what the web server runs. `basename()` stops `../` but keeps the
;   client's `.php`, `.phtml` or `.phar`, which the server then runs. A function that tests an
;   extension, a MIME or image type, or an allow-list before saving is not reported.

; Where an upload is stored: the destination of `move_uploaded_file`, `copy` and `rename`,
(function_call_expression
  function: [(name) @_function (qualified_name (name) @_function)]
  arguments: (arguments . (argument) . (argument (_) @sink))
  (#any-of? @_function "move_uploaded_file" "copy" "rename")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|_ext|ext_|suffix|mime|content.?type|getimagesize|exif_imagetype|finfo|image/")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; and the file `file_put_contents` writes.
(function_call_expression
  function: [(name) @_function (qualified_name (name) @_function)]
  arguments: (arguments . (argument (_) @sink))
  (#eq? @_function "file_put_contents")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|\\bext\\b|_ext|ext_|suffix|mime|content.?type|getimagesize|exif_imagetype|finfo|image/")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name made from a digest of the client's is the server's.
((function_call_expression function: [(name) @_digest (qualified_name (name) @_digest)]) @sanitizer
  (#any-of? @_digest "md5" "sha1" "hash" "hash_hmac" "crc32" "uniqid" "intval"))

; A name the server gives its own extension (`$id . '.png'`) fixes the type.
((binary_expression operator: "." right: (string) @_extension) @sanitizer
  (#match? @_extension "^'\\.[A-Za-z0-9]{1,8}'$"))
((binary_expression operator: "." right: (encapsed_string) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
