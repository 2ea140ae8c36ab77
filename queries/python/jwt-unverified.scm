; id: python/jwt-unverified
; name: JWT decoded without checking its signature
; severity: error
; message: `{{finding}}` reads a token without verifying its signature (or allows `none`), so anyone can write a token this code trusts
; cwe: CWE-347
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Decode with the key and the algorithm you sign with (`jwt.decode(token, key,
;   algorithms=["RS256"])`); `options={"verify_signature": False}`, PyJWT 1's `verify=False`
;   and `none` among the algorithms take any token as valid. Reading a header before
;   verifying (`jwt.get_unverified_header`) is not reported.

; `jwt.decode(token, options={"verify_signature": False})`,
((call
  function: (attribute attribute: (identifier) @method)
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @options
      value: (dictionary
        (pair key: (string) @check value: (false)))))) @finding
  (#eq? @method "decode")
  (#eq? @options "options")
  (#match? @check "^[\"']verify_(signature|exp)[\"']$"))

; `jwt.decode(token, verify=False)`,
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @method)
  arguments: (argument_list
    (keyword_argument name: (identifier) @verify value: (false)))) @finding
  (#eq? @module "jwt")
  (#eq? @method "decode")
  (#eq? @verify "verify"))

; and `none` among the allowed algorithms.
((keyword_argument
  name: (identifier) @algorithms
  value: (list (string) @algorithm)) @finding
  (#eq? @algorithms "algorithms")
  (#match? @algorithm "^[\"']none[\"']$"))
