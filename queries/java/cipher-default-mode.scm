; id: java/cipher-default-mode
; name: Cipher without a mode (ECB by default)
; severity: warning
; message: `Cipher.getInstance({{alg}})` names no mode or padding, and the JDK's providers then use ECB: equal blocks of plaintext give equal blocks of ciphertext
; cwe: CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Name the mode and padding: `Cipher.getInstance("AES/GCM/NoPadding")` with a fresh 12-byte
;   IV per message. `Cipher.getInstance("AES")` is `AES/ECB/PKCS5Padding` in the SunJCE and
;   Bouncy Castle providers, so its ciphertext shows the plaintext's repeated blocks. The
;   Juliet suite counts a bare "AES" as its safe case for CWE-327; turn this rule off with
;   `--disable java/cipher-default-mode` if you score against it.
((method_invocation
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @alg
    (#match? @alg "(?i)^\"(aes(_\\d+)?|camellia|aria|sm4|seed)\"$")))
  @finding
  (#resolves-to? @finding "javax.crypto.Cipher.getInstance"))
