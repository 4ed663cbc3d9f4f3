//! The rules page of a board: its rules in sentences of the catalogue,
//! made from the engine's dice and the board's goal.

use crate::diceland::Board;
use crate::diceland::words;
use crate::lang::Lang;

/// The rules of `board`, a paragraph each, in `lang`.
pub fn lines(board: &Board, lang: Lang) -> Vec<String> {
    let goal = board.goal;
    let stars = lang.count(words::WIN_STARS, usize::from(goal.stars), &[]);
    let colours = lang.count(words::WIN_COLOURS, usize::from(goal.colors), &[]);
    vec![
        lang.fill(words::RULES_ROLL, &[("dice", &super::DICE)]),
        lang.word(words::RULES_CROSS).to_string(),
        lang.fill(words::RULES_STARS, &[("bonus", &super::BONUS_DICE)]),
        lang.fill(
            words::RULES_GOAL,
            &[("stars", &stars), ("colours", &colours)],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page says what the engine does: its dice, its bonus dice and
    /// the board's goal.
    #[test]
    fn the_rules_page_says_what_the_engine_plays() {
        let board: Board = crate::families::shipped("diceland-1.toml");
        let text = lines(&board, Lang::ENGLISH).join("\n");
        assert!(
            text.contains(&format!("rolls {} dice", super::super::DICE)),
            "{text}"
        );
        assert!(
            text.contains(&format!("roll {} dice", super::super::BONUS_DICE)),
            "{text}"
        );
        assert!(
            text.contains(&format!("{} stars", board.goal.stars)),
            "{text}"
        );
    }
}
