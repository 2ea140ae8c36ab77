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
(call
  !receiver
  method: (identifier) @func (#any-of? @func "system" "exec" "spawn")
  arguments: (argument_list
    .
    [
      (string (interpolation))
      (binary left: (string))
      (binary left: (binary))
    ] @cmd (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape")))
  @finding

(call
  receiver: (constant) @mod (#any-of? @mod "Kernel" "Process" "IO" "Open3" "PTY")
  method: (identifier) @func (#any-of? @func "system" "exec" "spawn" "popen" "popen2" "popen2e" "popen3" "capture2" "capture2e" "capture3" "pipeline" "pipeline_r" "pipeline_w" "pipeline_rw")
  arguments: (argument_list
    .
    [
      (string (interpolation))
      (binary left: (string))
      (binary left: (binary))
    ] @cmd (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape")))
  @finding

; A lone variable is run through the shell too (a single string argument means `sh -c`).
(call
  !receiver
  method: (identifier) @func (#any-of? @func "system" "exec" "spawn")
  arguments: (argument_list . [(identifier) (instance_variable) (element_reference)] .))
  @finding

(subshell (interpolation) @cmd (#not-match? @cmd "Shellwords\\.(escape|join)|\\.shellescape")) @finding @func
