; id: cpp/use-after-delete
; kind: taint
; flow: value
; reach: function
; languages: cpp
; name: An object is used after it was deleted
; severity: error
; message: `{{sink}}` may point to an object deleted above
; cwe: CWE-416
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Delete the object after its last use and set the pointer to `nullptr`; better, own it
;   with `std::unique_ptr`. A use is a dereference (`*p`, `p[i]`, `p->f`) or handing the pointer to
;   a function.
(delete_expression (identifier) @filled)
(call_expression
  arguments: (argument_list (identifier) @sink))
(pointer_expression operator: "*" argument: (identifier) @sink)
(subscript_expression argument: (identifier) @sink)
(field_expression argument: (identifier) @sink)
