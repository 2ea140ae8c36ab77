; id: javascript/sql-injection
; superseded-by: javascript/taint-sql-injection
; name: SQL statement built by string concatenation or interpolation
; severity: error
; message: SQL text is built from run-time values with `+` or a template literal; a quote in any of them changes the statement (SQL injection)
; cwe: CWE-89
; tags: security, injection, sql
; precision: high
; security-severity: 8.8
; help: Keep the SQL text constant and pass values as bound parameters (`db.query('... WHERE id = ?', [id])`,
;   `$1` placeholders, or a tagged `sql` template from your driver). Identifiers such as column names
;   must come from an allow-list.

; In the SQL regex `(?-i:[\w.])` and `(?-i:[\w.`])` match exactly what the bare classes do (they
; are closed under case folding); this only spares the regex compiler from case-folding them.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; db.query(`SELECT ... ${id}`), pool.execute("SELECT ... " + id)
(call_expression
  function: (_ . object: (_) ; member_expression
    property: (property_identifier) @method
      (#any-of? @method "query" "execute" "exec" "raw" "run" "all" "get" "each" "prepare"
        "unsafe" "$queryRawUnsafe" "$executeRawUnsafe" "queryRaw" "sequelize"))
  arguments: (arguments . [(template_string (template_substitution)) (binary_expression)] @sql)
  (#match? @sql "(?is)^[`\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$\\{|[`\"']\\s*\\+\\s*[A-Za-z_$(])"))
  @finding

; const sql = `SELECT ... ${id}` / const q = "DELETE FROM t WHERE id = " + id
(variable_declarator
  value: [(template_string (template_substitution)) (binary_expression)] @sql
  (#match? @sql "(?is)^[`\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$\\{|[`\"']\\s*\\+\\s*[A-Za-z_$(])"))
  @finding

; sql = `UPDATE ... ${x}` (re-assignment)
(assignment_expression
  right: [(template_string (template_substitution)) (binary_expression)] @sql
  (#match? @sql "(?is)^[`\"']\\s*(select\\s+(distinct\\s+)?(\\*|(?-i:[\\w.])+\\s*[(,]).*\\sfrom\\s|select\\s+(distinct\\s+)?(?-i:[\\w.])+(\\s+as\\s+\\w+)?\\s+from\\s|insert\\s+into\\s+\\S+\\s*(\\(|values\\b|select\\b|set\\b)|update\\s+\\S+\\s+set\\s+(?-i:[\\w.`])+\\s*=|delete\\s+from\\s+\\S+\\s+where\\s|replace\\s+into\\s+\\S+\\s*(\\(|values\\b))")
  (#match? @sql "(\\$\\{|[`\"']\\s*\\+\\s*[A-Za-z_$(])"))
  @finding
