use std::process::ExitCode;

fn main() -> ExitCode {
    rollx::cli::run()
}
