//! What commands say when something is wrong: the map's own errors, plural
//! forms, estimates that fit the map.

mod common;
use common::run;

#[test]
fn commands_show_an_invalid_maps_errors_instead_of_pointing_at_check() {
    for command in ["play", "print", "simulate", "train"] {
        let (code, out, err) = run(&[command, "tests/fixtures/bad/asymmetric-adjacency.toml"]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(out.is_empty(), "{command}: {out}");
        // The diagnostic itself, with its place in the file and its help.
        assert!(
            err.contains("`FJ` lists `NO` as a neighbour, but `NO` does not list `FJ`"),
            "{command}: {err}"
        );
        assert!(
            err.contains("asymmetric-adjacency.toml:44:20"),
            "{command}: {err}"
        );
        assert!(
            err.contains("help: neighbours go both ways"),
            "{command}: {err}"
        );
        assert!(
            err.contains("is not a valid map (1 error)"),
            "{command}: {err}"
        );
        assert!(!err.contains("for details"), "{command}: {err}");
    }
}

#[test]
fn the_missing_values_hint_estimates_training_time_for_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("none.tuples");
    let (code, _, err) = run(&[
        "play",
        "maps/examples/tutorial.toml",
        "--policy",
        "tuples",
        "--values",
        values.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("rollx train maps/examples/tutorial.toml"),
        "{err}"
    );
    assert!(err.contains(" on one core)"), "{err}");
    assert!(!err.contains("seven minutes"), "{err}");
}

#[test]
fn a_negative_number_gets_the_options_range_not_a_tip() {
    let map = "maps/examples/tutorial.toml";
    for (args, want) in [
        (
            vec!["simulate", map, "--games", "-5"],
            "error: --games takes a whole number from 1 to 10,000,000, not -5",
        ),
        (
            vec!["play", map, "--seed", "-1"],
            "error: --seed takes a whole number, 0 or more, not -1",
        ),
        (
            vec!["play", map, "--players", "-2"],
            "error: --players takes a whole number from 1 to 64, not -2",
        ),
        (
            vec!["print", map, "--sheets", "-3"],
            "error: --sheets takes a whole number from 1 to 10,000, not -3",
        ),
        (
            vec!["solve", map, "--time-limit=-1.5"],
            "error: --time-limit takes a number of seconds above 0, not -1.5",
        ),
        (
            vec!["simulate", map, "--games", "0"],
            "error: --games takes a whole number from 1 to 10,000,000, not 0",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end(), want, "{args:?}");
    }
}
