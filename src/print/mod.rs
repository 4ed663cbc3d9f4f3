//! Printing, the part every family shares: print templates (paper,
//! margins, fonts, sheets per page), placing sheets on pages, and the
//! checks a pad must pass before it is printed.
//!
//! A family lays one sheet out as a [`crate::scene::Symbol`] and a [`Pad`]
//! of what the checks need to know (writing boxes, labels, links, colours);
//! `paginate` places it on the pages; [`check`] refuses a pad with
//! anything outside the printable area, writing boxes too small, text that
//! does not fit, things drawn over each other, links that cannot be seen,
//! or colours that cannot be told apart or do not show on paper;
//! [`shipped_findings`] runs the checks on every shipped template, for
//! `rollx check`; [`Drawing`] records what a family draws for the checks,
//! and `mono` holds what black-and-white sheets of every family share
//! (hatching, a letter per colour).

mod calibration;
mod checks;
mod draw;
mod duplex;
pub(crate) mod mono;
mod pad;
mod paging;
mod rules;
mod shipped;
pub mod template;

pub use calibration::{calibration_page, crosses};
pub(crate) use checks::MAX_LEADER_MM;
pub(crate) use checks::locate_glyphs;
pub use checks::{FLOOR_LOWERED, Finding, Finest, check, checked, findings};
pub(crate) use draw::bottom_height;
pub(crate) use draw::bottom_lines;
pub(crate) use draw::drawing_on_canvas;
pub use draw::{Canvas, Credit, Drawing, text};
pub use duplex::{Flip, board_set, both_faces};
pub use pad::{Capacity, LeaderView, LinkView, Locale, Mark, MarkKind, Pad, Part, PrintOptions};
pub(crate) use paging::SOFT;
pub(crate) use paging::paginate;
pub(crate) use paging::sheet_size;
pub use paging::{INK, Imposition};
pub use rules::{rules_page, wrap};
pub use shipped::{ShippedFinding, shipped_findings};
pub use template::{BUILTIN_NAMES, Floor, SHOP, Template, TemplateError};
