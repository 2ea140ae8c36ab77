; id: c/taint-divide-by-zero
; kind: taint
; flow: number
; include: request-sources, number-sources, divisor-guards
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

; The divisor of `/` and `%`, and of `/=` and `%=`.
(binary_expression operator: ["/" "%"] right: (_) @sink)
(assignment_expression operator: ["/=" "%="] right: (_) @sink)
