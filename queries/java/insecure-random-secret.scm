; id: java/insecure-random-secret
; name: Predictable random generator used for a secret
; severity: error
; message: `{{rnd}}` is a predictable generator, but its output becomes the secret `{{name}}`; an attacker can predict or reproduce it
; cwe: CWE-338, CWE-330
; tags: security, crypto, random
; precision: high
; security-severity: 7.5
; help: Use `java.security.SecureRandom` (e.g. `new SecureRandom().nextBytes(buf)` then
;   Base64url-encode) for tokens, passwords, nonces, salts and one-time codes.
;   `java.util.Random`, `Math.random()`, `ThreadLocalRandom` and commons-lang
;   `RandomStringUtils.random*` are not cryptographically secure.
(variable_declarator
  name: (identifier) @name (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|activation_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT") (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|expiration|interval|sleep|backoff|validate|verify|check|parse|valid|matches|equals)$")
  value: [
      (method_invocation) @rnd
      (method_invocation arguments: (argument_list [
        (method_invocation) @rnd
        (cast_expression value: (parenthesized_expression (binary_expression left: (method_invocation) @rnd)))]))
      (binary_expression (method_invocation) @rnd)
      (cast_expression value: [
        (method_invocation) @rnd
        (parenthesized_expression (binary_expression left: (method_invocation) @rnd))])
    ]
    (#match? @rnd "^(new\\s+(java\\.util\\.)?Random\\s*\\([^)]*\\)\\s*\\.\\s*next\\w*\\(|Math\\.random\\(\\)|(java\\.util\\.concurrent\\.)?ThreadLocalRandom\\.current\\(\\)\\.next\\w*\\(|RandomStringUtils\\.random\\w*\\(|RandomUtils\\.next\\w*\\()"))
  @finding
(assignment_expression
  left: [(identifier) @name (field_access field: (identifier) @name)]
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|activation_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT") (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|expiration|interval|sleep|backoff|validate|verify|check|parse|valid|matches|equals)$")
  right: [
      (method_invocation) @rnd
      (method_invocation arguments: (argument_list [
        (method_invocation) @rnd
        (cast_expression value: (parenthesized_expression (binary_expression left: (method_invocation) @rnd)))]))
      (binary_expression (method_invocation) @rnd)
      (cast_expression value: [
        (method_invocation) @rnd
        (parenthesized_expression (binary_expression left: (method_invocation) @rnd))])
    ]
    (#match? @rnd "^(new\\s+(java\\.util\\.)?Random\\s*\\([^)]*\\)\\s*\\.\\s*next\\w*\\(|Math\\.random\\(\\)|(java\\.util\\.concurrent\\.)?ThreadLocalRandom\\.current\\(\\)\\.next\\w*\\(|RandomStringUtils\\.random\\w*\\(|RandomUtils\\.next\\w*\\()"))
  @finding
(method_invocation
  name: (identifier) @name (#match? @name "^set") (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|activation_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT") (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|expiration|interval|sleep|backoff|validate|verify|check|parse|valid|matches|equals)$")
  arguments: (argument_list . [
      (method_invocation) @rnd
      (method_invocation arguments: (argument_list [
        (method_invocation) @rnd
        (cast_expression value: (parenthesized_expression (binary_expression left: (method_invocation) @rnd)))]))
      (binary_expression (method_invocation) @rnd)
      (cast_expression value: [
        (method_invocation) @rnd
        (parenthesized_expression (binary_expression left: (method_invocation) @rnd))])
    ]
    (#match? @rnd "^(new\\s+(java\\.util\\.)?Random\\s*\\([^)]*\\)\\s*\\.\\s*next\\w*\\(|Math\\.random\\(\\)|(java\\.util\\.concurrent\\.)?ThreadLocalRandom\\.current\\(\\)\\.next\\w*\\(|RandomStringUtils\\.random\\w*\\(|RandomUtils\\.next\\w*\\()")))
  @finding
(method_declaration
  name: (identifier) @name (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|activation_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT") (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|expiration|interval|sleep|backoff|validate|verify|check|parse|valid|matches|equals)$")
  body: (block (return_statement [
      (method_invocation) @rnd
      (method_invocation arguments: (argument_list [
        (method_invocation) @rnd
        (cast_expression value: (parenthesized_expression (binary_expression left: (method_invocation) @rnd)))]))
      (binary_expression (method_invocation) @rnd)
      (cast_expression value: [
        (method_invocation) @rnd
        (parenthesized_expression (binary_expression left: (method_invocation) @rnd))])
    ]
    (#match? @rnd "^(new\\s+(java\\.util\\.)?Random\\s*\\([^)]*\\)\\s*\\.\\s*next\\w*\\(|Math\\.random\\(\\)|(java\\.util\\.concurrent\\.)?ThreadLocalRandom\\.current\\(\\)\\.next\\w*\\(|RandomStringUtils\\.random\\w*\\(|RandomUtils\\.next\\w*\\()")) @finding))
