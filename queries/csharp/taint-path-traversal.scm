; id: csharp/taint-path-traversal
; kind: taint
; include: request-sources, clean-values
; name: Request data chooses a file path
; severity: error
; message: Request data reaches the file path of `{{sink}}`
; cwe: CWE-22, CWE-73
; tags: security, path, taint
; precision: high
; security-severity: 7.5
; help: Keep the name a client sends to one path segment (`Path.GetFileName(name)`), join it to a
;   fixed directory and check that `Path.GetFullPath` of the result still starts with that
;   directory before opening it. `Path.Combine` does not help: an absolute second argument
;   replaces the first, and `..` walks out.

; Sinks are the paths of `System.IO` (`File`, `Directory`, `FileInfo`, streams, readers and
; writers; a reader given a stream, `Request.Body`, opens no file),
((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @class "(^|\\.)(File|Directory)$")
  (#match? @method "^(Read|Write|Append|Open|Create|Delete|Copy|Move|Replace|Encrypt|Decrypt|SetAttributes|GetFiles|GetDirectories|EnumerateFiles|EnumerateDirectories)"))

((invocation_expression
  function: (member_access_expression
    expression: (_) @class
    name: (identifier) @method)
  arguments: (argument_list (argument (_)) . (argument (_) @sink)))
  (#match? @class "(^|\\.)File$")
  (#match? @method "^(Copy|Move|Replace)"))

((object_creation_expression
  type: (_) @type
  arguments: (argument_list . (argument (_) @sink)))
  (#match? @type "(^|\\.)(FileStream|StreamReader|StreamWriter|FileInfo|DirectoryInfo|BinaryReader|XmlTextReader)$")
  (#not-match? @sink "(?i)(stream|stream\\(\\)|\\.body|\\.inputstream)$"))

; and the files MVC sends (`PhysicalFile(path, type)`, `File(path, type)` given a path).
((invocation_expression
  function: (identifier) @method
  arguments: (argument_list . (argument (_) @sink)))
  (#any-of? @method "PhysicalFile"))

; The last segment of a path names no directory.
((invocation_expression
  function: (member_access_expression
    expression: (identifier) @class
    name: (identifier) @method)) @sanitizer
  (#eq? @class "Path")
  (#any-of? @method "GetFileName" "GetFileNameWithoutExtension" "GetExtension" "GetRandomFileName" "GetTempFileName"))
