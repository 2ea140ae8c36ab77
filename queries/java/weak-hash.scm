; id: java/weak-hash
; name: Broken hash algorithm (MD5 / SHA-1 / MD2 / MD4)
; severity: warning
; message: `{{finding}}` selects a broken hash; it must not protect passwords, signatures, tokens or integrity against tampering
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use SHA-256 or stronger (`MessageDigest.getInstance("SHA-256")`) for integrity, and a
;   password hash (bcrypt, scrypt, Argon2, PBKDF2) for passwords. HMAC-SHA1 (`Mac`) is not
;   reported. `MessageDigest` is matched under its import, as `java.security.MessageDigest` and
;   through a wildcard import; another class of that name is not.
((method_invocation
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @alg (#match? @alg "(?i)^\"(md2|md4|md5|sha|sha1|sha-1)\"$")))
  @finding
  (#resolves-to? @finding "java.security.MessageDigest.getInstance"))
(method_invocation
  object: (_) @cls2 (#resolves-to? @cls2 "org.apache.commons.codec.digest.DigestUtils")
  name: (identifier) @m2 (#any-of? @m2 "md2" "md2Hex" "md5" "md5Hex" "sha" "shaHex" "sha1" "sha1Hex" "getMd5Digest" "getMd2Digest" "getSha1Digest" "getShaDigest"))
  @finding
(method_invocation
  object: (_) @cls3 (#resolves-to? @cls3 "com.google.common.hash.Hashing")
  name: (identifier) @m3 (#any-of? @m3 "md5" "sha1"))
  @finding
