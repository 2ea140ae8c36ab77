; id: rust/weak-cipher
; name: Broken or weak cipher (DES, 3DES, RC4, RC2, Blowfish, ECB mode)
; severity: warning
; message: `{{call}}` uses a broken cipher or ECB mode; the ciphertext can be decrypted or leaks the plaintext's structure
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use an AEAD: `aes_gcm::Aes256Gcm`, `chacha20poly1305::ChaCha20Poly1305`, or
;   `Cipher::aes_256_gcm()` in openssl, with a fresh random nonce for every message.
(call_expression
  function: (scoped_identifier path: (_) @type name: (identifier) @fn) @call
  (#match? @type "(^|::)Cipher$")
  (#match? @fn "^(des_|rc4$|rc4_|rc2_|bf_|cast5_|idea_|aes_(128|192|256)_ecb$)"))
  @finding

(call_expression
  function: (scoped_identifier path: (_) @type name: (identifier) @fn) @call
  (#match? @type "(^|::)(Des|TdesEde2|TdesEde3|TdesEee2|TdesEee3|Rc4|Rc2|Blowfish|BlowfishLE)$")
  (#any-of? @fn "new" "new_from_slice" "new_from_slices" "new_with_eff_key_len"))
  @finding

(call_expression
  function: (scoped_identifier
    path: (generic_type type: (_) @type)
    name: (identifier) @fn) @call
  (#match? @type "^ecb::(Encryptor|Decryptor)$|^(Rc4|Des|TdesEde3|Blowfish)$")
  (#any-of? @fn "new" "new_from_slice" "new_from_slices"))
  @finding
