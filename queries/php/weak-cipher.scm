; id: php/weak-cipher
; name: Weak cipher, ECB mode, a fixed IV or RSA without OAEP
; severity: warning
; message: `{{finding}}` encrypts with a broken setup: a weak algorithm (DES, 3DES, RC4, Blowfish), ECB mode, an IV written in the code, or RSA with PKCS#1 v1.5 padding
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use `openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag)` with
;   `$iv = random_bytes(12)` per message (or libsodium's `sodium_crypto_secretbox`), and RSA only
;   with `OPENSSL_PKCS1_OAEP_PADDING`. ECB encrypts equal blocks to equal blocks; an IV written in
;   the code makes every message's first blocks comparable; `openssl_public_encrypt` and
;   `openssl_private_decrypt` default to PKCS#1 v1.5 padding, which falls to padding-oracle
;   attacks. The `mcrypt_*` functions are gone from PHP 7.2 and are reported with a weak mode or
;   algorithm the same way.

; openssl_encrypt / openssl_decrypt with a weak algorithm or ECB, named as OpenSSL names its
; methods (`des-ede3-cbc`, `bf-cbc`, `rc4`, `aes-128-ecb` ...).
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument) . (argument [(string) (encapsed_string)] @method))) @finding
  (#any-of? @function "openssl_encrypt" "openssl_decrypt")
  (#match? @method "(?i)^.(des|rc2|rc4|bf|blowfish|cast5|idea|seed)([-_].*)?.$|(?i)-ecb.$|^.(?i:aes-(128|192|256)).$"))

; openssl_encrypt with an IV written in the code (the fifth argument).
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument) . (argument) . (argument) . (argument) . (argument [(string) (encapsed_string)]))) @finding
  (#any-of? @function "openssl_encrypt" "openssl_decrypt"))

; RSA encryption with its PKCS#1 v1.5 default (no padding argument) or said outright.
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument) . (argument) . (argument) .)) @finding
  (#any-of? @function "openssl_public_encrypt" "openssl_private_decrypt"))
((function_call_expression
  function: (name) @function
  arguments: (arguments (argument (name) @padding))) @finding
  (#any-of? @function "openssl_public_encrypt" "openssl_private_decrypt")
  (#eq? @padding "OPENSSL_PKCS1_PADDING"))

; mcrypt with a weak algorithm or ECB mode.
((function_call_expression
  function: (name) @function
  arguments: (arguments (argument (name) @constant))) @finding
  (#match? @function "^mcrypt_")
  (#match? @constant "^MCRYPT_(MODE_ECB|DES|TRIPLEDES|3DES|BLOWFISH|RC2|ARCFOUR|CAST_128)$"))
