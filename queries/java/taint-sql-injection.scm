; id: java/taint-sql-injection
; kind: taint
; include: request-sources, local-sources, remote-sources, stored-sources, clean-values
; name: Untrusted input reaches a SQL query
; severity: error
; message: Untrusted input reaches the SQL text of `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Keep the SQL text constant and bind the values (`?` placeholders of a `PreparedStatement`,
;   the arguments of `JdbcTemplate`, `setParameter` of JPA); a column or table name must come from
;   a fixed allow-list, never from the request.
;   Sources: web requests, the environment and properties, standard input, files, sockets, URL
;   connections and database rows.

; Sinks are the SQL text of JDBC statements and connections,
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "executeQuery" "executeUpdate" "executeLargeUpdate" "addBatch"
    "prepareStatement" "prepareCall" "nativeSQL"))

; `execute(String)` of a JDBC statement (named like one: `execute` alone names too many other
; things),
(method_invocation
  object: (_) @statement
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @statement "(?i)(stmt|statement)$")
  (#eq? @method "execute"))

(method_invocation
  object: (_) @statement
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @statement "(?i)(^|\\.)(st|stmt|\\w*statement|conn|\\w*connection|db|\\w*jdbc\\w*|\\w*template)$|createStatement\\(\\)$")
  (#any-of? @method "execute" "executeLargeUpdate"))

; of Spring's JdbcTemplate (the receiver named like one: `jdbc`, `jdbcTemplate`, `template`),
(method_invocation
  object: (_) @template
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#match? @template "(?i)(^|\\.)(\\w*jdbc\\w*|\\w*template|db)$")
  (#any-of? @method "query" "queryForObject" "queryForList" "queryForMap" "queryForRowSet"
    "queryForStream" "update" "batchUpdate"))

; and the queries of JPA and Hibernate.
(method_invocation
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "createQuery" "createNativeQuery" "createSQLQuery"))
