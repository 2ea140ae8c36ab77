; id: rust/mem-uninitialized
; name: Uninitialized memory treated as initialized
; severity: error
; message: `{{func}}` produces a value whose memory was never initialized; reading it is undefined behaviour and can leak stale data
; cwe: CWE-908, CWE-457
; tags: security, unsafe, memory-safety
; precision: very-high
; security-severity: 7.0
; help: `mem::uninitialized` is deprecated because it is almost always undefined behaviour. Use
;   `MaybeUninit<T>`, write every field, and call `assume_init` only afterwards; or use `Default`/zeroed
;   buffers (`vec![0u8; n]`) for byte buffers. `MaybeUninit::uninit().assume_init()` is reported only
;   when the target type is known (turbofish or `let` annotation) and is not itself made of `MaybeUninit`.
(call_expression
  function: (scoped_identifier path: (_) @path name: (identifier) @func)
  (#eq? @func "uninitialized")
  (#match? @path "^((std|core)::)?mem$"))
  @finding

(call_expression
  function: (generic_function
    function: (scoped_identifier path: (_) @path name: (identifier) @func))
  (#eq? @func "uninitialized")
  (#match? @path "^((std|core)::)?mem$"))
  @finding

(call_expression
  function: (field_expression
    value: (call_expression
      function: (scoped_identifier
        path: (generic_type type: (_) @type type_arguments: (type_arguments) @target)
        name: (identifier) @ctor))
    field: (field_identifier) @func)
  (#match? @type "(^|::)MaybeUninit$")
  (#eq? @ctor "uninit")
  (#any-of? @func "assume_init" "assume_init_read")
  (#not-match? @target "MaybeUninit"))
  @finding

(let_declaration
  type: (_) @target
  value: [
    (call_expression
      function: (field_expression
        value: (call_expression function: (scoped_identifier path: (_) @type name: (identifier) @ctor))
        field: (field_identifier) @func)) @finding
    (unsafe_block (block . (call_expression
      function: (field_expression
        value: (call_expression function: (scoped_identifier path: (_) @type name: (identifier) @ctor))
        field: (field_identifier) @func)) @finding .))
  ]
  (#match? @type "(^|::)MaybeUninit$")
  (#eq? @ctor "uninit")
  (#any-of? @func "assume_init" "assume_init_read")
  (#not-match? @target "MaybeUninit"))
