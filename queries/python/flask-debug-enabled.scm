; id: python/flask-debug-enabled
; name: Flask app run with the debugger on
; severity: warning
; message: `{{obj}}.run(debug=True)` starts the Werkzeug debugger, which lets anyone who reaches it run Python code
; cwe: CWE-489, CWE-94
; tags: security, configuration, flask
; precision: high
; security-severity: 7.5
; help: Never ship `debug=True`. Read it from configuration that defaults to off, e.g.
;   `app.run(debug=os.environ.get("FLASK_DEBUG") == "1")`, and serve production through a WSGI server.
(call
  function: (attribute
    object: (identifier) @obj (#not-any-of? @obj "asyncio" "subprocess" "uvloop" "trio" "anyio")
    attribute: (identifier) @run (#eq? @run "run"))
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @kw (#eq? @kw "debug")
      value: (true))))
  @finding
