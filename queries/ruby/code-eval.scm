; id: ruby/code-eval
; name: Dynamic code evaluation of a non-constant string
; severity: error
; message: `{{func}}` evaluates a string built at run time as Ruby code; input in it is code injection
; cwe: CWE-95
; tags: security, injection
; precision: high
; security-severity: 9.3
; help: Do not evaluate strings. Use blocks (`instance_eval { ... }`, `define_method`), a
;   lookup table of allowed operations, or `public_send` with an allow-listed method name.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  !receiver
  method: (identifier) @func (#any-of? @func "eval" "instance_eval" "class_eval" "module_eval")
  arguments: (_
    .
    [
      (string (interpolation))
      (binary)
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
    ] @code
    (#not-match? @code "^(binding|__method__)$")))
  @finding

(call
  receiver: (_)
  method: (identifier) @func (#any-of? @func "instance_eval" "class_eval" "module_eval")
  arguments: (_
    .
    [
      (string (interpolation))
      (binary)
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
    ] @code
    (#not-match? @code "^(binding|__method__)$")))
  @finding

(call
  receiver: [(identifier) (constant)] @recv (#any-of? @recv "binding" "Kernel" "TOPLEVEL_BINDING")
  method: (identifier) @func (#eq? @func "eval")
  arguments: (_
    .
    [
      (string (interpolation))
      (binary)
      (identifier)
      (instance_variable)
      (element_reference)
      (call)
    ] @code
    (#not-match? @code "^(binding|__method__)$")))
  @finding
