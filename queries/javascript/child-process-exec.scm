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

; exec(cmd) / execSync(`git log ${ref}`) under any binding of child_process: `const { exec } =
; require('child_process')`, `{ exec: run }`, `import { exec as run } from 'child_process'`,
; `const cp = require('node:child_process')`, `import * as cp`, `util.promisify(require(...).exec)`,
; `require('child_process').exec(cmd)`; and a bare `exec` that no import binds to something else
((call_expression
  function: [(identifier) (member_expression)] @func
  arguments: (arguments .
    [(identifier) (member_expression) (subscript_expression) (call_expression)
     (binary_expression) (template_string (template_substitution))]))
  @finding
  (#resolves-to? @func "child_process.exec" "child_process.execSync" "exec" "execSync"))

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
