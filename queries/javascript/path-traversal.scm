; id: javascript/path-traversal
; name: File path taken from the HTTP request
; severity: error
; message: `{{func}}` opens a path built from request data (`{{path}}`); `../` sequences in it reach files outside the intended folder (path traversal)
; cwe: CWE-22
; tags: security, path-traversal
; precision: high
; security-severity: 7.5
; help: Resolve the path against a fixed base (`path.resolve(base, name)`) and check that the result still
;   starts with the base, or keep only `path.basename(name)`; for Express use `res.sendFile(name, { root })`.

; fs.readFile(path.join(UPLOADS, req.params.name)), fs.createReadStream(req.query.file)
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @fs
    property: (property_identifier) @func)
  arguments: (arguments . (_) @path)
  (#match? @fs "^(fs|fsp|fse|fs\\.promises|fs-extra|promises)$")
  (#any-of? @func "readFile" "readFileSync" "createReadStream" "writeFile" "writeFileSync"
    "appendFile" "appendFileSync" "createWriteStream" "unlink" "unlinkSync" "rm" "rmSync"
    "readdir" "readdirSync" "open" "openSync" "copyFile" "copyFileSync" "rename" "renameSync"
    "access" "stat" "outputFile" "remove")
  (#match? @path "\\breq(uest)?\\.(query|params|body|cookies)\\b")
  (#not-match? @path "\\bbasename\\s*\\("))
  @finding

; res.sendFile(req.query.path) / res.download(path.join(dir, req.params.file)) without a `root` option
(call_expression
  function: (member_expression
    object: (identifier) @res (#any-of? @res "res" "response")
    property: (property_identifier) @func (#any-of? @func "sendFile" "download"))
  arguments: (arguments . (_) @path .)
  (#match? @path "\\breq(uest)?\\.(query|params|body|cookies)\\b")
  (#not-match? @path "\\bbasename\\s*\\("))
  @finding
