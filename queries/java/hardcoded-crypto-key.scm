; id: java/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`new SecretKeySpec("...".getBytes(), "AES")`, `Keys.hmacShaKeyFor`, `Algorithm.HMAC256("...")`, jjwt's `signWith`/`setSigningKey`).
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list . [
    (string_literal)
    (method_invocation object: (string_literal) name: (identifier) @bytes)
    (array_creation_expression value: (array_initializer))
  ] @key)) @finding
  (#any-of? @type "SecretKeySpec" "DESKeySpec" "DESedeKeySpec")
  (#not-match? @key "^\"\"")
  (#any-of? @bytes "getBytes" "toCharArray"))
((method_invocation
  object: (identifier) @class
  name: (identifier) @method
  arguments: (argument_list . [
    (string_literal)
    (method_invocation object: (string_literal) name: (identifier))
  ] @key)) @finding
  (#any-of? @class "Algorithm" "Keys")
  (#match? @method "^(HMAC(256|384|512)|hmacShaKeyFor)$")
  (#not-match? @key "^\"\""))
((method_invocation
  name: (identifier) @method
  arguments: (argument_list [
    (string_literal)
    (method_invocation object: (string_literal) name: (identifier))
  ] @key .)) @finding
  (#any-of? @method "signWith" "setSigningKey")
  (#not-match? @key "^\"\""))
