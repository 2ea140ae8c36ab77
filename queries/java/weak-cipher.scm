; id: java/weak-cipher
; name: Broken cipher or ECB mode
; severity: error
; message: `Cipher.getInstance({{alg}})` selects a broken cipher or ECB mode (plain "AES" defaults to ECB); the ciphertext leaks or can be recovered
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.5
; help: Use `Cipher.getInstance("AES/GCM/NoPadding")` with a fresh 12-byte IV per message
;   (or ChaCha20-Poly1305). "RSA/ECB/OAEP..." is fine: ECB means nothing for RSA.
(method_invocation
  object: (identifier) @cls (#eq? @cls "Cipher")
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @alg
    (#match? @alg "(?i)^\"((des|desede|tripledes|3des|rc4|arcfour|rc2|blowfish)(/[^\"]*)?|aes(_\\d+)?(/ecb(/[^\"]*)?)?|[^\"/]+/ecb/[^\"]*)\"$")
    (#not-match? @alg "(?i)^\"(rsa|ecies|elgamal)/")))
  @finding
