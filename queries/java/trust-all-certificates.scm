; id: java/trust-all-certificates
; name: TLS certificate validation disabled (trust-all TrustManager)
; severity: error
; message: `{{finding}}` accepts every server certificate, so TLS connections can be intercepted (man-in-the-middle)
; cwe: CWE-295
; tags: security, tls
; precision: very-high
; security-severity: 7.4
; help: Use the default `TrustManagerFactory`. To trust a private CA, load it into a
;   `KeyStore` and initialise the factory with it; never ship a TrustManager whose
;   `checkServerTrusted` does nothing.
; X509TrustManager.checkServerTrusted with an empty body
(method_declaration
  name: (identifier) @finding (#eq? @finding "checkServerTrusted")
  body: (block) @body (#match? @body "^\\{\\s*(//[^\\n]*\\s*|/\\*([^*]|\\*[^/])*\\*/\\s*)*\\}$"))
; Apache HttpClient trust strategies that accept anything
(method_invocation
  name: (identifier) @m (#eq? @m "loadTrustMaterial")
  arguments: (argument_list
    (lambda_expression body: (true)) @finding))
(object_creation_expression
  type: (type_identifier) @t (#any-of? @t "TrustAllStrategy" "TrustSelfSignedStrategy"))
  @finding
(field_access
  object: (identifier) @c (#any-of? @c "TrustAllStrategy" "TrustSelfSignedStrategy" "InsecureTrustManagerFactory")
  field: (identifier) @f (#eq? @f "INSTANCE"))
  @finding
