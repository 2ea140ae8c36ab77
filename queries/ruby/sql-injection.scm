; id: ruby/sql-injection
; name: SQL fragment built with string interpolation
; severity: error
; message: the SQL passed to `{{func}}` is built with interpolation or concatenation; input in it is SQL injection
; cwe: CWE-89
; tags: security, injection, sql, rails
; precision: high
; security-severity: 9.8
; help: Let ActiveRecord bind the values: `where("name = ?", name)`, `where(name: name)`,
;   `find_by_sql(["... WHERE id = ?", id])`, or `sanitize_sql_array`. Column names used in
;   `order`/`group`/`pluck` must come from an allow-list.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  method: (identifier) @func (#any-of? @func "where" "not" "rewhere" "having" "order" "reorder" "group" "pluck" "joins" "find_by" "find_by_sql" "count_by_sql" "exists?" "delete_all" "update_all" "delete_by" "destroy_by" "lock" "calculate" "from")
  arguments: (_
    .
    [
      (string (interpolation))
      ; `(_ . left: ...)` is a `binary`: no other ruby node has a `left` field that can hold a
      ; string or a binary (node-types.json), and `left` is its first child. The wildcard skips
      ; tree-sitter's costly compile-time analysis of `binary`; the anchor drops other nodes at once.
      (_ . left: [(string) (binary)])
      (array . [(string (interpolation)) (_ . left: (string))])
    ]))
  @finding

(call
  method: (identifier) @func (#any-of? @func "execute" "exec_query" "exec_update" "exec_delete" "exec_insert" "select_all" "select_one" "select_value" "select_values" "select_rows" "query" "sql")
  arguments: (_
    .
    [
      (string (interpolation))
      (_ . left: [(string) (binary)]) ; a `binary` (see above)
    ] @query
    (#match? @query "^[\"'](?i:\\s*(select|insert|update|delete|with|replace|create|drop|alter|truncate)\\b)")))
  @finding
