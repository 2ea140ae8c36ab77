; id: python/eval-exec
; superseded-by: python/taint-code-injection
; name: Dynamic code execution
; severity: error
; message: `{{func}}` executes a string as code; if any part of it comes from input this is code injection
; cwe: CWE-95
; tags: security, injection
; precision: high
; security-severity: 9.3
; help: Avoid `eval`/`exec` on anything that is not a constant. To read literals use
;   `ast.literal_eval`; to dispatch on a name use a dictionary of functions.
(call
  function: [
    (identifier) @func
    (attribute
      object: (identifier) @mod (#eq? @mod "builtins")
      attribute: (identifier) @func)
  ] (#any-of? @func "eval" "exec")
  arguments: (argument_list
    .
    [
      (identifier)
      (attribute)
      (subscript)
      (call)
      (binary_operator)
      (conditional_expression)
      (boolean_operator)
      (string (interpolation))
    ]))
  @finding
