; id: php/insecure-random-token
; name: Predictable random source used for a secret
; severity: warning
; message: `{{name}}` is derived from `rand`/`mt_rand`/`uniqid`/`lcg_value`/`str_shuffle`, which are predictable; it must not be used for tokens, passwords or salts
; cwe: CWE-338, CWE-330
; tags: security, crypto, random
; precision: high
; security-severity: 5.3
; help: Use `random_bytes()` (e.g. `bin2hex(random_bytes(32))`) or `random_int()` for anything an
;   attacker must not guess.

; $token = md5(uniqid(mt_rand(), true));  $user->reset_token = substr(str_shuffle($chars), 0, 32);
(assignment_expression
  left: [
    (variable_name (name) @name)
    (member_access_expression name: (name) @name)
    (subscript_expression (string (string_content) @name))]
  right: [(function_call_expression) (binary_expression) (encapsed_string)] @value
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|api_?key|session_?id|csrf|reset_?code|verification_?code|activation_?code|activation_?key)$")
  (#match? @value "\\b(rand|mt_rand|uniqid|lcg_value|str_shuffle|shuffle|array_rand)\\s*\\("))
  @finding

; ['token' => uniqid()]
(array_element_initializer
  (string (string_content) @name)
  .
  [(function_call_expression) (binary_expression) (encapsed_string)] @value
  (#match? @name "(?i)(token|secret|password|passwd|nonce|salt|otp|api_?key|session_?id|csrf|reset_?code|verification_?code|activation_?code|activation_?key)$")
  (#match? @value "\\b(rand|mt_rand|uniqid|lcg_value|str_shuffle|shuffle|array_rand)\\s*\\("))
  @finding

; function generateToken() { return md5(uniqid()); }
(function_definition
  name: (name) @name
  body: (compound_statement (return_statement) @finding)
  (#match? @name "(?i)(token|secret|password|nonce|salt|otp|apikey|api_key)")
  (#match? @finding "\\b(rand|mt_rand|uniqid|lcg_value|str_shuffle)\\s*\\("))
(method_declaration
  name: (name) @name
  body: (compound_statement (return_statement) @finding)
  (#match? @name "(?i)(token|secret|password|nonce|salt|otp|apikey|api_key)")
  (#match? @finding "\\b(rand|mt_rand|uniqid|lcg_value|str_shuffle)\\s*\\("))
