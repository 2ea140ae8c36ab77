; id: python/taint-unsafe-deserialization
; kind: taint
; include: request-sources
; name: Request data is deserialized with a format that runs code
; severity: error
; message: Request data is deserialized by `{{sink}}`, which can run code
; cwe: CWE-502
; tags: security, deserialization, taint
; precision: high
; security-severity: 9.8
; help: Accept JSON (`json.loads`) or `yaml.safe_load` from clients; pickle and marshal data must
;   never come from them.

; Sinks are the data of pickle, marshal and yaml's unsafe loaders.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#any-of? @module "pickle" "cPickle" "_pickle" "marshal" "dill" "jsonpickle")
  (#any-of? @function "loads" "load" "decode"))

(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @module "yaml")
  (#any-of? @function "unsafe_load" "full_load" "load_all" "unsafe_load_all"))

; `yaml.load(data, Loader=yaml.Loader)` with a loader that builds arbitrary objects.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list
    .
    (_) @sink
    (keyword_argument
      name: (identifier) @keyword
      value: [(identifier) (attribute)] @loader))
  (#eq? @module "yaml")
  (#eq? @function "load")
  (#eq? @keyword "Loader")
  (#match? @loader "(^|[.])(Loader|UnsafeLoader|FullLoader)$"))

; Propagators are the decoders data passes through on its way in.
((call
  function: (attribute object: (identifier) @codec attribute: (identifier) @decode)) @propagator
  (#any-of? @codec "base64" "binascii" "zlib" "gzip" "bz2" "lzma" "codecs")
  (#any-of? @decode "b64decode" "urlsafe_b64decode" "b32decode" "b16decode" "decodebytes"
    "a2b_base64" "unhexlify" "decompress" "decode"))
