; id: python/taint-sql-injection
; kind: taint
; include: request-sources
; name: Request data reaches a SQL query
; severity: error
; message: Request data reaches the SQL query `{{sink}}`
; cwe: CWE-89
; tags: security, injection, sql, taint
; precision: high
; security-severity: 9.8
; help: Pass the values as query parameters (`cur.execute("... WHERE id = ?", (value,))`) instead
;   of building the SQL text from them; cast to a number first where a number is meant.

; Sinks are the SQL text of DB-API cursors, Django's raw SQL, SQLAlchemy's text().
(call
  function: (attribute attribute: (identifier) @method)
  arguments: (argument_list . (_) @sink)
  (#any-of? @method "execute" "executemany" "executescript" "raw" "extra" "mogrify"))

(call
  function: [
    (identifier) @text
    (attribute attribute: (identifier) @text)
  ]
  arguments: (argument_list . (_) @sink)
  (#eq? @text "text"))

; Sanitizers are casts to numbers, which cannot carry SQL.
((call function: (identifier) @cast) @sanitizer
  (#any-of? @cast "int" "float" "bool" "len" "abs" "round"))
