; id: javascript/hardcoded-crypto-key
; name: Encryption or signing key written in the code
; severity: error
; message: `{{finding}}` uses a key written in the code: anyone with the repository can decrypt what it protects or sign what it trusts
; cwe: CWE-321, CWE-798
; tags: security, secrets, crypto
; precision: high
; security-severity: 7.5
; help: Load keys at start-up from a secret manager or the environment (and rotate the one in the
;   repository: it is in the history). Reported where a literal string or byte array is the key of
;   a cipher, an HMAC or a token signature (`jwt.sign(claims, "...")`, `crypto.createHmac("sha256", "...")`, `createCipheriv(alg, Buffer.from("..."), iv)`).
((call_expression
  function: (member_expression
    object: (identifier) @module
    property: (property_identifier) @method) @function
  arguments: (arguments . (_) . [
    (string)
    (template_string)
    (call_expression
      function: (member_expression object: (identifier) @buffer property: (property_identifier) @from)
      arguments: (arguments . [(string) (template_string)]))
  ] @key)) @finding
  (#any-of? @module "jwt" "jsonwebtoken" "crypto")
  (#any-of? @method "sign" "verify" "createHmac" "createCipheriv" "createDecipheriv" "createCipher" "createDecipher")
  (#match? @function "^(jwt|jsonwebtoken)\\.(sign|verify)$|^crypto\\.create")
  (#not-match? @key "^['\"`]['\"`]|\\$\\{")
  (#any-of? @buffer "Buffer")
  (#eq? @from "from"))
