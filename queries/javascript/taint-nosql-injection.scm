; id: javascript/taint-nosql-injection
; kind: taint
; include: request-sources
; name: Request data builds a MongoDB query
; severity: error
; message: Request data reaches the query of `{{sink}}`; an object where a string was expected (`{"$ne": null}`, `?user[$gt]=`) changes what the query matches
; cwe: CWE-943
; tags: security, injection, nosql, taint
; precision: high
; security-severity: 8.8
; help: Turn each value into the type the query expects before it goes in (`String(req.body.user)`,
;   `new ObjectId(id)`, `Number(n)`), or strip operators (`mongo-sanitize`, Mongoose's
;   `sanitizeFilter`); never pass a request object as a whole filter, and never put request data
;   in `$where`, which MongoDB runs as JavaScript.

; Sinks are the filter of Mongoose models (named with a capital, `User.findOne(...)`) and of
; MongoDB collections (`db.collection('users')`, a variable named like a collection); the
; options object of an SQL ORM (Sequelize's and TypeORM's `{ where: ... }`) is not a filter,
(call_expression
  function: (member_expression
    object: (_) @model
    property: (property_identifier) @method)
  arguments: (arguments . (_) @sink)
  (#match? @model "^[A-Z][A-Za-z0-9]*$|(^|\\.)(collection\\(.*\\)|\\w*(Collection|Model)|coll|col)$")
  (#not-match? @sink "^\\{\\s*(where|include|attributes|order|relations|select)\\s*:")
  (#any-of? @method "find" "findOne" "findOneAndUpdate" "findOneAndDelete" "findOneAndReplace"
    "findOneAndRemove" "updateOne" "updateMany" "deleteOne" "deleteMany" "replaceOne"
    "countDocuments" "count" "exists" "where" "aggregate" "remove" "update"))

; and what `$where` runs.
(pair
  key: [(property_identifier) (string)] @key
  value: (_) @sink
  (#match? @key "^[\"']?\\$where[\"']?$"))

; A value turned into a string, a number, a buffer or an ObjectId carries no operator, nor does
; one a string method was called on (an object has no `toLowerCase`: the call throws), nor one
; compared with `$eq` (an object there is compared as a value).
((call_expression
  function: [
    (identifier) @convert
    (member_expression property: (property_identifier) @convert)
  ]) @sanitizer
  (#any-of? @convert "String" "Number" "parseInt" "parseFloat" "ObjectId" "toString"
    "sanitize" "mongoSanitize" "sanitizeFilter" "escapeRegExp"))
((new_expression constructor: [(identifier) @convert (member_expression property: (property_identifier) @convert)]) @sanitizer
  (#eq? @convert "ObjectId"))
((call_expression
  function: (member_expression
    object: (identifier) @buffer
    property: (property_identifier) @from)) @sanitizer
  (#eq? @buffer "Buffer")
  (#eq? @from "from"))
((call_expression
  function: (member_expression
    property: (property_identifier) @method)) @sanitizer
  (#any-of? @method "toLowerCase" "toUpperCase" "toLocaleLowerCase" "toLocaleUpperCase" "trim"
    "trimStart" "trimEnd" "normalize" "padStart" "padEnd"))
(pair
  key: [(property_identifier) (string)] @key
  value: (_) @sanitizer
  (#match? @key "^[\"']?\\$eq[\"']?$"))
