; id: python/subprocess-shell-injection
; superseded-by: python/taint-command-injection
; name: Shell command built from non-constant data
; severity: error
; message: `{{func}}` runs a non-constant command through the shell (`shell=True`); input in it is command injection
; cwe: CWE-78
; tags: security, injection, command
; precision: high
; security-severity: 9.8
; help: Pass the command as a list of arguments and leave `shell` at its default `False`,
;   e.g. `subprocess.run(["convert", path, out])`. If a shell is unavoidable, quote every
;   piece of input with `shlex.quote`.
(call
  function: [
    (attribute
      object: (identifier) @mod (#eq? @mod "subprocess")
      attribute: (identifier) @func)
    (identifier) @func
  ] (#any-of? @func "run" "call" "Popen" "check_call" "check_output")
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
    ] @cmd (#not-match? @cmd "shlex\\.quote\\(|pipes\\.quote\\(")
    (keyword_argument
      name: (identifier) @kw (#eq? @kw "shell")
      value: (true))))
  @finding
