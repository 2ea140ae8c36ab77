//! `--timeline FILE.svg`: every agent slot's activity over the run, one row per slot, so a user
//! sees at a glance whether the run was really parallel (full rows) or pseudo-parallel (a
//! staircase), and where rate limits or failures hit.

use std::fmt::Write;

use crate::model::{AgentMetrics, Span};

const WIDTH: f64 = 1000.0;
const LEFT: f64 = 60.0;
const TOP: f64 = 46.0;

/// The SVG document for `spans` over `slots` rows.
pub(crate) fn render(spans: &[Span], slots: usize, metrics: Option<&AgentMetrics>) -> String {
    let slots = slots.max(1);
    let row = if slots <= 32 {
        14.0
    } else {
        (448.0 / slots as f64).max(3.0)
    };
    let height = TOP + row * slots as f64 + 40.0;
    let end = spans
        .iter()
        .map(|s| s.end)
        .fold(metrics.map_or(0.0, |m| m.wall_seconds), f64::max)
        .max(1e-3);
    let plot = WIDTH - LEFT - 20.0;
    let x = |t: f64| LEFT + t / end * plot;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title = match metrics {
        Some(m) => format!(
            "shardscan agents: {}, {}, peak {} at once, utilization {:.0}%, first dispatch at {:.1}% of the run, {:.1} s",
            crate::report::counted(m.cap, "slot"),
            crate::report::counted(m.requests as usize, "request"),
            m.peak_concurrency,
            m.utilization * 100.0,
            m.first_dispatch_share * 100.0,
            m.wall_seconds
        ),
        None => format!("shardscan agents: {slots} slots"),
    };
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="18" font-size="13">{}</text>"#,
        escape(&title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{LEFT}" y="34" fill="#555">one row per slot; green: answered, red: failed or cancelled, blue: verification</text>"##
    );
    for slot in 0..slots {
        let y = TOP + row * slot as f64;
        if slot % 2 == 0 {
            let _ = writeln!(
                svg,
                r##"<rect x="{LEFT}" y="{y:.1}" width="{plot:.1}" height="{row:.1}" fill="#f4f4f4"/>"##
            );
        }
        if slots <= 32 || slot % 8 == 0 {
            let _ = writeln!(
                svg,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">{slot}</text>"##,
                LEFT - 6.0,
                y + row.min(12.0) - 2.0
            );
        }
    }
    for span in spans {
        let y = TOP + row * span.slot.min(slots - 1) as f64;
        let color = match (span.ok, span.verify) {
            (false, _) => "#d9534f",
            (true, true) => "#4a7fd4",
            (true, false) => "#5cb85c",
        };
        let width = (x(span.end) - x(span.start)).max(0.5);
        let _ = writeln!(
            svg,
            r#"<rect x="{:.2}" y="{:.2}" width="{width:.2}" height="{:.2}" fill="{color}"><title>slot {} {:.3}-{:.3} s</title></rect>"#,
            x(span.start),
            y + 0.5,
            (row - 1.0).max(1.0),
            span.slot,
            span.start,
            span.end
        );
    }
    let axis = TOP + row * slots as f64 + 14.0;
    for tick in 0..=10 {
        let t = end * tick as f64 / 10.0;
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{axis:.1}" text-anchor="middle" fill="#555">{t:.1}s</text>"##,
            x(t)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_one_rect_per_span_in_its_row() {
        let spans = vec![
            Span {
                slot: 0,
                start: 0.0,
                end: 1.0,
                ok: true,
                verify: false,
            },
            Span {
                slot: 1,
                start: 0.5,
                end: 2.0,
                ok: false,
                verify: false,
            },
        ];
        let svg = render(&spans, 2, None);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<title>slot").count(), 2);
        assert!(svg.contains("#d9534f"));
    }
}
