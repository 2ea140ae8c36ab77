; id: c/tls-verification-disabled
; name: TLS certificate verification disabled
; severity: error
; message: `{{func}}` turns off TLS certificate or host-name verification; anyone on the network path can impersonate the server
; cwe: CWE-295
; tags: security, tls, crypto
; precision: very-high
; security-severity: 7.4
; help: Keep verification on: `SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL)` with a trust store
;   (`SSL_CTX_set_default_verify_paths`) and `SSL_set1_host`; for libcurl leave
;   `CURLOPT_SSL_VERIFYPEER` at 1 and `CURLOPT_SSL_VERIFYHOST` at 2, or set `CURLOPT_CAINFO`.
(call_expression
  function: (identifier) @func
  (#any-of? @func "SSL_CTX_set_verify" "SSL_set_verify" "wolfSSL_CTX_set_verify" "wolfSSL_set_verify")
  arguments: (argument_list . (_) . (identifier) @mode)
  (#any-of? @mode "SSL_VERIFY_NONE" "WOLFSSL_VERIFY_NONE"))
  @finding

(call_expression
  function: (identifier) @func
  (#eq? @func "curl_easy_setopt")
  arguments: (argument_list . (_) . (identifier) @opt . (_) @val .)
  (#any-of? @opt "CURLOPT_SSL_VERIFYPEER" "CURLOPT_SSL_VERIFYHOST" "CURLOPT_PROXY_SSL_VERIFYPEER" "CURLOPT_PROXY_SSL_VERIFYHOST")
  (#match? @val "^(0[lL]?|\\(long\\) ?0|FALSE|false)$"))
  @finding

(call_expression
  function: (identifier) @func
  (#any-of? @func "mbedtls_ssl_conf_authmode")
  arguments: (argument_list . (_) . (identifier) @mode .)
  (#eq? @mode "MBEDTLS_SSL_VERIFY_NONE"))
  @finding
