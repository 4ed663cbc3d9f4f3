//! Reading a board file and the files it `extends`, then running every
//! check: structure, the design conventions, solvability.
//!
//! A variant changes only what it writes: tables merge key by key, the
//! variant winning; `rows` replaces the whole grid; `[[colors]]` entries
//! merge by id over the base's colours (the standard five when the base
//! declares none): an entry with a known id changes the fields it sets, a
//! new id adds a colour, and `remove = true` drops one.

use std::path::Path;

use super::checks;
use super::model::Board;
use super::raw::{self, RawBoard, RawColor};
use super::report::Report;
use super::resolve::{Places, resolve};
use super::sheet::{self, About};
use super::solve::Solvability;
use super::standard;
use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::print::Locale;
use crate::source::Files;
use crate::source::chain::{self, Extends};
use crate::source::toml::{Ctx, Sp};

/// Everything `rollx check` learns about a board file.
#[derive(Debug)]
pub struct Checked {
    /// Every file read (the board and what it extends).
    pub sources: SourceMap,
    /// Findings in reading order.
    pub diagnostics: Vec<Diagnostic>,
    /// The board, when there are no errors.
    pub board: Option<Board>,
    /// The fewest turns, when the board could be built.
    pub solvability: Option<Solvability>,
    /// The summary `check` shows (text and JSON).
    pub report: Report,
}

/// Checks a board given as bytes; `files` serves the files it extends.
pub fn check_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    check_bytes_in(files, path, bytes, &Locale::default())
}

/// [`check_bytes`], with the print checks run on sheets in `locale`.
pub fn check_bytes_in(files: &dyn Files, path: &Path, bytes: Vec<u8>, locale: &Locale) -> Checked {
    check(files, path, bytes, Depth::Full(Some(locale)))
}

/// [`check_bytes`], the print checks run on sheets in `locale` when one
/// is given, left out otherwise.
pub fn check_bytes_for(
    files: &dyn Files,
    path: &Path,
    bytes: Vec<u8>,
    locale: Option<&Locale>,
) -> Checked {
    check(files, path, bytes, Depth::Full(locale))
}

/// Reads a board given as bytes as [`check_bytes`] does, with every
/// structural error and design convention, but without its two slow
/// checks: rule solvability (the fewest turns, and `board-unsolvable`) and
/// the print limits of the shipped templates. For programs that read many
/// boards; `rollx check` runs [`check_bytes`].
pub fn read_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    check(files, path, bytes, Depth::Reader)
}

/// How far [`check`] goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Depth<'l> {
    /// The board's structure and conventions.
    Reader,
    /// Everything `rollx check` reports, the print checks on sheets in
    /// this locale when one is given.
    Full(Option<&'l Locale>),
}

fn check(files: &dyn Files, path: &Path, bytes: Vec<u8>, depth: Depth<'_>) -> Checked {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let file = Loc {
        source: diag::SourceId(0),
        start: 0,
        end: 0,
    };
    let chain = chain::read_chain(&BoardFormat, files, &mut sources, &mut diags, path, bytes);
    let Some(chain) = chain else {
        diag::sort(&mut diags);
        let report = Report::new(path, None, None, &diags, &sources);
        return Checked {
            sources,
            diagnostics: diags,
            board: None,
            solvability: None,
            report,
        };
    };
    let merged = merge_chain(chain, &mut diags);
    let resolved = resolve(merged, file, &mut diags);
    let mut solvability = None;
    let mut board = resolved.board;
    if let (Some(b), Some(places)) = (&board, &resolved.places)
        && checks::structure(b, &resolved.conventions, places, &mut diags)
        && let Depth::Full(locale) = depth
    {
        solvability = Some(checks::solvability(b, places, &mut diags));
        if let Some(locale) = locale
            && !diags.iter().any(Diagnostic::is_error)
        {
            let locale = locale.for_file(b.info.lang, &b.info.fonts);
            add_print_findings(b, places, &locale, &sources, &mut diags);
        }
    }
    diag::sort(&mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        board = None;
    }
    let report = Report::new(path, board.as_ref(), solvability.as_ref(), &diags, &sources);
    Checked {
        sources,
        diagnostics: diags,
        board,
        solvability,
        report,
    }
}

/// Adds the print checks of every shipped template as warnings, located
/// at the part of the board they are about, so that a designer learns a
/// sheet's limits while drawing the board.
fn add_print_findings(
    board: &Board,
    places: &Places,
    locale: &Locale,
    sources: &SourceMap,
    diags: &mut Vec<Diagnostic>,
) {
    for f in sheet::shipped_findings(board, locale) {
        let mut d = f.diagnostic;
        crate::print::locate_glyphs(&mut d, sources);
        let about = if d.labels.is_empty() {
            f.about
        } else {
            Vec::new()
        };
        for about in about {
            let (loc, text) = match about {
                About::Box(i) => (places.cells.get(i).copied(), "this box"),
                About::Color(c) => (Some(places.color(c)), "this colour"),
                About::Column(_) | About::Grid => (Some(places.rows), "the grid"),
                About::Board | About::Jokers | About::Score | About::Solo => {
                    (Some(places.rows), "this board")
                }
            };
            if let Some(loc) = loc
                && !d.labels.iter().any(|l| l.loc == loc)
            {
                d = d.with_label(loc, text);
            }
        }
        diags.push(d);
    }
}

/// Board files as `extends` chains read them.
struct BoardFormat;

impl Extends for BoardFormat {
    type Raw = RawBoard;
    const NOUN: &'static str = "board";

    fn read(&self, ctx: &mut Ctx<'_>, text: &str) -> Option<(RawBoard, Option<Sp<String>>)> {
        let raw = raw::read(ctx, text)?;
        let ext = raw.extends.clone();
        Some((raw, ext))
    }
}

/// The files of a chain, base first, merged into one.
fn merge_chain(chain: Vec<RawBoard>, diags: &mut Vec<Diagnostic>) -> RawBoard {
    let mut files = chain.into_iter();
    let first = files.next().unwrap_or_default();
    let base = merge(RawBoard::default(), first, false, diags);
    files.fold(base, |base, child| merge(base, child, true, diags))
}

/// `child` over `parent`; `has_parent` is false for a file that extends
/// nothing.
fn merge(
    parent: RawBoard,
    child: RawBoard,
    has_parent: bool,
    diags: &mut Vec<Diagnostic>,
) -> RawBoard {
    let mut out = parent;
    out.extends = child.extends;
    out.mistyped.extend(child.mistyped);

    macro_rules! over {
        ($table:ident: $($key:ident),*) => {
            $(out.$table.$key = child.$table.$key.or(out.$table.$key.take());)*
        };
    }
    out.info = std::mem::take(&mut out.info).merge(child.info);
    over!(grid: header, rows, start_column);
    over!(points: header, columns_first, columns_later, colors_first, colors_later, star_penalty);
    over!(dice: header, color_dice, number_dice, numbers, jokers, joker_boxes, max_cross);
    over!(solo: header, rolls);
    over!(conventions: header, boxes_per_color, block_sizes, stars_per_column, stars_per_color,
        every_color_in_every_column, largest_block);

    if !has_parent {
        for c in child.colors {
            match c.remove.as_ref().filter(|r| r.value) {
                Some(r) => diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        "`remove = true` only makes sense in a variant, but this file extends no board",
                    )
                    .with_label(r.loc, "nothing to remove")
                    .with_help("add `extends = \"base.toml\"` at the top, or delete this entry"),
                ),
                None => out.colors.push(c),
            }
        }
        return out;
    }
    if child.colors.is_empty() {
        return out;
    }
    if out.colors.is_empty() {
        // The base relies on the standard palette: the variant changes it.
        out.colors = standard::colors()
            .into_iter()
            .map(|c| RawColor {
                header: child.colors[0].header,
                id: Some(Sp::new(c.id, child.colors[0].header)),
                letter: None,
                name: None,
                color: None,
                mono_letter: None,
                remove: None,
            })
            .collect();
    }
    let mut seen: Vec<(String, Loc)> = Vec::new();
    for c in child.colors {
        let Some(id) = c.id.clone() else {
            out.colors.push(c);
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == id.value) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("colour `{}` is listed twice in this variant", id.value),
                )
                .with_label(id.loc, "listed again here")
                .with_label(*first, "first listed here")
                .with_help("merge the two entries into one (a variant's entry changes only the fields it sets)"),
            );
            continue;
        }
        seen.push((id.value.clone(), id.loc));
        let found = out
            .colors
            .iter()
            .position(|k| k.id.as_ref().is_some_and(|k| k.value == id.value));
        if let Some(r) = c.remove.as_ref().filter(|r| r.value) {
            match found {
                Some(i) => {
                    out.colors.remove(i);
                }
                None => diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        format!(
                            "cannot remove colour `{}`: the base board has none",
                            id.value
                        ),
                    )
                    .with_label(r.loc, "not in the base board")
                    .with_help("check the id against the board named by `extends`"),
                ),
            }
            continue;
        }
        match found {
            Some(i) => {
                let k = &mut out.colors[i];
                k.letter = c.letter.or(k.letter.take());
                k.name = c.name.or(k.name.take());
                k.color = c.color.or(k.color.take());
                k.mono_letter = c.mono_letter.or(k.mono_letter.take());
            }
            None => out.colors.push(RawColor { remove: None, ..c }),
        }
    }
    out
}
