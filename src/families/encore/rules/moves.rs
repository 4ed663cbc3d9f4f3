//! A player's choice in a turn, the rules it must obey, each written once
//! as a function, and [`Game::check`], which lists every rule a choice
//! breaks. The move generator lists exactly the moves `check` accepts (a
//! property test proves it), and the referee runs `check` on moves read
//! from a log.

use serde::{Deserialize, Serialize};

use super::boxes::Boxes;
use super::dice::{ColorFace, NumberFace, Roll, has_bit};
use super::game::{Game, StartColumn};
use super::table::{Sheet, Table};
use crate::encore::ColorId;

/// What one player does in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Takes no dice and crosses nothing.
    Pass,
    /// Takes a colour die and a number die and crosses boxes.
    Cross(Cross),
}

/// A colour die and a number die taken, and the boxes crossed with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cross {
    /// The colour die taken, by what it shows.
    pub color_die: ColorFace,
    /// The number die taken, by what it shows.
    pub number_die: NumberFace,
    /// The colour crossed: the die's, or the one its joker stands for.
    pub color: ColorId,
    /// The number crossed: the die's, or the one its "?" stands for.
    pub number: u8,
    /// The boxes crossed.
    pub boxes: Boxes,
}

impl Cross {
    /// The joker dice taken: each crosses one "!" box.
    #[inline]
    pub fn jokers(&self) -> u8 {
        u8::from(self.color_die.is_joker()) + u8::from(self.number_die.is_joker())
    }
}

impl Move {
    /// The joker dice the move takes.
    pub fn jokers(&self) -> u8 {
        match self {
            Move::Pass => 0,
            Move::Cross(c) => c.jokers(),
        }
    }
}

/// Which of a move's two dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DieKind {
    /// The colour die.
    Color,
    /// The number die.
    Number,
}

impl DieKind {
    /// The die in words ("colour die").
    fn words(self) -> &'static str {
        match self {
            DieKind::Color => "colour die",
            DieKind::Number => "number die",
        }
    }

    /// What its face shows ("colour").
    fn face(self) -> &'static str {
        match self {
            DieKind::Color => "colour",
            DieKind::Number => "number",
        }
    }
}

/// One rule a move breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Broken {
    /// The player has no decision to make now (not their turn to choose,
    /// or they chose already).
    NotYourChoice,
    /// No die of the roll shows the face taken.
    DieNotRolled {
        /// The colour die or the number die.
        die: DieKind,
    },
    /// The active player took the only die showing that face.
    DieTaken {
        /// The colour die or the number die.
        die: DieKind,
    },
    /// The colour named is not the colour die's (or not a colour of the
    /// board).
    ColorNotOnDie,
    /// The number named is not the number die's (a "?" stands only for a
    /// number of the dice).
    NumberNotOnDie {
        /// The number named.
        number: u8,
    },
    /// A joker die taken with no "!" box left to cross for it.
    NoJokerLeft {
        /// Joker dice taken.
        jokers: u8,
        /// "!" boxes left.
        left: u8,
    },
    /// More boxes than a turn may cross.
    TooMany {
        /// The number.
        number: u8,
        /// The most a turn crosses.
        max: u8,
    },
    /// Not exactly as many boxes as the number.
    WrongCount {
        /// The number.
        number: u8,
        /// Boxes crossed.
        crossed: u32,
    },
    /// Boxes beyond the board.
    NotOnBoard {
        /// Every such box.
        at: Boxes,
    },
    /// Boxes of another colour than the one named.
    WrongColor {
        /// Every such box.
        at: Boxes,
    },
    /// Boxes crossed before.
    AlreadyCrossed {
        /// Every such box.
        at: Boxes,
    },
    /// The boxes lie in two or more blocks of the colour: a number is never
    /// split across blocks.
    BlocksSplit,
    /// The boxes are not orthogonally connected to each other.
    NotConnected,
    /// No box is in the start column or next to a box crossed before.
    NotAnchored,
}

impl Broken {
    /// The rule's name, as the referee reports it (`not-connected`).
    pub fn code(&self) -> &'static str {
        match self {
            Broken::NotYourChoice => "not-your-choice",
            Broken::DieNotRolled { .. } => "die-not-rolled",
            Broken::DieTaken { .. } => "die-taken",
            Broken::ColorNotOnDie => "color-not-on-die",
            Broken::NumberNotOnDie { .. } => "number-not-on-die",
            Broken::NoJokerLeft { .. } => "no-joker-left",
            Broken::TooMany { .. } => "too-many",
            Broken::WrongCount { .. } => "wrong-count",
            Broken::NotOnBoard { .. } => "not-on-board",
            Broken::WrongColor { .. } => "wrong-color",
            Broken::AlreadyCrossed { .. } => "already-crossed",
            Broken::BlocksSplit => "blocks-split",
            Broken::NotConnected => "not-connected",
            Broken::NotAnchored => "not-anchored",
        }
    }

    /// What is wrong, in a sentence for a player.
    pub fn describe(&self, game: &Game) -> String {
        // Every box named: "G6 is", "G6 and H6 are", "G6, H6 and I7 are".
        let named = |at: Boxes| {
            let names: Vec<String> = at.iter().map(|i| game.box_name(i)).collect();
            let one = names.len() == 1;
            (
                crate::text::and_list(&names),
                if one { "is" } else { "are" },
                one,
            )
        };
        match *self {
            Broken::NotYourChoice => "the player has no choice to make now".into(),
            Broken::DieNotRolled { die } => {
                format!("no {} of the roll shows that {}", die.words(), die.face())
            }
            Broken::DieTaken { die } => {
                format!("the active player took that {}", die.words())
            }
            Broken::ColorNotOnDie => "the colour crossed is not the colour die's".into(),
            Broken::NumberNotOnDie { number } => {
                format!(
                    "{number} is not the number die's (a \"?\" stands for a number of the dice)"
                )
            }
            Broken::NoJokerLeft { jokers, left } => {
                format!("{jokers} joker dice taken with {left} \"!\" boxes left")
            }
            Broken::TooMany { number, max } => {
                format!("{number} boxes: a turn crosses at most {max}")
            }
            Broken::WrongCount { number, crossed } => {
                format!(
                    "{} crossed for a {number}",
                    crate::text::plural(crossed, "box", "boxes")
                )
            }
            Broken::NotOnBoard { at } => {
                let list: Vec<String> = at.iter().map(|i| i.to_string()).collect();
                match list.as_slice() {
                    [one] => format!("box {one} is not on the board"),
                    _ => format!("boxes {} are not on the board", list.join(", ")),
                }
            }
            Broken::WrongColor { at } => {
                let (list, is, _) = named(at);
                format!("{list} {is} not of the colour crossed")
            }
            Broken::AlreadyCrossed { at } => {
                let (list, _, one) = named(at);
                format!("{list} {} crossed before", if one { "was" } else { "were" })
            }
            Broken::BlocksSplit => "the boxes lie in more than one block".into(),
            Broken::NotConnected => "the boxes are not connected to each other".into(),
            Broken::NotAnchored => {
                "no box is in the start column or next to a box crossed before".into()
            }
        }
    }
}

/// Rule: a die taken is one of the dice the player chooses from (`left`);
/// a die that was rolled (`rolled`) but is not left was taken by the
/// active player.
fn die_left(die: DieKind, left: bool, rolled: bool) -> Result<(), Broken> {
    match (left, rolled) {
        (true, _) => Ok(()),
        (false, true) => Err(Broken::DieTaken { die }),
        (false, false) => Err(Broken::DieNotRolled { die }),
    }
}

impl Game {
    /// Every rule `mv` of `player` breaks now, in the order of
    /// docs/encore-rules.md; empty when the move is legal.
    pub fn check(&self, table: &Table, player: usize, mv: &Move) -> Vec<Broken> {
        let mut out = Vec::new();
        if let Err(b) = self.choice_allowed(table, player) {
            out.push(b);
            return out;
        }
        let Move::Cross(c) = mv else {
            return out;
        };
        let dice = self.dice_for(table, player);
        let sheet = table.sheet(player);
        out.extend(self.color_die_allowed(table, &dice, c).err());
        out.extend(self.number_die_allowed(table, &dice, c).err());
        out.extend(self.jokers_allowed(sheet, c.jokers()).err());
        out.extend(self.number_allowed(c.number).err());
        out.extend(self.count_allowed(c.number, &c.boxes).err());
        out.extend(self.boxes_on_board(&c.boxes).err());
        out.extend(self.color_allowed(c.color, &c.boxes).err());
        out.extend(self.boxes_free(sheet, &c.boxes).err());
        out.extend(self.boxes_connected(c.color, &c.boxes).err());
        out.extend(self.piece_anchored(sheet, &c.boxes).err());
        out
    }

    /// Whether `mv` is legal for `player` now.
    pub fn is_legal(&self, table: &Table, player: usize, mv: &Move) -> bool {
        self.check(table, player, mv).is_empty()
    }

    /// Rule: a player chooses only when the turn asks them to (the active
    /// player first, then the others; everyone at once in the open rolls).
    pub fn choice_allowed(&self, table: &Table, player: usize) -> Result<(), Broken> {
        if table.is_waiting(player) {
            Ok(())
        } else {
            Err(Broken::NotYourChoice)
        }
    }

    /// Rule: the colour die is one of the dice the player chooses from
    /// (`dice`, see [`Game::dice_for`]), and the colour crossed is its
    /// colour, or any colour of the board for the joker.
    pub fn color_die_allowed(&self, table: &Table, dice: &Roll, c: &Cross) -> Result<(), Broken> {
        die_left(
            DieKind::Color,
            dice.has_color(c.color_die),
            table.roll().has_color(c.color_die),
        )?;
        if !has_bit(self.colors_of(c.color_die), c.color.0) {
            return Err(Broken::ColorNotOnDie);
        }
        Ok(())
    }

    /// Rule: the number die is one of the dice the player chooses from,
    /// and the number crossed is its number, or any number of the dice for
    /// the "?".
    pub fn number_die_allowed(&self, table: &Table, dice: &Roll, c: &Cross) -> Result<(), Broken> {
        die_left(
            DieKind::Number,
            dice.has_number(c.number_die),
            table.roll().has_number(c.number_die),
        )?;
        if !has_bit(self.numbers_of(c.number_die), c.number) {
            return Err(Broken::NumberNotOnDie { number: c.number });
        }
        Ok(())
    }

    /// The colours a colour die showing `face` may cross, as a mask: its
    /// own, or every colour of the board for the joker.
    #[inline]
    pub fn colors_of(&self, face: ColorFace) -> u16 {
        match face {
            ColorFace::Color(c) if c.index() < self.board().colors.len() => face.bit(),
            ColorFace::Color(_) => 0,
            ColorFace::Joker => ((1u32 << self.board().colors.len()) - 1) as u16,
        }
    }

    /// The numbers a number die showing `face` may cross, as a mask: its
    /// own, or every number of the dice for the "?".
    #[inline]
    pub fn numbers_of(&self, face: NumberFace) -> u16 {
        match face {
            NumberFace::Number(_) => face.bit(),
            NumberFace::Joker => self.numbers_mask(),
        }
    }

    /// Rule: each joker die taken crosses one "!" box; a player with none
    /// left takes no joker.
    pub fn jokers_allowed(&self, sheet: &Sheet, jokers: u8) -> Result<(), Broken> {
        let left = self.jokers_left(sheet);
        if jokers > left {
            Err(Broken::NoJokerLeft { jokers, left })
        } else {
            Ok(())
        }
    }

    /// Rule: a turn never crosses more than the board's most (5: a "?" is
    /// never a 6).
    pub fn number_allowed(&self, number: u8) -> Result<(), Broken> {
        let max = self.board().dice.max_cross;
        if number > max {
            Err(Broken::TooMany { number, max })
        } else {
            Ok(())
        }
    }

    /// Rule: exactly as many boxes as the number are crossed.
    pub fn count_allowed(&self, number: u8, boxes: &Boxes) -> Result<(), Broken> {
        let crossed = boxes.len();
        if crossed == u32::from(number) {
            Ok(())
        } else {
            Err(Broken::WrongCount { number, crossed })
        }
    }

    /// Rule: the boxes are on the board.
    pub fn boxes_on_board(&self, boxes: &Boxes) -> Result<(), Broken> {
        let off = *boxes - self.all_boxes();
        if off.is_empty() {
            Ok(())
        } else {
            Err(Broken::NotOnBoard { at: off })
        }
    }

    /// Rule: every box is of the colour crossed.
    pub fn color_allowed(&self, color: ColorId, boxes: &Boxes) -> Result<(), Broken> {
        let own = if color.index() < self.board().colors.len() {
            self.color_boxes(color)
        } else {
            Boxes::EMPTY
        };
        let wrong = (*boxes & self.all_boxes()) - own;
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(Broken::WrongColor { at: wrong })
        }
    }

    /// Rule: no box was crossed before.
    pub fn boxes_free(&self, sheet: &Sheet, boxes: &Boxes) -> Result<(), Broken> {
        let again = *boxes & sheet.crossed();
        if again.is_empty() {
            Ok(())
        } else {
            Err(Broken::AlreadyCrossed { at: again })
        }
    }

    /// Rule: the boxes are orthogonally connected to each other, so all in
    /// one block of the colour; boxes of the colour in two blocks split
    /// the number across blocks.
    pub fn boxes_connected(&self, color: ColorId, boxes: &Boxes) -> Result<(), Broken> {
        let on_board = *boxes & self.all_boxes();
        if self.connected(&on_board) {
            return Ok(());
        }
        let own = if color.index() < self.board().colors.len() {
            on_board & self.color_boxes(color)
        } else {
            Boxes::EMPTY
        };
        let first_block = own.first().map(|i| self.block_of(i));
        if own.iter().any(|i| Some(self.block_of(i)) != first_block) {
            Err(Broken::BlocksSplit)
        } else {
            Err(Broken::NotConnected)
        }
    }

    /// The boxes a piece may start from on a sheet: those next to a box
    /// crossed before, and the start column's (in every turn, or for the
    /// first piece only: [`StartColumn`]).
    #[inline]
    pub fn anchors(&self, sheet: &Sheet) -> Boxes {
        let crossed = sheet.crossed();
        let near = self.touching(&crossed);
        match self.options().start_column {
            StartColumn::EveryTurn => near | self.start_boxes(),
            StartColumn::FirstPiece if crossed.is_empty() => self.start_boxes(),
            StartColumn::FirstPiece => near,
        }
    }

    /// Rule: at least one box is in the start column or next to a box
    /// crossed before ([`Game::anchors`]).
    pub fn piece_anchored(&self, sheet: &Sheet, boxes: &Boxes) -> Result<(), Broken> {
        if boxes.intersects(&self.anchors(sheet)) {
            Ok(())
        } else {
            Err(Broken::NotAnchored)
        }
    }
}
