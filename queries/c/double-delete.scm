; id: cpp/double-delete
; kind: taint
; flow: value
; languages: cpp
; name: Memory is deleted twice
; severity: error
; message: `{{sink}}` may have been deleted already
; cwe: CWE-415
; tags: security, memory, taint
; precision: high
; security-severity: 8.1
; help: Delete each object once, and set the pointer to `nullptr` after `delete` (deleting a null
;   pointer does nothing); better, own it with `std::unique_ptr`. The state is followed along every
;   path of the function, through copies made after the first `delete`, and into the functions of
;   the repository the pointer is handed to.
(delete_expression (identifier) @filled)
(delete_expression (identifier) @sink)
