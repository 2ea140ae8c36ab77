; id: java/spring-csrf-disabled
; name: Spring Security CSRF protection disabled
; severity: warning
; message: `csrf(...).disable()` turns off CSRF protection; browser sessions authenticated by cookie can be driven by other sites
; cwe: CWE-352
; tags: security, csrf, spring
; precision: medium
; security-severity: 6.5
; help: Keep CSRF protection on for anything a browser reaches with cookies. For webhooks
;   or token-authenticated APIs exclude only those paths with
;   `csrf(c -> c.ignoringRequestMatchers("/api/webhooks/**"))`.
; http.csrf().disable()
(method_invocation
  object: (method_invocation
    name: (identifier) @finding (#eq? @finding "csrf")
    arguments: (argument_list))
  name: (identifier) @d (#eq? @d "disable"))
; http.csrf(c -> c.disable())
(method_invocation
  name: (identifier) @finding (#eq? @finding "csrf")
  arguments: (argument_list
    .
    (lambda_expression
      body: (method_invocation name: (identifier) @d2 (#eq? @d2 "disable")))))
; http.csrf(AbstractHttpConfigurer::disable)
(method_invocation
  name: (identifier) @finding (#eq? @finding "csrf")
  arguments: (argument_list
    .
    (method_reference (identifier) @d3 (#eq? @d3 "disable") .)))
