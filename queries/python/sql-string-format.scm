; id: python/sql-string-format
; superseded-by: python/taint-sql-injection
; name: SQL query built with string formatting
; severity: error
; message: SQL text passed to `{{func}}` is built with string formatting; input in it is SQL injection
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and pass values as parameters, e.g.
;   `cur.execute("SELECT * FROM users WHERE id = %s", (user_id,))`; with SQLAlchemy use
;   `text("... WHERE id = :id")` with `bindparams`/parameters. Identifiers (table or column
;   names) must be checked against an allow-list.

; In these patterns a nested `(_ . object: ...)` / `(_ . object: (_) attribute: ...)` is an
; attribute node and `(_ . function: ...)` a call: python has no other node with an `object`,
; `attribute` or `function` field (node-types.json), and those are the first children. A wildcard
; parent is exempt from tree-sitter's compile-time analysis; the anchor drops other nodes at once.

(call
  function: [
    (attribute attribute: (identifier) @func)
    (identifier) @func
  ]
  (#any-of? @func "execute" "executemany" "executescript" "raw" "text" "read_sql" "read_sql_query")
  arguments: (argument_list
    .
    [
      (string (interpolation)) @query
      (binary_operator
        left: (string) @query
        right: (_) @rhs (#not-match? @rhs "^[rRuUbB]?[\"']"))
      (binary_operator
        left: (binary_operator) @query)
      (_ .
        function: (_ .
          object: (string) @query
          attribute: (identifier) @fmt (#eq? @fmt "format")))
    ]
    (#match? @query "^[rRuUfFbB]{0,2}(\"\"\"|'''|\"|')\\s*(?i:select|insert|update|delete|with|replace|merge|create|drop|alter|truncate|grant|call|exec)\\b")))
  @finding

; The query is formatted into a local variable first and executed a few statements later.
(block
  (expression_statement
    (assignment
      left: (identifier) @var
      right: [
        (string (interpolation)) @query
        (binary_operator
          left: (string) @query
          right: (_) @rhs (#not-match? @rhs "^[rRuUbB]?[\"']"))
        (binary_operator
          left: (binary_operator) @query)
        (_ .
          function: (_ .
            object: (string) @query
            attribute: (identifier) @fmt (#eq? @fmt "format")))
      ]
      (#match? @query "^[rRuUfFbB]{0,2}(\"\"\"|'''|\"|')\\s*(?i:select|insert|update|delete|with|replace|merge|create|drop|alter|truncate|grant|call|exec)\\b")))
  (expression_statement
    [
      (_ .
        function: (_ . object: (_) attribute: (identifier) @func)
        arguments: (argument_list . (identifier) @arg)) @finding
      (assignment
        right: (_ .
          function: (_ . object: (_) attribute: (identifier) @func)
          arguments: (argument_list . (identifier) @arg)) @finding)
    ])
  (#any-of? @func "execute" "executemany" "executescript" "raw" "read_sql" "read_sql_query")
  (#eq? @var @arg))
