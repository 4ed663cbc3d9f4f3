//! Rolling play does not change by accident: games and simulations of the
//! shipped maps, recorded before the game families came in, are played
//! again byte for byte. An intended change of play regenerates the files
//! (the commands are in `golden()` below) and says so in its commit.

mod common;
use common::{rollx, root};

/// Each golden file and the command that wrote it (the log, or stdout).
fn golden() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out = Vec::new();
    for (file, map, policy, seed, extra) in [
        (
            "play-usa-random.json",
            "maps/usa.toml",
            "random",
            "7",
            &["--players", "2"][..],
        ),
        (
            "play-usa-greedy.json",
            "maps/usa.toml",
            "greedy",
            "7",
            &["--players", "2"],
        ),
        (
            "play-japan-random.json",
            "maps/japan.toml",
            "random",
            "7",
            &["--players", "2"],
        ),
        (
            "play-japan-greedy.json",
            "maps/japan.toml",
            "greedy",
            "7",
            &["--players", "2"],
        ),
        (
            "play-usa-strong.json",
            "maps/usa.toml",
            "strong",
            "3",
            &["--candidates", "8", "--rollouts", "16"],
        ),
        (
            "play-japan-strong.json",
            "maps/japan.toml",
            "strong",
            "3",
            &["--candidates", "8", "--rollouts", "16"],
        ),
        (
            "play-usa-mainland-greedy.json",
            "maps/examples/usa-mainland.toml",
            "greedy",
            "11",
            &[],
        ),
    ] {
        let mut args = vec!["play", map, "--seed", seed, "--policy", policy];
        args.extend_from_slice(extra);
        out.push((file, args));
    }
    out.push((
        "simulate.json",
        vec![
            "simulate",
            "maps/usa.toml",
            "maps/japan.toml",
            "maps/examples/tutorial.toml",
            "--games",
            "300",
            "--seed",
            "5",
            "--policy",
            "random,greedy",
            "--format",
            "json",
        ],
    ));
    out.push((
        "simulate-strong.json",
        vec![
            "simulate",
            "maps/usa.toml",
            "--games",
            "20",
            "--seed",
            "2",
            "--policy",
            "strong",
            "--candidates",
            "4",
            "--rollouts",
            "8",
            "--no-power-value",
            "--format",
            "json",
        ],
    ));
    out
}

#[test]
fn rolling_games_and_simulations_are_played_exactly_as_before() {
    let dir = tempfile::tempdir().unwrap();
    for (file, args) in golden() {
        let expected =
            std::fs::read_to_string(root().join("tests/fixtures/golden").join(file)).unwrap();
        let mut cmd = rollx();
        cmd.args(&args);
        let got = if args[0] == "play" {
            let log = dir.path().join(file);
            let out = cmd.arg("--log").arg(&log).output().unwrap();
            assert!(out.status.success(), "{args:?}");
            std::fs::read_to_string(&log).unwrap()
        } else {
            let out = cmd.output().unwrap();
            assert!(out.status.success(), "{args:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        assert!(
            got == expected,
            "{file} differs from `rollx {}`",
            args.join(" ")
        );
    }
}
