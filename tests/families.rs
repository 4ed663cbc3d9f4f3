//! Game families: a file names its family in `[game]`; without it, a file
//! is a Rolling map; a variant is of the family of the file it extends.

mod common;
use common::{root, run};

#[test]
fn a_map_may_name_the_rolling_family_or_leave_it_out() {
    let dir = tempfile::tempdir().unwrap();
    let usa = std::fs::read_to_string(root().join("maps/usa.toml")).unwrap();
    let named = dir.path().join("usa.toml");
    std::fs::write(&named, format!("[game]\nfamily = \"rolling\"\n\n{usa}")).unwrap();
    let (code, out, err) = run(&["check", named.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("is a valid map: Rolling America (usa)"),
        "{out}"
    );
    // A key [game] does not know is reported like any other.
    let odd = dir.path().join("odd.toml");
    std::fs::write(
        &odd,
        format!("[game]\nfamily = \"rolling\"\nplayers = 2\n\n{usa}"),
    )
    .unwrap();
    let (code, out, _) = run(&["check", odd.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("unknown-key"), "{out}");
}

#[test]
fn an_unknown_family_is_one_located_error() {
    let (code, out, _) = run(&["check", "tests/fixtures/bad/unknown-family.toml"]);
    assert_eq!(code, 1);
    assert!(out.contains("rollx knows no game family `rollin`"), "{out}");
    assert!(out.contains("unknown-family.toml:3:10"), "{out}");
    assert_eq!(
        out.matches(" × ").count(),
        1,
        "one error, not one per key: {out}"
    );
}
