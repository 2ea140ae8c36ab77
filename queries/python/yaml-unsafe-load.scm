; id: python/yaml-unsafe-load
; name: YAML loaded with a loader that builds arbitrary objects
; severity: error
; message: `yaml.{{func}}` without `SafeLoader` can construct arbitrary Python objects from the document
; cwe: CWE-502
; tags: security, deserialization
; precision: high
; security-severity: 9.8
; help: Use `yaml.safe_load(...)` (or `yaml.load(..., Loader=yaml.SafeLoader)`). `FullLoader`,
;   `Loader` and `UnsafeLoader` are not safe for untrusted input.
(call
  function: (attribute
    object: (identifier) @mod (#eq? @mod "yaml")
    attribute: (identifier) @func (#any-of? @func "load" "load_all"))
  arguments: (argument_list) @args
  (#not-match? @args "SafeLoader|BaseLoader"))
  @finding

(call
  function: (attribute
    object: (identifier) @mod (#eq? @mod "yaml")
    attribute: (identifier) @func (#any-of? @func "unsafe_load" "unsafe_load_all" "full_load" "full_load_all"))
  arguments: (argument_list . (_)))
  @finding
