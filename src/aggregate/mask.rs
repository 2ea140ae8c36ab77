//! Masks secrets found in code before they reach any output: a report that leaks the password it
//! warns about becomes the leak.

use crate::finding::Finding;

/// CWEs whose findings quote a secret: hard-coded credentials, passwords and keys.
const SECRET_CWES: &[&str] = &["CWE-798", "CWE-259", "CWE-321", "CWE-547"];
/// Characters of a secret left visible, so a reader can still tell which value it is.
const VISIBLE: usize = 2;

/// Masks string literals in the snippet and message of findings about secrets.
pub fn mask_finding(finding: &mut Finding) {
    if finding
        .cwe
        .iter()
        .any(|c| SECRET_CWES.contains(&c.as_str()))
    {
        finding.snippet = mask_literals(&finding.snippet);
        finding.message = mask_literals(&finding.message);
    }
}

/// Replaces the inside of every quoted literal longer than a few characters with `xx****`.
pub fn mask_literals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if !matches!(c, '"' | '\'') {
            continue;
        }
        let mut literal = String::new();
        let mut closed = false;
        while let Some(&next) = chars.peek() {
            chars.next();
            if next == '\\' {
                literal.push(next);
                if let Some(escaped) = chars.next() {
                    literal.push(escaped);
                }
                continue;
            }
            if next == c {
                closed = true;
                break;
            }
            literal.push(next);
        }
        if literal.chars().count() > VISIBLE + 2 {
            out.extend(literal.chars().take(VISIBLE));
            out.push_str("****");
        } else {
            out.push_str(&literal);
        }
        if closed {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_quoted_secrets_only() {
        assert_eq!(
            mask_literals(r#"password = "hunter2-very-secret""#),
            r#"password = "hu****""#
        );
        assert_eq!(mask_literals("key = 'ab'"), "key = 'ab'");
        assert_eq!(
            mask_literals(r#"token = "a\"bcdef" + x"#),
            r#"token = "a\****" + x"#
        );
        assert_eq!(mask_literals("no literals here"), "no literals here");
    }
}
