; id: php/unsafe-unserialize
; superseded-by: php/taint-unsafe-deserialization
; name: unserialize() of non-constant data
; severity: error
; message: `unserialize` of run-time data can instantiate arbitrary classes and trigger their magic methods (PHP object injection)
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 8.1
; help: Exchange data as JSON (`json_decode`). If `unserialize` is unavoidable pass
;   `['allowed_classes' => false]` (or an explicit class list) and never feed it user input.

; unserialize($data) with no options
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument (_) @data) .)
  (#eq? @func "unserialize")
  (#match? @data "\\$"))
  @finding

; unserialize($data, ['allowed_classes' => true])
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument (_) @data) . (argument) @options .)
  (#eq? @func "unserialize")
  (#match? @data "\\$")
  (#not-match? @options "allowed_classes['\"]\\s*=>\\s*(false|\\[)"))
  @finding
