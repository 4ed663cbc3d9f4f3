//! The terminal's width, which text is fitted to.

/// The width assumed when it is not known: output that is not a terminal.
pub const DEFAULT_WIDTH: usize = 80;

/// The width to fit text to: `COLUMNS` when set to a number, else the width
/// of the terminal standard output is written to, else
/// [`DEFAULT_WIDTH`].
pub fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
        .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .filter(|&c| c > 0)
        .unwrap_or(DEFAULT_WIDTH)
}
