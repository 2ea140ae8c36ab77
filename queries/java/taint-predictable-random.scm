; id: java/taint-predictable-random
; kind: taint
; flow: number
; name: Output of a predictable random generator leaves the program
; severity: warning
; message: `{{sink}}` gives out a value of a predictable generator; from a few such values the generator's state, and every value it gives next, can be computed
; cwe: CWE-338, CWE-330
; tags: security, crypto, random, taint
; precision: medium
; security-severity: 5.3
; help: Use `java.security.SecureRandom` for any value that leaves the program (a token, an id, a
;   code shown to the user, a cookie) or protects something (a key, an IV, a salt).
;   `java.util.Random` (and `Math.random()`, which uses one) is a 48-bit linear congruential
;   generator: two outputs give away its state. Judged by where the value goes: printed or
;   written to a stream or a response, put in a cookie, a header or the session, or made a key,
;   IV or salt; a value that only chooses a delay, an index or a shuffle is not reported.
;   Names that say secret are `java/insecure-random-secret`.

; The generators: `new Random()` (whose `next*()` give its values), `Math.random()`,
; `ThreadLocalRandom.current()` and commons-lang's helpers.
((object_creation_expression type: (_) @type) @source
  (#match? @type "^(java\\.util\\.)?Random$"))
((method_invocation object: (identifier) @class name: (identifier) @method) @source
  (#eq? @class "Math")
  (#eq? @method "random"))
((method_invocation object: (identifier) @class name: (identifier) @method) @source
  (#eq? @class "ThreadLocalRandom")
  (#eq? @method "current"))
((method_invocation object: (identifier) @class name: (identifier) @method) @source
  (#any-of? @class "RandomStringUtils" "RandomUtils")
  (#match? @method "^(random|next)"))

; Out of the program: printed or written (`System.out.println`, a writer, a response),
(method_invocation
  object: (_) @stream
  name: (identifier) @method
  arguments: (argument_list (_) @sink)
  (#match? @stream "^(System\\.(out|err)|out|err|pw|writer|printWriter|response\\.getWriter\\(\\)|resp\\.getWriter\\(\\))$")
  (#any-of? @method "print" "println" "printf" "format" "write" "append"))

; into a cookie, a header or the session,
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list (_) . (_) @sink))
  (#eq? @type "Cookie"))
((method_invocation
  name: (identifier) @method
  arguments: (argument_list (_) . (_) @sink))
  (#any-of? @method "setHeader" "addHeader" "setAttribute" "putValue"))

; or made a key, an IV or a salt.
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list . (_) @sink))
  (#any-of? @type "SecretKeySpec" "IvParameterSpec" "GCMParameterSpec" "DESKeySpec"))
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list (_) . (_) @sink))
  (#eq? @type "PBEKeySpec"))
