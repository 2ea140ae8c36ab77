; id: java/weak-tls-protocol
; name: Obsolete SSL/TLS protocol version requested
; severity: warning
; message: `{{finding}}` requests SSLv2/SSLv3/TLS 1.0/TLS 1.1, which are deprecated and have known attacks
; cwe: CWE-327, CWE-757
; tags: security, tls, crypto
; precision: high
; security-severity: 5.9
; help: Use `SSLContext.getInstance("TLS")` (which negotiates the best version the JDK
;   allows) or "TLSv1.3"/"TLSv1.2", and only list TLSv1.2+ in `setEnabledProtocols`.
(method_invocation
  object: (identifier) @c (#eq? @c "SSLContext")
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @v (#any-of? @v "\"SSLv2\"" "\"SSLv3\"" "\"TLSv1\"" "\"TLSv1.1\"")))
  @finding
(method_invocation
  name: (identifier) @m2 (#eq? @m2 "setEnabledProtocols")
  arguments: (argument_list
    (array_creation_expression
      value: (array_initializer
        (string_literal) @v2 (#any-of? @v2 "\"SSLv2\"" "\"SSLv2Hello\"" "\"SSLv3\"" "\"TLSv1\"" "\"TLSv1.1\"")))))
  @finding
