//! Reading a map file and the files it `extends`, then running every check.

use std::io;
use std::path::{Path, PathBuf};

use super::build::build;
use super::model::Layout;
use super::raw::{self, RawDoc};
use super::report::{LayoutReport, Report};
use super::resolve::{ResLayout, resolve};
use super::{Map, Places, atlas, extends, graph, grid, playability};
use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::source::chain::{self, Extends};
use crate::source::toml::{Ctx, Sp};
use crate::source::{DiskFiles, Files};

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
    #[error("{} is not a valid map ({})", .0.report.file, crate::text::count(.0.errors(), "error"))]
    Invalid(Box<Checked>),
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
    check_bytes_as(files, path, bytes, false).0
}

/// Checks a map given as bytes without its drawing: the `[layout]` of the
/// file and of every file it extends is left out, so that a variant that
/// adds areas to an inherited grid can be drawn (`rollx draw`). Also
/// returns the grid text the layout had, if any (where the areas were).
pub fn check_bytes_undrawn(
    files: &dyn Files,
    path: &Path,
    bytes: Vec<u8>,
) -> (Checked, Option<String>) {
    check_bytes_as(files, path, bytes, true)
}

fn check_bytes_as(
    files: &dyn Files,
    path: &Path,
    bytes: Vec<u8>,
    undrawn: bool,
) -> (Checked, Option<String>) {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let mut raw = read_chain(files, &mut sources, &mut diags, path, bytes);
    let mut old_grid = None;
    if undrawn && let Some(raw) = &mut raw {
        let layout = std::mem::take(&mut raw.layout);
        old_grid = layout.grid.map(|g| g.text.value);
    }
    (check_raw(files, path, raw, sources, diags), old_grid)
}

/// Resolves and checks a map read (and merged) into `raw`.
fn check_raw(
    files: &dyn Files,
    path: &Path,
    raw: Option<RawDoc>,
    sources: SourceMap,
    mut diags: Vec<Diagnostic>,
) -> Checked {
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
    let mut atlas = None;
    let parsed = match &res.layout {
        ResLayout::Grid { text, removed } => grid::parse(text, removed, &res, &mut diags),
        ResLayout::Atlas {
            geojson,
            read,
            min_border,
            inset,
        } => {
            atlas = atlas::read_atlas(
                files,
                &sources,
                geojson,
                read,
                inset.as_ref(),
                &res,
                &mut diags,
            );
            if let Some(a) = &atlas {
                atlas::check(a, geojson.loc, *min_border, &res, &mut diags);
            }
            None
        }
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
        LayoutReport::of(parsed.as_ref().map(|p| &p.grid), atlas.as_ref()),
        &diags,
        &sources,
    );
    let places = Places::new(&res, file_loc);
    let layout = match (parsed, atlas) {
        (Some(p), _) => Layout::Grid(p.grid),
        (None, Some(a)) => Layout::Atlas(a),
        (None, None) => Layout::None,
    };
    let map = valid.then(|| build(res, layout));
    Checked {
        sources,
        diagnostics: diags,
        map,
        places: Some(places),
        report,
    }
}

/// Map files as `extends` chains read them.
struct MapFormat;

impl Extends for MapFormat {
    type Raw = RawDoc;
    const NOUN: &'static str = "map";

    fn read(&self, ctx: &mut Ctx<'_>, text: &str) -> Option<(RawDoc, Option<Sp<String>>)> {
        let mut raw = raw::read(ctx, text)?;
        raw.mistyped = raw::Mistyped(std::mem::take(&mut ctx.mistyped));
        let ext = raw.extends.clone();
        Some((raw, ext))
    }
}

/// Reads one file and the files it extends, merged.
fn read_chain(
    files: &dyn Files,
    sources: &mut SourceMap,
    diags: &mut Vec<Diagnostic>,
    path: &Path,
    bytes: Vec<u8>,
) -> Option<RawDoc> {
    let chain = chain::read_chain(&MapFormat, files, sources, diags, path, bytes)?;
    let mut docs = chain.into_iter();
    let first = docs.next()?;
    let base = extends::merge(RawDoc::default(), first, false, diags);
    Some(docs.fold(base, |base, child| extends::merge(base, child, true, diags)))
}
