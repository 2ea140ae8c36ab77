//! End-to-end tests: the real binary on small repositories built in temp dirs.

mod across_files;
mod agents;
mod bad_input;
mod bounded_input;
mod ci;
mod cli;
mod common;
mod context;
mod corpus;
mod every_command;
#[path = "../support/fake_llm.rs"]
mod fake_llm;
mod hostile;
mod in_process;
mod integrations;
mod llama;
mod merge;
mod read_only;
mod scan_command;
mod snapshots;
mod starter;
mod status;
