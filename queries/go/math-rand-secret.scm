; id: go/math-rand-secret
; name: math/rand used to generate a secret
; severity: error
; message: `rand.{{fn}}` from math/rand is predictable, but its output is used for a secret value; an attacker can reproduce it
; cwe: CWE-338, CWE-330
; tags: security, crypto, random
; precision: high
; security-severity: 7.5
; help: Generate tokens, passwords, nonces and codes with `crypto/rand`
;   (`rand.Read`, `rand.Int(rand.Reader, max)`, or `rand.Text()` on Go 1.24+).
;   Only math/rand-specific functions (Intn, Int63, Float64, ...) are matched, so
;   crypto/rand's `rand.Int`/`rand.Read` never trigger this rule.

; In these patterns `(_ . function: (_ . operand: ... field: ...))` is a call_expression of a
; selector_expression (`rand.Intn(...)`): no other go node has a `function` field, nor an
; `operand` with a `field` (node-types.json), and both are first children. A wildcard parent is
; exempt from tree-sitter's compile-time analysis; the anchor drops other nodes at once.

; value assigned to a secret-looking variable (short_var_declaration)
(short_var_declaration
  left: (expression_list . [(identifier) @name (index_expression operand: (identifier) @name) (selector_expression field: (field_identifier) @name)])
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT")
  (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|interval|sleep|backoff|validate|verify|check|parse)$")
  right: (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ])
  (#resolves-to? @pkg "math/rand" "math/rand/v2")
  (#any-of? @fn "Intn" "Int31" "Int31n" "Int63" "Int63n" "Uint32" "Uint64" "Float32" "Float64" "Perm" "IntN" "Int32N" "Int64N" "Uint32N" "Uint64N" "UintN" "Int64" "Int32"))
; value assigned to a secret-looking variable (assignment_statement)
(assignment_statement
  left: (expression_list . [(identifier) @name (index_expression operand: (identifier) @name) (selector_expression field: (field_identifier) @name)])
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT")
  (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|interval|sleep|backoff|validate|verify|check|parse)$")
  right: (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ])
  (#resolves-to? @pkg "math/rand" "math/rand/v2")
  (#any-of? @fn "Intn" "Int31" "Int31n" "Int63" "Int63n" "Uint32" "Uint64" "Float32" "Float64" "Perm" "IntN" "Int32N" "Int64N" "Uint32N" "Uint64N" "UintN" "Int64" "Int32"))
(var_spec
  name: (identifier) @name
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT")
  (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|interval|sleep|backoff|validate|verify|check|parse)$")
  value: (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ])
  (#resolves-to? @pkg "math/rand" "math/rand/v2")
  (#any-of? @fn "Intn" "Int31" "Int31n" "Int63" "Int63n" "Uint32" "Uint64" "Float32" "Float64" "Perm" "IntN" "Int32N" "Int64N" "Uint32N" "Uint64N" "UintN" "Int64" "Int32"))
; returned from, or filled in a loop by, a function whose name says it makes a secret (function_declaration)
(function_declaration
  name: (identifier) @name
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT")
  (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|interval|sleep|backoff|validate|verify|check|parse)$")
  body: (block (statement_list
    [(return_statement (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ]))
     (for_statement body: (block (statement_list
        (assignment_statement right: (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ])))))]))
  (#resolves-to? @pkg "math/rand" "math/rand/v2")
  (#any-of? @fn "Intn" "Int31" "Int31n" "Int63" "Int63n" "Uint32" "Uint64" "Float32" "Float64" "Perm" "IntN" "Int32N" "Int64N" "Uint32N" "Uint64N" "UintN" "Int64" "Int32"))
; returned from, or filled in a loop by, a function whose name says it makes a secret (method_declaration)
(method_declaration
  name: (field_identifier) @name
  (#match? @name "(?i:token|secret|passw|passphrase|nonce|csrf|session_?(id|key)|api_?key|reset_?code|verif[a-z]*_?code|auth_?code|invite_?code|one_?time)|(^|_)(?i:otp|pwd|salt)|Otp|OTP|Pwd|PWD|Salt|SALT")
  (#not-match? @name "(?i)(count|len|length|size|idx|index|delay|timeout|ttl|jitter|retry|retries|num|pos|offset|expiry|expires|interval|sleep|backoff|validate|verify|check|parse)$")
  body: (block (statement_list
    [(return_statement (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ]))
     (for_statement body: (block (statement_list
        (assignment_statement right: (expression_list . [
      (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
      (call_expression arguments: (argument_list [
        (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding
        (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)]))
      (index_expression index: (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
      (binary_expression (_ . function: (_ . operand: (identifier) @pkg field: (field_identifier) @fn)) @finding)
    ])))))]))
  (#resolves-to? @pkg "math/rand" "math/rand/v2")
  (#any-of? @fn "Intn" "Int31" "Int31n" "Int63" "Int63n" "Uint32" "Uint64" "Float32" "Float64" "Perm" "IntN" "Int32N" "Int64N" "Uint32N" "Uint64N" "UintN" "Int64" "Int32"))
