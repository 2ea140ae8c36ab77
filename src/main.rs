//! The `shardscan` binary: a thin wrapper over [`shardscan::run`].

fn main() -> std::process::ExitCode {
    shardscan::run(std::env::args_os())
}
