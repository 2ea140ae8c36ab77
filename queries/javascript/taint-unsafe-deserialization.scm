; id: javascript/taint-unsafe-deserialization
; kind: taint
; include: request-sources
; name: Request data is deserialized with a format that runs code
; severity: error
; message: Request data is deserialized by `{{sink}}`, which can run code
; cwe: CWE-502
; tags: security, deserialization, taint
; precision: high
; security-severity: 9.8
; help: Exchange plain data with `JSON.parse` and check it against a schema; never revive functions
;   from client data (node-serialize `unserialize`, funcster, serialize-to-js `deserialize`).

; Sinks are the data of node-serialize's `unserialize` and funcster's `deepDeserialize`, imported
; by name,
(call_expression
  function: (identifier) @function
  arguments: (arguments . (_) @sink)
  (#any-of? @function "unserialize" "deepDeserialize"))

; or called on the module (`serialize.unserialize(data)`, `require('node-serialize').unserialize(data)`,
; serialize-to-js's `deserialize`).
(call_expression
  function: (member_expression
    object: [
      (identifier) @module
      (call_expression
        function: (identifier) @require
        arguments: (arguments . (string) @name))
    ]
    property: (property_identifier) @function)
  arguments: (arguments . (_) @sink)
  (#any-of? @function "unserialize" "deepDeserialize" "deserialize")
  (#match? @module "(?i)^(serialize|node_?serialize|serializer|serialize_?to_?js|funcster)$")
  (#eq? @require "require")
  (#match? @name "^[\"'](node-serialize|serialize-to-js|funcster)[\"']$"))
