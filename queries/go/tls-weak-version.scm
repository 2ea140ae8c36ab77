; id: go/tls-weak-version
; name: Obsolete TLS protocol version allowed
; severity: warning
; message: `{{key}}` is set to `{{ver}}`; SSL 3.0, TLS 1.0 and TLS 1.1 are deprecated and have known attacks
; cwe: CWE-327, CWE-757
; tags: security, tls, crypto
; precision: very-high
; security-severity: 5.9
; help: Set `MinVersion: tls.VersionTLS12` (or `tls.VersionTLS13`), or leave it unset on
;   Go 1.18+ for clients, whose default minimum is TLS 1.2.
(keyed_element
  key: (literal_element (identifier) @key (#any-of? @key "MinVersion" "MaxVersion"))
  value: (literal_element
    (selector_expression
      operand: (identifier) @pkg (#resolves-to? @pkg "crypto/tls")
      field: (field_identifier) @ver (#any-of? @ver "VersionSSL30" "VersionTLS10" "VersionTLS11"))))
  @finding
(assignment_statement
  left: (expression_list
    (selector_expression field: (field_identifier) @key (#any-of? @key "MinVersion" "MaxVersion")))
  right: (expression_list
    (selector_expression
      operand: (identifier) @pkg (#resolves-to? @pkg "crypto/tls")
      field: (field_identifier) @ver (#any-of? @ver "VersionSSL30" "VersionTLS10" "VersionTLS11"))))
  @finding
