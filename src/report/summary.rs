//! The closing summary on standard error: what was scanned, found, skipped and left unreviewed.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};

use super::{counted, printable, Report};
use crate::model::Severity;

const BOLD: Style = Style::new().bold();
const RED: Style = AnsiColor::Red.on_default().bold();
const YELLOW: Style = AnsiColor::Yellow.on_default().bold();
const GREEN: Style = AnsiColor::Green.on_default().bold();

/// Most unreviewed shards and problems listed by name; the JSON and SARIF reports list them all.
const LISTED: usize = 10;

/// `scan --verbose`: every skipped file (or vendored directory) by name, one a line, after the
/// summary's counts.
pub(crate) fn render_skipped(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    for skipped in &report.skipped_files {
        let detail = skipped
            .detail
            .as_deref()
            .map(|d| format!(" ({})", printable(d)))
            .unwrap_or_default();
        writeln!(
            out,
            "skipped `{}`: {}{detail}",
            printable(&skipped.path),
            skipped.reason.describe()
        )?;
    }
    Ok(())
}

pub(crate) fn render(report: &Report, out: &mut dyn Write, color: bool) -> io::Result<()> {
    let paint = |style: Style, text: String| {
        if color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text
        }
    };
    let s = &report.summary;
    let languages: Vec<String> = s
        .languages
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    writeln!(
        out,
        "{} {} ({}{}) as {} in {:.2}s",
        paint(BOLD, String::from("scanned")),
        counted(s.files, "file"),
        counted(s.lines, "line"),
        if languages.is_empty() {
            String::new()
        } else {
            format!(": {}", languages.join(", "))
        },
        counted(s.shards_total, "shard"),
        s.duration_seconds
    )?;
    for configuration in &report.configuration {
        let taken = if configuration.settings.is_empty() {
            String::from("nothing taken from it")
        } else {
            configuration.settings.join(", ")
        };
        writeln!(
            out,
            "configuration: `{}`, {} ({taken})",
            printable(&configuration.path),
            configuration.trust.describe()
        )?;
    }
    for line in &report.scope {
        writeln!(out, "{line}")?;
    }
    let count = |severity| s.by_severity.get(&severity).copied().unwrap_or(0);
    let total: usize = s.by_severity.values().sum();
    let mut findings = format!(
        "{total} finding{}: {} error, {} warning, {} note",
        if total == 1 { "" } else { "s" },
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note)
    );
    let known = report.baseline.as_ref().map_or(0, |b| b.known);
    if known > 0 {
        findings.push_str(&format!(" new ({known} more already in the baseline)"));
    }
    if s.suppressed > known {
        findings.push_str(&format!(" ({} suppressed inline)", s.suppressed - known));
    }
    let style = if count(Severity::Error) > 0 {
        RED
    } else if total > 0 {
        YELLOW
    } else {
        GREEN
    };
    writeln!(out, "{}", paint(style, findings))?;
    if !s.skipped.is_empty() {
        let parts: Vec<String> = s
            .skipped
            .iter()
            .map(|(reason, n)| format!("{n} {}", reason.describe()))
            .collect();
        writeln!(out, "skipped: {}", parts.join(", "))?;
    }
    if s.lossy_files > 0 {
        writeln!(
            out,
            "note: {} not valid UTF-8 and {} read with replacement characters",
            if s.lossy_files == 1 {
                String::from("1 file is")
            } else {
                format!("{} files are", s.lossy_files)
            },
            if s.lossy_files == 1 { "was" } else { "were" }
        )?;
    }
    let pool = &s.pool;
    if pool.agents_started > 0 {
        writeln!(
            out,
            "pool: {}, peak {} busy, utilization {:.0}%, first dispatch at {:.0}% of the run",
            counted(pool.workers, "worker"),
            pool.peak_concurrency,
            pool.utilization * 100.0,
            pool.first_dispatch_share * 100.0
        )?;
    }
    if let Some(a) = &pool.agents {
        writeln!(
            out,
            "agents: {} with {} {}: {} started, {} ({}, {} rate-limited), {}, {} from cache, {} \
             failed{}",
            a.agents.join(", "),
            if a.lenses.len() == 1 {
                "lens"
            } else {
                "lenses"
            },
            a.lenses.join(", "),
            a.agents_started,
            counted(a.requests as usize, "request"),
            counted(a.retries as usize, "retry"),
            a.rate_limited,
            counted(a.jobs_reviewed as usize, "review"),
            a.jobs_cached,
            a.jobs_failed,
            if a.jobs_fallback > 0 {
                format!(" ({} reviewed by the rules instead)", a.jobs_fallback)
            } else {
                String::new()
            }
        )?;
        writeln!(
            out,
            "agent pool: cap {}, peak {} at once, utilization {:.0}%, first dispatch at {:.1}% \
             of the run, >=2 busy {:.0}% of the run; {} tokens in, {} out, ${:.4}",
            a.cap,
            a.peak_concurrency,
            a.utilization * 100.0,
            a.first_dispatch_share * 100.0,
            a.overlap_share * 100.0,
            a.tokens_in,
            a.tokens_out,
            a.cost_usd
        )?;
        let dropped = a.findings_dropped_outside_shard + a.findings_dropped_quote_not_found;
        if dropped + a.findings_malformed > 0 {
            writeln!(
                out,
                "agent findings dropped: {} quoting code outside their shard, {} quoting code \
                 not in the file, {} malformed",
                a.findings_dropped_outside_shard,
                a.findings_dropped_quote_not_found,
                a.findings_malformed
            )?;
        }
        if a.findings_relocated > 0 {
            writeln!(
                out,
                "agent findings placed where their quote is, not at the lines they cited: {}",
                a.findings_relocated
            )?;
        }
        if a.verified_confirmed + a.verified_rejected > 0 {
            writeln!(
                out,
                "verification: {} confirmed, {} rejected",
                a.verified_confirmed, a.verified_rejected
            )?;
        }
        if let Some(stopped) = &a.stopped {
            writeln!(out, "{}", paint(RED, format!("stopped early: {stopped}")))?;
        }
    }
    if !report.unreviewed.is_empty() {
        writeln!(
            out,
            "{}",
            paint(
                RED,
                format!(
                    "incomplete: {} of {} not fully reviewed",
                    s.shards_total - s.shards_reviewed,
                    counted(s.shards_total, "shard")
                )
            )
        )?;
        for item in report.unreviewed.iter().take(LISTED) {
            writeln!(
                out,
                "  {}:{}-{} ({}): {}",
                printable(&item.path),
                item.start_line,
                item.end_line,
                item.reviewer,
                printable(&item.reason)
            )?;
        }
        if report.unreviewed.len() > LISTED {
            writeln!(
                out,
                "  ... and {} more (see the JSON or SARIF report)",
                report.unreviewed.len() - LISTED
            )?;
        }
    }
    if !report.problems.is_empty() {
        writeln!(
            out,
            "{}",
            paint(
                RED,
                format!(
                    "problems: {} not fully scanned",
                    counted(report.problems.len(), "file")
                )
            )
        )?;
        for problem in report.problems.iter().take(LISTED) {
            writeln!(
                out,
                "  {}: {}",
                printable(&problem.path),
                printable(&problem.message)
            )?;
        }
        if report.problems.len() > LISTED {
            writeln!(
                out,
                "  ... and {} more (see the JSON or SARIF report)",
                report.problems.len() - LISTED
            )?;
        }
    }
    Ok(())
}

/// One line saying a run is partial and by how much, for a run that prints no summary (`-q`).
pub(crate) fn incomplete_line(report: &Report) -> String {
    let s = &report.summary;
    let mut parts = Vec::new();
    if !report.unreviewed.is_empty() {
        parts.push(format!(
            "not fully reviewed: {} of {}",
            s.shards_total - s.shards_reviewed,
            counted(s.shards_total, "shard")
        ));
    }
    if !report.problems.is_empty() {
        parts.push(format!(
            "not fully scanned: {}",
            counted(report.problems.len(), "file")
        ));
    }
    format!(
        "shardscan: incomplete run; {} (the report lists them)",
        parts.join("; ")
    )
}
