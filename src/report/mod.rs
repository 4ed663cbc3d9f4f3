//! What simulation reports share, whatever the game: the report as data
//! and its writers (text, Markdown, HTML), the statistics of a score
//! (mean, spread, 95 % confidence interval) and the HTML page with its
//! bar charts.

pub mod doc;
pub(crate) mod html;
pub(crate) mod stats;
