; id: python/ssl-unverified-context
; name: SSL context that does not check certificates
; severity: error
; message: `{{func}}` disables certificate or host-name checking; a man-in-the-middle can impersonate the server
; cwe: CWE-295
; tags: security, tls
; precision: high
; security-severity: 7.4
; help: Use `ssl.create_default_context()` and keep `check_hostname = True` and
;   `verify_mode = ssl.CERT_REQUIRED`; load a private CA with `cafile=`.

; In these patterns a nested `(_ . object: ...)` / `(_ . object: (_) attribute: ...)` is an
; attribute node and `(_ . function: ...)` a call: python has no other node with an `object`,
; `attribute` or `function` field (node-types.json), and those are the first children. A wildcard
; parent is exempt from tree-sitter's compile-time analysis; the anchor drops other nodes at once.

(call
  function: (attribute
    object: (identifier) @mod (#eq? @mod "ssl")
    attribute: (identifier) @func (#eq? @func "_create_unverified_context")))
  @finding

(assignment
  left: (_ . object: (_) attribute: (identifier) @func (#eq? @func "verify_mode"))
  right: (_ .
    object: (identifier) @mod (#eq? @mod "ssl")
    attribute: (identifier) @none (#eq? @none "CERT_NONE")))
  @finding

(assignment
  left: (_ . object: (_) attribute: (identifier) @func (#eq? @func "check_hostname"))
  right: (false))
  @finding

(call
  function: (attribute attribute: (identifier) @func (#eq? @func "wrap_socket"))
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @kw (#eq? @kw "cert_reqs")
      value: (_ .
        object: (identifier) @mod (#eq? @mod "ssl")
        attribute: (identifier) @none (#eq? @none "CERT_NONE")))))
  @finding
