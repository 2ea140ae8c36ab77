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

; `(_ . function: ...)` is a call_expression and `(_ field: ...)` a field_expression: no other C or
; C++ node has a `function` or a `field` field (node-types.json), and `function` is a call's first
; child. A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node;
; the anchor drops other nodes at once.
(assignment_expression
  left: [
    (identifier) @name
    (_ field: (field_identifier) @name)
    (subscript_expression argument: [
      (identifier) @name
      (_ field: (field_identifier) @name)])
  ]
  right: [
    (_ . function: (identifier) @func)
    (cast_expression value: [
      (_ . function: (identifier) @func)
      (parenthesized_expression (binary_expression left: (_ . function: (identifier) @func)))])
    (binary_expression left: (_ . function: (identifier) @func))
    (subscript_expression [
      (binary_expression left: (_ . function: (identifier) @func))
      (_ (binary_expression left: (_ . function: (identifier) @func)))])
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
    (_ . function: (identifier) @func)
    (cast_expression value: (_ . function: (identifier) @func))
    (binary_expression left: (_ . function: (identifier) @func))
  ]
  (#any-of? @func "rand" "random" "lrand48" "mrand48" "drand48" "rand_r")
  (#match? @name "(?i:(^|_)(token|nonce|salt|secret|passw(or)?d|session_?id|sess_?id|sid|csrf|api_?key|otp|iv|key)_?$)|[a-z0-9](Token|Nonce|Salt|Secret|Passw(or)?d|SessionId|Sid|Csrf|Otp|Iv|Key)_?$"))
  @finding
