//! `shardscan merge`: joins the SARIF files of partitioned runs into one log.

use crate::cli::MergeArgs;

pub fn run(args: MergeArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("shardscan merge is not implemented yet")
}
