; id: python/xml-external-entities
; name: XML parser told to resolve external entities
; severity: error
; message: `{{finding}}` turns on the loading of external entities or DTDs (XXE): the document can make the program read files and URLs
; cwe: CWE-611
; tags: security, xml, xxe
; precision: high
; security-severity: 8.2
; help: Parse untrusted XML with `defusedxml`, or with lxml's `XMLParser(resolve_entities=False,
;   no_network=True)`; never turn on `xml.sax`'s `feature_external_ges` or
;   `feature_external_pes`. Reported where the code asks for entities or DTDs explicitly.

; lxml's parser with entities resolved, DTDs loaded or the network allowed,
((call
  function: [(identifier) @parser (attribute attribute: (identifier) @parser)]
  arguments: (argument_list
    (keyword_argument name: (identifier) @option value: (_) @value))) @finding
  (#eq? @parser "XMLParser")
  (#any-of? @option "resolve_entities" "load_dtd" "dtd_validation")
  (#eq? @value "True"))
((call
  function: [(identifier) @parser (attribute attribute: (identifier) @parser)]
  arguments: (argument_list
    (keyword_argument name: (identifier) @option value: (false)))) @finding
  (#eq? @parser "XMLParser")
  (#eq? @option "no_network"))

; and SAX with external entities turned on.
((call
  function: (attribute attribute: (identifier) @method)
  arguments: (argument_list
    .
    [(identifier) @feature (attribute attribute: (identifier) @feature)]
    .
    (true))) @finding
  (#eq? @method "setFeature")
  (#any-of? @feature "feature_external_ges" "feature_external_pes"))
