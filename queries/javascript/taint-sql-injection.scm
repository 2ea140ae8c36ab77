; id: javascript/taint-sql-injection
; kind: taint
; include: request-sources
; name: Request data reaches a SQL query
; severity: error
; message: Request data reaches the SQL text of `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and pass values as bound parameters (`pool.query("... WHERE id = ?",
;   [id])`, `$1` placeholders, `knex.raw("... ?", [id])`); identifiers such as column names must come
;   from an allow-list.

; Sinks are the SQL text given to a database client, pool, connection or transaction
; (`pool.query(sql)`, `connection.execute(sql, params)`, `db.all(sql)`, `sequelize.query(sql)`,
; `knex.raw(sql)`, `prisma.$queryRawUnsafe(sql)`).
; TypeScript parses `await pool.query<Row[]>(sql)` with the `await` around the callee.
(call_expression
  function: [
    (member_expression
      object: (_) @database
      property: (property_identifier) @method)
    (await_expression
      (member_expression
        object: (_) @database
        property: (property_identifier) @method))
  ]
  arguments: (arguments . (_) @sink)
  (#match? @database "(?i)(^|[.])(db|database|pool|conn|connection|client|sequelize|knex|trx|tx|transaction|mysql|pg|sql|sqlite|prisma)$")
  (#any-of? @method "query" "execute" "raw" "exec" "prepare" "one" "oneOrNone" "many" "any" "none"
    "$queryRawUnsafe" "$executeRawUnsafe"))

; sqlite3's statements (`db.all(sql)`, `db.get(sql)`, `db.run(sql)`, `db.each(sql)`).
(call_expression
  function: (member_expression
    object: (_) @database
    property: (property_identifier) @method)
  arguments: (arguments . (_) @sink)
  (#match? @database "(?i)(^|[.])(db|database|sqlite|sqlitedb)$")
  (#any-of? @method "run" "all" "get" "each"))

; knex's raw fragments on a query builder (`knex('users').whereRaw(text)`).
(call_expression
  function: (member_expression
    property: (property_identifier) @method)
  arguments: (arguments . (_) @sink)
  (#any-of? @method "whereRaw" "orWhereRaw" "orderByRaw" "havingRaw" "joinRaw" "groupByRaw"))

; Sanitizers are the drivers' escaping helpers, which quote a value for SQL
; (`mysql.escape(v)`, `connection.escape(v)`, `pgFormat.literal(v)`, `SqlString.escape(v)`);
; not Sequelize's `literal`, which puts its text into the query as it is, nor lodash's or
; validator's HTML `escape`.
(call_expression
  function: [
    (identifier) @escape
    (member_expression property: (property_identifier) @escape)
  ] @fn
  (#any-of? @escape "escape" "escapeId" "escapeLiteral" "escapeIdentifier" "literal" "quoteIdent"
    "quoteLiteral")
  (#not-match? @fn "(?i)(sequelize\\.literal|^_\\.escape|validator\\.escape)$"))
  @sanitizer
