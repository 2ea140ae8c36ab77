; id: python/insecure-deserialization
; superseded-by: python/taint-unsafe-deserialization
; name: Deserialization with pickle/marshal/dill/jsonpickle
; severity: error
; message: `{{mod}}.{{func}}` can run arbitrary code while loading; never use it on data that crosses a trust boundary
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: Use a data-only format such as JSON (`json.loads`) for anything that comes from users,
;   the network, caches or files others can write. If pickle is unavoidable, sign the payload
;   with `hmac` and verify it before loading.
(call
  function: (attribute
    object: (identifier) @mod
    attribute: (identifier) @func)
  arguments: (argument_list
    .
    [
      (identifier)
      (attribute)
      (subscript)
      (call)
      (binary_operator)
      (await)
    ])
  (#any-of? @mod "pickle" "cPickle" "_pickle" "marshal" "dill" "cloudpickle" "jsonpickle")
  (#any-of? @func "load" "loads" "Unpickler" "decode"))
  @finding
