; id: csharp/taint-sql-injection
; kind: taint
; include: request-sources, local-sources, clean-values
; name: Untrusted input reaches a SQL query
; severity: error
; message: Untrusted input reaches the SQL text of `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and pass the values as parameters (`cmd.Parameters.AddWithValue
;   ("@name", name)`, Dapper's anonymous parameter object, EF Core's `FromSqlInterpolated` or
;   `FromSql` with an interpolated string, which binds each hole). A column or table name must
;   come from a fixed allow-list, never from the request.
;   Sources: the request (query, form, cookies, headers, bound action parameters), standard
;   input and the environment.

; Sinks are the SQL text of ADO.NET commands and adapters (`new SqlCommand(sql, conn)`),
((object_creation_expression
  type: (_) @type
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @type "(^|\\.)(Sql|OleDb|Odbc|Npgsql|MySql|SQLite|Sqlite|Oracle|Db2)(Command|DataAdapter)$"))

; the text set on a command afterwards or in its initializer,
((assignment_expression
  left: [
    (member_access_expression name: (identifier) @property)
    (identifier) @property
  ]
  right: (_) @sink)
  (#eq? @property "CommandText"))

; EF Core's and EF6's raw SQL (the interpolated `FromSqlInterpolated`, `ExecuteSqlInterpolated`
; and `FromSql($"...")` bind their holes and are not sinks),
((invocation_expression
  function: (member_access_expression name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#any-of? @method "FromSqlRaw" "ExecuteSqlRaw" "ExecuteSqlRawAsync" "SqlQueryRaw"
    "ExecuteSqlCommand" "ExecuteSqlCommandAsync" "ExecuteStoreQuery" "ExecuteStoreCommand"))

((invocation_expression
  function: (member_access_expression name: (identifier) @method)
  arguments: (argument_list . (argument [(identifier) (binary_expression) (invocation_expression) (member_access_expression)] @sink)))
  (#any-of? @method "FromSql" "SqlQuery"))

; and Dapper's queries on a connection (named like one: `conn`, `connection`, `db`).
((invocation_expression
  function: (member_access_expression
    expression: (_) @connection
    name: (_) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @connection "(?i)(^|\\.)(conn|\\w*connection|db|_db|cn)$")
  (#match? @method "^(Query|QueryAsync|QueryFirst|QueryFirstOrDefault|QuerySingle|QuerySingleOrDefault|QueryMultiple|Execute|ExecuteAsync|ExecuteScalar|ExecuteScalarAsync|ExecuteReader|QueryFirstAsync|QueryFirstOrDefaultAsync|QuerySingleAsync|QueryMultipleAsync)(<.*>)?$"))
