//! The files commands write: checked before the work, written whole, all
//! or nothing, through devices, pipes and symbolic links, or to standard
//! output.

mod common;
use common::{rollx, run};

use std::fs;
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn print_writes_the_pdf_or_the_svg_to_standard_output_with_a_dash() {
    let out = rollx()
        .args([
            "print",
            "maps/examples/tutorial.toml",
            "--sheets",
            "2",
            "-o",
            "-",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.starts_with(b"%PDF-"), "a PDF on stdout");
    assert!(out.stdout.ends_with(b"%%EOF\n") || out.stdout.ends_with(b"%%EOF"));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("wrote standard output"), "{said}");

    let out = rollx()
        .args(["print", "maps/examples/tutorial.toml", "--svg", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.contains("<svg"), "an SVG on stdout");
    assert!(
        !svg.contains("wrote"),
        "messages stay off the file's stream"
    );
}

#[test]
fn two_outputs_cannot_share_standard_output_or_a_file() {
    let (code, _, err) = run(&[
        "print",
        "maps/examples/tutorial.toml",
        "-o",
        "-",
        "--svg",
        "-",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("only one output can go to standard output"),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("same");
    let (code, _, err) = run(&[
        "print",
        "maps/examples/tutorial.toml",
        "-o",
        s(&pdf),
        "--svg",
        s(&pdf),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!pdf.exists());
}

#[cfg(unix)]
#[test]
fn a_named_pipe_receives_the_file_and_stays_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("printer");
    let c = std::ffi::CString::new(s(&fifo)).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let (code, out, err) = run(&["print", "maps/examples/tutorial.toml", "--svg", s(&fifo)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
    // Checked first: a pipe replaced by a file would leave the reader waiting.
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    let got = reader.join().unwrap();
    assert!(String::from_utf8(got).unwrap().contains("<svg"));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_written_through_to_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.svg");
    let link = dir.path().join("preview.svg");
    fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, _, err) = run(&["print", "maps/examples/tutorial.toml", "--svg", s(&link)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&target).unwrap().contains("<svg"));
}

#[test]
fn several_outputs_are_written_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-folder");
    fs::write(&blocker, "").unwrap();
    let pdf = dir.path().join("ok.pdf");
    let (code, out, err) = run(&[
        "print",
        "maps/examples/tutorial.toml",
        "-o",
        s(&pdf),
        "--svg",
        s(&blocker.join("x.svg")),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a folder"), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(!pdf.exists(), "the PDF must not be written alone");
}

#[test]
fn simulate_refuses_an_unwritable_report_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "").unwrap();
    let report = blocker.join("r.html");
    // Enough games that playing them first would show.
    let (code, out, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "200000",
        "--quiet",
        "--report",
        s(&report),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!("cannot write {}", report.display()))
            && err.contains("is not a folder"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "200000",
        "--quiet",
        "--save-logs",
        s(&blocker),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a folder"), "{err}");
}

#[test]
fn train_refuses_an_unwritable_output_before_learning() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run(&[
        "train",
        "maps/examples/tutorial.toml",
        "--games",
        "100000000",
        "-q",
        "-o",
        s(dir.path()),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is a folder"), "{err}");
}

#[test]
fn play_refuses_an_unwritable_log_before_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "").unwrap();
    let log = blocker.join("g.json");
    // A computer game, and a game in the terminal that would otherwise be
    // played to the end and then lost.
    for human in [false, true] {
        let mut args = vec![
            "play",
            "maps/examples/tutorial.toml",
            "--seed",
            "1",
            "--log",
            s(&log),
        ];
        if human {
            args.push("--human");
        }
        let (code, out, err) = common::run_with_input(&args, Some("auto\n".repeat(50).as_str()));
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty(), "nothing played: {out}");
        assert!(err.contains("is not a folder"), "{err}");
    }
}

#[test]
fn an_output_in_a_folder_that_does_not_exist_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("ouptut");
    let cases: Vec<Vec<String>> = vec![
        vec![
            "print".into(),
            "maps/examples/tutorial.toml".into(),
            "-o".into(),
            s(&typo.join("t.pdf")).into(),
        ],
        vec![
            "print".into(),
            "maps/examples/tutorial.toml".into(),
            "--png".into(),
            s(&typo.join("t.png")).into(),
        ],
        vec![
            "play".into(),
            "maps/examples/tutorial.toml".into(),
            "--log".into(),
            s(&typo.join("g.json")).into(),
        ],
        vec![
            "simulate".into(),
            "maps/examples/tutorial.toml".into(),
            "--games".into(),
            "2".into(),
            "--save-logs".into(),
            s(&typo.join("logs")).into(),
        ],
    ];
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.contains(&format!("the folder {} does not exist", typo.display())),
            "{args:?}: {err}"
        );
        assert!(!typo.exists(), "{args:?}: nothing is created");
    }
    // A new folder for the logs, in a folder that exists, is made.
    let logs = dir.path().join("logs");
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "2",
        "--save-logs",
        s(&logs),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(logs.is_dir());
}

/// `print --png FILE` alone writes the preview and no PDF, and its help
/// says so (it said "also").
#[test]
fn a_preview_alone_writes_no_pdf_as_the_help_says() {
    let dir = tempfile::tempdir().unwrap();
    let out = rollx()
        .current_dir(dir.path())
        .args([
            "print",
            common::root()
                .join("maps/examples/tutorial.toml")
                .to_str()
                .unwrap(),
            "--png",
            "t.png",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["t.png"], "only the preview");
    let (_, help, _) = run(&["print", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!help.contains("Also write page 1"), "{help}");
    assert!(help.contains("the PDF too only with -o"), "{help}");
}
