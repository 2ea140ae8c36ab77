; id: javascript/weak-cipher
; name: Deprecated or weak cipher
; severity: warning
; message: `{{func}}` uses a broken cipher setup: no IV / MD5 key derivation, a weak algorithm (DES, RC4, Blowfish) or ECB mode
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use `crypto.createCipheriv('aes-256-gcm', key, iv)` with a random 12-byte IV per message and a
;   key derived with `scrypt`/HKDF; never reuse an IV with the same key.

; crypto.createCipher('aes192', password): derives key and IV from the password with MD5, no salt
(call_expression
  function: [
    (identifier) @func
    (member_expression property: (property_identifier) @func)]
  (#any-of? @func "createCipher" "createDecipher"))
  @finding

; createCipheriv('des-cbc' | 'rc4' | 'aes-128-ecb' ...)
(call_expression
  function: [
    (identifier) @func
    (member_expression property: (property_identifier) @func)]
  arguments: (arguments . (string (string_fragment) @alg))
  (#any-of? @func "createCipheriv" "createDecipheriv")
  (#match? @alg "(?i)(^des($|-|3|-ede)|^rc[24]($|-)|^bf($|-)|^blowfish|^idea|^cast|-ecb$|^id-aes\\d+-wrap$)"))
  @finding
