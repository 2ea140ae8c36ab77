; id: java/jwt-unverified
; name: JWT accepted without a signature
; severity: error
; message: `{{finding}}` accepts tokens that are not signed (or signed with `none`), so anyone can write a token this code trusts
; cwe: CWE-347
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Parse signed tokens only, with the key you sign with: jjwt's
;   `Jwts.parser().verifyWith(key).build().parseSignedClaims(token)` (`parseClaimsJws` in older
;   versions), auth0's `JWT.require(algorithm).build().verify(token)`. jjwt's `parseClaimsJwt`,
;   `parsePlaintextJwt`, `parseUnsecuredClaims` and `unsecured()` take tokens with no
;   signature; auth0's `Algorithm.none()` signs nothing.
((method_invocation
  name: (identifier) @method) @finding
  (#any-of? @method "parseClaimsJwt" "parsePlaintextJwt" "parseUnsecuredClaims" "parseUnsecuredContent"))
((method_invocation
  object: (_) @builder
  name: (identifier) @method) @finding
  (#match? @builder "(?i)(jwts\\.parser(builder)?\\(\\)|parser)")
  (#any-of? @method "unsecured" "unsecuredDecompression"))
((method_invocation
  object: (identifier) @class
  name: (identifier) @method) @finding
  (#eq? @class "Algorithm")
  (#eq? @method "none"))
