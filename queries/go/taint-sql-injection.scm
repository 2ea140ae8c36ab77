; id: go/taint-sql-injection
; kind: taint
; include: request-sources
; name: Request data reaches a SQL query
; severity: error
; message: Request data reaches the SQL query `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and pass the values as arguments with placeholders
;   (`db.Query("SELECT ... WHERE id = $1", id)`); take identifiers such as ORDER BY columns from
;   a fixed allow-list, and parse numbers with strconv first.

; Sinks are the SQL text of database/sql (and sqlx, pgx, gorm) calls: the first argument, or the
; one after the context. A prepared statement's Exec and Query take only bound values.
(call_expression
  function: (selector_expression
    operand: (_) @db
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "Query" "QueryRow" "Exec" "Prepare" "Queryx" "QueryRowx" "MustExec"
    "NamedExec" "NamedQuery" "Preparex" "Raw")
  (#not-match? @db "(?i)(stmt|statement|prepared)$")
  (#not-match? @sink "^(ctx|context\\.\\w+\\(\\)|\\w+\\.Context\\(\\))$"))

(call_expression
  function: (selector_expression
    operand: (_) @db
    field: (field_identifier) @method)
  arguments: (argument_list . (_) @context . (_) @sink)
  (#any-of? @method "Query" "QueryRow" "Exec" "Prepare" "Queryx" "QueryRowx" "MustExec")
  (#not-match? @db "(?i)(stmt|statement|prepared)$")
  (#match? @context "^(ctx|context\\.\\w+\\(\\)|\\w+\\.Context\\(\\))$"))

(call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @method "QueryContext" "QueryRowContext" "ExecContext" "PrepareContext"
    "QueryxContext" "QueryRowxContext" "MustExecContext" "NamedExecContext" "NamedQueryContext"
    "PreparexContext"))

; sqlx's Select and Get fill their first argument from the query that follows it.
(call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (unary_expression) . (_) @sink)
  (#any-of? @method "Select" "Get"))

(call_expression
  function: (selector_expression field: (field_identifier) @method)
  arguments: (argument_list . (_) . (unary_expression) . (_) @sink)
  (#any-of? @method "SelectContext" "GetContext"))

; Sanitizers are the quoting helpers of lib/pq and pgx.
((call_expression
  function: (selector_expression field: (field_identifier) @quote)) @sanitizer
  (#any-of? @quote "QuoteLiteral" "QuoteIdentifier" "Sanitize"))
