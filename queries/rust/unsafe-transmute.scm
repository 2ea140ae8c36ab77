; id: rust/unsafe-transmute
; name: mem::transmute reinterprets a value's bits
; severity: warning
; message: `{{func}}` reinterprets bits with no check of size, alignment, validity or lifetime; a wrong type here is undefined behaviour
; cwe: CWE-843, CWE-704
; tags: security, unsafe, memory-safety
; precision: low
; security-severity: 6.3
; help: Prefer a checked conversion: `f32::from_bits`/`to_bits`, `u32::from_le_bytes`, `as` casts for
;   integers and raw pointers, `pointer::cast`, or `bytemuck`/`zerocopy` for plain-old-data. If a
;   transmute is needed, give both types explicitly (`transmute::<A, B>`) and document why it is sound.

; Calls of `mem::transmute(x)`, `std::mem::transmute::<A, B>(x)` and of a bare `transmute` (via `use`)
; (one pattern: @path is unbound in the bare-identifier branches, and a predicate on an unbound
; capture passes, as in the separate patterns this replaces)
(call_expression
  function: [
    (scoped_identifier path: (_) @path name: (identifier) @func)
    (identifier) @func
    (generic_function function: [
      (scoped_identifier path: (_) @path name: (identifier) @func)
      (identifier) @func])]
  (#any-of? @func "transmute" "transmute_copy")
  (#match? @path "^((std|core)::)?mem$"))
  @finding
