; id: php/file-inclusion
; superseded-by: php/taint-path-traversal
; name: include/require of a path built from variables
; severity: error
; message: `{{path}}` is included as PHP code; a path that comes from input lets an attacker run or read other files (local/remote file inclusion)
; cwe: CWE-98, CWE-22
; tags: security, injection, path-traversal
; precision: high
; security-severity: 8.6
; help: Map the requested name to a file through an allow-list (`$pages = ['home' => 'home.php']`) and
;   include only fixed paths; never pass request data into `include`/`require`.

; include "pages/" . $_GET['p'] . ".php"; require_once "$dir/$module.php";
; (`(_ operator: ".")` is a concatenation: binary_expression is the only php node whose
; `operator` field can hold "." (node-types.json); a wildcard parent is exempt from tree-sitter's
; costly compile-time analysis of binary_expression.)
(include_expression [(_ operator: ".") (encapsed_string)] @path
  (#match? @path "\\$"))
  @finding
(include_once_expression [(_ operator: ".") (encapsed_string)] @path
  (#match? @path "\\$"))
  @finding
(require_expression [(_ operator: ".") (encapsed_string)] @path
  (#match? @path "\\$"))
  @finding
(require_once_expression [(_ operator: ".") (encapsed_string)] @path
  (#match? @path "\\$"))
  @finding

; include $_GET['page'];
(include_expression (subscript_expression) @path
  (#match? @path "^\\$_(GET|POST|REQUEST|COOKIE|SERVER|FILES)\\b"))
  @finding
(include_once_expression (subscript_expression) @path
  (#match? @path "^\\$_(GET|POST|REQUEST|COOKIE|SERVER|FILES)\\b"))
  @finding
(require_expression (subscript_expression) @path
  (#match? @path "^\\$_(GET|POST|REQUEST|COOKIE|SERVER|FILES)\\b"))
  @finding
(require_once_expression (subscript_expression) @path
  (#match? @path "^\\$_(GET|POST|REQUEST|COOKIE|SERVER|FILES)\\b"))
  @finding
