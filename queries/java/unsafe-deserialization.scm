; id: java/unsafe-deserialization
; superseded-by: java/taint-unsafe-deserialization
; name: Deserialization of untrusted data with a gadget-prone API
; severity: error
; message: `{{finding}}` deserializes arbitrary classes; if the bytes can come from outside, gadget chains give remote code execution
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: Do not deserialize untrusted data with Java serialization or XMLDecoder. Use a data
;   format bound to explicit types (JSON with Jackson/Gson into a DTO class). If Java
;   serialization is unavoidable, install an `ObjectInputFilter` allow-list (or override
;   `resolveClass`). Never enable Jackson default typing / class-name type ids.
; new ObjectInputStream(in) with no resolveClass override (no anonymous class body)
(object_creation_expression
  type: (type_identifier) @t (#any-of? @t "ObjectInputStream" "XMLDecoder")
  arguments: (argument_list)
  .)
  @finding
; Jackson global polymorphic typing
(method_invocation
  name: (identifier) @m (#eq? @m "enableDefaultTyping"))
  @finding
; @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS / Id.MINIMAL_CLASS)
(annotation
  name: (identifier) @a (#eq? @a "JsonTypeInfo")
  arguments: (annotation_argument_list
    (element_value_pair
      key: (identifier) @k (#eq? @k "use")
      value: (field_access field: (identifier) @id (#any-of? @id "CLASS" "MINIMAL_CLASS")))))
  @finding
