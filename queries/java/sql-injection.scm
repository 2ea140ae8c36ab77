; id: java/sql-injection
; superseded-by: java/taint-sql-injection
; name: SQL statement built by string concatenation or formatting
; severity: error
; message: SQL text is assembled from non-constant values (`{{finding}}`); values spliced into a query allow SQL injection
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 9.0
; help: Use `PreparedStatement` with `?` placeholders (or named parameters in JPA / Spring
;   `JdbcTemplate`) and bind the values. Table and column names must come from a fixed
;   allow-list, never from the request.

; In the SQL regexes `(?-i:[\s\S])` matches exactly what `[\s\S]` does (any character); it only
; spares the regex compiler from case-folding all of Unicode, about 4 ms per regex at start-up.

; "SELECT ... " + value   (innermost concatenation: its left side is the SQL literal)
(binary_expression
  left: (string_literal) @sql (#match? @sql "(?i)^\"\\s*(select\\s(?-i:[\\s\\S])*\\sfrom\\s|insert\\s+into\\s|update\\s+[\\w.\"`\\[\\]]+\\s+set\\s|delete\\s+from\\s|merge\\s+into\\s|replace\\s+into\\s|(drop|truncate|alter)\\s+table\\s)")
  operator: "+"
  right: [(identifier) (method_invocation) (field_access) (array_access) (parenthesized_expression) (ternary_expression) (cast_expression)] @val
  (#not-match? @val "^([A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")
  (#not-match? @val "(?i)\\w*(quote|escape)\\w*\\([^()]*\\)$"))
  @finding
; String.format("SELECT ... '%s'", value)  /  "SELECT ... %s".formatted(value)
(method_invocation
  object: (identifier) @cls (#eq? @cls "String")
  name: (identifier) @fmt (#eq? @fmt "format")
  arguments: (argument_list
    .
    (string_literal) @sql2 (#match? @sql2 "(?i)^\"\\s*(select\\s(?-i:[\\s\\S])*\\sfrom\\s|insert\\s+into\\s|update\\s+[\\w.\"`\\[\\]]+\\s+set\\s|delete\\s+from\\s|merge\\s+into\\s|replace\\s+into\\s|(drop|truncate|alter)\\s+table\\s)") (#match? @sql2 "%[-+# 0-9.]*s")))
  @finding
(method_invocation
  object: (string_literal) @sql3 (#match? @sql3 "(?i)^\"\\s*(select\\s(?-i:[\\s\\S])*\\sfrom\\s|insert\\s+into\\s|update\\s+[\\w.\"`\\[\\]]+\\s+set\\s|delete\\s+from\\s|merge\\s+into\\s|replace\\s+into\\s|(drop|truncate|alter)\\s+table\\s)") (#match? @sql3 "%[-+# 0-9.]*s")
  name: (identifier) @fmt3 (#eq? @fmt3 "formatted"))
  @finding
; JDBC / JPA / Hibernate sinks given a concatenation that does not start with an SQL literal
; (e.g. HQL "from User where ..." + x, or sql + " AND x = " + y)
(method_invocation
  name: (identifier) @sink (#any-of? @sink "executeQuery" "executeUpdate" "executeLargeUpdate" "addBatch" "prepareStatement" "prepareCall" "createQuery" "createNativeQuery" "createSQLQuery" "nativeQuery")
  arguments: (argument_list
    .
    (binary_expression) @q
    (#not-match? @q "(?i)^\\s*\"\\s*(select\\s|insert\\s|update\\s|delete\\s|merge\\s|replace\\s|drop\\s|truncate\\s|alter\\s)")
    (#not-match? @q "^((\"([^\"\\\\]|\\\\.)*\"|\\s|\\+)*|[A-Z][A-Z0-9_]*|[\\w.]*\\.[A-Z][A-Z0-9_]*)$")))
  @finding
