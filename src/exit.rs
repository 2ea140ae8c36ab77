//! Exit statuses (DESIGN.md section 6), decided from the report apart from any output format.

use crate::model::{Report, Severity};

/// How a run ended, as the process's exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitStatus {
    /// Complete, nothing at or above `--fail-on`.
    Clean,
    /// Findings at or above `--fail-on`.
    Findings,
    /// Usage, configuration or fatal error.
    Error,
    /// The run is incomplete: some shards or files stayed unreviewed.
    Incomplete,
}

impl ExitStatus {
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Clean => 0,
            ExitStatus::Findings => 1,
            ExitStatus::Error => 2,
            ExitStatus::Incomplete => 3,
        }
    }

    /// Findings at or above `fail_on` give [`ExitStatus::Findings`]; otherwise an incomplete run
    /// gives [`ExitStatus::Incomplete`]; otherwise [`ExitStatus::Clean`].
    pub(crate) fn of_report(report: &Report, fail_on: Option<Severity>) -> ExitStatus {
        let failing = fail_on
            .is_some_and(|threshold| report.active_findings().any(|f| f.severity >= threshold));
        if failing {
            ExitStatus::Findings
        } else if !report.is_complete() {
            ExitStatus::Incomplete
        } else {
            ExitStatus::Clean
        }
    }
}

impl From<ExitStatus> for std::process::ExitCode {
    fn from(status: ExitStatus) -> Self {
        std::process::ExitCode::from(status.code())
    }
}
