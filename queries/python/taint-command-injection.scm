; id: python/taint-command-injection
; kind: taint
; include: request-sources
; name: Request data reaches a shell command
; severity: error
; message: Request data reaches the shell command `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run the program with an argument list and no shell (`subprocess.run(["convert", path])`),
;   or quote each piece with `shlex.quote`.

; Sinks are what a shell runs.
(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list . (_) @sink)
  (#eq? @module "os")
  (#any-of? @function "system" "popen"))

(call
  function: (attribute object: (identifier) @module attribute: (identifier) @function)
  arguments: (argument_list
    . (_) @sink
    (keyword_argument name: (identifier) @shell value: (true)))
  (#eq? @module "subprocess")
  (#any-of? @function "run" "call" "check_call" "check_output" "Popen" "getoutput")
  (#eq? @shell "shell"))

; Sanitizers are shell quoting and casts to numbers.
((call
  function: (attribute object: (identifier) @module attribute: (identifier) @quote)) @sanitizer
  (#any-of? @module "shlex" "pipes")
  (#eq? @quote "quote"))

((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float"))
