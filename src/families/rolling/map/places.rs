//! Where the parts of a map are written in its files, so that findings
//! made on the built map (the print checks that `rollx check` runs) can
//! point at the lines they are about.

use super::model::AreaId;
use super::resolve::{ResLayout, Resolved};
use crate::diag::Loc;

/// Where the parts of a map are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    /// The start of the map's file.
    pub file: Loc,
    /// `[map] name`, if written.
    pub name: Option<Loc>,
    /// The `[rules]` header (or the start of the file).
    pub rules: Loc,
    /// `[rules] faces`, if written.
    pub faces: Option<Loc>,
    /// `[rules] rounds`, if written.
    pub rounds: Option<Loc>,
    /// The first of `[rules.powers]`, if any is written.
    pub powers: Option<Loc>,
    /// Each region's `color` (or its `id`), by region index.
    pub regions: Vec<Loc>,
    /// Each area's `id`, by area index.
    pub areas: Vec<Loc>,
    /// Each link's `between`, by its two areas (smaller index first).
    pub links: Vec<(AreaId, AreaId, Loc)>,
    /// The start of `[layout] grid`'s value (its opening quotes), if the
    /// map has a grid.
    pub grid: Option<Loc>,
}

impl Places {
    /// The places of a resolved map whose file starts at `file`.
    pub(crate) fn new(res: &Resolved, file: Loc) -> Self {
        Self {
            file,
            name: res.name_loc,
            rules: res.rules_loc,
            faces: res.faces_loc,
            rounds: res.rounds_loc,
            powers: res.powers_loc,
            regions: res
                .regions
                .iter()
                .map(|r| r.color_loc.unwrap_or(r.loc))
                .collect(),
            areas: res.areas.iter().map(|a| a.loc).collect(),
            links: res.links.iter().map(|l| (l.a, l.b, l.loc)).collect(),
            grid: match &res.layout {
                ResLayout::Grid { text, .. } => {
                    let l = text.text.loc;
                    let quotes = if l.end - l.start >= 6 { 3 } else { 1 };
                    Some(Loc::new(
                        l.source,
                        l.start as usize..(l.start + quotes.min(l.end - l.start)) as usize,
                    ))
                }
                ResLayout::None | ResLayout::Atlas { .. } => None,
            },
        }
    }

    /// Where the link between `a` and `b` is declared.
    pub fn link(&self, a: AreaId, b: AreaId) -> Option<Loc> {
        let (a, b) = (a.min(b), a.max(b));
        self.links
            .iter()
            .find(|&&(x, y, _)| (x, y) == (a, b))
            .map(|&(_, _, loc)| loc)
    }
}
