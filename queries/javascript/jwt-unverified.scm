; id: javascript/jwt-unverified
; name: JWT accepted without a signature
; severity: error
; message: `{{finding}}` accepts tokens signed with `none` (or not signed), so anyone can write a token this code trusts
; cwe: CWE-347
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Verify every token with the algorithm you sign with (`jwt.verify(token, key, {
;   algorithms: ['RS256'] })`, jose's `jwtVerify`); `none` in the allowed algorithms, or jose's
;   `UnsecuredJWT.decode`, takes any token as valid.
((pair
  key: [(property_identifier) (string)] @key
  value: (array (string) @algorithm)) @finding
  (#match? @key "^[\"']?algorithms[\"']?$")
  (#match? @algorithm "^[\"'`]none[\"'`]$"))

((call_expression
  function: (member_expression
    object: (identifier) @class
    property: (property_identifier) @method)) @finding
  (#eq? @class "UnsecuredJWT")
  (#eq? @method "decode"))
