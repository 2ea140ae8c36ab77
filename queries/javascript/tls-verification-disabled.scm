; id: javascript/tls-verification-disabled
; name: TLS certificate verification disabled
; severity: error
; message: `{{key}}` turns off TLS certificate verification, so any man-in-the-middle can read and alter the traffic
; cwe: CWE-295
; tags: security, tls
; precision: very-high
; security-severity: 7.4
; help: Keep certificate checks on. To trust a private CA pass it with the `ca` option (or
;   `NODE_EXTRA_CA_CERTS`) instead of disabling verification.

; { rejectUnauthorized: false }, { strictSSL: false }
(pair
  key: [(property_identifier) (string)] @key
  value: [(false) (number)] @value
  (#match? @key "^[\"']?(rejectUnauthorized|strictSSL)[\"']?$")
  (#any-of? @value "false" "0"))
  @finding

; process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
(assignment_expression
  left: (_ ; member_expression
    property: (property_identifier) @key (#eq? @key "NODE_TLS_REJECT_UNAUTHORIZED"))
  right: [(string) (number)] @value
  (#match? @value "^[\"']?0[\"']?$"))
  @finding
(assignment_expression
  left: (_ ; subscript_expression
    index: (string) @key (#match? @key "^[\"']NODE_TLS_REJECT_UNAUTHORIZED[\"']$"))
  right: [(string) (number)] @value
  (#match? @value "^[\"']?0[\"']?$"))
  @finding

; agent.options.rejectUnauthorized = false
(assignment_expression
  left: (_ ; member_expression
    property: (property_identifier) @key (#any-of? @key "rejectUnauthorized" "strictSSL"))
  right: (false))
  @finding
