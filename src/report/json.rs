//! shardscan's own JSON report. `schema_version` changes whenever a field changes meaning or goes
//! away; new fields may appear without a bump.

use std::io::{self, Write};

use serde::Serialize;

use super::Report;

pub(crate) const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct JsonReport<'a> {
    schema_version: u32,
    tool: Tool<'a>,
    #[serde(flatten)]
    report: &'a Report,
    complete: bool,
}

#[derive(Serialize)]
struct Tool<'a> {
    name: &'a str,
    version: &'a str,
}

pub(crate) fn render(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let document = JsonReport {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "shardscan",
            version: &report.tool_version,
        },
        report,
        complete: report.is_complete(),
    };
    serde_json::to_writer_pretty(&mut *out, &document).map_err(io::Error::from)?;
    writeln!(out)
}
