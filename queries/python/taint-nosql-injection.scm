; id: python/taint-nosql-injection
; kind: taint
; name: A request's JSON body builds a MongoDB query
; severity: error
; message: JSON from the request reaches the query of `{{sink}}`; an object where a string was expected (`{"$ne": null}`) changes what the query matches
; cwe: CWE-943
; tags: security, injection, nosql, taint
; precision: high
; security-severity: 8.8
; help: Check the type of each value from a JSON body before it goes into a filter
;   (`str(body["user"])`, `ObjectId(body["id"])`), never pass the body as a whole filter, and
;   never put request data in `$where`, which MongoDB runs as JavaScript. Values of the query
;   string and forms are strings and cannot carry an operator: they are not sources here.

; Sources are JSON bodies (`request.json`, `request.get_json()`, `json.loads(request.data)`):
; values of the query string and forms are strings, which carry no operator.
((attribute object: (identifier) @request attribute: (identifier) @part) @source
  (#eq? @request "request")
  (#any-of? @part "json" "data"))
((call function: (attribute object: (identifier) @request attribute: (identifier) @part)) @source
  (#eq? @request "request")
  (#any-of? @part "get_json" "json"))
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @loads)
  arguments: (argument_list . (attribute object: (identifier) @request))) @source
  (#eq? @module "json")
  (#eq? @loads "loads")
  (#eq? @request "request"))

; Sinks are the filters of PyMongo's and Motor's collections (`db.users.find_one(...)`, a
; variable named like a collection),
(call
  function: (attribute
    object: (_) @collection
    attribute: (identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#match? @collection "(?i)(^db\\.\\w+|\\.db\\.\\w+|collection|_coll|^db\\[[\"'][a-z_]+[\"']\\])$")
  (#any-of? @method "find" "find_one" "find_one_and_update" "find_one_and_delete"
    "find_one_and_replace" "update_one" "update_many" "delete_one" "delete_many" "replace_one"
    "count_documents" "aggregate" "distinct"))

; and `$where`.
(pair
  key: (string) @key
  value: (_) @sink
  (#match? @key "^[\"']\\$where[\"']$"))

((call function: (identifier) @convert) @sanitizer
  (#any-of? @convert "str" "int" "float" "ObjectId" "bool"))
