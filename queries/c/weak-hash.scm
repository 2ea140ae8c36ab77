; id: c/weak-hash
; name: Broken hash algorithm (MD4/MD5/SHA-1)
; severity: warning
; message: `{{func}}` selects a broken hash (MD4/MD5/SHA-1); collisions are practical, so it must not protect passwords, signatures or integrity
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use SHA-256 or better (`EVP_sha256`, `SHA256`) for integrity and signatures, and a password
;   hash (Argon2, scrypt, bcrypt, `PKCS5_PBKDF2_HMAC` with SHA-256) for passwords. Only the
;   context-creating or one-shot call is reported, not every `_Update`/`_Final`.
(call_expression
  function: (identifier) @func
  (#any-of? @func "MD4" "MD4_Init" "MD5" "MD5_Init" "SHA1" "SHA1_Init" "EVP_md4" "EVP_md5" "EVP_md5_sha1" "EVP_sha1" "CC_MD5" "CC_MD5_Init" "CC_SHA1" "CC_SHA1_Init" "MD5Init" "SHA1Init")
  arguments: (argument_list))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "EVP_get_digestbyname" "EVP_MD_fetch")
  arguments: (argument_list (string_literal) @alg)
  (#match? @alg "^\"(?i)(md4|md5|sha1|sha-1)\"$"))
  @finding
