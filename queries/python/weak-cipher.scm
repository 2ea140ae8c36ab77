; id: python/weak-cipher
; name: Weak cipher, ECB mode, a fixed IV or RSA without OAEP
; severity: warning
; message: `{{finding}}` encrypts with a broken setup: a weak algorithm (DES, 3DES, RC4, Blowfish), ECB mode, an IV written in the code, or RSA with PKCS#1 v1.5 padding
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use AES-GCM (`AESGCM(key).encrypt(os.urandom(12), data, None)` in `cryptography`, or
;   `AES.new(key, AES.MODE_GCM)` in PyCryptodome) with a random nonce per message, and RSA
;   only with OAEP (`padding.OAEP(...)`, `PKCS1_OAEP`). ECB encrypts equal blocks to equal
;   blocks; an IV written in the code makes every message's first blocks comparable; PKCS#1
;   v1.5 encryption falls to padding-oracle attacks (Bleichenbacher). Signatures with PKCS#1
;   v1.5 (`sign`, `verify`) are not reported.

; PyCryptodome / PyCrypto: a weak algorithm, or any cipher in ECB mode.
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @new)) @finding
  (#any-of? @module "DES" "DES3" "ARC2" "ARC4" "Blowfish" "CAST" "XOR")
  (#eq? @new "new"))
((call
  function: (attribute attribute: (identifier) @new)
  arguments: (argument_list (attribute attribute: (identifier) @mode))) @finding
  (#eq? @new "new")
  (#eq? @mode "MODE_ECB"))
; An IV or nonce written in the code: `AES.new(key, AES.MODE_CBC, b"0123456789abcdef")`, or
; `iv=`/`nonce=` given a literal.
((call
  function: (attribute attribute: (identifier) @new)
  arguments: (argument_list . (_) . (attribute attribute: (identifier) @mode) . [(string) (binary_operator left: (string))])) @finding
  (#eq? @new "new")
  (#match? @mode "^MODE_(CBC|CFB|OFB|CTR|GCM|EAX|CCM|OCB)$"))
((call
  function: (attribute attribute: (identifier) @new)
  arguments: (argument_list (keyword_argument name: (identifier) @arg value: [(string) (binary_operator left: (string))]))) @finding
  (#eq? @new "new")
  (#any-of? @arg "iv" "IV" "nonce"))
; PKCS#1 v1.5 encryption (PyCryptodome's cipher, not its signature scheme).
((call
  function: (attribute object: (identifier) @scheme attribute: (identifier) @new)) @finding
  (#eq? @scheme "PKCS1_v1_5")
  (#eq? @new "new")
  (#not-match? @finding "(?i)signature"))

; cryptography: a weak algorithm, ECB, a literal IV, or PKCS1v15 padding given to `encrypt`.
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @algorithm)) @finding
  (#eq? @module "algorithms")
  (#any-of? @algorithm "TripleDES" "ARC4" "Blowfish" "IDEA" "CAST5" "SEED"))
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @mode)) @finding
  (#eq? @module "modes")
  (#eq? @mode "ECB"))
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @mode)
  arguments: (argument_list . [(string) (binary_operator left: (string))])) @finding
  (#eq? @module "modes")
  (#any-of? @mode "CBC" "CFB" "OFB" "CTR" "GCM" "CFB8"))
((call
  function: (attribute attribute: (identifier) @encrypt)
  arguments: (argument_list
    (call function: (attribute object: (identifier) @module attribute: (identifier) @padding)))) @finding
  (#eq? @encrypt "encrypt")
  (#eq? @module "padding")
  (#eq? @padding "PKCS1v15"))
