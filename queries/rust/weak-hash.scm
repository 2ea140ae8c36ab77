; id: rust/weak-hash
; name: Broken hash algorithm (MD4/MD5/SHA-1)
; severity: warning
; message: `{{call}}` uses a broken hash (MD4/MD5/SHA-1); collisions are practical, so it must not protect passwords, signatures or integrity
; cwe: CWE-328, CWE-327
; tags: security, crypto
; precision: medium
; security-severity: 5.9
; help: Use SHA-256 or better (`sha2::Sha256`, `MessageDigest::sha256()`, `ring::digest::SHA256`) for
;   integrity and signatures, and a password hash (`argon2`, `scrypt`, `bcrypt`) for passwords.
(call_expression
  function: (scoped_identifier path: (identifier) @crate name: (identifier) @fn) @call
  (#eq? @crate "md5")
  (#any-of? @fn "compute" "chksum"))
  @finding

(call_expression
  function: (scoped_identifier path: (_) @type name: (identifier) @fn) @call
  (#match? @type "(^|::)(Md5|Md4|Md2|Sha1|Sha1Core|Md5Core)$")
  (#any-of? @fn "new" "digest" "default" "from" "new_with_prefix" "chain"))
  @finding

(call_expression
  function: (scoped_identifier path: (_) @type name: (identifier) @fn) @call
  (#match? @type "(^|::)MessageDigest$")
  (#any-of? @fn "md5" "sha1" "md4"))
  @finding

(scoped_identifier
  path: (_) @path
  name: (identifier) @call
  (#match? @path "(^|::)digest$")
  (#eq? @call "SHA1_FOR_LEGACY_USE_ONLY"))
  @finding
