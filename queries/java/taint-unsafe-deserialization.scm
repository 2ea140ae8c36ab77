; id: java/taint-unsafe-deserialization
; kind: taint
; include: request-sources
; name: Request data is deserialized with a format that runs code
; severity: error
; message: Request data is deserialized by `{{sink}}`, which can instantiate any class
; cwe: CWE-502
; tags: security, deserialization, taint
; precision: high
; security-severity: 9.8
; help: Accept a data format bound to explicit types (JSON into a DTO with Jackson, without
;   default typing); if Java serialization cannot be avoided, set an `ObjectInputFilter`
;   allow-list or use a stream that checks classes (`ValidatingObjectInputStream`).

; Sinks are the streams of ObjectInputStream (not a subclass with its own `resolveClass`) and
; XMLDecoder,
((object_creation_expression
  type: (type_identifier) @type
  arguments: (argument_list . (_) @sink) .)
  (#any-of? @type "ObjectInputStream" "XMLDecoder"))

; and the data of the libraries that build any class they are told to.
(method_invocation
  object: (identifier) @class
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @class "SerializationUtils" "SerializationHelper")
  (#eq? @method "deserialize"))

(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#eq? @method "fromXML"))

(method_invocation
  object: (_) @yaml
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @yaml "(?i)(^|\\.)yaml$|new Yaml\\(\\)$")
  (#any-of? @method "load" "loadAll"))

(method_invocation
  object: (_) @kryo
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @kryo "(?i)(^|\\.)(kryo|hessian\\w*)$")
  (#any-of? @method "readClassAndObject" "readObject"))
