//! The dice: faces, a roll of every die, and the dice one player may
//! choose from.

use crate::encore::ColorId;

/// Most colour dice, and most number dice, a roll may hold (a board may
/// roll up to 9 of each).
pub const MAX_DICE: usize = 9;

/// What a colour die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ColorFace {
    /// One colour of the board.
    Color(ColorId),
    /// The black joker: any colour.
    Joker,
}

/// What a number die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NumberFace {
    /// A number.
    Number(u8),
    /// The "?" joker: any number of the dice.
    Joker,
}

impl ColorFace {
    /// The bit of this face in a [`Roll::color_faces`] mask: bit `c` for
    /// colour `c`, bit 15 for the joker (none for a colour beyond 14).
    #[inline]
    pub fn bit(self) -> u16 {
        match self {
            ColorFace::Color(c) if c.0 < 15 => 1 << c.0,
            ColorFace::Color(_) => 0,
            ColorFace::Joker => 1 << 15,
        }
    }

    /// The face of bit `bit` of a [`Roll::color_faces`] mask.
    #[inline]
    pub fn of_bit(bit: u32) -> ColorFace {
        if bit == 15 {
            ColorFace::Joker
        } else {
            ColorFace::Color(ColorId(bit as u8))
        }
    }

    /// Whether this is the joker face.
    #[inline]
    pub fn is_joker(self) -> bool {
        self == ColorFace::Joker
    }
}

impl NumberFace {
    /// The bit of this face in a [`Roll::number_faces`] mask: bit `n` for
    /// number `n`, bit 0 for the joker (none for 0 or a number beyond 15).
    #[inline]
    pub fn bit(self) -> u16 {
        match self {
            NumberFace::Number(n) if (1..16).contains(&n) => 1 << n,
            NumberFace::Number(_) => 0,
            NumberFace::Joker => 1,
        }
    }

    /// The face of bit `bit` of a [`Roll::number_faces`] mask.
    #[inline]
    pub fn of_bit(bit: u32) -> NumberFace {
        if bit == 0 {
            NumberFace::Joker
        } else {
            NumberFace::Number(bit as u8)
        }
    }

    /// Whether this is the joker face.
    #[inline]
    pub fn is_joker(self) -> bool {
        self == NumberFace::Joker
    }
}

/// Whether bit `bit` of a 16-bit face mask is set (never for a bit beyond
/// the mask).
#[inline]
pub(crate) fn has_bit(mask: u16, bit: u8) -> bool {
    bit < 16 && mask >> bit & 1 == 1
}

/// Dice on the table: what one roll shows, or the part of it one player
/// may choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    colors: [ColorFace; MAX_DICE],
    numbers: [NumberFace; MAX_DICE],
    color_count: u8,
    number_count: u8,
}

impl Roll {
    /// Dice showing these faces (`None` beyond `MAX_DICE` of a kind).
    pub fn new(colors: &[ColorFace], numbers: &[NumberFace]) -> Option<Roll> {
        if colors.len() > MAX_DICE || numbers.len() > MAX_DICE {
            return None;
        }
        let mut d = Roll::NONE;
        d.colors[..colors.len()].copy_from_slice(colors);
        d.numbers[..numbers.len()].copy_from_slice(numbers);
        d.color_count = colors.len() as u8;
        d.number_count = numbers.len() as u8;
        Some(d)
    }

    /// No dice.
    pub const NONE: Roll = Roll {
        colors: [ColorFace::Joker; MAX_DICE],
        numbers: [NumberFace::Joker; MAX_DICE],
        color_count: 0,
        number_count: 0,
    };

    /// The colour dice, in the order rolled.
    pub fn colors(&self) -> &[ColorFace] {
        &self.colors[..usize::from(self.color_count)]
    }

    /// The number dice, in the order rolled.
    pub fn numbers(&self) -> &[NumberFace] {
        &self.numbers[..usize::from(self.number_count)]
    }

    /// The colour faces shown, as a mask ([`ColorFace::bit`]).
    pub fn color_faces(&self) -> u16 {
        self.colors().iter().fold(0, |m, f| m | f.bit())
    }

    /// The number faces shown, as a mask ([`NumberFace::bit`]).
    pub fn number_faces(&self) -> u16 {
        self.numbers().iter().fold(0, |m, f| m | f.bit())
    }

    /// Whether a colour die shows `face`.
    pub fn has_color(&self, face: ColorFace) -> bool {
        self.colors().contains(&face)
    }

    /// Whether a number die shows `face`.
    pub fn has_number(&self, face: NumberFace) -> bool {
        self.numbers().contains(&face)
    }

    /// These dice without one colour die showing `color` and one number
    /// die showing `number` (the dice a player took), where they are.
    pub fn without(&self, color: ColorFace, number: NumberFace) -> Roll {
        let mut d = *self;
        // Slots past the dice keep the filler of [`Roll::NONE`], so that
        // equal dice compare equal.
        if let Some(i) = d.colors().iter().position(|&f| f == color) {
            d.colors.copy_within(i + 1..usize::from(d.color_count), i);
            d.color_count -= 1;
            d.colors[usize::from(d.color_count)] = Roll::NONE.colors[0];
        }
        if let Some(i) = d.numbers().iter().position(|&f| f == number) {
            d.numbers.copy_within(i + 1..usize::from(d.number_count), i);
            d.number_count -= 1;
            d.numbers[usize::from(d.number_count)] = Roll::NONE.numbers[0];
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taking_dice_removes_one_die_of_each_face() {
        let blue = ColorFace::Color(ColorId(2));
        let d = Roll::new(
            &[blue, ColorFace::Joker, blue],
            &[
                NumberFace::Number(3),
                NumberFace::Joker,
                NumberFace::Number(3),
            ],
        )
        .unwrap();
        let left = d.without(blue, NumberFace::Joker);
        assert_eq!(left.colors(), [ColorFace::Joker, blue]);
        assert_eq!(left.numbers(), [NumberFace::Number(3); 2]);
        assert_eq!(left.color_faces(), blue.bit() | ColorFace::Joker.bit());
        assert_eq!(
            left,
            Roll::new(&[ColorFace::Joker, blue], &[NumberFace::Number(3); 2]).unwrap()
        );
        assert!(Roll::new(&[blue; 10], &[]).is_none());
    }
}
