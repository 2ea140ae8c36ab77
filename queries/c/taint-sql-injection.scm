; id: c/taint-sql-injection
; kind: taint
; include: request-sources, argument-sources
; name: Untrusted input reaches the text of a SQL statement
; severity: error
; message: Untrusted input reaches the SQL text given to `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and bind the values (`sqlite3_bind_text`, `PQexecParams`,
;   `mysql_stmt_bind_param`); where text must be built, escape it with SQLite's `'%q'` (inside
;   the quotes: `%q` adds none) or `%Q` (without them: it adds its own), `PQescapeLiteral` or
;   `mysql_real_escape_string`.

; Sinks are the SQL text of SQLite, MySQL and PostgreSQL calls: the second argument,
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) @sink)
  (#any-of? @function "sqlite3_exec" "sqlite3_prepare" "sqlite3_prepare_v2" "sqlite3_prepare_v3"
    "sqlite3_prepare16" "sqlite3_prepare16_v2" "sqlite3_prepare16_v3" "sqlite3_get_table"
    "mysql_query" "mysql_real_query" "mysql_send_query" "PQexec" "PQexecParams" "PQsendQuery"
    "PQsendQueryParams"))

; and the third of the statements prepared under a name.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . (_) @sink)
  (#any-of? @function "PQprepare" "PQsendPrepare"))

; Sanitizers quote for SQL: the escaping functions of the client libraries,
((call_expression
  function: (identifier) @escape) @sanitizer
  (#any-of? @escape "PQescapeLiteral" "PQescapeIdentifier"))

; and SQLite's own formatting where the format puts every string where its conversion is safe.
; `%q` doubles quotes but adds none, so it is safe only inside a quoted literal (`'%q'`: the
; `'` before it are odd in number); `%Q` adds the quotes itself, so it is safe only outside one
; (`'%Q'` closes the literal it is put in: `''x OR 1=1--''`); `%w` doubles `"`, for an
; identifier in `\"%w\"`. `%s` and `%z` copy the value as it is.
((call_expression
  function: (identifier) @function
  arguments: (argument_list . [(string_literal) (concatenated_string)] @format)) @sanitizer
  (#eq? @function "sqlite3_mprintf")
  (#match? @format "%[-+ #!,0-9.*]*[qQw]")
  (#not-match? @format "%[-+ #!,0-9.*]*[sz]")
  (#not-match? @format "^([^']*'[^']*')*[^']*%[-+ #!,0-9.*]*q")
  (#not-match? @format "^[^']*'([^']*'[^']*')*[^']*%[-+ #!,0-9.*]*Q")
  (#not-match? @format "([^\"]|[^\\\\]\")%w|%w([^\\\\]|\\\\[^\"])"))

((call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) . [(string_literal) (concatenated_string)] @format))
  @sanitizer
  (#eq? @function "sqlite3_snprintf")
  (#match? @format "%[-+ #!,0-9.*]*[qQw]")
  (#not-match? @format "%[-+ #!,0-9.*]*[sz]")
  (#not-match? @format "^([^']*'[^']*')*[^']*%[-+ #!,0-9.*]*q")
  (#not-match? @format "^[^']*'([^']*'[^']*')*[^']*%[-+ #!,0-9.*]*Q")
  (#not-match? @format "([^\"]|[^\\\\]\")%w|%w([^\\\\]|\\\\[^\"])"))
