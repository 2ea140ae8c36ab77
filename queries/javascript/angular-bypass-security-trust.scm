; id: javascript/angular-bypass-security-trust
; name: Angular's sanitizer bypassed for a run-time value
; severity: error
; message: `{{method}}` marks a run-time value as trusted, so Angular puts it in the page without sanitizing it (cross-site scripting)
; cwe: CWE-79
; tags: security, xss, angular
; precision: high
; security-severity: 6.1
; help: Bind the value as text (`{{ value }}`) or through `[innerHTML]`, which Angular sanitizes;
;   keep `bypassSecurityTrust*` for constant markup or URLs the application wrote itself.
;   A value sanitized first (`sanitizer.sanitize(SecurityContext.HTML, x)`, DOMPurify) is not
;   reported.
(call_expression
  function: (member_expression
    property: (property_identifier) @method)
  arguments: (arguments . (_) @value)
  (#match? @method "^bypassSecurityTrust(Html|Script|Style|Url|ResourceUrl)$")
  (#not-match? @value "^('[^']*'|\"[^\"]*\"|`[^`$]*`)$")
  (#not-match? @value "(?i)(sanitize|purify)\\w*\\("))
  @finding
