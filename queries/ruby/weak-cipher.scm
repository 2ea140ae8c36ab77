; id: ruby/weak-cipher
; name: Weak cipher or ECB mode
; severity: warning
; message: `{{alg}}` is a broken or weak cipher/mode (DES, 3DES, RC4, Blowfish, or ECB which leaks patterns)
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 5.9
; help: Use an authenticated mode of AES, e.g. `OpenSSL::Cipher.new("aes-256-gcm")`, with a
;   fresh random IV for every message; or use `ActiveSupport::MessageEncryptor`/RbNaCl.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  ; `(_ . scope: ...)` is a `scope_resolution`, the only ruby node with a `scope` field
  ; (node-types.json), whose first child the scope is. The wildcard skips tree-sitter's
  ; compile-time analysis of it; the anchor drops other nodes at once.
  receiver: (_ .
    scope: (constant) @ssl (#eq? @ssl "OpenSSL")
    name: (constant) @cipher (#eq? @cipher "Cipher"))
  method: (identifier) @new (#eq? @new "new")
  arguments: (_
    .
    (string (string_content) @alg (#match? @alg "^(?i:(des|des3|des-ede.*|des-.*|rc4.*|rc2.*|bf.*|blowfish.*|.*-ecb))$"))))
  @finding

(call
  receiver: (_ . ; two nested `scope_resolution`s (see above)
    scope: (_ .
      scope: (constant) @ssl (#eq? @ssl "OpenSSL")
      name: (constant) @cipher (#eq? @cipher "Cipher"))
    name: (constant) @alg (#any-of? @alg "DES" "RC4" "RC2" "BF"))
  method: (identifier) @new (#eq? @new "new"))
  @finding
