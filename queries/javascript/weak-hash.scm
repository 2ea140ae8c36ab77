; id: javascript/weak-hash
; name: Broken hash algorithm (MD5/SHA-1)
; severity: warning
; message: MD5/SHA-1 hashing via `{{func}}` is broken for security use (collisions, fast brute force of hashed passwords)
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use SHA-256 or better for integrity, HMAC-SHA-256 for message authentication, and a slow
;   password hash (`bcrypt`, `scrypt`, `argon2`, `crypto.scrypt`) for passwords.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; crypto.createHash('md5') / createHash('sha1')
(call_expression
  function: [
    (identifier) @func
    (_ . object: (_) property: (property_identifier) @func)] ; member_expression
  arguments: (arguments . (string (string_fragment) @alg))
  (#eq? @func "createHash")
  (#match? @alg "(?i)^(md2|md4|md5|sha1|sha-1|rmd160|ripemd160)$"))
  @finding

; md5(password) / sha1(user.password) with the `md5`/`sha1` packages
(call_expression
  function: (identifier) @func (#any-of? @func "md5" "sha1" "md5Hex")
  arguments: (arguments . (_) @arg)
  (#match? @arg "(?i)(passw|passwd|pwd|passphrase)"))
  @finding
