; id: python/insecure-random-secret
; name: Secret value generated with the `random` module
; severity: warning
; message: `{{name}}` is generated with `random`, whose output is predictable (Mersenne Twister); it must not be used for secrets
; cwe: CWE-330, CWE-338
; tags: security, crypto, random
; precision: medium
; security-severity: 5.9
; help: Use the `secrets` module: `secrets.token_urlsafe(32)`, `secrets.token_hex(16)`,
;   `secrets.choice(alphabet)` or `secrets.randbelow(10**6)` for one-time codes.
(assignment
  left: [
    (identifier) @name
    (attribute attribute: (identifier) @name)
  ]
  right: [
    (call)
    (binary_operator)
    (string (interpolation))
  ] @rhs
  (#match? @name "^(?i:([a-z0-9]+_)*(token|otp|nonce|salt|password|passwd|secret|secret_key|api_key|session_id|session_key|reset_code|reset_token|verification_code|confirm_code|pin|csrf|csrf_token))$")
  (#match? @rhs "\\brandom\\.(random|randint|randrange|choice|choices|sample|getrandbits|randbytes|uniform)\\("))
  @finding
