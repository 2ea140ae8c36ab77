; id: javascript/child-process-exec
; superseded-by: javascript/taint-command-injection
; name: Shell command built from a non-constant string
; severity: error
; message: `{{func}}` runs its command through a shell and the command is built at run time; shell metacharacters in any interpolated value lead to command injection
; cwe: CWE-78
; tags: security, injection
; precision: high
; security-severity: 9.8
; help: Use `execFile`/`spawn` with a fixed program and an array of arguments (and no `shell: true`)
;   so that values are never parsed by a shell; validate them against an allow-list.

; In these rules a nested `(_ property: ...)` stands for a member_expression and `(_ index: ...)`
; for a subscript_expression, the only nodes that can hold those fields there in the javascript,
; typescript and tsx grammars (see node-types.json); `(_ . object: (_) property: ...)` also
; anchors the object, a member_expression's first child, so that other nodes are dropped at once.
; A wildcard parent is exempt from tree-sitter's costly compile-time analysis of the node.

; exec(cmd) / execSync(`git log ${ref}`) after `const { exec } = require('child_process')`,
; child_process.exec(cmd), cp.execSync(...), require('child_process').exec(cmd)
; (one pattern: @obj, @req and @mod are bound in one branch each, and a predicate on a capture
; that its branch leaves unbound passes)
(call_expression
  function: [
    (identifier) @func
    (member_expression
      object: [
        (identifier) @obj
        (call_expression
          function: (identifier) @req
          arguments: (arguments . (string) @mod))]
      property: (property_identifier) @func)]
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))])
  (#any-of? @func "exec" "execSync")
  (#any-of? @obj "child_process" "childProcess" "child_proc" "childproc" "cp" "proc" "shell")
  (#eq? @req "require")
  (#match? @mod "^[\"']child_process[\"']$"))
  @finding

; spawn(cmd, args, { shell: true }) with a non-constant command
(call_expression
  function: [
    (identifier) @func
    (_ . object: (_) property: (property_identifier) @func)] ; member_expression
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]
    (object (pair
      key: (property_identifier) @opt (#eq? @opt "shell")
      value: (true))))
  (#any-of? @func "spawn" "spawnSync" "execFile" "execFileSync"))
  @finding
