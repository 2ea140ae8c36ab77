; id: python/os-system-injection
; superseded-by: python/taint-command-injection
; name: Shell command run with os.system/os.popen built from non-constant data
; severity: error
; message: `{{mod}}.{{func}}` hands a non-constant string to the shell; input in it is command injection
; cwe: CWE-78
; tags: security, injection, command
; precision: high
; security-severity: 9.8
; help: These functions always go through `/bin/sh`. Use `subprocess.run([...])` with an
;   argument list instead, or quote every piece of input with `shlex.quote`.
(call
  function: (attribute
    object: (identifier) @mod
    attribute: (identifier) @func)
  arguments: (argument_list
    .
    [
      (identifier)
      (attribute)
      (subscript)
      (call)
      (binary_operator)
      (conditional_expression)
      (string (interpolation))
    ] @cmd (#not-match? @cmd "shlex\\.quote\\(|pipes\\.quote\\("))
  (#any-of? @mod "os" "subprocess" "commands")
  (#any-of? @func "system" "popen" "popen2" "popen3" "getoutput" "getstatusoutput"))
  @finding
