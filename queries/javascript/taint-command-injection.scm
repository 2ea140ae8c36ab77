; id: javascript/taint-command-injection
; kind: taint
; include: request-sources
; name: Request data reaches a shell command
; severity: error
; message: Request data reaches the shell command of `{{sink}}`
; cwe: CWE-78
; tags: security, injection, command, taint
; precision: high
; security-severity: 9.8
; help: Run the program with `execFile`/`spawn` and an array of arguments, without `shell: true`,
;   so that no shell parses the values; or quote each value with `shell-quote`'s `quote([value])`.

; Sinks are the commands that child_process runs through a shell: the command of `exec` and
; `execSync` (imported by name, or on the module),
(call_expression
  function: [
    (identifier) @function
    (member_expression
      object: [
        (identifier) @module
        (call_expression
          function: (identifier) @require
          arguments: (arguments . (string) @name))
      ]
      property: (property_identifier) @function)
  ]
  arguments: (arguments . (_) @sink)
  (#any-of? @function "exec" "execSync")
  (#any-of? @module "child_process" "childProcess" "child_proc" "cp" "proc")
  (#eq? @require "require")
  (#match? @name "^[\"']child_process[\"']$"))

; the command of `spawn` and `execFile` with `shell: true`,
(call_expression
  function: [
    (identifier) @function
    (member_expression property: (property_identifier) @function)
  ]
  arguments: (arguments
    . (_) @sink
    (object
      (pair
        key: (property_identifier) @option
        value: (true)))
    .)
  (#any-of? @function "spawn" "spawnSync" "execFile" "execFileSync")
  (#eq? @option "shell"))

; and the script of `spawn('sh', ['-c', script])`.
(call_expression
  function: [
    (identifier) @function
    (member_expression property: (property_identifier) @function)
  ]
  arguments: (arguments
    . (string (string_fragment) @shell)
    . (array . (string (string_fragment) @flag) . (_) @sink))
  (#any-of? @function "spawn" "spawnSync" "execFile" "execFileSync")
  (#match? @shell "^(/usr)?(/bin/)?(ba|da|z)?sh$")
  (#eq? @flag "-c"))

; Sanitizers are shell quoting (`quote([value])` of shell-quote, `shellEscape([value])`).
(call_expression
  function: [
    (identifier) @quote
    (member_expression property: (property_identifier) @quote)
  ]
  (#any-of? @quote "quote" "shellQuote" "shellEscape" "escapeShellArg" "shescape"))
  @sanitizer
