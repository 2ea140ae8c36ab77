; id: csharp/hardcoded-provider-token
; name: A provider's access token or a private key in the code
; severity: error
; message: An access token in the format of GitHub, AWS, Slack, OpenAI, Stripe or Google, or a private key, is written in the code: anyone who reads the repository can use it
; cwe: CWE-798
; tags: security, secrets
; precision: high
; security-severity: 8.8
; help: Revoke the token (or the key) now: it is in the repository's history, and removing the
;   line does not take it out. Then read it at start-up from the environment or a secret manager.
;   Reported in any string, also inside a longer one (`"Authorization: token ghp_..."`): GitHub
;   tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), AWS access key ids (`AKIA`,
;   `ASIA`), Slack tokens (`xoxb-` ...), OpenAI (`sk-`) and Stripe (`sk_live_`) secret keys,
;   Google API keys (`AIza`) and PEM private key blocks. Documentation values (`...EXAMPLE`) and
;   runs of `x`, `0` or `*` are not reported.
(((string_literal) @finding)
  (#match? @finding "(gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,}|(AKIA|ASIA)[0-9A-Z]{16}|xox[abposr]-[0-9A-Za-z-]{10,}|sk-(proj-)?[A-Za-z0-9_-]{32,}|sk_live_[0-9A-Za-z]{24,}|AIza[0-9A-Za-z_-]{35}|-----BEGIN ((RSA|EC|DSA|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY( BLOCK)?-----)")
  (#not-match? @finding "(EXAMPLE|[xX*0]{16,}|\\.\\.\\.)"))
