; id: php/jwt-unverified
; name: JWT accepted without a signature
; severity: error
; message: `{{finding}}` allows the `none` algorithm, so anyone can write a token this code trusts
; cwe: CWE-347
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Verify tokens with the algorithm you sign with (`JWT::decode($jwt, new Key($key,
;   'RS256'))`); `none` among the allowed algorithms takes any token as valid.
((scoped_call_expression
  name: (name) @method
  arguments: (arguments
    (argument (array_creation_expression
      (array_element_initializer (string) @algorithm))))) @finding
  (#eq? @method "decode")
  (#match? @algorithm "^[\"']none[\"']$"))
((array_element_initializer
  (string) @key
  (array_creation_expression
    (array_element_initializer (string) @algorithm))) @finding
  (#match? @key "^[\"'](allowed_algs|algorithms|algs)[\"']$")
  (#match? @algorithm "^[\"']none[\"']$"))
((object_creation_expression
  (name) @class
  (arguments (argument) . (argument (string) @algorithm))) @finding
  (#eq? @class "Key")
  (#match? @algorithm "^[\"']none[\"']$"))
