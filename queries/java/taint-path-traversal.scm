; id: java/taint-path-traversal
; kind: taint
; include: request-sources, remote-sources, clean-values
; name: Untrusted input reaches a file path
; severity: error
; message: Untrusted input chooses the file of `{{sink}}`
; cwe: CWE-22
; tags: security, path-traversal, taint
; precision: high
; security-severity: 7.5
; help: Keep only the base name (`FilenameUtils.getName`, `Paths.get(name).getFileName()`), or
;   resolve against the base directory, `normalize()` and check `startsWith(base)` before use;
;   prefer names the server generates.
;   Sources: web requests, sockets and URL connections. Local input (the environment, system
;   properties, arguments) is not a source here: on real code it is the program's own
;   configuration (`user.home`, `java.io.tmpdir`) far more often than an attack.

; Sinks are the paths of files opened, written or created,
(object_creation_expression
  type: [(type_identifier) (scoped_type_identifier)] @type
  arguments: (argument_list (_) @sink)
  (#resolves-to? @type "java.io.FileInputStream" "java.io.FileOutputStream" "java.io.FileReader"
    "java.io.FileWriter" "java.io.RandomAccessFile"
    "org.springframework.core.io.FileSystemResource" "org.springframework.core.io.PathResource"))

; the parts of a File or Path (`new File(dir, name)`, `Paths.get`, `Path.of`), unless only its
; file name is kept (`new File(name).getName()`, `Paths.get(name).getFileName()`),
(variable_declarator
  value: (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier)] @file
    arguments: (argument_list (_) @sink))
  (#resolves-to? @file "java.io.File"))

(assignment_expression
  right: (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier)] @file
    arguments: (argument_list (_) @sink))
  (#resolves-to? @file "java.io.File"))

(argument_list
  (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier)] @file
    arguments: (argument_list (_) @sink))
  (#resolves-to? @file "java.io.File"))

(return_statement
  (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier)] @file
    arguments: (argument_list (_) @sink))
  (#resolves-to? @file "java.io.File"))

(method_invocation
  object: (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier)] @file
    arguments: (argument_list (_) @sink))
  name: (identifier) @use
  (#resolves-to? @file "java.io.File")
  (#not-any-of? @use "getFileName" "getName"))

(variable_declarator
  value: (method_invocation
    object: (identifier) @paths
    name: (identifier) @get
    arguments: (argument_list (_) @sink))
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of"))

(assignment_expression
  right: (method_invocation
    object: (identifier) @paths
    name: (identifier) @get
    arguments: (argument_list (_) @sink))
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of"))

(argument_list
  (method_invocation
    object: (identifier) @paths
    name: (identifier) @get
    arguments: (argument_list (_) @sink))
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of"))

(return_statement
  (method_invocation
    object: (identifier) @paths
    name: (identifier) @get
    arguments: (argument_list (_) @sink))
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of"))

(method_invocation
  object: (method_invocation
    object: (identifier) @paths
    name: (identifier) @get
    arguments: (argument_list (_) @sink))
  name: (identifier) @use
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of")
  (#not-any-of? @use "getFileName" "getName"))

; the part `resolve` adds to a Path,
(method_invocation
  name: (identifier) @resolve
  arguments: (argument_list . (_) @sink)
  (#any-of? @resolve "resolve" "resolveSibling"))

; and the files that `Files` reads, writes or deletes given as text or Path.
(method_invocation
  object: (identifier) @files
  name: (identifier) @method
  arguments: (argument_list . (_) @sink)
  (#eq? @files "Files")
  (#any-of? @method "readAllBytes" "readAllLines" "readString" "lines" "newInputStream"
    "newBufferedReader" "newOutputStream" "newBufferedWriter" "write" "writeString" "delete"
    "deleteIfExists" "copy" "move" "createFile" "createDirectories" "newByteChannel"))

; A File or Path built from request data is reported where it is built, so what is built is not
; reported again where it is opened (`new FileInputStream(file)`, `Files.readString(path)`).
((object_creation_expression
  type: (type_identifier) @type) @sanitizer
  (#any-of? @type "File" "FileInputStream" "FileOutputStream" "FileReader" "FileWriter"
    "RandomAccessFile" "FileSystemResource" "PathResource"))

((method_invocation
  object: (identifier) @paths
  name: (identifier) @get) @sanitizer
  (#any-of? @paths "Paths" "Path")
  (#any-of? @get "get" "of"))

((method_invocation
  name: (identifier) @resolve) @sanitizer
  (#any-of? @resolve "resolve" "resolveSibling"))

; Sanitizers keep only the file name.
((method_invocation
  object: (identifier) @utils
  name: (identifier) @name) @sanitizer
  (#eq? @utils "FilenameUtils")
  (#any-of? @name "getName" "getBaseName"))

((method_invocation
  name: (identifier) @name) @sanitizer
  (#eq? @name "getFileName"))

((method_invocation
  object: (object_creation_expression type: [(type_identifier) (scoped_type_identifier)] @file)
  name: (identifier) @name) @sanitizer
  (#resolves-to? @file "java.io.File")
  (#eq? @name "getName"))
