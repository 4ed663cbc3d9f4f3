//! A set of boxes of a board: a fixed-size bitset, so that sheets and moves
//! are `Copy` and the move generator allocates nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Most boxes of a board the rules engine plays (26 columns x 12 rows fit).
pub const MAX_BOXES: usize = 320;

/// Words of a set (the operators below spell them out).
const WORDS: usize = 5;
const _: () = assert!(WORDS * 64 == MAX_BOXES);

/// A set of boxes, by index into [`Board::cells`](crate::encore::Board)
/// (row by row from the top left).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Boxes([u64; WORDS]);

impl Boxes {
    /// No box.
    pub const EMPTY: Boxes = Boxes([0; WORDS]);

    /// The boxes `0..n`.
    pub fn first_n(n: usize) -> Boxes {
        let mut b = Boxes::EMPTY;
        for (w, word) in b.0.iter_mut().enumerate() {
            let lo = w * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        b
    }

    /// The set holding these boxes (each below `MAX_BOXES`).
    pub fn of(boxes: impl IntoIterator<Item = usize>) -> Boxes {
        let mut b = Boxes::EMPTY;
        for i in boxes {
            b.insert(i);
        }
        b
    }

    /// Adds box `i` (below `MAX_BOXES`).
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes box `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether box `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        i < MAX_BOXES && self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of boxes.
    #[inline]
    pub fn len(&self) -> u32 {
        let w = &self.0;
        w[0].count_ones()
            + w[1].count_ones()
            + w[2].count_ones()
            + w[3].count_ones()
            + w[4].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        let w = &self.0;
        w[0] | w[1] | w[2] | w[3] | w[4] == 0
    }

    /// Whether the two sets share a box.
    #[inline]
    pub fn intersects(&self, other: &Boxes) -> bool {
        !(*self & *other).is_empty()
    }

    /// Whether every box of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &Boxes) -> bool {
        (*self - *other).is_empty()
    }

    /// The lowest box, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The boxes, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// Every box moved `s` places up (towards higher indices), `0 < s < 64`.
    #[inline]
    pub(crate) fn shifted_up(&self, s: u32) -> Boxes {
        let mut out = [0; WORDS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] << s;
            if i > 0 {
                *o |= self.0[i - 1] >> (64 - s);
            }
        }
        Boxes(out)
    }

    /// Every box moved `s` places down (towards lower indices), `0 < s < 64`.
    #[inline]
    pub(crate) fn shifted_down(&self, s: u32) -> Boxes {
        let mut out = [0; WORDS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] >> s;
            if i + 1 < WORDS {
                *o |= self.0[i + 1] << (64 - s);
            }
        }
        Boxes(out)
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for Boxes {
            type Output = Boxes;
            #[inline]
            fn $method(self, o: Boxes) -> Boxes {
                let (a, b) = (self.0, o.0);
                Boxes([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3], a[4] $op b[4]])
            }
        }

        impl std::ops::$assign for Boxes {
            #[inline]
            fn $assign_method(&mut self, o: Boxes) {
                *self = *self $op o;
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

/// The boxes of `self` not in the other set.
impl std::ops::Sub for Boxes {
    type Output = Boxes;
    #[inline]
    fn sub(self, o: Boxes) -> Boxes {
        let (a, b) = (self.0, o.0);
        Boxes([
            a[0] & !b[0],
            a[1] & !b[1],
            a[2] & !b[2],
            a[3] & !b[3],
            a[4] & !b[4],
        ])
    }
}

impl fmt::Debug for Boxes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// As a list of box indices, ascending.
impl Serialize for Boxes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Boxes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<usize>::deserialize(d)?;
        if let Some(&bad) = list.iter().find(|&&i| i >= MAX_BOXES) {
            return Err(serde::de::Error::custom(format!(
                "box {bad} is beyond the {MAX_BOXES} boxes a board may have"
            )));
        }
        Ok(Boxes::of(list))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_what_is_inserted_across_words() {
        let b = Boxes::of([0, 63, 64, 200, 319]);
        assert_eq!(b.len(), 5);
        assert_eq!(b.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 319]);
        assert_eq!(b.first(), Some(0));
        assert!(b.contains(64) && !b.contains(65) && !b.contains(400));
        let mut c = b;
        c.remove(0);
        assert_eq!(c.first(), Some(63));
        assert_eq!((b - c).iter().collect::<Vec<_>>(), [0]);
        assert!(c.is_subset(&b) && !b.is_subset(&c));
        assert_eq!(Boxes::first_n(70).len(), 70);
        assert_eq!(Boxes::first_n(320).len(), 320);
    }

    #[test]
    fn shifts_carry_across_words() {
        let b = Boxes::of([63, 100]);
        assert_eq!(b.shifted_up(1).iter().collect::<Vec<_>>(), [64, 101]);
        assert_eq!(b.shifted_up(15).iter().collect::<Vec<_>>(), [78, 115]);
        assert_eq!(b.shifted_down(15).iter().collect::<Vec<_>>(), [48, 85]);
        assert_eq!(
            Boxes::of([64]).shifted_down(1).iter().collect::<Vec<_>>(),
            [63]
        );
    }
}
