; id: php/xss-echo-request
; superseded-by: php/taint-xss
; name: Request data echoed into the page without escaping
; severity: error
; message: `{{src}}` is written into the HTML response without escaping (reflected cross-site scripting)
; cwe: CWE-79
; output: html
; tags: security, xss
; precision: high
; security-severity: 6.1
; help: Escape on output with `htmlspecialchars($value, ENT_QUOTES, 'UTF-8')` (or your template
;   engine's auto-escaping); cast numbers with `(int)`.
;   A write after the response is said not to be HTML (a `text/plain` or JSON content type set
;   above it in the function) is not reported.

; echo $_GET['q']; echo "Hello " . $_POST['name']; echo "<b>{$_GET['x']}</b>";
(echo_statement
  [(subscript_expression) @src
   (encapsed_string (subscript_expression) @src)
   (conditional_expression (subscript_expression) @src)
   (parenthesized_expression (subscript_expression) @src)
   (binary_expression
     [(subscript_expression) @src
      (encapsed_string (subscript_expression) @src)
      (binary_expression
        [(subscript_expression) @src
         (binary_expression (subscript_expression) @src)])])]
  (#match? @src "^\\$_(GET|POST|REQUEST|COOKIE)\\b|^\\$_SERVER\\s*\\[\\s*['\"](PHP_SELF|REQUEST_URI|QUERY_STRING|HTTP_REFERER|HTTP_USER_AGENT|PATH_INFO)"))
  @finding

; print $_GET['q'];
(print_intrinsic
  [(subscript_expression) @src
   (encapsed_string (subscript_expression) @src)
   (conditional_expression (subscript_expression) @src)
   (parenthesized_expression (subscript_expression) @src)
   (binary_expression
     [(subscript_expression) @src
      (encapsed_string (subscript_expression) @src)
      (binary_expression
        [(subscript_expression) @src
         (binary_expression (subscript_expression) @src)])])]
  (#match? @src "^\\$_(GET|POST|REQUEST|COOKIE)\\b|^\\$_SERVER\\s*\\[\\s*['\"](PHP_SELF|REQUEST_URI|QUERY_STRING|HTTP_REFERER|HTTP_USER_AGENT|PATH_INFO)"))
  @finding

; <?= $_GET['q'] ?>
(expression_statement
  [(subscript_expression) @src
   (encapsed_string (subscript_expression) @src)
   (conditional_expression (subscript_expression) @src)
   (parenthesized_expression (subscript_expression) @src)
   (binary_expression
     [(subscript_expression) @src
      (encapsed_string (subscript_expression) @src)
      (binary_expression
        [(subscript_expression) @src
         (binary_expression (subscript_expression) @src)])])]
  (#match? @src "^\\$_(GET|POST|REQUEST|COOKIE)\\b|^\\$_SERVER\\s*\\[\\s*['\"](PHP_SELF|REQUEST_URI|QUERY_STRING|HTTP_REFERER|HTTP_USER_AGENT|PATH_INFO)"))
  @finding
