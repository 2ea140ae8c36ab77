; id: go/weak-hash
; name: Broken hash function (MD5 / SHA-1 / MD4)
; severity: warning
; message: `{{pkg}}.{{fn}}` uses a broken hash; it must not protect passwords, signatures, tokens or integrity against tampering
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use `crypto/sha256` / `sha512` for integrity and `golang.org/x/crypto/bcrypt`,
;   `scrypt` or `argon2` for passwords. MD5/SHA-1 are acceptable only for non-security
;   checksums; suppress the finding there with a comment explaining why.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "crypto/md5" "crypto/sha1" "golang.org/x/crypto/md4")
    field: (field_identifier) @fn (#any-of? @fn "New" "Sum"))
  arguments: (argument_list))
  @finding
