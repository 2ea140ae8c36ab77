; id: c/taint-divide-by-zero
; kind: taint
; flow: number
; include: request-sources, divisor-guards
; name: A number from input divides without a check for zero
; severity: warning
; message: `{{sink}}` comes from input or `rand()` and may be zero when it divides
; cwe: CWE-369
; tags: security, taint
; precision: high
; security-severity: 5.3
; help: Check the divisor before dividing (`if (d == 0) return -1;`, or `fabs(d) > 1e-6` for a
;   floating-point one). An integer division or remainder by zero stops the program (SIGFPE), so
;   input that chooses the divisor is a denial of service. Sources: the program's input (network,
;   files, the terminal, the environment, `scanf`ed numbers) and `rand()`; the number keeps its
;   source through `atoi`, `strtol` and casts.

; Numbers read by scanf and fscanf (`&n`), and random numbers.
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) (pointer_expression operator: "&" argument: (identifier) @filled))
  (#any-of? @function "scanf" "sscanf"))
(call_expression
  function: (identifier) @function
  arguments: (argument_list . (_) . (_) (pointer_expression operator: "&" argument: (identifier) @filled))
  (#any-of? @function "fscanf" "sscanf"))
((call_expression function: (identifier) @function) @source
  (#any-of? @function "rand" "random" "lrand48" "mrand48"))

; Text becomes a number.
((call_expression function: (identifier) @function) @propagator
  (#any-of? @function "atoi" "atol" "atoll" "atof" "strtol" "strtoul" "strtoll" "strtoull"
    "strtod" "strtof" "wcstol" "wcstoul" "wcstod" "_wtoi" "_wtol"))

; The divisor of `/` and `%`, and of `/=` and `%=`.
(binary_expression operator: ["/" "%"] right: (_) @sink)
(assignment_expression operator: ["/=" "%="] right: (_) @sink)
