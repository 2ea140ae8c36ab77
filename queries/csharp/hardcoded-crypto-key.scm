; id: csharp/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`new SymmetricSecurityKey(Encoding.UTF8.GetBytes("..."))`, `aes.Key = new byte[] { ... }`, `new HMACSHA256(Encoding.UTF8.GetBytes("..."))`).
((object_creation_expression
  type: (_) @type
  arguments: (argument_list . (argument [
    (invocation_expression
      function: (member_access_expression name: (identifier) @bytes)
      arguments: (argument_list . (argument (string_literal) @key)))
    (array_creation_expression)
    (implicit_array_creation_expression)
  ]))) @finding
  (#match? @type "(^|\\.)(SymmetricSecurityKey|HMACSHA1|HMACSHA256|HMACSHA384|HMACSHA512|HMACMD5)$")
  (#eq? @bytes "GetBytes")
  (#not-match? @key "^\"\"$"))
((assignment_expression
  left: (member_access_expression
    expression: (_) @cipher
    name: (identifier) @property)
  right: [
    (invocation_expression
      function: (member_access_expression name: (identifier) @bytes)
      arguments: (argument_list . (argument (string_literal) @key)))
    (array_creation_expression (initializer_expression))
    (implicit_array_creation_expression)
  ]) @finding
  (#eq? @property "Key")
  (#match? @cipher "(?i)(aes|des|rijndael|rc2|cipher|crypt\\w*|algorithm|alg|hmac|mac|symmetric|provider|csp)$")
  (#eq? @bytes "GetBytes")
  (#not-match? @key "^\"\"$"))
