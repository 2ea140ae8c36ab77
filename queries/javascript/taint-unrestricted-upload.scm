; id: javascript/taint-unrestricted-upload
; kind: taint
; include: request-sources
; name: An upload is saved under a name the client chose
; severity: error
; message: `{{sink}}` saves an upload under a name the request chose: the client picks the file's extension, and with it how the server will treat the file
; cwe: CWE-434
; tags: security, upload, taint
; precision: high
; security-severity: 8.8
; help: Name stored uploads on the server (`crypto.randomUUID()` plus an extension taken from an
;   allow-list), or check the extension against an allow-list before saving
;   (`if (!ALLOWED.includes(path.extname(name).toLowerCase())) return res.sendStatus(400)`), and
;   keep the folder out of what the web server serves as pages. `path.basename` stops `../` but
;   keeps the client's `.html`, `.svg` or `.php`. A function that tests an extension, a MIME
;   type or an allow-list before saving is not reported. (multer's `diskStorage` `filename`
;   callback is not followed.)

; The name the client gave a file: multer's and formidable's `originalname` and
; `originalFilename`, and what express-fileupload and multer put in `req.files` / `req.file`.
(member_expression
  property: (property_identifier) @_name
  (#any-of? @_name "originalname" "originalFilename")) @source
(member_expression
  object: (identifier) @_request
  property: (property_identifier) @_part
  (#any-of? @_request "req" "request")
  (#any-of? @_part "file" "files")) @source

; Where an upload is stored: written, moved or copied to a path,
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @_fs
    property: (property_identifier) @_method)
  arguments: (arguments . (_) @sink)
  (#match? @_fs "^(fs|fsp|fse|fs\\.promises|fs-extra|promises)$")
  (#any-of? @_method "writeFile" "writeFileSync" "createWriteStream" "outputFile" "outputFileSync")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|extname|\\bext\\b|suffix|endswith|mime|content-?type|mimetype|filetype")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @_fs
    property: (property_identifier) @_method)
  arguments: (arguments . (_) . (_) @sink)
  (#match? @_fs "^(fs|fsp|fse|fs\\.promises|fs-extra|promises)$")
  (#any-of? @_method "rename" "renameSync" "copyFile" "copyFileSync" "move" "moveSync" "copy" "copySync")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|extname|\\bext\\b|suffix|endswith|mime|content-?type|mimetype|filetype")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))
; and express-fileupload's `file.mv(path)`.
(call_expression
  function: (member_expression property: (property_identifier) @_method)
  arguments: (arguments . (_) @sink)
  (#eq? @_method "mv")
  (#not-guarded-by? @sink "(?i)allow|whitelist|permit|accept|valid|extension|extname|\\bext\\b|suffix|endswith|mime|content-?type|mimetype|filetype")
  (#not-match? @sink "\\.[A-Za-z0-9]{1,8}[\"'`]\\s*\\)*\\s*$"))

; A name the server gives its own extension (`name + '.json'`) fixes the type. (A template
; string or an f-string is not taken: the pattern would have no literal for the prefilter.)
((binary_expression operator: "+" right: (string) @_extension) @sanitizer
  (#match? @_extension "^'\\.[A-Za-z0-9]{1,8}'$"))
((binary_expression operator: "+" right: (string) @_extension) @sanitizer
  (#match? @_extension "^\"\\.[A-Za-z0-9]{1,8}\"$"))
