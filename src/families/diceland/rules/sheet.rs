//! A player's sheet and the rule of crossing, written once: the move
//! generator, the referee of logs and the checker of paper sheets all ask
//! [`Sheet::check_cross`] and [`Sheet::crossings`].
//!
//! The rule: a player crosses one cell per die, all of the dice's colour,
//! all in one zone: the colour's open zone (started, not finished), or, when
//! none is open, a new zone of the colour next to a cross. Every cross
//! touches an earlier one (the start cell counts), so the crosses stay in
//! one piece. A player holding more dice than the zone has free cells
//! crosses nothing of that colour (overshoot): [`Sheet::target`] says so,
//! and no crossing of that many cells exists.
//!
//! Which zones are open is read off the crosses alone (a zone with crosses
//! and free cells), never from the order they were made in: on a sheet
//! played by the rules a colour has one open zone at most, and on a sheet
//! as a player wrote it, mistakes and all (which a referee keeps beside the
//! judged one), a colour may have several, any of which a crossing may go
//! on with.

use crate::diceland::model::{Board, CellSet, Color};

/// One player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet {
    /// Crossed cells (the start cell is not among them).
    pub crossed: CellSet,
    /// Free zone cells next to a cross or to the start cell.
    pub frontier: CellSet,
    /// Star cells crossed.
    pub stars: u8,
    /// Colours crossed completely, as bits.
    pub complete: u8,
}

/// Where the dice of a colour may go on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The colour's open zone, which has room.
    Open(usize),
    /// A new zone of the colour, at least one next to a cross has room.
    New,
    /// More dice than free cells in the open zone, or than cells in every
    /// new zone within reach: nothing of the colour is crossed.
    Overshoot,
    /// No zone of the colour is within reach, or the colour is finished.
    Nowhere,
}

/// Why a crossing breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Breach {
    /// Not one cross per die.
    #[error(
        "{} {color} {} {}, not {crosses}",
        dice,
        crate::text::noun(*dice, "die crosses", "dice cross"),
        crate::text::count(*dice, "cell")
    )]
    Count {
        /// The colour.
        color: &'static str,
        /// Dice.
        dice: usize,
        /// Cells crossed.
        crosses: usize,
    },
    /// Cells that are not of the dice's colour (or no zone cells).
    #[error("{} {} not {color} {}", crate::text::and_list(cells), crate::text::noun(cells.len(), "is", "are"), crate::text::noun(cells.len(), "a cell", "cells"))]
    Color {
        /// Every such cell.
        cells: Vec<String>,
        /// The colour.
        color: &'static str,
    },
    /// Cells crossed before.
    #[error("{} {} crossed already", crate::text::and_list(cells), crate::text::noun(cells.len(), "is", "are"))]
    Crossed {
        /// Every such cell.
        cells: Vec<String>,
    },
    /// Cells in two zones.
    #[error("the crosses are in two zones ({0} and {1}); one colour's dice go into one zone")]
    TwoZones(String, String),
    /// A new zone while the colour's open zone is unfinished.
    #[error("zone {open} of {color} is open: finish it before opening zone {new}")]
    OpenZone {
        /// The colour.
        color: &'static str,
        /// The open zone.
        open: String,
        /// The zone crossed.
        new: String,
    },
    /// Crosses touching no earlier one, through the crossing's own.
    #[error("{} {} no earlier cross", crate::text::and_list(cells), crate::text::noun(cells.len(), "touches", "touch"))]
    Apart {
        /// Every such cell.
        cells: Vec<String>,
    },
    /// The player passed although they had to cross.
    #[error("the active player must use their {dice} {color} dice: a crossing is possible")]
    MustCross {
        /// The colour.
        color: &'static str,
        /// Dice.
        dice: usize,
    },
}

impl Sheet {
    /// A sheet with nothing crossed.
    pub fn new(board: &Board) -> Sheet {
        Sheet {
            crossed: CellSet::EMPTY,
            frontier: *board.neighbors(board.start),
            stars: 0,
            complete: 0,
        }
    }

    /// Whether zone `z` is open: started (crossed in) and not finished.
    #[inline]
    fn is_open(&self, board: &Board, z: usize) -> bool {
        let set = &board.zones[z].set;
        set.meets(&self.crossed) && !set.minus(&self.crossed).is_empty()
    }

    /// The colour's open zones: one at most on a sheet played by the rules.
    pub fn open_zones<'b>(&self, board: &'b Board, c: Color) -> impl Iterator<Item = usize> + 'b {
        let sheet = *self;
        board
            .zones_of(c)
            .iter()
            .copied()
            .filter(move |&z| sheet.is_open(board, z))
    }

    /// The colour's open zone (on a sheet as written, with several, the
    /// first).
    pub fn open_zone(&self, board: &Board, c: Color) -> Option<usize> {
        self.open_zones(board, c).next()
    }

    /// Free cells of zone `z`.
    pub fn free(&self, board: &Board, z: usize) -> CellSet {
        board.zones[z].set.minus(&self.crossed)
    }

    /// Colours crossed completely.
    pub fn complete_colors(&self) -> u8 {
        self.complete.count_ones() as u8
    }

    /// Whether the sheet has reached the board's goal.
    pub fn reached_goal(&self, board: &Board) -> bool {
        self.stars >= board.goal.stars && self.complete_colors() >= board.goal.colors
    }

    /// Where `dice` dice of colour `c` may go: an open zone with room (on
    /// a sheet as written, the first of its open zones that has room).
    pub fn target(&self, board: &Board, c: Color, dice: usize) -> Target {
        let mut open = self.open_zones(board, c).peekable();
        if open.peek().is_some() {
            return match open.find(|&z| self.free(board, z).len() >= dice) {
                Some(z) => Target::Open(z),
                None => Target::Overshoot,
            };
        }
        match self
            .new_zones(board, c)
            .map(|z| board.zones[z].cells.len())
            .max()
        {
            None => Target::Nowhere,
            Some(largest) if largest >= dice => Target::New,
            Some(_) => Target::Overshoot,
        }
    }

    /// The zones of colour `c` the player may open now (when the colour
    /// has no open zone): untouched, next to a cross or the start cell.
    pub fn new_zones<'b>(&self, board: &'b Board, c: Color) -> impl Iterator<Item = usize> + 'b {
        let (frontier, crossed) = (self.frontier, self.crossed);
        board.zones.iter().enumerate().filter_map(move |(z, zone)| {
            (zone.color == c && zone.set.meets(&frontier) && !zone.set.meets(&crossed)).then_some(z)
        })
    }

    /// The most dice of colour `c` the player could cross now: the free
    /// cells of the colour's open zone, else the largest zone they may
    /// open (0: none).
    pub fn room(&self, board: &Board, c: Color) -> usize {
        match self.open_zone(board, c) {
            Some(z) => self.free(board, z).len(),
            None => self
                .new_zones(board, c)
                .map(|z| board.zones[z].cells.len())
                .max()
                .unwrap_or(0),
        }
    }

    /// Whether `dice` dice of colour `c` can be crossed.
    pub fn can_cross(&self, board: &Board, c: Color, dice: usize) -> bool {
        dice > 0 && matches!(self.target(board, c, dice), Target::Open(_) | Target::New)
    }

    /// Checks crossing `cells` with `dice` dice of colour `c`: the zone
    /// crossed, or the first rule broken.
    pub fn check_cross(
        &self,
        board: &Board,
        c: Color,
        dice: usize,
        cells: &CellSet,
    ) -> Result<usize, Breach> {
        let color = c.id();
        if cells.len() != dice {
            return Err(Breach::Count {
                color,
                dice,
                crosses: cells.len(),
            });
        }
        let names =
            |set: CellSet| -> Vec<String> { set.iter().map(|i| board.cell_name(i)).collect() };
        let other = cells.minus(board.color_cells(c));
        if !other.is_empty() {
            return Err(Breach::Color {
                cells: names(other),
                color,
            });
        }
        let again = cells.and(&self.crossed);
        if !again.is_empty() {
            return Err(Breach::Crossed {
                cells: names(again),
            });
        }
        let mut zone = None;
        for i in cells.iter() {
            let Some(z) = board.zone_of(i) else {
                continue;
            };
            match zone {
                None => zone = Some(z),
                Some(y) if y != z => {
                    return Err(Breach::TwoZones(
                        board.zones[y].label.clone(),
                        board.zones[z].label.clone(),
                    ));
                }
                Some(_) => {}
            }
        }
        let Some(z) = zone else {
            return Err(Breach::Count {
                color,
                dice,
                crosses: 0,
            });
        };
        // A zone of the colour that is open, other than this one, forbids
        // opening this one; an open zone may always be gone on with (on a
        // sheet as written, any of several).
        if !self.is_open(board, z)
            && let Some(open) = self.open_zone(board, c)
        {
            return Err(Breach::OpenZone {
                color,
                open: board.zones[open].label.clone(),
                new: board.zones[z].label.clone(),
            });
        }
        // Every cross reaches an earlier one through the new crosses.
        let apart = cells.minus(&self.joined(board, cells));
        if !apart.is_empty() {
            return Err(Breach::Apart {
                cells: names(apart),
            });
        }
        Ok(z)
    }

    /// Calls `each` with every legal crossing of `dice` dice of colour `c`
    /// (the cells and their zone).
    pub fn crossings(
        &self,
        board: &Board,
        c: Color,
        dice: usize,
        mut each: impl FnMut(CellSet, usize),
    ) {
        if dice == 0 {
            return;
        }
        let open = match self.target(board, c, dice) {
            Target::Open(z) => Some(z),
            Target::New => None,
            Target::Overshoot | Target::Nowhere => return,
        };
        let zones: &mut dyn Iterator<Item = usize> = match open {
            Some(z) => &mut std::iter::once(z),
            None => &mut self
                .new_zones(board, c)
                .filter(|&z| board.zones[z].cells.len() >= dice),
        };
        for z in zones {
            let zone = &board.zones[z];
            let mut free = [CellSet::EMPTY; crate::diceland::model::MAX_ZONE];
            let mut n = 0;
            for i in zone.set.minus(&self.crossed).iter() {
                free[n] = CellSet::one(i);
                n += 1;
            }
            // Subsets of `dice` free cells, by bit mask.
            let mut mask: u32 = (1 << dice) - 1;
            while mask < (1 << n) {
                let mut cells = CellSet::EMPTY;
                let mut bits = mask;
                while bits != 0 {
                    cells = cells.or(&free[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
                if self.joined(board, &cells) == cells {
                    each(cells, z);
                }
                // The next mask with as many bits (Gosper's hack).
                let low = mask & mask.wrapping_neg();
                let ripple = mask + low;
                mask = (((ripple ^ mask) >> 2) / low) | ripple;
            }
        }
    }

    /// The cells of `cells` that reach a cross or the start through
    /// `cells`.
    fn joined(&self, board: &Board, cells: &CellSet) -> CellSet {
        let mut joined = cells.and(&self.frontier);
        loop {
            let mut more = joined;
            for i in joined.iter() {
                more = more.or(&board.neighbors(i).and(cells));
            }
            if more == joined {
                return joined;
            }
            joined = more;
        }
    }

    /// Crosses `cells` as a player wrote them, rules or not: the sheet on
    /// paper, which a referee keeps beside the judged one. Cells already
    /// crossed or in no zone are left out; the stars among the others are
    /// returned.
    pub(crate) fn cross_as_written(&mut self, board: &Board, cells: &CellSet) -> u8 {
        let cells = cells.and(board.zone_cells()).minus(&self.crossed);
        self.cross(board, &cells)
    }

    /// Crosses `cells` (checked before, or trimmed as the sheet as written
    /// allows):
    /// the star cells among them.
    pub fn cross(&mut self, board: &Board, cells: &CellSet) -> u8 {
        if cells.is_empty() {
            return 0;
        }
        self.crossed = self.crossed.or(cells);
        let mut frontier = self.frontier;
        for i in cells.iter() {
            frontier = frontier.or(board.neighbors(i));
        }
        self.frontier = frontier.minus(&self.crossed);
        let stars = u8::try_from(cells.and(board.stars()).len()).unwrap_or(u8::MAX);
        self.stars = self.stars.saturating_add(stars);
        for c in crate::diceland::model::Color::ALL {
            if board.color_cells(c).meets(cells)
                && board.color_cells(c).minus(&self.crossed).is_empty()
            {
                self.complete |= 1 << c.index();
            }
        }
        stars
    }
}
