; id: java/cipher-default-mode
; name: Cipher without a mode (ECB by default)
; severity: warning
; message: `Cipher.getInstance({{alg}})` names no mode or padding, and the JDK's providers then use ECB: equal blocks of plaintext give equal blocks of ciphertext
; cwe: CWE-327
; tags: security, crypto
; precision: medium
; default: off
; security-severity: 5.9
; help: Name the mode and padding: `Cipher.getInstance("AES/GCM/NoPadding")` with a fresh 12-byte
;   IV per message. `Cipher.getInstance("AES")` is `AES/ECB/PKCS5Padding` in the SunJCE and
;   Bouncy Castle providers, so its ciphertext shows the plaintext's repeated blocks.
;
;   This rule is off by default: turn it on with `--enable java/cipher-default-mode` or
;   `rules.enable` in `shardscan.toml`. A bare "AES" is a real weakness where a message is
;   longer than a block or repeats, but it is also the suite-approved safe case (Juliet's
;   CWE-327 fix is `Cipher.getInstance("AES")`) and harmless for one block such as a wrapped
;   key, so as a default it failed merges on code its authors had reason to call safe. A
;   named ECB mode (`"AES/ECB/..."`) is reported by `java/weak-cipher` whether this is on or not.
((method_invocation
  name: (identifier) @m (#eq? @m "getInstance")
  arguments: (argument_list
    .
    (string_literal) @alg
    (#match? @alg "(?i)^\"(aes(_\\d+)?|camellia|aria|sm4|seed)\"$")))
  @finding
  (#resolves-to? @finding "javax.crypto.Cipher.getInstance"))
