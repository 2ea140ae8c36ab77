; id: javascript/unsafe-deserialization
; superseded-by: javascript/taint-unsafe-deserialization
; name: node-serialize unserialize of untrusted data
; severity: error
; message: `{{func}}` revives functions (`_$$ND_FUNC$$_`) from its input and can be made to run arbitrary code
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: Exchange plain data with `JSON.parse` and validate it with a schema; never revive functions
;   from serialized input (node-serialize, funcster, serialize-to-js `deserialize`).

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; serialize.unserialize(cookie), nodeSerialize.unserialize(body)
(call_expression
  function: (_ . ; member_expression
    object: (identifier) @obj
    property: (property_identifier) @func)
  arguments: (arguments . (_) @arg)
  (#match? @obj "(?i)^(serialize|node_?serialize|serializer|serialize_?to_?js|funcster)$")
  (#any-of? @func "unserialize" "deserialize" "deepDeserialize")
  (#not-match? @arg "^[\"'`]"))
  @finding

; require('node-serialize').unserialize(x)
(call_expression
  function: (_ . ; member_expression
    object: (call_expression
      function: (identifier) @req (#eq? @req "require")
      arguments: (arguments . (string) @mod))
    property: (property_identifier) @func)
  (#match? @mod "^[\"'](node-serialize|serialize-to-js|funcster)[\"']$")
  (#any-of? @func "unserialize" "deserialize" "deepDeserialize"))
  @finding

; const { unserialize } = require('node-serialize'); unserialize(x)
(call_expression
  function: (identifier) @func (#eq? @func "unserialize")
  arguments: (arguments . [(identifier) (member_expression) (subscript_expression) (call_expression)
                           (binary_expression) (template_string (template_substitution))]))
  @finding
