; id: csharp/jwt-validation-disabled
; name: JWTs accepted without checking their signature or lifetime
; severity: error
; message: `{{finding}}` turns off a check of the tokens this service accepts; a forged or expired token passes
; cwe: CWE-347, CWE-345
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Keep `ValidateIssuerSigningKey`, `RequireSignedTokens`, `RequireExpirationTime` and
;   `ValidateLifetime` at `true`, and give the signing key (`IssuerSigningKey`) or the authority
;   to fetch it from. A `SignatureValidator` that hands back a parsed token without checking it
;   accepts any signature, `alg: none` included. `ReadJwtToken` only parses: do not trust what
;   it reads without `ValidateToken`.

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (boolean_literal) @value) @finding
  (#any-of? @property "ValidateIssuerSigningKey" "RequireSignedTokens" "ValidateLifetime"
    "RequireExpirationTime" "ValidateSignature")
  (#eq? @value "false"))

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (lambda_expression
    body: (object_creation_expression type: (_) @type))) @finding
  (#eq? @property "SignatureValidator")
  (#match? @type "(^|\\.)(JwtSecurityToken|JsonWebToken)$"))
