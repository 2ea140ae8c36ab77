//! Masks secrets found in code before they reach any output: a report that leaks the password it
//! warns about becomes the leak.

use std::borrow::BorrowMut;

use crate::model::Finding;

/// CWEs whose findings quote a secret: hard-coded credentials, passwords and keys.
const SECRET_CWES: &[&str] = &["CWE-798", "CWE-259", "CWE-321", "CWE-547"];
/// Characters of a secret left visible, so a reader can still tell which value it is.
const VISIBLE: usize = 2;

/// Whether findings of a rule with these CWEs quote a secret.
pub(crate) fn is_secret(cwe: &[String]) -> bool {
    cwe.iter().any(|c| SECRET_CWES.contains(&c.as_str()))
}

/// Masks the secrets found in one shard in all of its findings (another rule's finding on the
/// same line quotes the same value), and every quoted literal in the findings about secrets.
pub(crate) fn mask_findings<F: BorrowMut<Finding>>(findings: &mut [F]) {
    let mut secrets: Vec<String> = findings
        .iter_mut()
        .flat_map(|f| std::mem::take(&mut f.borrow_mut().secrets))
        .filter(|s| s.chars().count() > VISIBLE + 2)
        .collect();
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    secrets.dedup();
    for finding in findings {
        let finding = finding.borrow_mut();
        let secret_finding = is_secret(&finding.cwe);
        let quoted = std::iter::once(&mut finding.snippet)
            .chain(std::iter::once(&mut finding.message))
            .chain(finding.flow.iter_mut().map(|step| &mut step.text));
        for text in quoted {
            for secret in &secrets {
                let masked: String = secret.chars().take(VISIBLE).chain("****".chars()).collect();
                *text = text.replace(secret.as_str(), &masked);
            }
            if secret_finding {
                *text = mask_literals(text);
            }
        }
    }
}

/// The value inside a literal's source text: `"x"`, `'x'`, `` `x` ``, `r#"x"#`, `%q(x)` -> `x`.
pub(crate) fn literal_value(text: &str) -> &str {
    const OPENERS: &[&str] = &[
        "r#\"", "r\"", "b\"", "f\"", "u\"", "@\"", "$\"", "%q(", "%Q(", "%q{", "%Q{", "%q[", "%Q[",
        "%(", "\"", "'", "`",
    ];
    const CLOSERS: &[&str] = &["\"#", "\"", "'", "`", ")", "}", "]"];
    let mut value = text.trim();
    if let Some(rest) = OPENERS.iter().find_map(|o| value.strip_prefix(o)) {
        value = rest;
        if let Some(rest) = CLOSERS.iter().find_map(|c| value.strip_suffix(c)) {
            value = rest;
        }
    }
    value
}

/// Replaces the inside of every quoted literal longer than a few characters with `xx****`.
pub(crate) fn mask_literals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if !matches!(c, '"' | '\'' | '`') {
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
    fn masks_a_secret_in_every_finding_that_quotes_it() {
        let finding = |cwe: &str, snippet: &str| {
            let location = crate::model::Location::line("a", 1, 1, 2);
            let mut finding =
                Finding::new("r", "rules", crate::model::Severity::Error, "m", location);
            finding.cwe = vec![cwe.to_string()];
            finding.snippet = snippet.to_string();
            finding
        };
        let line =
            "const dbPassword = `Sup3rS3cretPassw0rd!`; connect(verify=False, password=dbPassword)";
        let mut secret = finding("CWE-798", line);
        secret.secrets = vec![literal_value("`Sup3rS3cretPassw0rd!`").to_string()];
        // Another finding of the shard quotes the line in a step of its flow.
        let mut flowing = finding("CWE-295", "verify(False)");
        flowing.flow = vec![crate::model::FlowStep {
            location: crate::model::Location::line("a", 1, 1, 2),
            message: String::from("reaches the sink"),
            text: line.to_string(),
        }];
        let mut findings = vec![secret, finding("CWE-295", line), flowing];
        mask_findings(&mut findings);
        for f in &findings[..2] {
            assert!(!f.snippet.contains("Sup3rS3cret"), "{}", f.snippet);
            assert!(f.snippet.contains("Su****"), "{}", f.snippet);
        }
        let step = &findings[2].flow[0].text;
        assert!(
            !step.contains("Sup3rS3cret") && step.contains("Su****"),
            "{step}"
        );
        assert_eq!(literal_value("%q(hunter22)"), "hunter22");
        assert_eq!(literal_value("r#\"k3y-value\"#"), "k3y-value");
    }

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
