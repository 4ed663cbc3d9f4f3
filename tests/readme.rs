//! The command transcripts of the README and of `docs/` run as written:
//! every ```` ```text ```` block with `$ ` lines is run, command by command,
//! against the real binary, in a scratch folder holding copies of `maps/`
//! and `tests/fixtures/` (the blocks of one file share it, in order, so a
//! log written by one block is refereed by the next). Each command must
//! exit 0 (or the code an annotation gives) and print what the block
//! shows, stdout and stderr as one stream, with timings masked (`0.3 ms`,
//! `in 432 s`); a line `...` stands for any number of lines, and a command
//! shown without output is only run.
//!
//! An HTML comment right before a block's fence annotates it:
//! `<!-- readme-test: exit 1 -->` (the block's last command exits 1),
//! `<!-- readme-test: slow -->` (run only by the ignored test, which
//! `.ci/run` runs with the release binary), `<!-- readme-test: skip:
//! REASON -->` (never run; the reason says why and what tests it instead).
//! `cargo test --test readme` runs the quick blocks;
//! `ROLLX_BIN=target/release/rollx cargo test --test readme -- --ignored`
//! runs every block that is not skipped (`README_TEST_ONLY=docs/draw.md`:
//! one file's; `README_TEST_BLESS=1`: write the real output in place of a
//! shown output that differs and elides nothing, to review in the diff).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// How a block is run.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    Quick,
    Slow,
    Skip(String),
}

/// One command of a block, with the output shown under it.
#[derive(Debug)]
struct Step {
    command: String,
    expected: Vec<String>,
    /// The file's line index of the first line of `expected`.
    at: usize,
}

/// One transcript block.
#[derive(Debug)]
struct Block {
    file: String,
    line: usize,
    mode: Mode,
    exit: i32,
    steps: Vec<Step>,
}

/// The transcript blocks of a markdown file.
fn blocks(file: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        if !fence.starts_with("```") || fence.trim_start_matches('`').trim() != "text" {
            i += 1;
            continue;
        }
        let start = i;
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && !lines[i].trim_start().starts_with("```") {
            body.push(lines[i]);
            i += 1;
        }
        i += 1;
        if !body.iter().any(|l| l.starts_with("$ ")) {
            continue;
        }
        let note = start
            .checked_sub(1)
            .map(|k| lines[k].trim())
            .and_then(|l| l.strip_prefix("<!-- readme-test:"))
            .and_then(|l| l.strip_suffix("-->"))
            .map(str::trim)
            .unwrap_or("");
        let mut mode = Mode::Quick;
        let mut exit = 0;
        // `skip:` takes the rest of the note as its reason.
        let (note, skip) = match note.split_once("skip:") {
            Some((before, reason)) => (before, Some(reason.trim())),
            None => (note, None),
        };
        if let Some(reason) = skip {
            mode = Mode::Skip(reason.to_string());
        }
        for part in note.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            if part == "slow" {
                mode = Mode::Slow;
            } else if let Some(code) = part.strip_prefix("exit ") {
                exit = code.trim().parse().expect("exit N");
            } else {
                panic!("{file}:{start}: unknown readme-test annotation `{part}`");
            }
        }
        let mut steps: Vec<Step> = Vec::new();
        for (k, l) in body.iter().enumerate() {
            if let Some(cmd) = l.strip_prefix("$ ") {
                steps.push(Step {
                    command: cmd.to_string(),
                    expected: Vec::new(),
                    at: start + 2 + k,
                });
            } else if let Some(step) = steps.last_mut() {
                step.expected.push(l.to_string());
            }
        }
        // A blank line before the next command separates, it is not output.
        for step in &mut steps {
            while step.expected.last().is_some_and(|l| l.trim().is_empty()) {
                step.expected.pop();
            }
        }
        out.push(Block {
            file: file.to_string(),
            line: start + 1,
            mode,
            exit,
            steps,
        });
    }
    out
}

/// Every markdown file with transcripts: the README, then `docs/`.
fn markdown_files() -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.ends_with(".md").then(|| format!("docs/{name}"))
        })
        .collect();
    docs.sort();
    std::iter::once("README.md".to_string())
        .chain(docs)
        .collect()
}

/// A line with its timings masked: a number followed by a unit of time
/// becomes `<time>`; trailing blanks go.
fn mask(line: &str) -> String {
    const UNITS: [&str; 8] = ["µs", "ms", "minutes", "minute", "min", "seconds", "s", "h"];
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number =
            chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if starts_number {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_ascii_digit() || chars[j] == '.' || chars[j] == ',')
            {
                j += 1;
            }
            let mut k = j;
            while k < chars.len() && chars[k] == ' ' {
                k += 1;
            }
            let rest: String = chars[k..].iter().collect();
            let unit = UNITS.iter().find(|u| {
                rest.starts_with(*u)
                    && !rest[u.len()..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            });
            if let Some(u) = unit {
                out.push_str("<time>");
                i = k + u.chars().count();
                continue;
            }
            out.extend(&chars[i..j]);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out.trim_end().to_string()
}

/// Whether `actual` shows `expected`, `...` lines standing for any number
/// of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim() == "..." => {
            (0..=actual.len()).any(|k| matches(rest, &actual[k..]))
        }
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| mask(e) == mask(a) && matches(rest, more)),
    }
}

/// A scratch folder laid out as a clone: copies of `maps/` and
/// `tests/fixtures/`, an empty `output/` (a clone has one), and `rollx` on
/// its PATH.
fn scratch(bin: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["maps", "tests/fixtures"] {
        copy_dir(&root().join(sub), &dir.path().join(sub));
    }
    std::fs::create_dir_all(dir.path().join("output")).unwrap();
    std::fs::create_dir_all(dir.path().join(".bin")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(bin, dir.path().join(".bin/rollx")).unwrap();
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// Runs `command` in `dir` with `sh`: its exit code and its output
/// (stdout and stderr as one stream).
fn run(dir: &Path, command: &str) -> (i32, Vec<String>) {
    let path = format!(
        "{}:{}",
        dir.join(".bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1; {command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    (out.status.code().unwrap_or(-1), lines)
}

/// Runs the blocks of every file that `wanted` accepts; the failures, in
/// words.
fn run_blocks(bin: &Path, wanted: impl Fn(&Mode) -> bool) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    // `README_TEST_ONLY=docs/draw.md` runs one file's blocks.
    let only = std::env::var("README_TEST_ONLY").ok();
    for file in markdown_files() {
        if only.as_ref().is_some_and(|o| *o != file) {
            continue;
        }
        let blocks = blocks(&file);
        if !blocks.iter().any(|b| wanted(&b.mode)) {
            continue;
        }
        let dir = scratch(bin);
        // `README_TEST_BLESS=1`: the real output replaces a shown output
        // that differs and has no `...` (to be read in the diff).
        let bless = std::env::var_os("README_TEST_BLESS").is_some();
        let mut edits: Vec<(usize, usize, Vec<String>)> = Vec::new();
        for b in blocks {
            if !wanted(&b.mode) {
                continue;
            }
            ran += 1;
            let started = std::time::Instant::now();
            let last = b.steps.len() - 1;
            for (k, step) in b.steps.iter().enumerate() {
                let (code, actual) = run(dir.path(), &step.command);
                let want = if k == last { b.exit } else { 0 };
                let output_ok = step.expected.is_empty() || matches(&step.expected, &actual);
                if bless
                    && code == want
                    && !output_ok
                    && !step.expected.iter().any(|l| l.trim() == "...")
                {
                    edits.push((step.at, step.expected.len(), actual.clone()));
                    continue;
                }
                if code != want || !output_ok {
                    failures.push(format!(
                        "{}:{}: `{}` exited {code} (the block says {want})\n--- shown\n{}\n--- real\n{}\n",
                        b.file,
                        b.line,
                        step.command,
                        step.expected.join("\n"),
                        actual.join("\n")
                    ));
                    break;
                }
            }
            eprintln!(
                "{}:{}: {:.1} s",
                b.file,
                b.line,
                started.elapsed().as_secs_f64()
            );
        }
        if !edits.is_empty() {
            let path = root().join(&file);
            let text = std::fs::read_to_string(&path).unwrap();
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            for (at, len, new) in edits.into_iter().rev() {
                lines.splice(at..at + len, new);
            }
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        }
    }
    (ran, failures)
}

#[test]
fn the_quick_transcripts_of_the_readme_and_docs_run_as_shown() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_rollx"));
    let (ran, failures) = run_blocks(&bin, |m| *m == Mode::Quick);
    assert!(
        ran >= 20 || std::env::var_os("README_TEST_ONLY").is_some(),
        "only {ran} blocks ran"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "minutes of play; .ci/run runs it with the release binary"]
fn every_transcript_of_the_readme_and_docs_runs_as_shown() {
    let bin = std::env::var_os("ROLLX_BIN")
        .map(|b| root().join(b))
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_rollx")));
    let (_, failures) = run_blocks(&bin, |m| !matches!(m, Mode::Skip(_)));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_transcript_is_run_or_says_why_not() {
    let mut skipped = Vec::new();
    for file in markdown_files() {
        for b in blocks(&file) {
            assert!(!b.steps.is_empty());
            if let Mode::Skip(reason) = &b.mode {
                assert!(reason.len() > 10, "{}:{}: say why", b.file, b.line);
                skipped.push(format!("{}:{}", b.file, b.line));
            }
        }
    }
    // The skipped ones are few: interactive sessions and hour-long runs.
    assert!(skipped.len() <= 12, "{skipped:?}");
}

#[test]
fn timings_are_masked_and_ellipses_stand_for_lines() {
    assert_eq!(
        mask("wrote b.toml in 1 try (0.3 ms); 432 s"),
        "wrote b.toml in 1 try (<time>); <time>"
    );
    assert_eq!(
        mask("100 sheets, 171 KB, 2 stars"),
        "100 sheets, 171 KB, 2 stars"
    );
    assert_eq!(
        mask("learned in 1,432 s; usa2 3s"),
        "learned in <time>; usa2 <time>"
    );
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n  ...\n"), &lines("a")));
    assert!(!matches(&lines("a\nd"), &lines("a\nb\nd")));
    assert!(!matches(&lines("a (1.0 s)"), &lines("b (2.0 s)")));
    assert!(matches(&lines("a (1.0 s)"), &lines("a (2.5 ms)")));
}

/// Every path of the repository the README and the docs name exists: the
/// targets of their relative links, and every `maps/`, `tests/`, `src/`,
/// `docs/`, `benches/`, `examples/` or `templates/` path in backticks
/// (`...` and `<...>` stand for parts a reader fills in).
#[test]
fn every_path_the_docs_name_exists() {
    let mut files = vec![root().join("README.md")];
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            files.push(p);
        }
    }
    for extra in [
        "maps/atlas/LICENSE-DATA.md",
        "tests/fixtures/geodata/LICENSE-DATA.md",
    ] {
        files.push(root().join(extra));
    }
    let roots = [
        "maps/",
        "tests/",
        "src/",
        "docs/",
        "benches/",
        "examples/",
        "templates/",
        ".ci/",
    ];
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = file.parent().unwrap();
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        // Relative links: [text](path) and ![alt](path).
        for part in text.split("](").skip(1) {
            let target = part.split(')').next().unwrap_or("");
            let target = target.split('#').next().unwrap_or("").trim();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !dir.join(target).exists() {
                missing.push(format!("{shown}: link to {target}"));
            }
        }
        // Repository paths in backticks, whole or at the start of a command.
        for (i, part) in text.split('`').enumerate() {
            if i % 2 == 0 {
                continue;
            }
            for word in part.split(|c: char| c.is_whitespace() || c == ',') {
                let word = word.trim_end_matches([',', ';', ':', ')', '.']);
                // `rollx train` writes a map's values beside it (`maps/usa.tuples`).
                if !roots.iter().any(|r| word.starts_with(r))
                    || word.ends_with(".tuples")
                    || word.contains("...")
                    || word.contains('<')
                    || word.contains('*')
                    || word.contains('{')
                {
                    continue;
                }
                let path = word.split(':').next().unwrap_or(word);
                if !root().join(path).exists() {
                    missing.push(format!("{shown}: `{word}`"));
                }
            }
            // A path relative to the document, outside its folder.
            for word in part.split_whitespace().filter(|w| w.starts_with("../")) {
                let word = word.trim_end_matches([',', ';', ':', ')', '.']);
                if !dir.join(word).exists() {
                    missing.push(format!("{shown}: `{word}`"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}
