//! One rebuild of `rollx watch`: the file read from disk (with every file
//! it extends or names), checked as `rollx check` checks it, and its sheet
//! laid out on the templates the page asks for.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::server::Look;
use rollx::diag::Severity;
use rollx::diag::render::{Style, report};
use rollx::families::{self, Model};
use rollx::print::{Locale, PrintOptions, Template};
use rollx::source::Files;
use sha2::{Digest, Sha256};

/// The files a check read: the real file system, remembering each path
/// asked for (read or not: a file that is missing now is watched for
/// when it appears) and a fingerprint of what was read.
#[derive(Default)]
struct Recording {
    read: Mutex<Vec<(PathBuf, Option<Vec<u8>>)>>,
}

impl Files for Recording {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let result = std::fs::read(path);
        self.read
            .lock()
            .expect("not poisoned")
            .push((path.to_path_buf(), result.as_ref().ok().cloned()));
        result
    }
}

/// Findings as `rollx check` prints them to a file: no colour, 100
/// columns.
const PLAIN: Style = Style {
    color: false,
    width: 100,
};

/// `path` from the root, with `.` and `dir/..` folded (as the events of
/// the file system name it).
fn absolute(path: &Path) -> PathBuf {
    rollx::source::normalize(&std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// A digest of files' paths and bytes (`None`: missing).
fn digest<'a>(files: impl Iterator<Item = (&'a Path, Option<&'a [u8]>)>) -> [u8; 32] {
    let mut digest = Sha256::new();
    for (p, bytes) in files {
        let p = p.as_os_str().as_encoded_bytes();
        digest.update((p.len() as u64).to_le_bytes());
        digest.update(p);
        match bytes {
            Some(b) => {
                digest.update([1]);
                digest.update((b.len() as u64).to_le_bytes());
                digest.update(b);
            }
            None => digest.update([0]),
        }
    }
    digest.finalize().into()
}

/// The fingerprint [`Build::new`] would give `files` (those of a build)
/// as they are on disk now: a build is due when it differs.
pub fn fingerprint(files: &[PathBuf]) -> [u8; 32] {
    let read: Vec<Option<Vec<u8>>> = files.iter().map(|f| std::fs::read(f).ok()).collect();
    digest(
        files
            .iter()
            .map(PathBuf::as_path)
            .zip(read.iter().map(Option::as_deref)),
    )
}

/// A finding of the check, as the page and the terminal show it.
#[derive(Clone, Debug)]
pub struct Shown {
    /// Whether it is an error (else a warning).
    pub error: bool,
    /// Its code (`asymmetric-adjacency`).
    pub code: &'static str,
    /// The report `rollx check` prints for it, without colour: message,
    /// file, line and column with the lines around, and help.
    pub text: String,
}

/// What the check made of the file.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The file could not be read (deleted, or caught between an editor's
    /// writes): why.
    Unreadable(String),
    /// Read, and with errors: no sheet.
    Invalid,
    /// Valid: the map or board, and the summary `check` prints after it
    /// (tables, solvability).
    Valid {
        /// The map or board.
        model: Model,
        /// What `check` prints after a valid file.
        summary: String,
    },
}

/// A sheet laid out on one template, in colour or black and white.
#[derive(Debug)]
pub struct Sheet {
    /// The first page as SVG.
    pub svg: String,
    /// Its size in points (the page reserves the room before the image
    /// arrives).
    pub size: (f32, f32),
    /// What the print checks found on it (nothing when it prints).
    pub problems: Vec<String>,
    /// "writing boxes 9.1 mm".
    pub boxes: String,
}

/// Sheets by template (its index among the page's) and black and white.
type Sheets = Vec<(Look, Arc<Sheet>)>;

/// One rebuild.
#[derive(Debug)]
pub struct Build {
    /// Its number, from 1.
    pub number: u64,
    /// How long reading and checking took.
    pub took: Duration,
    /// Every file read, the watched file first, as absolute paths.
    pub files: Vec<PathBuf>,
    /// A digest of the paths read and their bytes: the same for the same
    /// content.
    pub fingerprint: [u8; 32],
    /// The map's or board's name and id, when valid.
    pub title: Option<String>,
    /// The findings, in `check`'s order.
    pub findings: Vec<Shown>,
    /// What the check made of it.
    pub verdict: Verdict,
    /// Sheets laid out so far, by template (its index among the page's)
    /// and black and white.
    sheets: Mutex<Sheets>,
}

impl Build {
    /// Reads and checks `path` (every file it extends or names read
    /// through the same recording).
    pub fn new(number: u64, path: &Path, locale: &Locale) -> Build {
        let start = Instant::now();
        let recording = Recording::default();
        let (findings, verdict, title) = match recording.read(path) {
            Err(e) => (
                Vec::new(),
                Verdict::Unreadable(format!("cannot read {}: {e}", path.display())),
                None,
            ),
            Ok(bytes) => {
                let checked = families::check_bytes_in(&recording, path, bytes, locale);
                let findings = checked
                    .diagnostics
                    .iter()
                    .map(|d| Shown {
                        error: d.severity == Severity::Error,
                        code: d.code,
                        text: report(d, &checked.sources, PLAIN),
                    })
                    .collect();
                let title = checked
                    .model
                    .as_ref()
                    .map(|m| format!("{} ({})", m.name(), m.id()));
                let verdict = match checked.model {
                    Some(model) => Verdict::Valid {
                        model,
                        summary: checked.summary,
                    },
                    None => Verdict::Invalid,
                };
                (findings, verdict, title)
            }
        };
        // Each file once, in the order first read, as an absolute path.
        let mut files: Vec<(PathBuf, Option<Vec<u8>>)> = Vec::new();
        for (p, bytes) in recording.read.into_inner().expect("not poisoned") {
            let absolute = absolute(&p);
            if !files.iter().any(|(f, _)| *f == absolute) {
                files.push((absolute, bytes));
            }
        }
        let fingerprint = digest(files.iter().map(|(p, b)| (p.as_path(), b.as_deref())));
        let files = files.into_iter().map(|(p, _)| p).collect();
        Build {
            number,
            took: start.elapsed(),
            files,
            fingerprint,
            title,
            findings,
            verdict,
            sheets: Mutex::new(Vec::new()),
        }
    }

    /// Errors found.
    pub fn errors(&self) -> usize {
        self.findings.iter().filter(|f| f.error).count()
    }

    /// Warnings found.
    pub fn warnings(&self) -> usize {
        self.findings.iter().filter(|f| !f.error).count()
    }

    /// The map or board, when the file is valid.
    pub fn model(&self) -> Option<&Model> {
        match &self.verdict {
            Verdict::Valid { model, .. } => Some(model),
            _ => None,
        }
    }

    /// The sheet on `template` (the page's `index`th), laid out the first
    /// time it is asked for; `None` when the file is not valid or the
    /// sheet cannot be drawn as SVG.
    pub fn sheet(&self, look: Look, template: &Template, locale: &Locale) -> Option<Arc<Sheet>> {
        let model = self.model()?;
        if let Some((_, s)) = self
            .sheets
            .lock()
            .expect("not poisoned")
            .iter()
            .find(|(k, _)| *k == look)
        {
            return Some(s.clone());
        }
        let options = PrintOptions {
            sheets: 1,
            mono: look.mono,
            locale: locale.clone(),
        };
        let (printed, problems) = model.sheet(template, &options);
        let svg = rollx::render::svg::to_svg(&printed.document, 1).ok()?;
        let sources = rollx::diag::SourceMap::new();
        let first = printed.document.pages.first()?;
        let size = (first.width, first.height);
        let sheet = Arc::new(Sheet {
            svg,
            size,
            problems: problems
                .iter()
                .map(|d| report(d, &sources, PLAIN))
                .collect(),
            boxes: format!(
                "{} {:.1} mm",
                printed.box_noun,
                printed.box_size * 25.4 / 72.0
            ),
        });
        self.sheets
            .lock()
            .expect("not poisoned")
            .push((look, sheet.clone()));
        Some(sheet)
    }

    /// The build in a few words, as the terminal's line and the page's
    /// badge say it: "ok", "ok, 2 warnings", "3 errors, 1 warning", or
    /// why the file cannot be read.
    pub fn words(&self) -> String {
        let (errors, warnings) = (self.errors(), self.warnings());
        let warned = match warnings {
            0 => String::new(),
            n => format!(", {}", rollx::text::count(n, "warning")),
        };
        match &self.verdict {
            Verdict::Unreadable(why) => why.clone(),
            Verdict::Invalid => format!("{}{warned}", rollx::text::count(errors, "error")),
            Verdict::Valid { .. } => format!("ok{warned}"),
        }
    }

    /// The line the terminal prints for the build: its words and the time
    /// taken.
    pub fn line(&self, file: &str) -> String {
        format!(
            "build {}: {file}: {} ({} ms)",
            self.number,
            self.words(),
            self.took.as_millis()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_reads_what_the_file_extends_and_fingerprints_its_content() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("base.toml");
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/examples/tutorial.toml"),
            &base,
        )
        .unwrap();
        let variant = dir.path().join("variant.toml");
        std::fs::write(
            &variant,
            "extends = \"base.toml\"\n\n[map]\nid = \"variant\"\nname = \"Variant\"\n",
        )
        .unwrap();
        let first = Build::new(1, &variant, &Locale::default());
        assert!(first.model().is_some(), "{:?}", first.findings);
        assert_eq!(first.files.len(), 2, "{:?}", first.files);
        assert!(first.files[1].ends_with("base.toml"));
        assert!(
            first
                .line("variant.toml")
                .starts_with("build 1: variant.toml: ok")
        );
        // The same content, the same fingerprint; a change to the extended
        // file, another.
        assert_eq!(
            Build::new(2, &variant, &Locale::default()).fingerprint,
            first.fingerprint
        );
        assert_eq!(fingerprint(&first.files), first.fingerprint);
        let text = std::fs::read_to_string(&base).unwrap();
        std::fs::write(&base, format!("{text}\n# edited\n")).unwrap();
        assert_ne!(
            Build::new(3, &variant, &Locale::default()).fingerprint,
            first.fingerprint
        );
        // A syntax error: the findings say where, and there is no sheet.
        std::fs::write(&variant, "extends = \"base.toml\"\n[map\n").unwrap();
        let broken = Build::new(4, &variant, &Locale::default());
        assert!(broken.model().is_none());
        assert!(broken.errors() > 0);
        assert!(
            broken.findings[0].text.contains("variant.toml:2"),
            "{}",
            broken.findings[0].text
        );
        let template = rollx::print::template::load("letter").unwrap();
        let look = |mono, lang| Look {
            template: 0,
            mono,
            lang,
        };
        let locale = Locale::default();
        assert!(broken.sheet(look(false, 0), &template, &locale).is_none());
        let sheet = first.sheet(look(true, 0), &template, &locale).unwrap();
        assert!(sheet.svg.starts_with("<svg") || sheet.svg.starts_with("<?xml"));
        assert!(Arc::ptr_eq(
            &sheet,
            &first.sheet(look(true, 0), &template, &locale).unwrap()
        ));
        // In Spanish: the words of its catalogue.
        let spanish = Locale {
            lang: rollx::lang::Lang::parse("es").ok(),
            ..Locale::default()
        };
        let es = first.sheet(look(false, 2), &template, &spanish).unwrap();
        assert!(es.svg.contains(">Ronda<"), "{}", es.svg);
        assert!(!sheet.svg.contains(">Ronda<"));
        // Gone: said, not a panic.
        std::fs::remove_file(&variant).unwrap();
        let gone = Build::new(5, &variant, &Locale::default());
        assert!(matches!(gone.verdict, Verdict::Unreadable(_)));
        assert!(gone.line("variant.toml").contains("cannot read"));
    }
}
