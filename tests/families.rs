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

/// The fenced blocks of `lang` in a Markdown file, in order.
fn fenced(markdown: &str, lang: &str) -> Vec<String> {
    let open = format!("```{lang}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line.trim_end() == open => current = Some(String::new()),
            Some(block) if line.trim_end() == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

fn board_doc() -> String {
    std::fs::read_to_string(root().join("docs/encore-board.md")).unwrap()
}

fn encore_board(path: &std::path::Path) -> rollx::encore::Board {
    rollx::families::load(path)
        .unwrap()
        .take()
        .expect("an Encore board")
}

#[test]
fn the_board_schema_in_docs_is_current() {
    let committed = std::fs::read_to_string(root().join("docs/encore-board.schema.json")).unwrap();
    assert_eq!(
        committed.trim_end(),
        rollx::encore::schema().trim_end(),
        "regenerate with `cargo run --example encore_board_schema > docs/encore-board.schema.json`"
    );
}

#[test]
fn every_shipped_board_fits_the_schema_types() {
    let mut boards = 0;
    for entry in std::fs::read_dir(root().join("maps")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.contains("family = \"encore\"") {
            continue;
        }
        boards += 1;
        let parsed: Result<rollx::encore::BoardFile, _> = toml::from_str(&text);
        assert!(parsed.is_ok(), "{}: {:?}", path.display(), parsed.err());
    }
    assert!(boards >= 3, "the black board and two generated ones ship");
}

#[test]
fn the_documented_complete_example_is_the_standard_sheet() {
    let blocks = fenced(&board_doc(), "toml");
    let dir = tempfile::tempdir().unwrap();
    let example = dir.path().join("example.toml");
    std::fs::write(&example, &blocks[0]).unwrap();
    let (code, out, err) = run(&["check", "--deny-warnings", example.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let documented = encore_board(&example);
    let shipped = encore_board(&root().join("maps/encore-black.toml"));
    // The same colours (the example also sets green's black-and-white
    // letter, to show the key: it is green's default).
    let colors = |b: &rollx::encore::Board| -> Vec<_> {
        b.colors
            .iter()
            .map(|c| (c.id.clone(), c.name.clone(), c.letter, c.color))
            .collect()
    };
    assert_eq!(colors(&documented), colors(&shipped));
    assert_eq!(documented.cells, shipped.cells);
    assert_eq!(
        (documented.columns, documented.rows, documented.start_column),
        (shipped.columns, shipped.rows, shipped.start_column)
    );
    assert_eq!(documented.column_points, shipped.column_points);
    assert_eq!(documented.color_bonus, shipped.color_bonus);
    assert_eq!(
        (
            documented.jokers,
            documented.star_penalty,
            documented.solo_rolls
        ),
        (shipped.jokers, shipped.star_penalty, shipped.solo_rolls)
    );
    assert_eq!(documented.dice, shipped.dice);
    // Every key of the format is in the example.
    let schema: serde_json::Value = serde_json::from_str(&rollx::encore::schema()).unwrap();
    for def in schema["$defs"].as_object().unwrap().values() {
        for key in def["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|p| p.0)
        {
            if key != "remove" {
                assert!(
                    blocks[0].contains(&format!("{key} =")),
                    "the complete example lacks `{key}`"
                );
            }
        }
    }
}

#[test]
fn the_documented_sixth_colour_variant_is_valid_with_warnings() {
    let blocks = fenced(&board_doc(), "toml");
    let variant = blocks
        .iter()
        .find(|b| b.contains("id = \"purple\""))
        .expect("the doc shows a sixth colour");
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("maps/encore-black.toml"),
        dir.path().join("encore-black.toml"),
    )
    .unwrap();
    let path = dir.path().join("purple.toml");
    std::fs::write(&path, variant).unwrap();
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    for code in [
        "board-column-colors",
        "board-column-stars",
        "board-color-boxes",
    ] {
        assert!(out.contains(code), "{code}: {out}");
    }
    let board = encore_board(&path);
    assert_eq!(board.colors.len(), 6);
    assert_eq!(board.rows, 8);
}

#[test]
fn the_documented_check_output_is_what_check_prints() {
    let texts = fenced(&board_doc(), "text");
    let shown = texts
        .iter()
        .find(|t| t.starts_with("$ rollx check maps/encore-black.toml"))
        .expect("the doc shows check on the black board");
    let (code, out, _) = run(&["check", "maps/encore-black.toml"]);
    assert_eq!(code, 0);
    let expected: String = shown.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(out, expected);
}

/// `rollx new FAMILY FILE` for every family of the registry: a file that
/// checks without an error or a warning, and prints on every shipped
/// template in colour and mono.
#[test]
fn a_new_file_of_every_family_checks_clean_and_prints() {
    let dir = tempfile::tempdir().unwrap();
    for family in rollx::families::Family::ALL {
        let file = dir.path().join(format!("my {}.toml", family.name()));
        let (code, out, err) = run(&["new", family.name(), file.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}{err}", family.name());
        assert!(out.contains(&format!("`my-{}`", family.name())), "{out}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with("# "), "a commented file: {text}");
        let (code, out, err) = run(&["check", "--deny-warnings", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}{err}", family.name());
        assert!(out.contains("warnings: 0"), "{out}");
        for template in ["letter", "a4", "a4-2up"] {
            for mono in [false, true] {
                let pdf = dir.path().join("p.pdf");
                let mut args = vec![
                    "print",
                    file.to_str().unwrap(),
                    "--sheets",
                    "1",
                    "--template",
                    template,
                    "-o",
                    pdf.to_str().unwrap(),
                ];
                if mono {
                    args.push("--mono");
                }
                let (code, out, err) = run(&args);
                assert_eq!(code, 0, "{} on {template}: {out}{err}", family.name());
            }
        }
    }
}

#[test]
fn new_takes_a_name_never_overwrites_and_refuses_what_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("islands.toml");
    let f = file.to_str().unwrap();
    let name = "The \"Big\" Islands {id} of Å";
    let (code, out, err) = run(&["new", "rolling", f, "--name", name]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["check", "--deny-warnings", f]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("valid map: {name} (islands)")),
        "{out}"
    );
    let before = std::fs::read(&file).unwrap();
    // An existing file is never overwritten.
    let (code, _, err) = run(&["new", "encore", f]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("exists: rollx new never overwrites a file"),
        "{err}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // An unknown family names the families; a missing folder is refused.
    let (code, _, err) = run(&["new", "chess", dir.path().join("c.toml").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the families are rolling, encore, diceland"),
        "{err}"
    );
    let lost = dir.path().join("no/such/x.toml");
    let (code, _, err) = run(&["new", "rolling", lost.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not exist"), "{err}");
    let (code, _, err) = run(&[
        "new",
        "rolling",
        dir.path().join("n.toml").to_str().unwrap(),
        "--name",
        "a\nb",
    ]);
    assert_eq!(code, 2, "{err}");
    // The help lists the families of the registry.
    let (_, out, _) = run(&["new", "--help"]);
    for family in rollx::families::Family::ALL {
        assert!(out.contains(&format!("  {:<10} ", family.name())), "{out}");
    }
}
