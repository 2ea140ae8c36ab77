; id: php/weak-password-hash
; name: Password hashed with a fast, broken hash
; severity: error
; message: `{{func}}` hashes a password with MD5/SHA-1, which is fast and unsalted: leaked hashes are cracked in seconds
; cwe: CWE-916, CWE-328
; tags: security, crypto, password
; precision: high
; security-severity: 7.5
; help: Use `password_hash($password, PASSWORD_DEFAULT)` to store and `password_verify()` to check
;   passwords; rehash old MD5/SHA-1 hashes on next login.

; md5($password), sha1($salt . $_POST['pass'])
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument (_) @arg))
  (#any-of? @func "md5" "sha1" "crc32")
  (#match? @arg "(?i)(passw|passwd|pwd|\\bpass\\b|pass'|\\$pass\\b|passphrase)"))
  @finding

; hash('md5', $password)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument (_) @alg) . (argument (_) @arg))
  (#any-of? @func "hash" "hash_hmac")
  (#match? @alg "(?i)^['\"](md2|md4|md5|sha1|crc32b?|adler32)['\"]$")
  (#match? @arg "(?i)(passw|passwd|pwd|\\bpass\\b|pass'|\\$pass\\b|passphrase)"))
  @finding
