; id: php/taint-ssrf
; kind: taint
; include: request-sources, sanitizers
; name: Request data chooses the URL the server fetches
; severity: error
; message: Request data chooses the URL fetched by `{{sink}}`
; cwe: CWE-918
; tags: security, ssrf, taint
; precision: high
; security-severity: 8.6
; help: Fetch only URLs whose host is on an allow-list (compare `parse_url($url, PHP_URL_HOST)`
;   with fixed names), or map a key from the request to a fixed URL; a scheme check alone still
;   lets internal and cloud metadata addresses through.

; Sinks are the URLs of cURL (curl_init, CURLOPT_URL), unless the text starts with a fixed
; scheme and host, which only a path follows,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#eq? @function "curl_init")
  (#not-match? @sink "^['\"]https?://[^'\"/$@{]+/"))

(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument) . (argument (name) @option) . (argument (_) @sink))
  (#eq? @function "curl_setopt")
  (#eq? @option "CURLOPT_URL")
  (#not-match? @sink "^['\"]https?://[^'\"/$@{]+/"))

(array_element_initializer
  (name) @option
  .
  (_) @sink
  (#eq? @option "CURLOPT_URL")
  (#not-match? @sink "^['\"]https?://[^'\"/$@{]+/"))

; of the stream functions, which fetch URLs too (not a literal path, nor a variable named for
; one, which the path traversal rule covers),
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "file_get_contents" "fopen" "get_headers" "getimagesize"
    "simplexml_load_file")
  (#not-match? @sink "^(__DIR__|__FILE__|dirname\\s*\\(|DIRECTORY_SEPARATOR|[A-Z][A-Z0-9_]*\\s*\\.|['\"]([./~\\\\]|[A-Za-z]:)|\\$\\w*(?i:path|file|filename|dir|directory)\\w*$)")
  (#not-match? @sink "^['\"]https?://[^'\"/$@{]+/"))

; of sockets,
(function_call_expression
  function: [(name) @function (qualified_name (name) @function)]
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @function "fsockopen" "pfsockopen" "stream_socket_client"))

; and of HTTP clients (Guzzle's request() takes the method first).
(member_call_expression
  object: (_) @client
  name: (name) @method
  arguments: (arguments . (argument) . (argument (_) @sink))
  (#eq? @method "request")
  (#match? @client "(?i)(client|http|guzzle)$"))

(member_call_expression
  object: (_) @client
  name: (name) @method
  arguments: (arguments . (argument (_) @sink))
  (#any-of? @method "get" "post" "put" "patch" "delete" "head" "getAsync" "postAsync")
  (#match? @client "(?i)(client|http|guzzle)$"))

(object_creation_expression
  [(name) @class (qualified_name (name) @class)]
  (arguments . (argument (_) @sink))
  (#eq? @class "SoapClient"))
