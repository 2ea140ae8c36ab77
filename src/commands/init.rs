//! `shardscan init PATH`: a commented starter configuration, written only where the user says
//! (`-` for standard output), never over an existing file, and never half: it goes to a
//! temporary file beside the target and is linked into place only if the name is still free.

use std::path::Path;

use super::Context;
use crate::cli::InitArgs;
use crate::config::{FILE_NAME, STARTER};
use crate::exit::ExitStatus;
use crate::output::PendingFile;

pub(super) fn run(args: InitArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    if args.path == Path::new("-") {
        context.io.stdout.write_all(STARTER.as_bytes())?;
        context.io.stdout.flush()?;
        return Ok(ExitStatus::Clean);
    }
    let path = if args.path.is_dir() {
        args.path.join(FILE_NAME)
    } else {
        args.path.clone()
    };
    // `init` scans nothing, so no tree is off limits: the repository is where the file belongs.
    let mut file = PendingFile::prepare_new("the starter file", &path)?;
    file.write_all(STARTER.as_bytes())?;
    file.persist()?;
    writeln!(
        context.io.stderr,
        "wrote {}: every setting is there, commented out, with its default",
        path.display()
    )?;
    Ok(ExitStatus::Clean)
}
