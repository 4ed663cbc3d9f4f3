//! The header (the board's name, a line for the player's name, the turn
//! in one line) and the footer (the legend and the credit line) of an
//! Encore sheet.

use super::draw::Sheet;
use super::layout::About;
use super::words;
use crate::encore::Board;
use crate::print::Drawing;
use crate::print::text;
use crate::scene::{Anchor, Point, Weight};

impl Sheet<'_> {
    /// The start column's letter.
    fn start_name(&self) -> String {
        Board::column_name(self.board.start_column)
    }

    /// Row 1: the board's name, and a line for the player's name. Row 2:
    /// a turn in one line. Returns the height.
    pub(super) fn header(&mut self) -> f32 {
        let f = self.t.fonts;
        let name = self.board.info.title(self.canvas.lang);
        let title_y = self.title_line(self.t, self.w, name);

        // The turn, under the name.
        let y = title_y + f.text * 2.0;
        let mut turn = text(
            Point::new(0.0, y),
            self.canvas
                .lang
                .fill(words::TURN, &[("column", &self.start_name())]),
            f.text,
            Weight::Regular,
            Anchor::Start,
        );
        turn.max_width = Some(self.w);
        self.label(turn, None);
        y + f.text * crate::scene::font::vertical_metrics(Weight::Regular).1
    }

    /// The bottom lines: the legend, left, and the credit line, right.
    /// Returns the height.
    pub(super) fn footer(&mut self) -> f32 {
        let f = self.t.fonts;
        let base = self.h - f.small * 0.35;
        let lang = self.canvas.lang;
        let mut legend = vec![lang.fill(words::START, &[("column", &self.start_name())])];
        let board = self.board;
        if board.star_penalty > 0 && board.cells.iter().any(|c| c.star) {
            legend.push(lang.fill(words::STAR_PENALTY, &[("points", &board.star_penalty)]));
        }
        if board.jokers > 0 {
            legend.push(lang.word(words::JOKERS_RULE).into());
        }
        if self.mono {
            let key: Vec<String> = board
                .colors
                .iter()
                .zip(&self.letters)
                .map(|(c, l)| {
                    // The file's name in the language, else the catalogue's
                    // colour word for a colour named by its id, else the
                    // file's own name.
                    let name = match board.info.names.get(lang, "colors", &c.id) {
                        Some(name) => name.to_string(),
                        None => match lang.colour(&c.id) {
                            Some(word) if c.name.eq_ignore_ascii_case(&c.id) => {
                                crate::lang::capitalised(word)
                            }
                            _ => c.name.clone(),
                        },
                    };
                    format!("{l} {name}")
                })
                .collect();
            legend.push(lang.fill(crate::lang::sheet::COLOURS, &[("list", &key.join(", "))]));
        }
        self.canvas.about = About::Board;
        let credit = board.info.credit();
        let lines = crate::print::bottom_lines(self.t, self.w, &credit, &legend, &self.canvas);
        self.bottom_line(self.t, self.w, base, &credit, &lines);
        crate::print::bottom_height(self.t, &lines)
    }
}
