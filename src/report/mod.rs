//! What simulation reports share, whatever the game: the statistics of a
//! score (mean, spread, 95 % confidence interval) and the HTML page with
//! its bar charts.

pub(crate) mod html;
pub(crate) mod stats;
