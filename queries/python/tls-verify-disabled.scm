; id: python/tls-verify-disabled
; name: HTTPS certificate verification turned off
; severity: error
; message: TLS certificate verification is turned off (`verify=False` at `{{func}}`): a man-in-the-middle can read and change this traffic
; cwe: CWE-295
; tags: security, tls
; precision: high
; security-severity: 7.4
; help: Leave `verify` at its default (`True`). For a private CA pass the CA bundle path,
;   e.g. `requests.get(url, verify="/etc/ssl/internal-ca.pem")`.
(call
  function: [
    (attribute attribute: (identifier) @func)
    (identifier) @func
  ]
  (#any-of? @func "get" "post" "put" "patch" "delete" "head" "options" "request" "send"
    "Session" "Client" "AsyncClient" "stream")
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @kw (#eq? @kw "verify")
      value: (false))))
  @finding

(assignment
  left: (attribute
    object: (_)
    attribute: (identifier) @func (#eq? @func "verify"))
  right: (false))
  @finding
