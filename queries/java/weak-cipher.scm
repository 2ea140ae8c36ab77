; id: java/weak-cipher
; name: Broken cipher or ECB mode
; severity: error
; message: `Cipher.getInstance({{alg}})` selects a broken cipher or ECB mode; the ciphertext leaks or can be recovered
; cwe: CWE-327
; tags: security, crypto
; precision: high
; security-severity: 7.5
; help: Use `Cipher.getInstance("AES/GCM/NoPadding")` with a fresh 12-byte IV per message
;   (or ChaCha20-Poly1305). "RSA/ECB/OAEP..." is fine: ECB means nothing for RSA. A bare
;   "AES", which the JDK's providers read as AES/ECB, is java/cipher-default-mode. Every
;   spelling of the class is matched: `Cipher` under its import and `javax.crypto.Cipher`;
;   another class named `Cipher` is not.
((method_invocation
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @alg
    (#match? @alg "(?i)^\"((des|desede|tripledes|3des|rc4|arcfour|rc2|blowfish)(/[^\"]*)?|aes(_\\d+)?/ecb(/[^\"]*)?|[^\"/]+/ecb/[^\"]*)\"$")
    (#not-match? @alg "(?i)^\"(rsa|ecies|elgamal)/")))
  @finding
  (#resolves-to? @finding "javax.crypto.Cipher.getInstance"))
