//! `shardscan init PATH`: a commented starter configuration, written only where the user says and
//! never over an existing file.

use std::io::Write;

use super::Context;
use crate::cli::InitArgs;
use crate::config::{FILE_NAME, STARTER};
use crate::exit::ExitStatus;

pub(super) fn run(args: InitArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    let path = if args.path.is_dir() {
        args.path.join(FILE_NAME)
    } else {
        args.path.clone()
    };
    let mut file = fs_err::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => anyhow::anyhow!(
                "`{}` already exists; shardscan init never overwrites a file",
                path.display()
            ),
            _ => anyhow::Error::new(e),
        })?;
    file.write_all(STARTER.as_bytes())?;
    writeln!(
        context.io.stderr,
        "wrote {}: every setting is there, commented out, with its default",
        path.display()
    )?;
    Ok(ExitStatus::Clean)
}
