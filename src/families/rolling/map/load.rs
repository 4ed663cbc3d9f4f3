//! Reading a map file and the files it `extends`, then running every check.

use std::io;
use std::path::{Component, Path, PathBuf};

use super::build::build;
use super::raw::{self, RawDoc};
use super::report::Report;
use super::resolve::{ResLayout, resolve};
use crate::source::toml::Ctx;
use super::{Map, Places, extends, graph, grid, playability};
use crate::diag::{self, Diagnostic, Loc, SourceMap};

/// How many files an `extends` chain may have.
pub const MAX_EXTENDS_DEPTH: usize = 8;

/// Reads files for the loader; tests substitute an in-memory one.
pub trait Files {
    /// The bytes of a file.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskFiles;

impl Files for DiskFiles {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }
}

/// Everything `rollx check` learns about a map file.
#[derive(Debug)]
pub struct Checked {
    /// Every file read (the map and what it extends).
    pub sources: SourceMap,
    /// Findings in reading order.
    pub diagnostics: Vec<Diagnostic>,
    /// The map, when there are no errors.
    pub map: Option<Map>,
    /// Where the map's parts are written, when the file could be read.
    pub places: Option<Places>,
    /// The summary shown by `check` (text and JSON).
    pub report: Report,
}

impl Checked {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Why a map could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The file was read but is not a valid map.
    #[error("{} is not a valid map ({})", .0.report.file, plural(.0.errors(), "error"))]
    Invalid(Box<Checked>),
}

/// `n` and the word, plural when `n` is not 1.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Loads a valid map from disk.
pub fn load(path: &Path) -> Result<Map, LoadError> {
    let checked = check_file(path)?;
    match checked.map {
        Some(_) => Ok(checked.map.expect("checked above")),
        None => Err(LoadError::Invalid(Box::new(checked))),
    }
}

/// Checks a map file on disk. Only an unreadable top file is an `Err`; every
/// problem in its content is a diagnostic.
pub fn check_file(path: &Path) -> Result<Checked, LoadError> {
    check_with(&DiskFiles, path)
}

/// Checks a map file read through `files`.
pub fn check_with(files: &dyn Files, path: &Path) -> Result<Checked, LoadError> {
    let bytes = files.read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(check_bytes(files, path, bytes))
}

/// Checks a map given as bytes; `files` serves the files it extends.
pub fn check_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let mut stack = Vec::new();
    let raw = read_chain(files, &mut sources, &mut diags, path, bytes, &mut stack);
    let file_loc = Loc {
        source: diag::SourceId(0),
        start: 0,
        end: 0,
    };
    let Some(raw) = raw else {
        diag::sort(&mut diags);
        let report = Report::unreadable(path, &diags, &sources);
        return Checked {
            sources,
            diagnostics: diags,
            map: None,
            places: None,
            report,
        };
    };

    let res = resolve(raw, file_loc, &mut diags);
    graph::check_symmetry(&res, &mut diags);
    graph::check_links(&res, &mut diags);
    let g = graph::build(&res);
    let components = graph::check_connectivity(&res, &g, &mut diags);
    let parsed = match &res.layout {
        ResLayout::Grid { text, removed } => grid::parse(text, removed, &res, &mut diags),
        ResLayout::None => None,
    };
    if let Some(p) = &parsed {
        grid::check(p, &res, &mut diags);
    }
    let dice = playability::check(&res, &mut diags);
    diag::sort(&mut diags);

    let valid = !diags.iter().any(Diagnostic::is_error);
    let report = Report::new(
        path,
        &res,
        components,
        dice,
        parsed.as_ref(),
        &diags,
        &sources,
    );
    let places = Places::new(&res, file_loc);
    let map = valid.then(|| build(res, parsed.map(|p| p.grid)));
    Checked {
        sources,
        diagnostics: diags,
        map,
        places: Some(places),
        report,
    }
}

/// Reads one file and, recursively, the files it extends, merging them.
fn read_chain(
    files: &dyn Files,
    sources: &mut SourceMap,
    diags: &mut Vec<Diagnostic>,
    path: &Path,
    bytes: Vec<u8>,
    stack: &mut Vec<PathBuf>,
) -> Option<RawDoc> {
    let (id, text) = match diag::add_utf8(sources, path, bytes) {
        Ok(t) => t,
        Err(d) => {
            diags.push(d);
            return None;
        }
    };
    let mut ctx = Ctx::new(id, diags);
    let mut child = raw::read(&mut ctx, &text)?;
    child.mistyped = raw::Mistyped(ctx.mistyped);
    let Some(ext) = child.extends.clone() else {
        return Some(extends::merge(RawDoc::default(), child, false, diags));
    };
    let me = normalize(path);
    let parent = normalize(&path.parent().unwrap_or(Path::new("")).join(&ext.value));
    stack.push(me);
    if stack.contains(&parent) {
        let chain: Vec<String> = stack.iter().map(|p| p.display().to_string()).collect();
        diags.push(
            Diagnostic::error(
                "extends-cycle",
                format!(
                    "`extends` makes a cycle: {} -> {}",
                    chain.join(" -> "),
                    parent.display()
                ),
            )
            .with_label(ext.loc, "extends a map that extends this one")
            .with_help("a variant extends a base map; the base must not extend the variant"),
        );
        return None;
    }
    if stack.len() >= MAX_EXTENDS_DEPTH {
        diags.push(
            Diagnostic::error(
                "extends-cycle",
                format!("`extends` chain is longer than {MAX_EXTENDS_DEPTH} files"),
            )
            .with_label(ext.loc, "one extends too many")
            .with_help("extend the base map directly instead of through a long chain"),
        );
        return None;
    }
    let bytes = match files.read(&parent) {
        Ok(b) => b,
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    "extends-not-found",
                    format!(
                        "cannot read {}, the map this file extends: {e}",
                        parent.display()
                    ),
                )
                .with_label(ext.loc, "extended here")
                .with_help("the path is relative to the directory of this file"),
            );
            return None;
        }
    };
    let base = read_chain(files, sources, diags, &parent, bytes, stack)?;
    Some(extends::merge(base, child, true, diags))
}

/// Removes `.` and folds `dir/..` without touching the file system.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_parent_directories() {
        assert_eq!(
            normalize(Path::new("maps/examples/../usa.toml")),
            Path::new("maps/usa.toml")
        );
        assert_eq!(normalize(Path::new("./a/./b.toml")), Path::new("a/b.toml"));
        assert_eq!(normalize(Path::new("../x.toml")), Path::new("../x.toml"));
    }
}
