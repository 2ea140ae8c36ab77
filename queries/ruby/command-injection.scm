; id: ruby/command-injection
; name: Shell command built from non-constant data
; severity: error
; message: `{{func}}` runs a command string built at run time through the shell; input in it is command injection
; cwe: CWE-78
; tags: security, injection, command
; precision: high
; security-severity: 9.8
; help: Pass the program and its arguments separately so no shell is involved, e.g.
;   `system("convert", path, out)` or `Open3.capture2("git", "log", ref)`; if a shell is
;   unavoidable, escape every piece of input with `Shellwords.escape`.

; In these patterns `arguments: (_ ...)` is the argument_list, the only node kind a call keeps in
; that field (node-types.json); the wildcard spares tree-sitter's compile-time analysis of it.

(call
  !receiver
  method: (identifier) @func (#any-of? @func "system" "exec" "spawn")
  arguments: [
    (argument_list
      .
      [
        (string (interpolation))
        ; a `binary` whose left side (its first child) is a string or a binary: only `binary` has
        ; a `left` field that can hold those (node-types.json). The wildcard skips tree-sitter's
        ; costly compile-time analysis; the anchor drops other nodes at once.
        (_ . left: [(string) (binary)])
      ] @cmd)
    ; A lone variable is run through the shell too (a single string argument means `sh -c`).
    (argument_list . [(identifier) (instance_variable) (element_reference)] .)
  ]
  ; @cmd is only bound in the first branch; an unbound capture passes this predicate
  (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape"))
  @finding

(call
  receiver: (constant) @mod (#any-of? @mod "Kernel" "Process" "IO" "Open3" "PTY")
  method: (identifier) @func (#any-of? @func "system" "exec" "spawn" "popen" "popen2" "popen2e" "popen3" "capture2" "capture2e" "capture3" "pipeline" "pipeline_r" "pipeline_w" "pipeline_rw")
  arguments: (_
    .
    [
      (string (interpolation))
      (_ . left: [(string) (binary)]) ; a `binary` (see above)
    ] @cmd (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape")))
  @finding

; `#{` gives the prefilter a literal to look for (an interpolation always starts with it).
(subshell (interpolation) @cmd (#match? @cmd "^#\\{") (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape")) @finding @func
