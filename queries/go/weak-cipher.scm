; id: go/weak-cipher
; name: Broken cipher (DES / 3DES / RC4)
; severity: error
; message: `{{pkg}}.{{fn}}` creates a broken or obsolete cipher; data it protects can be recovered
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.5
; help: Use AES-GCM (`crypto/aes` + `cipher.NewGCM`) or `golang.org/x/crypto/chacha20poly1305`.
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "crypto/des" "crypto/rc4" "golang.org/x/crypto/blowfish")
    field: (field_identifier) @fn (#any-of? @fn "NewCipher" "NewTripleDESCipher" "NewSaltedCipher")))
  @finding
