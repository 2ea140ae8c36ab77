; id: go/tls-insecure-skip-verify
; name: TLS certificate verification disabled
; severity: error
; message: `InsecureSkipVerify = true` accepts any certificate, so the connection can be intercepted (man-in-the-middle)
; cwe: CWE-295
; tags: security, tls
; precision: very-high
; security-severity: 7.4
; help: Leave `InsecureSkipVerify` false. To trust a private CA, add it to `RootCAs`
;   (`x509.NewCertPool` + `AppendCertsFromPEM`); for pinning use `VerifyPeerCertificate`
;   together with normal verification.
(keyed_element
  key: (literal_element (identifier) @key (#eq? @key "InsecureSkipVerify"))
  value: (literal_element (true)))
  @finding
(assignment_statement
  left: (expression_list
    (selector_expression field: (field_identifier) @key (#eq? @key "InsecureSkipVerify")))
  right: (expression_list (true)))
  @finding
