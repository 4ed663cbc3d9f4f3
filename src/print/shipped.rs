//! The print checks of every shipped template, run on a map before anyone
//! prints it: `rollx check` reports what they find as warnings, so that a
//! designer learns a sheet's limits (the largest grid, the most power
//! boxes, colours that print alike) while drawing the map.

use super::checks::{Finding, findings};
use super::pad::{Pad, Part};
use super::template::{self, BUILTIN, Template};
use crate::diag::Diagnostic;

/// A print problem of a map or board on one or more of the shipped
/// templates.
#[derive(Clone, Debug, PartialEq)]
pub struct ShippedFinding<A> {
    /// The problem as a warning, its message saying which templates it
    /// concerns.
    pub diagnostic: Diagnostic,
    /// The parts of the map or board it is about.
    pub about: Vec<A>,
}

/// `letter`, `a4 --mono`, ...: where a problem shows, in the order of
/// [`BUILTIN`].
fn describe(places: &[(&str, bool)]) -> String {
    let modes = |name: &str| {
        (
            places.contains(&(name, false)),
            places.contains(&(name, true)),
        )
    };
    let all: Vec<(bool, bool)> = BUILTIN.iter().map(|(n, _)| modes(n)).collect();
    if all.iter().all(|&m| m == (true, true)) {
        return "every shipped template".into();
    }
    if all.iter().all(|&m| m == (true, false)) {
        return "every shipped template in colour".into();
    }
    if all.iter().all(|&m| m == (false, true)) {
        return "every shipped template with --mono".into();
    }
    let names: Vec<String> = BUILTIN
        .iter()
        .filter_map(|(n, _)| match modes(n) {
            (true, true) => Some(n.to_string()),
            (true, false) => Some(format!("{n} in colour")),
            (false, true) => Some(format!("{n} --mono")),
            (false, false) => None,
        })
        .collect();
    match names.as_slice() {
        [one] => format!("the {one} template"),
        [rest @ .., last] => format!("the {} and {last} templates", rest.join(", ")),
        [] => String::new(),
    }
}

/// Lays a map or board out on every shipped template, in colour and in
/// black and white (`layout(template, mono)` lays out one sheet), and runs
/// the print checks: each problem once, as a warning that names the
/// templates it shows on.
pub fn shipped_findings<A: Part>(
    mut layout: impl FnMut(&Template, bool) -> Pad<A>,
) -> Vec<ShippedFinding<A>> {
    // Each finding, and where it shows: (template, mono).
    type Shows<'t> = Vec<(&'t str, bool)>;
    let mut found: Vec<(Finding<A>, Shows)> = Vec::new();
    for (name, _) in BUILTIN {
        let t = template::load(name).expect("the shipped templates load");
        for mono in [false, true] {
            let pad = layout(&t, mono);
            // That a template prints below the shops' floor is about the
            // template, said when a sheet is printed on it.
            for f in findings(&pad, &t, mono)
                .into_iter()
                .filter(|f| f.diagnostic.code != super::checks::FLOOR_LOWERED)
            {
                match found.iter_mut().find(|(g, _)| {
                    g.diagnostic.code == f.diagnostic.code
                        && g.diagnostic.message == f.diagnostic.message
                }) {
                    Some((_, places)) => places.push((name, mono)),
                    None => found.push((f, vec![(name, mono)])),
                }
            }
        }
    }
    found
        .into_iter()
        .map(|(f, places)| {
            let d = f.diagnostic;
            // A character no font draws is an error wherever it prints.
            let message = format!("printing on {}: {}", describe(&places), d.message);
            let mut warning = if d.code == "print-glyph-missing" {
                Diagnostic::error(d.code, message)
            } else {
                Diagnostic::warning(d.code, message)
            };
            warning.help = d.help;
            ShippedFinding {
                diagnostic: warning,
                about: f.about,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_named_shortly() {
        let every: Vec<(&str, bool)> = BUILTIN
            .iter()
            .flat_map(|(n, _)| [(*n, false), (*n, true)])
            .collect();
        assert_eq!(describe(&every), "every shipped template");
        assert_eq!(
            describe(&[("letter", false), ("a4", false), ("a4-2up", false)]),
            "every shipped template in colour"
        );
        assert_eq!(
            describe(&[("a4-2up", true), ("a4-2up", false)]),
            "the a4-2up template"
        );
        assert_eq!(
            describe(&[("a4-2up", true), ("letter", false), ("letter", true)]),
            "the letter and a4-2up --mono templates"
        );
    }
}
