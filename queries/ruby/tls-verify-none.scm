; id: ruby/tls-verify-none
; name: TLS certificate verification turned off
; severity: error
; message: certificate verification is disabled (`{{value}}`); a man-in-the-middle can read and change this traffic
; cwe: CWE-295
; tags: security, tls
; precision: high
; security-severity: 7.4
; help: Keep `OpenSSL::SSL::VERIFY_PEER` (the default in Net::HTTP, Faraday, HTTParty...). For a
;   private CA set `ca_file`/`cert_store` instead of turning verification off.
(assignment
  right: (scope_resolution) @value
  (#match? @value "^(::)?OpenSSL::SSL::VERIFY_NONE$"))
  @finding

(pair
  value: (scope_resolution) @value
  (#match? @value "^(::)?OpenSSL::SSL::VERIFY_NONE$"))
  @finding

(argument_list
  (scope_resolution) @value @finding
  (#match? @value "^(::)?OpenSSL::SSL::VERIFY_NONE$"))

(pair
  key: (hash_key_symbol) @key (#any-of? @key "verify_ssl" "ssl_verify" "ssl_verify_peer")
  value: (false) @value)
  @finding

; Faraday / Excon style: `ssl: { verify: false }`
(pair
  key: (hash_key_symbol) @ssl (#eq? @ssl "ssl")
  value: (hash
    (pair
      key: (hash_key_symbol) @key (#eq? @key "verify")
      value: (false) @value) @finding))
