//! One module per subcommand; each turns resolved settings into work and returns an exit status.

mod init;
mod merge;
mod rules;
mod scan;
mod shards;

use crate::cli::{Cli, Command};

pub fn dispatch(cli: Cli) -> anyhow::Result<u8> {
    match cli.command {
        Command::Scan(args) => scan::run(*args, cli.color),
        Command::Baseline(args) => scan::baseline(*args, cli.color),
        Command::Merge(args) => merge::run(args),
        Command::Init(args) => init::run(args),
        Command::Shards(args) => shards::run(args),
        Command::Rules(command) => rules::run(command, cli.color),
    }
}
