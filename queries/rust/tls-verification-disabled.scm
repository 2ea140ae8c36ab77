; id: rust/tls-verification-disabled
; name: TLS certificate or host-name verification disabled
; severity: error
; message: `{{method}}` turns off TLS certificate or host-name verification; anyone on the network path can impersonate the server
; cwe: CWE-295
; tags: security, tls, crypto
; precision: very-high
; security-severity: 7.4
; help: Keep verification on. To trust a private CA add it as a root (`add_root_certificate`,
;   `SslConnectorBuilder::set_ca_file`, a rustls `RootCertStore`) instead of accepting every certificate.
(call_expression
  function: (field_expression field: (field_identifier) @method @finding)
  arguments: (arguments . (boolean_literal) @on .)
  (#any-of? @method "danger_accept_invalid_certs" "danger_accept_invalid_hostnames" "accept_invalid_certs" "accept_invalid_hostnames")
  (#eq? @on "true"))

(call_expression
  function: (field_expression field: (field_identifier) @method @finding)
  arguments: (arguments . (scoped_identifier path: (_) @mode_type name: (identifier) @mode))
  (#any-of? @method "set_verify" "set_verify_callback")
  (#match? @mode_type "(^|::)SslVerifyMode$")
  (#eq? @mode "NONE"))

(call_expression
  function: (field_expression
    value: (call_expression
      function: (field_expression field: (field_identifier) @dangerous))
    field: (field_identifier) @method @finding)
  arguments: (arguments . (_) @verifier .)
  (#eq? @dangerous "dangerous")
  (#any-of? @method "set_certificate_verifier" "with_custom_certificate_verifier")
  (#match? @verifier "(?i)(no_?(cert(ificate)?|server_?(cert(ificate)?)?)?_?verif|noverif|insecure|accept_?(all|any)|danger|skip_?verif|null_?verif)"))
