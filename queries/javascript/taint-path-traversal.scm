; id: javascript/taint-path-traversal
; kind: taint
; include: request-sources
; name: Request data reaches a file path
; severity: error
; message: Request data chooses the file path of `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Keep only the base name (`path.basename(name)`), or resolve the path against a fixed folder
;   and check that the result still starts with it; with Express pass `{ root }` to `res.sendFile`.

; Sinks are paths that fs opens, reads, writes, lists or removes (`fs.readFile(p)`,
; `fs.promises.writeFile(p, data)`, `fsp.unlink(p)`, `fs.createReadStream(p)`),
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @fs
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#match? @fs "^(fs|fsp|fse|fsExtra|fs\\.promises|promises|fs\\.default)$")
  (#any-of? @function "readFile" "readFileSync" "createReadStream" "writeFile" "writeFileSync"
    "appendFile" "appendFileSync" "createWriteStream" "unlink" "unlinkSync" "rm" "rmSync" "rmdir"
    "rmdirSync" "readdir" "readdirSync" "open" "openSync" "copyFile" "copyFileSync" "rename"
    "renameSync" "mkdir" "mkdirSync" "symlink" "symlinkSync" "truncate" "truncateSync" "chmod"
    "chmodSync" "readJson" "readJSON" "readJsonSync" "outputFile" "outputFileSync" "outputJson"
    "writeJson" "remove" "removeSync" "move" "moveSync" "copy" "copySync" "ensureFile"))

; and files Express sends (`res.sendFile(p)`, `res.download(p)`), unless a `root` option confines
; them to a folder.
(call_expression
  function: (member_expression
    object: (identifier) @response
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink) @arguments
  (#any-of? @response "res" "response")
  (#any-of? @function "sendFile" "sendfile" "download")
  (#not-match? @arguments "\\broot\\s*:"))

; Sanitizers keep only the last path component (`path.basename(name)`) or a safe file name
; (`sanitize(name)` of sanitize-filename).
(call_expression
  function: [
    (identifier) @function
    (member_expression property: (property_identifier) @function)
  ]
  (#any-of? @function "basename" "sanitize" "sanitizeFilename" "filenamify"))
  @sanitizer
