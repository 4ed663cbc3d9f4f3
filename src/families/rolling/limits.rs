//! The limits a map meets only when it is printed or learned: `rollx
//! check` reports them as located warnings, so that a designer learns a
//! sheet's limits while drawing the map.

use crate::diag::render::JsonDiagnostic;
use crate::diag::{self, Diagnostic, Loc, Severity};
use crate::rolling::map::{Checked, Places};
use crate::rolling::play::tuples::MAX_FACES;
use crate::rolling::sheet::{self, About};

/// Where `about` is written in the map's files, and what to call it.
fn locate(places: &Places, about: About) -> (Option<Loc>, &'static str) {
    match about {
        About::Map => (places.name.or(Some(places.file)), "this map"),
        About::Grid => (places.grid, "the grid"),
        About::Area(a) => (places.areas.get(a.index()).copied(), "this area"),
        About::Region(r) => (places.regions.get(r.index()).copied(), "this region"),
        About::Link(a, b) => (places.link(a, b), "this link"),
        About::Rounds => (places.rounds.or(Some(places.rules)), "the rounds"),
        About::Powers => (places.powers.or(Some(places.rules)), "the powers"),
    }
}

/// Adds the warnings about limits that only printing and training would
/// otherwise meet: the print checks of every shipped template, and dice
/// with more faces than the tuples player (`rollx train`) supports.
pub fn add_limits(checked: &mut Checked, locale: &crate::print::Locale) {
    let (Some(map), Some(places)) = (&checked.map, &checked.places) else {
        return;
    };
    let mut found: Vec<Diagnostic> = Vec::new();
    for f in sheet::shipped_findings(map, locale) {
        let mut d = f.diagnostic;
        crate::print::locate_glyphs(&mut d, &checked.sources);
        let about = if d.labels.is_empty() {
            f.about
        } else {
            Vec::new()
        };
        for about in about {
            if let (Some(loc), text) = locate(places, about)
                && !d.labels.iter().any(|l| l.loc == loc)
            {
                d = d.with_label(loc, text);
            }
        }
        found.push(d);
    }
    let faces = map.rules.faces.len();
    if faces > MAX_FACES {
        found.push(
            Diagnostic::warning(
                "too-many-faces",
                format!(
                    "the dice have {faces} faces, but `rollx train` and the tuples and expert players support at most {MAX_FACES}"
                ),
            )
            .with_label(places.faces.unwrap_or(places.rules), "these faces")
            .with_help(format!(
                "the map can be played, refereed and printed; to train values for it, give the dice at most {MAX_FACES} faces"
            )),
        );
    }
    if found.is_empty() {
        return;
    }
    checked.diagnostics.extend(found);
    diag::sort(&mut checked.diagnostics);
    checked.report.warnings =
        JsonDiagnostic::all(&checked.diagnostics, &checked.sources, Severity::Warning);
    if checked.errors() > 0 {
        // A character no font draws: the map cannot be printed.
        checked.map = None;
        checked.report.valid = false;
        checked.report.errors =
            JsonDiagnostic::all(&checked.diagnostics, &checked.sources, Severity::Error);
    }
}
