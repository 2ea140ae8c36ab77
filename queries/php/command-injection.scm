; id: php/command-injection
; superseded-by: php/taint-command-injection
; name: Shell command built from variables
; severity: error
; message: `{{func}}` runs a shell command built from variables; shell metacharacters in any of them lead to command injection
; cwe: CWE-78
; tags: security, injection
; precision: high
; security-severity: 9.8
; help: Avoid the shell: use a library call, or `proc_open` with an array command (PHP 7.4+) so no shell
;   parses it. If a shell is unavoidable wrap every value in `escapeshellarg()`.

; system("ping -c 1 " . $host), exec("convert $in $out"), shell_exec($cmd)
(function_call_expression
  function: [(name) @func (qualified_name (name) @func)]
  arguments: (arguments . (argument (_) @cmd))
  (#any-of? @func "system" "exec" "shell_exec" "passthru" "popen" "proc_open" "pcntl_exec")
  (#match? @cmd "\\$")
  (#not-match? @cmd "^'[^']*'$")
  (#not-match? @cmd "escapeshell(arg|cmd)\\s*\\("))
  @finding

; `ls {$dir}` - backtick operator with interpolation
; The backtick gives the prefilter a literal to look for.
(shell_command_expression
  [(variable_name) (subscript_expression) (member_access_expression)]
  (#match? @func "^`"))
  @func @finding
