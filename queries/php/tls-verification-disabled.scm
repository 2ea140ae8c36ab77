; id: php/tls-verification-disabled
; name: TLS certificate verification disabled
; severity: error
; message: `{{opt}}` is switched off, so the connection accepts any certificate and a man-in-the-middle can read and alter the traffic
; cwe: CWE-295
; tags: security, tls
; precision: high
; security-severity: 7.4
; help: Leave `CURLOPT_SSL_VERIFYPEER` on and `CURLOPT_SSL_VERIFYHOST` at 2 (the defaults); to trust a
;   private CA set `CURLOPT_CAINFO` (or `cafile` in a stream context, `verify => '/path/ca.pem'` in Guzzle).

; curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments
    .
    (argument)
    .
    (argument (name) @opt)
    .
    (argument [(boolean) (integer) (null)] @value))
  (#eq? @func "curl_setopt")
  (#any-of? @opt "CURLOPT_SSL_VERIFYPEER" "CURLOPT_SSL_VERIFYHOST" "CURLOPT_PROXY_SSL_VERIFYPEER" "CURLOPT_PROXY_SSL_VERIFYHOST")
  (#match? @value "^(?i)(false|0|null)$"))
  @finding

; curl_setopt_array($ch, [CURLOPT_SSL_VERIFYPEER => false])
(array_element_initializer
  (name) @opt
  .
  [(boolean) (integer) (null)] @value
  (#any-of? @opt "CURLOPT_SSL_VERIFYPEER" "CURLOPT_SSL_VERIFYHOST" "CURLOPT_PROXY_SSL_VERIFYPEER" "CURLOPT_PROXY_SSL_VERIFYHOST")
  (#match? @value "^(?i)(false|0|null)$"))
  @finding

; stream_context_create(['ssl' => ['verify_peer' => false]]), Guzzle ['verify' => false]
(array_element_initializer
  (string) @opt
  .
  (boolean) @value
  (#match? @opt "^['\"](verify_peer|verify_peer_name|verify)['\"]$")
  (#match? @value "^(?i)false$"))
  @finding
(array_element_initializer
  (string) @opt
  .
  (boolean) @value
  (#match? @opt "^['\"]allow_self_signed['\"]$")
  (#match? @value "^(?i)true$"))
  @finding
