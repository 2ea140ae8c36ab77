; id: c/insecure-random-secret
; name: Predictable random number used for a secret value
; severity: warning
; message: `{{func}}` is a predictable PRNG but its output goes into `{{name}}`, which looks like a token, key, nonce or salt
; cwe: CWE-338, CWE-330
; tags: security, crypto, randomness
; precision: medium
; security-severity: 5.9
; help: Generate secrets with a CSPRNG: `getrandom()`/`getentropy()`, `arc4random_buf()`, reading
;   `/dev/urandom`, or OpenSSL `RAND_bytes()`. `rand()`/`random()` are fine for simulations and jitter,
;   which are not reported.
(assignment_expression
  left: [
    (identifier) @name
    (field_expression field: (field_identifier) @name)
    (subscript_expression argument: (identifier) @name)
    (subscript_expression argument: (field_expression field: (field_identifier) @name))
  ]
  right: [
    (call_expression function: (identifier) @func)
    (cast_expression value: (call_expression function: (identifier) @func))
    (cast_expression value: (parenthesized_expression (binary_expression left: (call_expression function: (identifier) @func))))
    (binary_expression left: (call_expression function: (identifier) @func))
    (subscript_expression (binary_expression left: (call_expression function: (identifier) @func)))
    (subscript_expression (_ (binary_expression left: (call_expression function: (identifier) @func))))
  ]
  (#any-of? @func "rand" "random" "lrand48" "mrand48" "drand48" "rand_r")
  (#match? @name "(?i:(^|_)(token|nonce|salt|secret|passw(or)?d|session_?id|sess_?id|sid|csrf|api_?key|otp|iv|key)_?$)|[a-z0-9](Token|Nonce|Salt|Secret|Passw(or)?d|SessionId|Sid|Csrf|Otp|Iv|Key)_?$"))
  @finding

(init_declarator
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
  ]
  value: [
    (call_expression function: (identifier) @func)
    (cast_expression value: (call_expression function: (identifier) @func))
    (binary_expression left: (call_expression function: (identifier) @func))
  ]
  (#any-of? @func "rand" "random" "lrand48" "mrand48" "drand48" "rand_r")
  (#match? @name "(?i:(^|_)(token|nonce|salt|secret|passw(or)?d|session_?id|sess_?id|sid|csrf|api_?key|otp|iv|key)_?$)|[a-z0-9](Token|Nonce|Salt|Secret|Passw(or)?d|SessionId|Sid|Csrf|Otp|Iv|Key)_?$"))
  @finding
