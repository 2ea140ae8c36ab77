//! `shardscan init PATH`: a commented starter configuration.

use crate::cli::InitArgs;

pub fn run(args: InitArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("shardscan init is not implemented yet")
}
