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
//! The print checks ([`check`]) refuse a pad with anything outside the
//! printable area, writing boxes too small, text that does not fit,
//! things drawn over each other, links that cannot be seen, or colours
//! that cannot be told apart; [`shipped_findings`] runs them for every
//! shipped template, for `rollx check`.

mod auto;
mod checks;
mod diagram;
mod draw;
mod grid;
mod grid_map;
mod heat;
mod layout;
mod mono;
mod shipped;
pub mod template;

pub use checks::{
    Finding, MIN_COLOR_DISTANCE, MIN_LINK_MM, MIN_PAPER_DISTANCE, check, delta_e, findings,
};
pub use heat::{heat_color, heat_map};
pub use layout::{About, Capacity, LinkView, Mark, MarkKind, Pad, PrintOptions, layout};
pub use shipped::{ShippedFinding, shipped_findings};
pub use template::{Template, TemplateError};

use crate::diag::Diagnostic;
use crate::map::Map;

/// Lays out a pad and runs the print checks: the pad, or every reason it
/// should not be printed.
pub fn print(
    map: &Map,
    template: &Template,
    options: &PrintOptions,
) -> Result<Pad, Vec<Diagnostic>> {
    let pad = layout(map, template, options);
    let problems = check(&pad, template, options.mono);
    if problems.is_empty() {
        Ok(pad)
    } else {
        Err(problems)
    }
}
