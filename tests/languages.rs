//! Sheets in the players' language: every shipped map and board printed in
//! every shipped language holds the catalogue's words and not the English
//! labels it translates; names per language; ids in any script; fonts for
//! what the built-in one lacks, embedded as subsets; a character no font
//! has refused with its code point; the same bytes with the fonts named.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{root, run, toml_files};

/// A catalogue's words by flattened key.
fn catalogue(code: &str) -> BTreeMap<String, String> {
    fn flatten(prefix: &str, t: &toml::Table, out: &mut BTreeMap<String, String>) {
        for (k, v) in t {
            let key = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            match v {
                toml::Value::String(s) => {
                    out.insert(key, s.clone());
                }
                toml::Value::Table(t) => flatten(&key, t, out),
                _ => {}
            }
        }
    }
    let text = std::fs::read_to_string(root().join(format!("lang/{code}.toml"))).unwrap();
    let mut out = BTreeMap::new();
    flatten("", &text.parse().unwrap(), &mut out);
    out
}

/// The labels a sheet of `family` always prints whole (one text each):
/// a translation of one must replace it.
fn labels(family: &str) -> &'static [&'static str] {
    match family {
        "rolling" => &[
            "sheet.name",
            "rolling.round",
            "rolling.dice",
            "rolling.number_of_x",
        ],
        "encore" => &[
            "sheet.name",
            "encore.first",
            "encore.later",
            "encore.colour_bonus",
            "encore.score.total",
        ],
        _ => &["sheet.name", "diceland.colour_done", "diceland.stars"],
    }
}

fn family_of(map: &Path) -> &'static str {
    let text = std::fs::read_to_string(map).unwrap();
    if text.contains("family = \"encore\"") {
        "encore"
    } else if text.contains("family = \"diceland\"") {
        "diceland"
    } else {
        "rolling"
    }
}

/// The SVG of the first page of `map` in `lang`.
fn svg(map: &Path, lang: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.svg");
    let mut args = vec![
        "print",
        map.to_str().unwrap(),
        "--lang",
        lang,
        "--svg",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{} --lang {lang}: {stdout}{stderr}", map.display());
    std::fs::read_to_string(out).unwrap()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The shipped maps and boards drawn without an atlas (quick to lay out).
fn quick_maps() -> Vec<PathBuf> {
    toml_files("maps")
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("atlas"))
        .collect()
}

/// Every shipped map and board printed in Spanish, German and French: each
/// label of its family in the catalogue's words, none of them in English
/// where the catalogue translates it.
#[test]
fn every_shipped_sheet_prints_the_catalogues_words() {
    let english = catalogue("en");
    for code in ["es", "de", "fr"] {
        let words = catalogue(code);
        // On the largest and the smallest shipped template (two sheets to
        // an A4 page), in colour and in black and white: the longer words
        // fit (print succeeds only when the print checks find no overlap).
        for (map, extra) in quick_maps().into_iter().flat_map(|m| {
            [
                (m.clone(), vec!["--no-system-fonts"]),
                (m, vec!["--no-system-fonts", "-t", "a4-2up", "--mono"]),
            ]
        }) {
            let family = family_of(&map);
            let svg = svg(&map, code, &extra);
            for key in labels(family) {
                let (word, en) = (&words[*key], &english[*key]);
                assert!(
                    svg.contains(&format!(">{}<", escape(word))),
                    "{} --lang {code}: no `{word}` ({key})",
                    map.display()
                );
                if word != en {
                    assert!(
                        !svg.contains(&format!(">{}<", escape(en))),
                        "{} --lang {code}: `{en}` in English ({key})",
                        map.display()
                    );
                }
            }
        }
    }
    // The Spanish edition's words for the powers and the round.
    let usa = svg(&root().join("maps/usa.toml"), "es", &[]);
    for word in ["Cambio de Color", "Resguardo", "Engaño", "Ronda"] {
        assert!(usa.contains(&format!(">{word}<")), "no {word}");
    }
    for word in ["Color Change", "Guard", "Dupe", "Round"] {
        assert!(!usa.contains(&format!(">{word}<")), "{word} in English");
    }
}

/// The file's language is the default, `--lang` overrides it, and a
/// variant inherits it.
#[test]
fn the_files_language_is_the_default_and_lang_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    let base = root().join("maps/examples/tutorial.toml");
    let variant = dir.path().join("v.toml");
    std::fs::write(
        &variant,
        format!(
            "extends = {:?}\n[map]\nid = \"v\"\nname = \"V\"\nlang = \"de\"\n",
            base.to_str().unwrap()
        ),
    )
    .unwrap();
    let child = dir.path().join("c.toml");
    std::fs::write(&child, "extends = \"v.toml\"\n[map]\nid = \"c\"\n").unwrap();
    let de = svg(&child, "de", &[]);
    let out = dir.path().join("d.svg");
    let (code, _, err) = run(&[
        "print",
        child.to_str().unwrap(),
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        de,
        "the file's own language"
    );
    let en = svg(&child, "en", &[]);
    assert!(de.contains(">Runde<") && en.contains(">Round<"));
    // check says the language, and that its catalogue is whole.
    let (code, stdout, _) = run(&["check", child.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("language: Deutsch (de), every word of the sheet from its catalogue"),
        "{stdout}"
    );
    // An unknown language: a usage error on the command line.
    let (code, _, err) = run(&[
        "print",
        base.to_str().unwrap(),
        "--lang",
        "pt",
        "--svg",
        "-",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("rollx has no words in `pt`") && err.contains("es (Español)"),
        "{err}"
    );
}

/// Names per language: the title, the regions' names in the dice key, the
/// areas' labels in their boxes; a variant adds a language without
/// repeating its base; check lists the names a language lacks.
#[test]
fn names_per_language_print_and_a_variant_adds_them() {
    let dir = tempfile::tempdir().unwrap();
    let base = root().join("maps/examples/tutorial.toml");
    let variant = dir.path().join("v.toml");
    std::fs::write(
        &variant,
        format!(
            "extends = {:?}\n[map]\nid = \"v\"\n\n[names.es]\nname = \"Dicia rodante\"\n\n[names.es.regions]\nblue = \"Norte\"\n\n[names.es.labels]\nFJ = \"Fj\"\n",
            base.to_str().unwrap()
        ),
    )
    .unwrap();
    let es = svg(&variant, "es", &[]);
    assert!(es.contains(">Dicia rodante<"), "the title");
    assert!(es.contains(">dado azul: Norte<"), "the region's name");
    assert!(es.contains(">Fj<") && !es.contains(">FJ<"), "the label");
    let en = svg(&variant, "en", &[]);
    assert!(en.contains(">Rolling Dicia<") && en.contains(">FJ<"));
    let (code, stdout, _) = run(&["check", variant.to_str().unwrap(), "--lang", "es"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("names the file does not give in es (printed as it writes them): regions green, regions red, regions yellow"),
        "{stdout}"
    );
}

/// Ids in any script: a map whose areas are `TÄS` and `北海` checks,
/// plays, and its log is refereed clean.
#[test]
fn ids_in_any_script_check_play_and_are_refereed() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = std::fs::read_to_string(root().join("maps/examples/tutorial.toml"))
        .unwrap()
        .replace("\"FJ\"", "\"TÄS\"")
        .replace("\"NO\"", "\"北海\"");
    // In the grid too (a token between spaces).
    for (old, new) in [(" FJ ", " TÄS "), (" NO ", " 北海 ")] {
        while text.contains(old) {
            text = text.replace(old, new);
        }
    }
    let map = dir.path().join("m.toml");
    std::fs::write(&map, text).unwrap();
    let (code, stdout, stderr) = run(&["check", map.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let log = dir.path().join("g.json");
    let (code, _, stderr) = run(&[
        "play",
        map.to_str().unwrap(),
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(
        written.contains("北海") || written.contains("TÄS"),
        "{written}"
    );
    let (code, stdout, stderr) = run(&[
        "referee",
        log.to_str().unwrap(),
        "--map",
        map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

/// A character no font has: check points at it with its code point, and
/// print refuses the sheet (the fixture's U+0378 is unassigned).
#[test]
fn a_character_no_font_has_is_refused_with_its_code_point() {
    let fixture = "tests/fixtures/limits/print-glyph-missing.toml";
    let (code, stdout, _) = run(&["check", fixture]);
    assert_eq!(code, 1);
    assert!(stdout.contains("print-glyph-missing") && stdout.contains("(U+0378)"));
    assert!(stdout.contains("print-glyph-missing.toml:5:23"), "{stdout}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.pdf");
    let (code, _, stderr) = run(&["print", fixture, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("U+0378"), "{stderr}");
    assert!(!out.exists(), "nothing written");
}

/// A variant of the tutorial map whose title mixes Arabic, Latin and
/// Hebrew (drawn by the built-in DejaVu Sans).
fn right_to_left_variant(dir: &Path) -> PathBuf {
    let variant = dir.join("rtl.toml");
    std::fs::write(
        &variant,
        format!(
            "extends = {:?}\n[map]\nid = \"rtl\"\nname = \"ديسيا Round 2 שלום\"\n",
            root().join("maps/examples/tutorial.toml").to_str().unwrap(),
        ),
    )
    .unwrap();
    variant
}

#[test]
fn right_to_left_and_joining_scripts_are_shaped_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let variant = right_to_left_variant(dir.path());
    let (code, stdout, stderr) = run(&["check", variant.to_str().unwrap(), "--no-system-fonts"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (pdf, svg) = (dir.path().join("p.pdf"), dir.path().join("p.svg"));
    let (code, _, stderr) = run(&[
        "print",
        variant.to_str().unwrap(),
        "--no-system-fonts",
        "--sheets",
        "2",
        "-o",
        pdf.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    // The SVG draws the shaped title as outlines, labelled with its text.
    let svg = std::fs::read_to_string(svg).unwrap();
    let at = svg
        .find("<g aria-label=\"ديسيا Round 2 שלום\"")
        .expect("the title as a labelled group");
    assert!(
        svg[at..]
            .split("</g>")
            .next()
            .unwrap()
            .contains("<path d=\"M")
    );
    assert!(std::fs::metadata(pdf).unwrap().len() > 0);
    // A script no font here has is still refused, with its code point.
    let hindi = dir.path().join("hi.toml");
    std::fs::write(
        &hindi,
        format!(
            "extends = {:?}\n[map]\nid = \"hi\"\nname = \"नमस्ते\"\n",
            root().join("maps/examples/tutorial.toml").to_str().unwrap(),
        ),
    )
    .unwrap();
    let (code, stdout, _) = run(&["check", hindi.to_str().unwrap(), "--no-system-fonts"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("print-glyph-missing") && stdout.contains("(U+0928)"),
        "{stdout}"
    );
}

#[test]
#[ignore = "needs pdftotext (.ci/run installs it)"]
fn shaped_text_reads_back_from_the_pdf_in_reading_order() {
    let dir = tempfile::tempdir().unwrap();
    let variant = right_to_left_variant(dir.path());
    let pdf = dir.path().join("p.pdf");
    let (code, _, stderr) = run(&[
        "print",
        variant.to_str().unwrap(),
        "--no-system-fonts",
        "--sheets",
        "1",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let out = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    let text = String::from_utf8_lossy(&out.stdout);
    // Each word as it is read (ToUnicode maps the joined forms back to
    // their letters), not reversed.
    for word in ["ديسيا", "שלום", "Round 2"] {
        assert!(text.contains(word), "{word} in {text}");
    }
}

/// The system's CJK font (Debian's fonts-noto-cjk, which `.ci/run`
/// installs), if the machine has it.
fn cjk_font() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc");
    p.exists().then_some(p)
}

/// The Japanese sheets: the Rolling Japan maps (grid and atlas) print their
/// title and the prefectures' labels in Japanese, the catalogue's words
/// too, read back from the PDF; both fonts embedded as subsets.
#[test]
#[ignore = "needs pdftotext, pdffonts and fonts-noto-cjk (.ci/run installs them)"]
fn japanese_sheets_print_with_a_cjk_font_embedded_as_a_subset() {
    assert!(cjk_font().is_some(), "install fonts-noto-cjk");
    let ja = catalogue("ja");
    let dir = tempfile::tempdir().unwrap();
    for map in ["maps/japan.toml", "maps/japan-atlas.toml"] {
        let pdf = dir.path().join("j.pdf");
        let (code, _, stderr) = run(&[
            "print",
            map,
            "--lang",
            "ja",
            "--sheets",
            "2",
            "-o",
            pdf.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{stderr}");
        let text = std::process::Command::new("pdftotext")
            .args([pdf.to_str().unwrap(), "-"])
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        for word in [
            "ローリングジャパン",
            "北海道",
            "東京",
            "沖縄",
            &ja["rolling.round"],
            &ja["sheet.name"],
        ] {
            assert!(text.contains(word), "{map}: no {word} in {text}");
        }
        for word in ["Round", "Name", "Rolling Japan"] {
            assert!(!text.contains(word), "{map}: {word} in English");
        }
        let fonts = std::process::Command::new("pdffonts")
            .arg(&pdf)
            .output()
            .unwrap();
        let fonts = String::from_utf8(fonts.stdout).unwrap();
        let embedded: Vec<&str> = fonts.lines().skip(2).collect();
        assert!(
            embedded
                .iter()
                .any(|l| l.contains("DejaVuSans") && l.contains("yes yes yes")),
            "{fonts}"
        );
        assert!(
            embedded
                .iter()
                .any(|l| l.contains("NotoSansCJKjp") && l.contains("yes yes yes")),
            "{fonts}"
        );
    }
}

/// Every shipped map and board in every shipped language, read back with
/// pdftotext: the catalogue's labels are there.
#[test]
#[ignore = "needs pdftotext and fonts-noto-cjk (.ci/run installs them)"]
fn every_shipped_sheet_in_every_language_reads_back_from_the_pdf() {
    let dir = tempfile::tempdir().unwrap();
    for code in ["en", "es", "de", "fr", "ja"] {
        let words = catalogue(code);
        for map in toml_files("maps") {
            let pdf = dir.path().join("p.pdf");
            let (exit, _, stderr) = run(&[
                "print",
                map.to_str().unwrap(),
                "--lang",
                code,
                "--sheets",
                "1",
                "-o",
                pdf.to_str().unwrap(),
            ]);
            assert_eq!(exit, 0, "{} {code}: {stderr}", map.display());
            let out = std::process::Command::new("pdftotext")
                .args(["-raw", pdf.to_str().unwrap(), "-"])
                .output()
                .unwrap();
            let text: String = String::from_utf8(out.stdout)
                .unwrap()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            for key in labels(family_of(&map)) {
                let word: String = words[*key].split_whitespace().collect::<Vec<_>>().join(" ");
                assert!(
                    text.contains(&word),
                    "{} {code}: no `{word}` in {text}",
                    map.display()
                );
            }
        }
    }
}

/// With the fonts named in the file and --no-system-fonts, the same PDF
/// bytes every time (and on every machine with that font file).
#[test]
#[ignore = "needs fonts-noto-cjk (.ci/run installs it)"]
fn named_fonts_without_the_systems_give_the_same_bytes() {
    let font = cjk_font().expect("install fonts-noto-cjk");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("fonts")).unwrap();
    std::fs::copy(&font, dir.path().join("fonts/cjk.ttc")).unwrap();
    let text = std::fs::read_to_string(root().join("maps/japan.toml"))
        .unwrap()
        .replace(
            "version = \"1.0\"\n",
            "version = \"1.0\"\nlang = \"ja\"\nfonts = [\"fonts/cjk.ttc\"]\n",
        );
    let map = dir.path().join("japan-ja.toml");
    std::fs::write(&map, text).unwrap();
    let print = |name: &str| {
        let pdf = dir.path().join(name);
        let (code, _, stderr) = run(&[
            "print",
            map.to_str().unwrap(),
            "--no-system-fonts",
            "--sheets",
            "3",
            "-o",
            pdf.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{stderr}");
        std::fs::read(pdf).unwrap()
    };
    let (a, b) = (print("a.pdf"), print("b.pdf"));
    assert_eq!(a, b);
    let (code, stdout, _) = run(&["check", map.to_str().unwrap(), "--no-system-fonts"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("fonts/cjk.ttc) for"), "{stdout}");
    // The same font named by a template instead.
    let template = dir.path().join("cjk.toml");
    std::fs::write(
        &template,
        "extends = \"letter\"\n[fonts]\nfiles = [\"fonts/cjk.ttc\"]\n",
    )
    .unwrap();
    let bare = std::fs::read_to_string(&map)
        .unwrap()
        .replace("fonts = [\"fonts/cjk.ttc\"]\n", "");
    let plain = dir.path().join("plain.toml");
    std::fs::write(&plain, bare).unwrap();
    let out = dir.path().join("t.pdf");
    let (code, _, stderr) = run(&[
        "print",
        plain.to_str().unwrap(),
        "--no-system-fonts",
        "-t",
        template.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    // Without the file's font and the system's: refused, located.
    let bare = std::fs::read_to_string(&map)
        .unwrap()
        .replace("fonts = [\"fonts/cjk.ttc\"]\n", "");
    std::fs::write(&map, bare).unwrap();
    let (code, stdout, _) = run(&["check", map.to_str().unwrap(), "--no-system-fonts"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("print-glyph-missing") && stdout.contains("japan-ja.toml:"),
        "{stdout}"
    );
}

/// The rules page: the rules the file plays by, in the sheet's language,
/// for every family; a house rule is said.
#[test]
fn the_rules_page_says_the_files_rules_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let page = |map: &Path, lang: &str| {
        let out = dir.path().join("r.svg");
        let (code, stdout, stderr) = run(&[
            "print",
            map.to_str().unwrap(),
            "--lang",
            lang,
            "--rules",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(stdout.contains("the rules page as SVG"), "{stdout}");
        assert!(!dir.path().join("output").exists());
        std::fs::read_to_string(&out).unwrap()
    };
    let en = page(&root().join("maps/usa.toml"), "en");
    for line in [
        "The bag holds 7 dice",
        "8 rounds.",
        "Color Change, 3 per game",
        "Guard, 3 per game",
        "Dupe, 3 per game",
    ] {
        assert!(en.contains(line), "{line}: {en}");
    }
    let japan = page(&root().join("maps/japan.toml"), "en");
    assert!(
        japan.contains("Color Change, 3 per game") && !japan.contains("Guard, "),
        "{japan}"
    );
    let es = page(&root().join("maps/usa.toml"), "es");
    assert!(
        es.contains("Cambio de Color") && es.contains("Resguardo") && es.contains("Engaño"),
        "{es}"
    );
    // A house rule ([rules.options]) is on the page.
    let variant = dir.path().join("v.toml");
    std::fs::write(
        &variant,
        format!(
            "extends = {:?}\n[map]\nid = \"v\"\n[rules.options]\nguard_covers_dupe = false\n",
            root().join("maps/usa.toml").to_str().unwrap()
        ),
    )
    .unwrap();
    assert!(page(&variant, "en").contains("House rule: guard_covers_dupe = false."));
    let encore = page(&root().join("maps/encore-black.toml"), "de");
    assert!(encore.contains("Spalte H"), "{encore}");
    let diceland = page(&root().join("maps/diceland-1.toml"), "en");
    assert!(diceland.contains("rolls 6 dice"), "{diceland}");
}

/// A text too long for its room even shrunk is refused by the print
/// checks, naming the text and the language, never drawn over the rest.
#[test]
fn a_text_too_long_even_shrunk_is_refused_naming_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("v.toml");
    let long = "Dicia ".repeat(30);
    std::fs::write(
        &variant,
        format!(
            "extends = {:?}\n[map]\nid = \"v\"\n[names.es]\nname = \"{}\"\n",
            root().join("maps/examples/tutorial.toml").to_str().unwrap(),
            long.trim()
        ),
    )
    .unwrap();
    let (code, _, stderr) = run(&[
        "print",
        variant.to_str().unwrap(),
        "--lang",
        "es",
        "--svg",
        "-",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("print-text-overflow"), "{stderr}");
    // The report wraps its lines: read it as one.
    let said = stderr
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("(in Spanish) is") && said.contains("pt but has"),
        "{said}"
    );
}
