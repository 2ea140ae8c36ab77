; id: javascript/weak-cipher
; name: Deprecated or weak cipher
; severity: warning
; message: `{{func}}` uses a broken cipher setup: no IV / MD5 key derivation, a weak algorithm (DES, RC4, Blowfish) or ECB mode
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.4
; help: Use `crypto.createCipheriv('aes-256-gcm', key, iv)` with a random 12-byte IV per message and a
;   key derived with `scrypt`/HKDF; never reuse an IV with the same key.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; crypto.createCipher('aes192', password): derives key and IV from the password with MD5, no salt
(call_expression
  function: [
    (identifier) @func
    (_ . object: (_) property: (property_identifier) @func)] ; member_expression
  (#any-of? @func "createCipher" "createDecipher"))
  @finding

; createCipheriv('des-cbc' | 'rc4' | 'aes-128-ecb' ...)
(call_expression
  function: [
    (identifier) @func
    (_ . object: (_) property: (property_identifier) @func)] ; member_expression
  arguments: (arguments . (string (string_fragment) @alg))
  (#any-of? @func "createCipheriv" "createDecipheriv")
  (#match? @alg "(?i)(^des($|-|3|-ede)|^rc[24]($|-)|^bf($|-)|^blowfish|^idea|^cast|-ecb$|^id-aes\\d+-wrap$)"))
  @finding
