//! Helpers shared by the integration tests: run `rollx` as a user would,
//! from the project's root.

#![allow(dead_code)] // Each test file uses its own subset.

use std::path::Path;

use assert_cmd::Command;

pub mod counties;

/// The project's root (maps, fixtures and docs are found from it).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `rollx` binary, run from the project's root without colours:
/// `ROLLX_BIN` (a path from the project's root) when set, as `.ci/run` sets
/// it to the release binary for the `#[ignore]`d tests, else the one cargo
/// built for the tests.
pub fn rollx() -> Command {
    let mut cmd = match std::env::var_os("ROLLX_BIN") {
        Some(bin) => Command::new(root().join(bin)),
        None => Command::cargo_bin("rollx").expect("binary built"),
    };
    // The sheet is fitted to 80 columns when the output is not a terminal,
    // unless COLUMNS says otherwise.
    cmd.current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    cmd
}

/// The `.toml` files of a folder of the project (`maps`,
/// `tests/fixtures/bad`), sorted.
pub fn toml_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out: Vec<std::path::PathBuf> = std::fs::read_dir(root().join(dir))
        .expect("the folder exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

/// Runs `rollx` with arguments: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with_input(args, None)
}

/// Runs `rollx` with arguments and, optionally, text on stdin.
pub fn run_with_input(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = rollx();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Referees a game played by the computer, through its JSON log as
/// `rollx referee` reads it, and asserts that it is clean and that the
/// referee's X agree with the final sheets.
pub fn assert_referees_clean(
    game: &rollx::rolling::Game,
    played: &rollx::rolling::PlayedGame,
    what: &str,
) {
    let log = rollx::rolling::GameLog::parse(&played.log.to_json()).expect("a played log parses");
    let verdict = rollx::rolling::referee(game, &log).expect("the log's own map");
    assert!(
        verdict.is_clean(),
        "{what}: {:?} {:?}",
        verdict.problems,
        verdict.violations
    );
    for (v, s) in verdict.players.iter().zip(&played.states) {
        assert_eq!(v.crosses, game.score(s).crosses, "{what}");
        assert_eq!(v.mistakes, 0, "{what}");
    }
}

/// The flags every headless Chromium of the tests starts with: no sandbox
/// (the tests run as root), no GPU, and none of the background
/// connections that this machine's closed network refuses.
pub const CHROMIUM_HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The pixels of a PNG screenshot that are clearly coloured (not white,
/// grey or black): charts, regions, heat maps.
pub fn coloured_pixels(png: &[u8]) -> usize {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG screenshot");
    pixmap
        .pixels()
        .iter()
        .filter(|p| {
            let (r, g, b) = (p.red(), p.green(), p.blue());
            r.max(g).max(b) - r.min(g).min(b) > 60
        })
        .count()
}
