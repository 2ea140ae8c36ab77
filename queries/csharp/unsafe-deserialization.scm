; id: csharp/unsafe-deserialization
; name: Deserializer that lets the data choose the types it creates
; severity: error
; message: `{{finding}}` lets the serialized data name the types it creates; data from outside the program can run code through gadget types
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: `BinaryFormatter`, `SoapFormatter`, `NetDataContractSerializer`, `LosFormatter` and
;   `ObjectStateFormatter` cannot be made safe (Microsoft: "BinaryFormatter is dangerous and is
;   not recommended"); use `System.Text.Json` or `DataContractSerializer` with known types.
;   Json.NET's `TypeNameHandling` other than `None` needs a `SerializationBinder` that allows
;   only your own types; `JavaScriptSerializer` with a `SimpleTypeResolver` is the same hole.

((object_creation_expression type: (_) @type) @finding
  (#match? @type "(^|\\.)(BinaryFormatter|SoapFormatter|NetDataContractSerializer|LosFormatter|ObjectStateFormatter)$"))

((member_access_expression
  expression: (identifier) @enum
  name: (identifier) @value) @finding
  (#eq? @enum "TypeNameHandling")
  (#any-of? @value "All" "Auto" "Objects" "Arrays"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list (argument (object_creation_expression type: (_) @resolver)))) @finding
  (#match? @type "(^|\\.)JavaScriptSerializer$")
  (#match? @resolver "SimpleTypeResolver$"))
