; id: go/jwt-unverified
; name: JWT accepted without checking its signature
; severity: error
; message: `{{finding}}` takes a token without verifying its signature (or allows `none`), so anyone can write a token this code trusts
; cwe: CWE-347
; tags: security, jwt, authentication
; precision: high
; security-severity: 8.1
; help: Parse with `jwt.Parse(token, keyFunc, jwt.WithValidMethods([]string{"RS256"}))` and a key
;   function that returns your key; `ParseUnverified` checks nothing, and
;   `jwt.UnsafeAllowNoneSignatureType` accepts `alg: none`. `ParseUnverified` is reported on a
;   parser of the package (`jwt.NewParser()`, a variable named `parser`), not inside a parser's
;   own methods.
((call_expression
  function: (selector_expression
    operand: (_) @parser
    field: (field_identifier) @method)) @finding
  (#eq? @method "ParseUnverified")
  (#match? @parser "jwt\\.|(?i)parser$"))
((selector_expression
  operand: (identifier) @package
  field: (field_identifier) @name) @finding
  (#eq? @package "jwt")
  (#any-of? @name "UnsafeAllowNoneSignatureType" "SigningMethodNone"))
