; id: php/xml-external-entities
; name: XML parsed with external entities substituted
; severity: error
; message: `{{finding}}` substitutes entities or loads DTDs (XXE): the document can make the server read files and URLs
; cwe: CWE-611
; tags: security, xml, xxe
; precision: high
; security-severity: 8.2
; help: Parse without `LIBXML_NOENT` and `LIBXML_DTDLOAD` (libxml2 2.9 and later resolve no
;   external entity unless asked), and never call `libxml_disable_entity_loader(false)` or
;   `$reader->setParserProperty(XMLReader::SUBST_ENTITIES, true)`.

; `LIBXML_NOENT` or `LIBXML_DTDLOAD` among a parse's options,
([
  (argument (name) @finding)
  (binary_expression (name) @finding)
 ]
  (#any-of? @finding "LIBXML_NOENT" "LIBXML_DTDLOAD"))

; the entity loader turned back on,
((function_call_expression
  function: (name) @function
  arguments: (arguments . (argument (boolean) @value))) @finding
  (#eq? @function "libxml_disable_entity_loader")
  (#match? @value "(?i)^false$"))

; and XMLReader told to substitute entities.
((member_call_expression
  name: (name) @method
  arguments: (arguments . (argument) @property . (argument (boolean) @value))) @finding
  (#eq? @method "setParserProperty")
  (#match? @property "SUBST_ENTITIES|LOADDTD")
  (#match? @value "(?i)^true$"))
