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
(call
  receiver: (scope_resolution
    scope: (_) @scope (#match? @scope "^(::)?(OpenSSL::)?Digest$")
    name: (constant) @alg (#any-of? @alg "MD5" "SHA1" "MD4" "RMD160"))
  method: (identifier) @func (#any-of? @func "hexdigest" "digest" "base64digest" "new" "file"))
  @finding

(call
  receiver: (scope_resolution
    scope: (constant) @ssl (#eq? @ssl "OpenSSL")
    name: (constant) @digest (#eq? @digest "Digest"))
  method: (identifier) @new (#any-of? @new "new" "digest" "hexdigest")
  arguments: (argument_list
    .
    (string (string_content) @alg (#match? @alg "^(?i:md5|sha1|sha-1|md4)$"))))
  @finding
