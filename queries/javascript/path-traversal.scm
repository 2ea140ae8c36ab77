; id: javascript/path-traversal
; superseded-by: javascript/taint-path-traversal
; name: File path taken from the HTTP request
; severity: error
; message: `{{func}}` opens a path built from request data (`{{path}}`); `../` sequences in it reach files outside the intended folder (path traversal)
; cwe: CWE-22
; tags: security, path-traversal
; precision: high
; security-severity: 7.5
; help: Resolve the path against a fixed base (`path.resolve(base, name)`) and check that the result still
;   starts with the base, or keep only `path.basename(name)`; for Express use `res.sendFile(name, { root })`.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; fs.readFile(path.join(UPLOADS, req.params.name)), fs.createReadStream(req.query.file)
(call_expression
  function: (_ . ; member_expression
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
  function: (_ . ; member_expression
    object: (identifier) @res (#any-of? @res "res" "response")
    property: (property_identifier) @func (#any-of? @func "sendFile" "download"))
  arguments: (arguments . (_) @path .)
  (#match? @path "\\breq(uest)?\\.(query|params|body|cookies)\\b")
  (#not-match? @path "\\bbasename\\s*\\("))
  @finding
