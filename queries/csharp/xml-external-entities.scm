; id: csharp/xml-external-entities
; name: XML parser that resolves external entities
; severity: error
; message: `{{finding}}` lets a document's DTD pull in files and URLs (XXE): the reader of the document chooses what the server reads
; cwe: CWE-611
; tags: security, xml, xxe
; precision: high
; security-severity: 8.2
; help: Leave `DtdProcessing` at `Prohibit` (or `Ignore`) and `XmlResolver` at `null`, which are
;   the defaults of `XmlReader.Create` and of `XmlDocument` since .NET 4.5.2. Reported where DTDs
;   are turned on (`DtdProcessing.Parse`, `ProhibitDtd = false`) or a resolver that fetches is
;   set (`XmlResolver = new XmlUrlResolver()`).

((member_access_expression
  expression: (identifier) @enum
  name: (identifier) @value) @finding
  (#eq? @enum "DtdProcessing")
  (#eq? @value "Parse"))

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (boolean_literal) @value) @finding
  (#eq? @property "ProhibitDtd")
  (#eq? @value "false"))

((assignment_expression
  left: [
    (identifier) @property
    (member_access_expression name: (identifier) @property)
  ]
  right: (object_creation_expression type: (_) @resolver)) @finding
  (#eq? @property "XmlResolver")
  (#match? @resolver "(^|\\.)(XmlUrlResolver|XmlSecureResolver)$"))
