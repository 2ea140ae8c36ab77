; id: ruby/weak-hash
; name: MD5 or SHA-1 used as a hash
; severity: warning
; message: `{{alg}}` is a broken hash (collisions are practical); do not use it for passwords, signatures or integrity checks
; cwe: CWE-327, CWE-328
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use `Digest::SHA256`/`OpenSSL::Digest::SHA256` for integrity, `OpenSSL::HMAC` with
;   SHA-256 for signatures, and bcrypt/argon2 (`has_secure_password`) for passwords.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  ; `(_ . scope: ...)` is a `scope_resolution`, the only ruby node with a `scope` field
  ; (node-types.json), whose first child the scope is. The wildcard skips tree-sitter's
  ; compile-time analysis of it; the anchor drops other nodes at once.
  receiver: (_ .
    scope: (_) @scope (#match? @scope "^(::)?(OpenSSL::)?Digest$")
    name: (constant) @alg (#any-of? @alg "MD5" "SHA1" "MD4" "RMD160"))
  method: (identifier) @func (#any-of? @func "hexdigest" "digest" "base64digest" "new" "file"))
  @finding

(call
  receiver: (_ . ; a `scope_resolution` (see above)
    scope: (constant) @ssl (#eq? @ssl "OpenSSL")
    name: (constant) @digest (#eq? @digest "Digest"))
  method: (identifier) @new (#any-of? @new "new" "digest" "hexdigest")
  arguments: (_
    .
    (string (string_content) @alg (#match? @alg "^(?i:md5|sha1|sha-1|md4)$"))))
  @finding
