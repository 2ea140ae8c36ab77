; id: java/xml-external-entities
; kind: taint
; flow: value
; name: XML parser that resolves external entities
; severity: error
; message: `{{sink}}` parses with a factory that still resolves DTDs and external entities (XXE): the document can make the server read files and URLs
; cwe: CWE-611
; tags: security, xml, xxe, taint
; precision: high
; security-severity: 8.2
; help: Before the factory makes a parser, turn DTDs off:
;   `factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)` (or
;   `external-general-entities` false; `load-external-dtd` alone still expands entities), or set
;   `XMLConstants.ACCESS_EXTERNAL_DTD` and `ACCESS_EXTERNAL_SCHEMA` to `""`; for StAX,
;   `XMLInputFactory.SUPPORT_DTD` false. The JDK's factories resolve external entities by
;   default. Followed along the paths of the function: a factory configured on one branch only
;   is still reported where it is used on the other.

; The factories of JAXP, StAX, dom4j and JDOM,
((method_invocation
  object: (identifier) @class
  name: (identifier) @method) @source
  (#any-of? @class "DocumentBuilderFactory" "SAXParserFactory" "XMLInputFactory"
    "TransformerFactory" "SchemaFactory" "XMLReaderFactory" "SAXTransformerFactory")
  (#any-of? @method "newInstance" "newFactory" "newDefaultInstance" "newDefaultFactory"
    "createXMLReader"))
((object_creation_expression type: (type_identifier) @type) @source
  (#any-of? @type "SAXReader" "SAXBuilder"))

; made safe by a feature or property that turns DTDs or external entities off,
((method_invocation
  object: (identifier) @cleared
  name: (identifier) @method
  arguments: (argument_list . (_) @feature . (true) .))
  (#eq? @method "setFeature")
  (#match? @feature "disallow-doctype-decl|FEATURE_SECURE_PROCESSING_DISALLOW|DISALLOW_DOCTYPE"))
((method_invocation
  object: (identifier) @cleared
  name: (identifier) @method
  arguments: (argument_list . (_) @feature . (false) .))
  (#eq? @method "setFeature")
  (#match? @feature "external-general-entities|EXTERNAL_GENERAL_ENTITIES"))
((method_invocation
  object: (identifier) @cleared
  name: (identifier) @method
  arguments: (argument_list . (_) @property . (_) @value .))
  (#any-of? @method "setProperty" "setAttribute")
  (#match? @property "ACCESS_EXTERNAL_DTD|accessExternalDTD|SUPPORT_DTD|IS_SUPPORTING_EXTERNAL_ENTITIES|supportDTD|isSupportingExternalEntities")
  (#match? @value "^(\"\"|false|Boolean\\.FALSE)$"))

; and used where it makes or runs a parser.
((method_invocation
  object: (_) @sink
  name: (identifier) @method)
  (#any-of? @method "newDocumentBuilder" "newSAXParser" "createXMLStreamReader"
    "createXMLEventReader" "newTransformer" "newTemplates" "newSchema" "newXMLReader"))
((method_invocation
  object: (_) @sink
  name: (identifier) @method)
  (#match? @sink "(?i)(reader|builder|xmlreader)$")
  (#any-of? @method "read" "build" "parse"))
