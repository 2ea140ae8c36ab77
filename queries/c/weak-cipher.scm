; id: c/weak-cipher
; name: Broken or weak cipher (DES, 3DES, RC4, RC2, Blowfish, ECB mode)
; severity: warning
; message: `{{func}}` selects a broken cipher or ECB mode; the ciphertext can be decrypted or leaks the plaintext's structure
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use an authenticated mode of AES or ChaCha20 (`EVP_aes_256_gcm`, `EVP_chacha20_poly1305`)
;   with a fresh random nonce for every message.
(call_expression
  function: (identifier) @func
  (#match? @func "^(EVP_(des_|rc4|rc2_|bf_|cast5_|idea_|aes_(128|192|256)_ecb$)|DES_(ecb|ecb3|ncbc|cbc|ede3_cbc)_encrypt$|DES_set_key|RC4_set_key$|RC4$|BF_set_key$|RC2_set_key$)")
  arguments: (argument_list))
  @finding
