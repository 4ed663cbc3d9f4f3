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
    assert!(
        err.contains("; learning takes ") && err.contains(", on one core of this machine"),
        "{err}"
    );
    assert!(!err.contains("seven minutes"), "{err}");
}
