; id: csharp/weak-hash
; name: Broken hash algorithm (MD5 / SHA-1)
; severity: warning
; message: `{{finding}}` selects a broken hash; it must not protect passwords, signatures, tokens or integrity against tampering
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use SHA-256 or stronger (`SHA256.HashData`) for integrity, and a password hash
;   (`Rfc2898DeriveBytes.Pbkdf2` with many iterations, ASP.NET Identity's `PasswordHasher`,
;   bcrypt, Argon2) for passwords. HMAC-SHA1 is not reported.

((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)) @finding
  (#match? @class "(^|\\.)(MD5|SHA1|MD5Cng|SHA1Cng)$")
  (#any-of? @method "Create" "HashData" "HashDataAsync"))

((object_creation_expression type: (_) @type) @finding
  (#match? @type "(^|\\.)(MD5CryptoServiceProvider|SHA1CryptoServiceProvider|SHA1Managed|MD5Cng|SHA1Cng|RIPEMD160Managed)$"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list . (argument (string_literal) @name))) @finding
  (#match? @class "(^|\\.)(HashAlgorithm|CryptoConfig)$")
  (#any-of? @method "Create" "CreateFromName")
  (#match? @name "(?i)^\"(System\\.Security\\.Cryptography\\.)?(md5|sha1|sha)\"$"))
