//! Printable Encore sheets: a board and a print template laid out as a
//! renderer-agnostic [`crate::scene::Document`], with the print checks every
//! family's pads pass.
//!
//! A sheet has a header (the board's name, a line for the player's name,
//! the turn in one line), the board (the column letters, the start column's
//! dark; the grid of boxes, each colour a tint, a white star in star boxes,
//! a heavy line around each block; each column's points, the first
//! player's over everyone else's), a scoring strip (each colour's bonus
//! boxes, the joker "!" boxes, the score block and the solo game's roll
//! tally) and a footer (a legend and the credit line). The colours print
//! stronger than a map's regions ([`crate::print::Template::box_tint`]). In black and white
//! the colours are white, told apart by hatching and by a letter in every
//! box and swatch.
//!
//! The grid's boxes are as large as the sheet allows, up to the template's
//! `max_box_mm`, and at least [`MIN_BOX_MM`] on every template: an Encore
//! box takes a pencil cross, not a number and a code like a Rolling
//! writing box, so the template's `min_box_mm` does not apply
//! ([`crate::print::Part::MIN_BOX_MM`]).

mod draw;
mod frame;
mod grid;
mod layout;
pub(crate) mod rules;
mod score;
pub(crate) mod words;

pub use layout::{About, MIN_BOX_MM, Pad, layout};

use crate::diag::Diagnostic;
use crate::encore::Board;
use crate::print::{Locale, PrintOptions, ShippedFinding, Template, checked};

/// Lays out a pad and runs the print checks: the pad, or every reason it
/// should not be printed.
pub fn print(
    board: &Board,
    template: &Template,
    options: &PrintOptions,
) -> Result<Pad, Vec<Diagnostic>> {
    checked(layout(board, template, options), template, options.mono)
}

/// The print checks of every shipped template on `board`, as warnings
/// (see [`crate::print::shipped_findings`]), for `rollx check`.
pub fn shipped_findings(board: &Board, locale: &Locale) -> Vec<ShippedFinding<About>> {
    crate::print::shipped_findings(|t, mono| layout(board, t, &PrintOptions::one(mono, locale)))
}
