; id: csharp/weak-cipher
; name: Weak cipher, ECB mode, a fixed IV or RSA without OAEP
; severity: warning
; message: `{{finding}}` encrypts weakly: a broken algorithm, ECB, an IV written in the code, or RSA with PKCS#1 v1.5 padding
; cwe: CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use AES-GCM (`AesGcm`) with a fresh random nonce per message, or AES-CBC with a random
;   IV from `RandomNumberGenerator` and a MAC. DES, 3DES, RC2 and RC4 are broken; ECB shows
;   the patterns of the plain text; a fixed IV makes equal messages look equal. RSA encryption
;   needs OAEP (`RSAEncryptionPadding.OaepSHA256`, or `true` for `fOAEP`). Signatures with
;   PKCS#1 v1.5 are not reported.

; Broken algorithms,
((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)) @finding
  (#match? @class "(^|\\.)(DES|TripleDES|RC2)$")
  (#eq? @method "Create"))
((object_creation_expression type: (_) @type) @finding
  (#match? @type "(^|\\.)(DESCryptoServiceProvider|TripleDESCryptoServiceProvider|RC2CryptoServiceProvider|TripleDESCng|RC4|RC4Engine|DesEngine|DesEdeEngine)$"))
((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list . (argument (string_literal) @name))) @finding
  (#match? @class "(^|\\.)(SymmetricAlgorithm|CryptoConfig)$")
  (#any-of? @method "Create" "CreateFromName")
  (#match? @name "(?i)^\"(des|3des|tripledes|rc2|rc4)\"$"))

; ECB,
((member_access_expression
  expression: (identifier) @enum
  name: (identifier) @mode) @finding
  (#eq? @enum "CipherMode")
  (#eq? @mode "ECB"))
((invocation_expression
  function: (member_access_expression name: (identifier) @method)) @finding
  (#match? @method "^(EncryptEcb|DecryptEcb)$"))

; an IV written in the code (`aes.IV = new byte[16]`, `= Encoding.UTF8.GetBytes("...")`),
((assignment_expression
  left: (member_access_expression name: (identifier) @property)
  right: [
    (array_creation_expression)
    (implicit_array_creation_expression)
    (invocation_expression
      arguments: (argument_list . (argument (string_literal))))
  ] @finding)
  (#eq? @property "IV"))

; and RSA encryption with PKCS#1 v1.5 (`rsa.Encrypt(data, false)`,
; `RSAEncryptionPadding.Pkcs1`).
((invocation_expression
  function: (member_access_expression name: (identifier) @method)
  arguments: (argument_list (argument) . (argument (boolean_literal) @oaep) .)) @finding
  (#eq? @method "Encrypt")
  (#eq? @oaep "false"))
((member_access_expression
  expression: (identifier) @padding
  name: (identifier) @value) @finding
  (#eq? @padding "RSAEncryptionPadding")
  (#eq? @value "Pkcs1"))
