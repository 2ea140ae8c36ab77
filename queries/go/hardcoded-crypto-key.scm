; id: go/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`hmac.New(sha256.New, []byte("..."))`, `aes.NewCipher([]byte("..."))`, `token.SignedString([]byte("..."))`).
((call_expression
  function: (selector_expression operand: (identifier) @package field: (field_identifier) @function)
  arguments: (argument_list . (type_conversion_expression
    type: (slice_type)
    operand: [(interpreted_string_literal) (raw_string_literal)] @key))) @finding
  (#any-of? @package "aes" "des" "rc4" "blowfish" "chacha20poly1305")
  (#any-of? @function "NewCipher" "NewTripleDESCipher" "New" "NewX")
  (#not-match? @key "^[\"`][\"`]$"))
((call_expression
  function: (selector_expression operand: (identifier) @package field: (field_identifier) @function)
  arguments: (argument_list . (_) . (type_conversion_expression
    type: (slice_type)
    operand: [(interpreted_string_literal) (raw_string_literal)] @key))) @finding
  (#eq? @package "hmac")
  (#eq? @function "New")
  (#not-match? @key "^[\"`][\"`]$"))
((call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (type_conversion_expression
    type: (slice_type)
    operand: [(interpreted_string_literal) (raw_string_literal)] @key))) @finding
  (#eq? @method "SignedString")
  (#not-match? @key "^[\"`][\"`]$"))
