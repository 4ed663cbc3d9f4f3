//! Printable sheets: a map and a print template laid out as a
//! renderer-agnostic [`crate::scene::Document`], with the checks a pad must
//! pass before it is printed.
//!
//! A sheet has a header (the map's name, a line for the player's name, the
//! round track), the map (grid maps as merged blocks of cells with a
//! heavier line between regions, region tints, water cells as water, a
//! writing box where each area is widest, links as dashed lines, around
//! the corner where two areas meet only at one; maps without geometry as a
//! node-and-link diagram), and a footer (tick boxes for each power the rules
//! grant and the "Number of X's" box).
//!
//! The print checks ([`crate::print::check`]) refuse a pad with anything outside the
//! printable area, writing boxes too small, text that does not fit,
//! things drawn over each other, links that cannot be seen, or colours
//! that cannot be told apart; [`shipped_findings`] runs them for every
//! shipped template, for `rollx check`.

mod atlas;
pub(crate) mod auto;
mod diagram;
mod draw;
mod grid;
mod grid_map;
mod heat;
mod inset;
mod layout;
mod mono;
pub(crate) mod rules;
pub(crate) mod words;

pub(crate) use draw::id_fits;
pub(crate) use grid::link_crossings;
pub use heat::{heat_map, scale_top};
pub use layout::{About, Pad, layout};

use crate::diag::Diagnostic;
use crate::print::{Locale, PrintOptions, ShippedFinding, Template, checked};
use crate::rolling::map::Map;

/// Lays out a pad and runs the print checks: the pad, or every reason it
/// should not be printed.
pub fn print(
    map: &Map,
    template: &Template,
    options: &PrintOptions,
) -> Result<Pad, Vec<Diagnostic>> {
    checked(layout(map, template, options), template, options.mono)
}

/// The print checks of every shipped template on `map`, as warnings (see
/// [`crate::print::shipped_findings`]); a map without a drawing has its
/// diagram worked out once for all of them.
pub fn shipped_findings(map: &Map, locale: &Locale) -> Vec<ShippedFinding<About>> {
    let mut diagrams = auto::Cache::default();
    let locale = locale.for_file(map.info.lang, &map.info.fonts);
    crate::print::shipped_findings(|t, mono| {
        layout::layout_with(map, t, &PrintOptions::one(mono, &locale), &mut diagrams)
    })
}
