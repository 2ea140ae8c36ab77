; id: php/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`hash_hmac('sha256', $data, '...')`, `openssl_encrypt($data, $method, '...')`, `JWT::encode($claims, '...')`, `new Key('...', 'HS256')`).
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument) . (argument) . (argument (string) @key))) @finding
  (#any-of? @function "hash_hmac" "openssl_encrypt" "openssl_decrypt" "mcrypt_encrypt" "mcrypt_decrypt")
  (#not-match? @key "^[\"'][\"']$"))
((scoped_call_expression
  scope: (name) @class
  name: (name) @method
  arguments: (arguments . (argument) . (argument (string) @key))) @finding
  (#eq? @class "JWT")
  (#any-of? @method "encode" "decode")
  (#not-match? @key "^[\"'][\"']$"))
((object_creation_expression
  (name) @class
  (arguments . (argument (string) @key))) @finding
  (#eq? @class "Key")
  (#not-match? @key "^[\"'][\"']$"))
