//! The vocabulary every stage shares: findings, the pipeline's events, the report, the metrics of
//! a run and its stop signal. It depends on no stage, so every stage can depend on it.

pub(crate) mod event;
pub(crate) mod finding;
pub(crate) mod format;
pub(crate) mod metrics;
pub(crate) mod report;
pub(crate) mod sarif;
pub(crate) mod stop;

pub(crate) use event::{Event, Failure, FileInfo, Joined, ShardOutcome, SkipReason};
pub(crate) use finding::{Finding, FlowStep, Location, Severity};
pub(crate) use format::Format;
pub(crate) use metrics::{AgentMetrics, Occupancy, PoolMetrics, Span};
pub(crate) use report::{
    BaselineUse, ConfigurationUse, Problem, Rejected, Report, RuleDescriptor, SkippedFile, Summary,
    Trust, Unreviewed,
};
pub(crate) use stop::{Stop, StopReason, StopSignal};
