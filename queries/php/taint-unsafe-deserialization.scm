; id: php/taint-unsafe-deserialization
; kind: taint
; include: request-sources, sanitizers
; name: Request data is unserialized
; severity: error
; message: Request data is unserialized by `{{sink}}`, which can instantiate any class
; cwe: CWE-502
; tags: security, deserialization, taint
; precision: high
; security-severity: 9.8
; help: Exchange data with clients as JSON (`json_decode`). If `unserialize` is unavoidable pass
;   `['allowed_classes' => false]`, and sign what the client sends back (`hash_hmac`).

; Sinks are the data of unserialize without options,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink) .)
  (#any-of? @function "unserialize" "igbinary_unserialize" "msgpack_unpack"))

; or with options that still allow classes.
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink) . (argument) @options)
  (#eq? @function "unserialize")
  (#not-match? @options "allowed_classes['\"]\\s*=>\\s*(false|\\[)"))
