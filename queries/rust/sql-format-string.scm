; id: rust/sql-format-string
; name: SQL statement built with format!
; severity: error
; message: SQL text is built with `format!` from values; a quote in any interpolated value changes the query (SQL injection)
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and bind values: `sqlx::query("... WHERE id = $1").bind(id)`,
;   `conn.execute("... WHERE id = ?1", params![id])`, diesel's query builder or `sql_query(..).bind::<T, _>(v)`.
;   Table or column names that must vary should come from a fixed allow-list.

; In these patterns a wildcard parent under a call's `function` stands for one node kind: with
; `value` and `field` it is a field_expression, with `path` and `name` a scoped_identifier (the
; only nodes that can hold those fields there, node-types.json). The anchored first child drops
; other nodes at once; a wildcard parent is exempt from tree-sitter's compile-time analysis.
(call_expression
  function: (_ . value: (_) field: (field_identifier) @sink) ; field_expression
  arguments: (arguments . [
    (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding
    (reference_expression
      value: (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding)
    (call_expression
      function: (_ . ; field_expression
        value: (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding
        field: (field_identifier) @conv))
  ])
  (#any-of? @sink "execute" "execute_batch" "query" "query_row" "query_map" "query_one" "query_opt" "query_raw" "prepare" "prepare_cached" "batch_execute" "simple_query" "exec" "exec_drop" "exec_first" "query_drop" "query_first")
  (#eq? @mac "format")
  (#match? @sql "(?i)^(r#*)?\"\\s*(select|insert|update|delete|replace|merge|upsert|with|create|drop|alter|truncate|pragma|exec|call)\\s")
  (#match? @sql "[^{]\\{[^{]")
  (#any-of? @conv "as_str" "as_ref" "to_string"))

(call_expression
  function: [
    (identifier) @sink
    (scoped_identifier name: (identifier) @sink)
    (generic_function function: [(identifier) @sink (scoped_identifier name: (identifier) @sink)])
  ]
  arguments: (arguments . [
    (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding
    (reference_expression
      value: (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding)
    (call_expression
      function: (_ . ; field_expression
        value: (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding
        field: (field_identifier) @conv))
  ])
  (#any-of? @sink "query" "query_as" "query_scalar" "query_with" "query_as_with" "sql_query" "raw_sql")
  (#eq? @mac "format")
  (#match? @sql "(?i)^(r#*)?\"\\s*(select|insert|update|delete|replace|merge|upsert|with|create|drop|alter|truncate|pragma|exec|call)\\s")
  (#match? @sql "[^{]\\{[^{]")
  (#any-of? @conv "as_str" "as_ref" "to_string"))

(let_declaration
  pattern: (identifier) @var
  value: [
    (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding
    (call_expression
      function: (_ . ; field_expression
        value: (macro_invocation macro: (identifier) @mac (token_tree . (string_literal) @sql)) @finding))
  ]
  (#match? @var "(?i)(^|_)(sql|query|stmt|statement|q)$")
  (#eq? @mac "format")
  (#match? @sql "(?i)^(r#*)?\"\\s*(select|insert|update|delete|replace|merge|upsert|with|create|drop|alter|truncate|pragma|exec|call)\\s")
  (#match? @sql "[^{]\\{[^{]"))
