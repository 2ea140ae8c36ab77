; id: python/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`AES.new(b"...", ...)`, `hmac.new(b"...")`, `jwt.encode(claims, "...")`, `Fernet(b"...")`).
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @method)
  arguments: (argument_list . (string) @key)) @finding
  (#any-of? @module "AES" "DES" "DES3" "Blowfish" "ARC4" "ChaCha20" "Salsa20" "hmac" "HMAC" "algorithms")
  (#any-of? @method "new" "AES" "TripleDES" "ChaCha20" "Camellia")
  (#not-match? @key "^[bBrRuU]*[\"']{1,3}[\"']"))
((call
  function: (identifier) @class
  arguments: (argument_list . (string) @key)) @finding
  (#any-of? @class "Fernet" "AESGCM" "ChaCha20Poly1305" "AESCCM")
  (#not-match? @key "^[bBrRuU]*[\"']{1,3}[\"']"))
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @method)
  arguments: (argument_list . (_) . (string) @key)) @finding
  (#eq? @module "jwt")
  (#any-of? @method "encode" "decode")
  (#not-match? @key "^[bBrRuU]*[\"']{1,3}[\"']"))
