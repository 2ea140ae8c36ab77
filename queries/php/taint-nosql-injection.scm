; id: php/taint-nosql-injection
; kind: taint
; include: request-sources
; name: Request data builds a MongoDB query
; severity: error
; message: Request data reaches the query of `{{sink}}`; an array where a string was expected (`?user[$ne]=x`) changes what the query matches
; cwe: CWE-943
; tags: security, injection, nosql, taint
; precision: high
; security-severity: 8.8
; help: Cast each request value to the type the query expects before it goes in (`(string)
;   $_GET['user']`, `new ObjectId($id)`, `(int)`): PHP turns `user[$ne]=x` into an array, which
;   the driver sends as an operator. Never put request data in `$where`, which MongoDB runs as
;   JavaScript.

; Sinks are the filters of MongoDB collections (`$collection->findOne(...)`,
; `$db->users->find(...)`, `$client->shop->selectCollection('orders')`),
(member_call_expression
  object: (_) @collection
  name: (name) @method
  arguments: (arguments . (argument) @sink)
  (#match? @collection "(?i)(collection|coll|\\$db->\\w+|->selectCollection\\(.*\\))$")
  (#any-of? @method "find" "findOne" "findOneAndUpdate" "findOneAndDelete" "findOneAndReplace"
    "updateOne" "updateMany" "deleteOne" "deleteMany" "replaceOne" "count" "countDocuments"
    "aggregate" "distinct"))

; and `$where`.
(array_element_initializer
  (string) @key
  (_) @sink
  (#match? @key "^[\"']\\$where[\"']$"))

; A value cast to a string or a number, or made an ObjectId, carries no operator.
((cast_expression) @sanitizer
  (#match? @sanitizer "^\\(\\s*(string|int|integer|float|bool)\\s*\\)"))
((function_call_expression function: (name) @convert) @sanitizer
  (#any-of? @convert "strval" "intval" "floatval" "boolval"))
((object_creation_expression [(name) (qualified_name)] @class) @sanitizer
  (#match? @class "ObjectId$"))
