; id: php/taint-sql-injection
; kind: taint
; include: request-sources, clean-values
; name: Request data reaches a SQL query
; severity: error
; message: Request data reaches the SQL query `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Use a prepared statement and bind the values (`$pdo->prepare('... WHERE id = ?')` then
;   `->execute([$id])`, `mysqli_stmt_bind_param`); take identifiers such as column names from an
;   allow-list, and cast to a number where a number is meant (`(int)`, `intval`, or
;   `filter_var($v, FILTER_VALIDATE_INT)`, which answers a number or false). Not
;   `FILTER_SANITIZE_NUMBER_INT`: it keeps `+` and `-`, so `1--` survives and comments out the
;   rest of an unquoted query.

; Sinks are the SQL text of the mysqli, PostgreSQL, SQLite and legacy mysql functions (the
; connection comes first, except in mysql_query and a one-argument pg_query),
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument) . (argument (_) @sink))
  (#any-of? @function "mysqli_query" "mysqli_multi_query" "mysqli_real_query" "mysqli_prepare"
    "mysqli_send_query" "pg_query" "pg_send_query" "pg_prepare" "sqlite_query" "sqlite_exec"
    "odbc_exec" "odbc_prepare" "db2_exec" "oci_parse" "sqlsrv_query" "sqlsrv_prepare"))

(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink) .)
  (#any-of? @function "mysql_query" "mysql_unbuffered_query" "pg_query" "mssql_query"))

; the SQL text given to PDO, mysqli, SQLite3 and WordPress objects (not a DOMXPath query,
; told apart by its receiver or by an expression that starts with a slash),
(member_call_expression
  object: (_) @db
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "query" "exec" "prepare" "real_query" "multi_query" "querySingle"
    "unbuffered_query" "get_results" "get_row" "get_var" "get_col")
  (#not-match? @db "(?i)(xpath|xp|dom|finder)$")
  (#not-match? @sink "^['\"]\\s*\\.?/[^*]"))

; and the raw SQL of query builders (Laravel's DB facade, whereRaw and its like).
(scoped_call_expression
  scope: (name) @db
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#eq? @db "DB")
  (#any-of? @method "select" "selectOne" "insert" "update" "delete" "statement" "unprepared"
    "raw"))

(member_call_expression
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "whereRaw" "orWhereRaw" "havingRaw" "orHavingRaw" "orderByRaw" "selectRaw"
    "groupByRaw" "fromRaw"))

; Sanitizers are the database's own quoting and escaping functions.
((function_call_expression function: [(name) @escape (qualified_name (name) @escape)]) @sanitizer
  (#any-of? @escape "mysqli_real_escape_string" "mysqli_escape_string" "mysql_real_escape_string"
    "mysql_escape_string" "pg_escape_string" "pg_escape_literal" "pg_escape_identifier"
    "sqlite_escape_string" "db2_escape_string" "esc_sql"))

((member_call_expression name: (name) @escape) @sanitizer
  (#any-of? @escape "quote" "real_escape_string" "escape_string" "escapeString" "quoteIdentifier"
    "quoteInto"))
