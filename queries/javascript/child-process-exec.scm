; id: javascript/child-process-exec
; name: Shell command built from a non-constant string
; severity: error
; message: `{{func}}` runs its command through a shell and the command is built at run time; shell metacharacters in any interpolated value lead to command injection
; cwe: CWE-78
; tags: security, injection
; precision: high
; security-severity: 9.8
; help: Use `execFile`/`spawn` with a fixed program and an array of arguments (and no `shell: true`)
;   so that values are never parsed by a shell; validate them against an allow-list.

; exec(cmd) / execSync(`git log ${ref}`) after `const { exec } = require('child_process')`
(call_expression
  function: (identifier) @func (#any-of? @func "exec" "execSync")
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]))
  @finding

; child_process.exec(cmd), cp.execSync(...)
(call_expression
  function: (member_expression
    object: (identifier) @obj
      (#any-of? @obj "child_process" "childProcess" "child_proc" "childproc" "cp" "proc" "shell")
    property: (property_identifier) @func (#any-of? @func "exec" "execSync"))
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]))
  @finding

; require('child_process').exec(cmd)
(call_expression
  function: (member_expression
    object: (call_expression
      function: (identifier) @req (#eq? @req "require")
      arguments: (arguments . (string) @mod (#match? @mod "^[\"']child_process[\"']$")))
    property: (property_identifier) @func (#any-of? @func "exec" "execSync"))
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]))
  @finding

; spawn(cmd, args, { shell: true }) with a non-constant command
(call_expression
  function: [
    (identifier) @func
    (member_expression property: (property_identifier) @func)]
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]
    (object (pair
      key: (property_identifier) @opt (#eq? @opt "shell")
      value: (true))))
  (#any-of? @func "spawn" "spawnSync" "execFile" "execFileSync"))
  @finding
