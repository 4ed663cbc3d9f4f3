//! The rules page of a board: its rules in sentences of the catalogue,
//! made from the board and the engine's game on it (the dice a solo
//! player rolls as the engine rolls them).

use super::words;
use crate::encore::Board;
use crate::lang::Lang;

/// The rules of `board`, a paragraph each, in `lang`.
pub fn lines(board: &Board, lang: Lang) -> Vec<String> {
    let d = &board.dice;
    let faces: Vec<String> = d.numbers.iter().map(ToString::to_string).collect();
    let mut out = vec![lang.fill(
        words::RULES_DICE,
        &[
            ("colours", &d.color_dice),
            ("numbers", &d.number_dice),
            ("faces", &faces.join(", ")),
        ],
    )];
    if d.jokers {
        out.push(lang.fill(words::RULES_JOKERS, &[("boxes", &board.jokers)]));
    }
    out.push(lang.word(words::RULES_CHOOSE).to_string());
    out.push(lang.fill(
        words::RULES_CROSS,
        &[
            ("most", &d.max_cross),
            ("column", &Board::column_name(board.start_column)),
        ],
    ));
    out.push(lang.fill(words::RULES_SCORE, &[("stars", &board.star_penalty)]));
    out.push(lang.word(words::RULES_END).to_string());
    if board.solo_rolls > 0 {
        // The solo player's dice as the engine rolls them.
        let (colours, _) = crate::encore::Game::new(board.clone())
            .map_or((d.color_dice, d.number_dice), |g| g.dice_rolled(1));
        out.push(lang.fill(
            words::RULES_SOLO,
            &[("rolls", &board.solo_rolls), ("dice", &colours)],
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page says what the engine does: the board's dice, the most a
    /// turn crosses, the start column, the penalty and the solo dice.
    #[test]
    fn the_rules_page_says_what_the_engine_plays() {
        let board: Board = crate::families::shipped("encore-black.toml");
        let text = lines(&board, Lang::ENGLISH).join("\n");
        let d = &board.dice;
        assert!(
            text.contains(&format!(
                "{} colour dice and {} number dice",
                d.color_dice, d.number_dice
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!("(at most {})", d.max_cross)),
            "{text}"
        );
        assert!(text.contains(&format!(
            "column {}",
            Board::column_name(board.start_column)
        )));
        assert!(text.contains(&format!("\u{2212}{} points", board.star_penalty)));
        let (c, n) = crate::encore::Game::new(board.clone())
            .unwrap()
            .dice_rolled(1);
        assert_eq!(c, n);
        assert!(
            text.contains(&format!(
                "{} rolls of {c} colour and {c} number dice",
                board.solo_rolls
            )),
            "{text}"
        );
    }
}
