; id: ruby/unsafe-deserialization
; name: Unsafe deserialization with Marshal or YAML.load
; severity: error
; message: `{{mod}}.{{func}}` can instantiate arbitrary objects from the data (remote code execution through gadget chains)
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: Use `JSON.parse` for data from users, cookies, caches or the network, and
;   `YAML.safe_load(data, permitted_classes: [...])` for YAML. Never `Marshal.load` untrusted bytes.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  receiver: (constant) @mod (#eq? @mod "Marshal")
  method: (identifier) @func (#any-of? @func "load" "restore")
  arguments: (_ . (_) @data (#not-match? @data "^[\"']")))
  @finding

(call
  receiver: (constant) @mod (#any-of? @mod "YAML" "Psych")
  method: (identifier) @func (#any-of? @func "load" "load_stream" "unsafe_load" "unsafe_load_file" "load_documents")
  arguments: (_ . (_) @data (#not-match? @data "^[\"']")))
  @finding
