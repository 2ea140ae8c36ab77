; id: python/weak-hash
; name: MD5 or SHA-1 used as a hash
; severity: warning
; message: `{{func}}` is a broken hash (collisions are practical); do not use it for passwords, signatures or integrity checks
; cwe: CWE-327, CWE-328
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use `hashlib.sha256`/`sha3_256`/`blake2b` for integrity and `hashlib.scrypt`, argon2 or
;   bcrypt for passwords. When MD5/SHA-1 is only a non-security fingerprint (cache key, ETag),
;   say so with `hashlib.md5(data, usedforsecurity=False)` (Python 3.9+).
; hashlib.md5(...), h.md5(...) under `import hashlib as h`, md5(...) under
; `from hashlib import md5`
((call
  function: [(identifier) (attribute)] @func
  arguments: (argument_list) @args
  (#not-match? @args "usedforsecurity\\s*=\\s*False"))
  @finding
  (#resolves-to? @func "hashlib.md5" "hashlib.sha1"))

(call
  function: (attribute
    object: (_) @mod (#resolves-to? @mod "hashlib")
    attribute: (identifier) @new (#eq? @new "new"))
  arguments: (argument_list
    .
    (string (string_content) @func (#match? @func "^(?i:md5|sha1|sha-1|md4)$"))) @args
  (#not-match? @args "usedforsecurity\\s*=\\s*False"))
  @finding

(call
  function: (attribute
    object: (identifier) @func (#any-of? @func "MD5" "SHA" "SHA1" "MD4")
    attribute: (identifier) @new (#eq? @new "new")))
  @finding
