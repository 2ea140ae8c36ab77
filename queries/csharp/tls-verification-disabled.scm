; id: csharp/tls-verification-disabled
; name: TLS certificate validation turned off
; severity: error
; message: `{{finding}}` accepts any server certificate, so anyone on the network path can impersonate the server
; cwe: CWE-295
; tags: security, tls
; precision: high
; security-severity: 7.4
; help: Leave certificate validation to the platform. To trust a private CA, validate against it
;   in the callback (build a chain with `X509ChainPolicy.CustomTrustStore`) instead of
;   returning `true`; for a test server, install its certificate instead.

; A validation callback that always answers yes (`(s, c, ch, e) => true`, `delegate { return
; true; }`),
((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: [
    (lambda_expression body: (boolean_literal) @yes)
    (lambda_expression body: (block . (return_statement (boolean_literal) @yes) .))
    (anonymous_method_expression (block . (return_statement (boolean_literal) @yes) .))
  ]) @finding
  (#any-of? @property "ServerCertificateValidationCallback" "ServerCertificateCustomValidationCallback"
    "RemoteCertificateValidationCallback" "CertificateValidationCallback")
  (#eq? @yes "true"))

; and .NET's own validator that accepts everything.
((member_access_expression
  name: (identifier) @name) @finding
  (#eq? @name "DangerousAcceptAnyServerCertificateValidator"))
