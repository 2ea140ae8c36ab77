; id: php/sql-injection
; superseded-by: php/taint-sql-injection
; name: SQL statement built from variables
; severity: error
; message: SQL text is built by interpolating or concatenating variables; a quote in any of them changes the statement (SQL injection)
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 8.8
; help: Use prepared statements with bound parameters (`$pdo->prepare('... WHERE id = ?')->execute([$id])`,
;   `mysqli_stmt_bind_param`); identifiers such as column names must come from an allow-list.

; In the SQL regex `(?-i:[\w.`])` matches exactly what `[\w.`]` does (the class is closed under
; case folding); it only spares the regex compiler from case-folding it at start-up.

; mysqli_query($db, "SELECT ... $id"), pg_query($conn, "..." . $x)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments (argument [(encapsed_string) (binary_expression)] @sql))
  (#any-of? @func "mysqli_query" "mysql_query" "mysqli_multi_query" "mysqli_real_query"
    "pg_query" "pg_send_query" "sqlite_query" "mssql_query" "odbc_exec" "db2_exec" "oci_parse")
  (#match? @sql "(?is)^[\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.`])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.`])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$[A-Za-z_{]|\\{\\$|[\"']\\s*\\.\\s*[$A-Za-z_(])")
  (#not-match? @sql "(->quote\\s*\\(|escape_string\\s*\\(|intval\\s*\\(|\\(int\\)|PDO::PARAM)"))
  @finding

; $pdo->query("..."), $this->db->exec(...), $mysqli->prepare("... '$x'")
(member_call_expression
  name: (name) @func
  arguments: (arguments . (argument [(encapsed_string) (binary_expression)] @sql))
  (#any-of? @func "query" "exec" "prepare" "multi_query" "real_query" "execute" "raw"
    "unprepared" "select" "statement" "get_results" "get_row" "get_var" "get_col")
  (#match? @sql "(?is)^[\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.`])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.`])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$[A-Za-z_{]|\\{\\$|[\"']\\s*\\.\\s*[$A-Za-z_(])")
  (#not-match? @sql "(->quote\\s*\\(|escape_string\\s*\\(|intval\\s*\\(|\\(int\\)|PDO::PARAM)"))
  @finding

; DB::select("..."), DB::statement(...) (Laravel)
(scoped_call_expression
  name: (name) @func
  arguments: (arguments . (argument [(encapsed_string) (binary_expression)] @sql))
  (#any-of? @func "select" "statement" "unprepared" "raw" "insert" "update" "delete")
  (#match? @sql "(?is)^[\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.`])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.`])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$[A-Za-z_{]|\\{\\$|[\"']\\s*\\.\\s*[$A-Za-z_(])")
  (#not-match? @sql "(->quote\\s*\\(|escape_string\\s*\\(|intval\\s*\\(|\\(int\\)|PDO::PARAM)"))
  @finding

; $sql = "SELECT ... WHERE id = $id";
(assignment_expression
  right: [(encapsed_string) (binary_expression)] @sql
  (#match? @sql "(?is)^[\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.`])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.`])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$[A-Za-z_{]|\\{\\$|[\"']\\s*\\.\\s*[$A-Za-z_(])")
  (#not-match? @sql "(->quote\\s*\\(|escape_string\\s*\\(|intval\\s*\\(|\\(int\\)|PDO::PARAM)"))
  @finding
