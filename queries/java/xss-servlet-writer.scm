; id: java/xss-servlet-writer
; name: Request data written unescaped to the HTTP response
; severity: error
; message: `{{src}}` is written straight into the response body; HTML or script in it runs in the victim's browser (reflected XSS)
; cwe: CWE-79
; output: html
; tags: security, xss
; precision: high
; security-severity: 6.1
; help: HTML-encode request data for the context it lands in (OWASP Java Encoder
;   `Encode.forHtml(...)`, Spring `HtmlUtils.htmlEscape`), or render it through a template
;   engine with auto-escaping (Thymeleaf `th:text`, JSP `<c:out>`).
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.
; response.getWriter().print/println/write/append/printf/format(...)
(method_invocation
  object: (method_invocation
    name: (identifier) @gw (#any-of? @gw "getWriter" "getOutputStream"))
  name: (identifier) @m (#any-of? @m "print" "println" "write" "append" "printf" "format")
  arguments: (argument_list [
      (method_invocation) @src
      (binary_expression [
        (method_invocation) @src
        left: (binary_expression [
          right: (method_invocation) @src
          left: (binary_expression right: (method_invocation) @src)])])
      (method_invocation object: (identifier) @fmtc (#eq? @fmtc "String") name: (identifier) @fmtm (#eq? @fmtm "format") arguments: (argument_list (method_invocation) @src))
    ]
    (#match? @src "^(req|request|httpRequest|servletRequest|httpServletRequest|hsr)\\.(getParameter|getHeader|getQueryString|getPathInfo|getRequestURI|getRequestURL|getRemoteUser)\\(")))
  @finding
; PrintWriter out = response.getWriter(); out.println(...)
(method_invocation
  object: (identifier) @w (#any-of? @w "out" "writer" "pw" "printWriter" "respWriter" "responseWriter" "html")
  name: (identifier) @m (#any-of? @m "print" "println" "write" "append" "printf" "format")
  arguments: (argument_list [
      (method_invocation) @src
      (binary_expression [
        (method_invocation) @src
        left: (binary_expression [
          right: (method_invocation) @src
          left: (binary_expression right: (method_invocation) @src)])])
      (method_invocation object: (identifier) @fmtc (#eq? @fmtc "String") name: (identifier) @fmtm (#eq? @fmtm "format") arguments: (argument_list (method_invocation) @src))
    ]
    (#match? @src "^(req|request|httpRequest|servletRequest|httpServletRequest|hsr)\\.(getParameter|getHeader|getQueryString|getPathInfo|getRequestURI|getRequestURL|getRemoteUser)\\(")))
  @finding
