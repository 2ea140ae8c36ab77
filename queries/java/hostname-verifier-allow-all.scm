; id: java/hostname-verifier-allow-all
; name: TLS hostname verification disabled
; severity: error
; message: `{{finding}}` accepts any host name, so a valid certificate for another site is enough to intercept the connection
; cwe: CWE-297, CWE-295
; tags: security, tls
; precision: very-high
; security-severity: 7.4
; help: Keep the default hostname verifier (`HttpsURLConnection.getDefaultHostnameVerifier()`,
;   Apache `DefaultHostnameVerifier`, OkHttp's default). If a host needs an exception,
;   compare the expected name explicitly and delegate to the default verifier.
; boolean verify(String host, SSLSession session) { return true; }
(method_declaration
  name: (identifier) @finding (#eq? @finding "verify")
  parameters: (formal_parameters
    (formal_parameter)
    .
    (formal_parameter type: (type_identifier) @st (#eq? @st "SSLSession")))
  body: (block . (return_statement (true)) .))
; setHostnameVerifier((host, session) -> true)
(method_invocation
  name: (identifier) @m (#any-of? @m "setHostnameVerifier" "setDefaultHostnameVerifier" "hostnameVerifier" "setSSLHostnameVerifier")
  arguments: (argument_list
    (lambda_expression
      parameters: (inferred_parameters (identifier) . (identifier))
      body: [(true) (block . (return_statement (true)) .)]) @finding))
; HostnameVerifier hv = (host, session) -> true;
(local_variable_declaration
  type: (type_identifier) @ht (#eq? @ht "HostnameVerifier")
  declarator: (variable_declarator
    value: (lambda_expression
      body: [(true) (block . (return_statement (true)) .)]) @finding))
(field_declaration
  type: (type_identifier) @ht2 (#eq? @ht2 "HostnameVerifier")
  declarator: (variable_declarator
    value: (lambda_expression
      body: [(true) (block . (return_statement (true)) .)]) @finding))
; library verifiers that accept everything
(object_creation_expression
  type: (type_identifier) @t (#any-of? @t "NoopHostnameVerifier" "AllowAllHostnameVerifier"))
  @finding
(field_access
  object: (identifier) @c (#any-of? @c "NoopHostnameVerifier" "AllowAllHostnameVerifier" "SSLConnectionSocketFactory" "SSLSocketFactory")
  field: (identifier) @f (#any-of? @f "INSTANCE" "ALLOW_ALL_HOSTNAME_VERIFIER"))
  @finding
