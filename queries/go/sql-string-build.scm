; id: go/sql-string-build
; superseded-by: go/taint-sql-injection
; name: SQL statement built by string formatting or concatenation
; severity: error
; message: SQL text is assembled from non-constant values (`{{finding}}`); values spliced into a query allow SQL injection
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 9.0
; help: Keep the SQL text constant and pass values as arguments with placeholders:
;   `db.QueryContext(ctx, "SELECT ... WHERE id = $1", id)` (or `?` for MySQL/SQLite).
;   Identifiers such as table or column names must come from a fixed allow-list.

; In the SQL regexes `(?-i:[\s\S])` matches exactly what `[\s\S]` does (any character); it only
; spares the regex compiler from case-folding all of Unicode, about 4 ms per regex at start-up.

; fmt.Sprintf whose format is SQL and splices a value with %s / %v / %q
(call_expression
  function: (selector_expression
    operand: (identifier) @pkg (#resolves-to? @pkg "fmt")
    field: (field_identifier) @fn (#eq? @fn "Sprintf"))
  arguments: (argument_list
    .
    [(interpreted_string_literal) (raw_string_literal)] @fmt
    (#match? @fmt "(?i)^[\"`]\\s*(select\\s(?-i:[\\s\\S])*\\sfrom\\s|insert\\s+into\\s|update\\s+[\\w.\"]+\\s+set\\s|delete\\s+from\\s|replace\\s+into\\s|merge\\s+into\\s|with\\s+\\w+\\s+as\\s)")
    (#match? @fmt "%[-+# 0-9.]*[svq]")))
  @finding
; "SELECT ... " + value  (the innermost concatenation, whose left side is the SQL literal)
(binary_expression
  left: [(interpreted_string_literal) (raw_string_literal)] @sql
  (#match? @sql "(?i)^[\"`]\\s*(select\\s(?-i:[\\s\\S])*\\sfrom\\s|insert\\s+into\\s|update\\s+[\\w.\"]+\\s+set\\s|delete\\s+from\\s|replace\\s+into\\s|merge\\s+into\\s)")
  operator: "+"
  right: [(identifier) (selector_expression) (index_expression) (call_expression) (parenthesized_expression)] @val
  (#not-match? @val "^(strconv\\.(Itoa|FormatInt|FormatUint|FormatFloat|FormatBool|Quote)\\(|len\\()"))
  @finding
