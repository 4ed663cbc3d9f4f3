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

use crate::diceland::model::{Board, CellSet, Color};

/// No zone.
const NONE: u16 = u16::MAX;

/// One player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet {
    /// Crossed cells (the start cell is not among them).
    pub crossed: CellSet,
    /// Free zone cells next to a cross or to the start cell.
    pub frontier: CellSet,
    /// Star cells crossed.
    pub stars: u8,
    /// Each colour's open zone (`u16::MAX`: none).
    open: [u16; 6],
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
    /// A cell that is not of the dice's colour (or no zone cell).
    #[error("{cell} is not a {color} cell")]
    Color {
        /// The cell.
        cell: String,
        /// The colour.
        color: &'static str,
    },
    /// A cell crossed before.
    #[error("{cell} is crossed already")]
    Crossed {
        /// The cell.
        cell: String,
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
    /// A cross touching no earlier one.
    #[error("{cell} touches no earlier cross")]
    Apart {
        /// The cell.
        cell: String,
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
            open: [NONE; 6],
            complete: 0,
        }
    }

    /// The colour's open zone.
    pub fn open_zone(&self, c: Color) -> Option<usize> {
        let z = self.open[c.index()];
        (z != NONE).then_some(usize::from(z))
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

    /// Where `dice` dice of colour `c` may go.
    pub fn target(&self, board: &Board, c: Color, dice: usize) -> Target {
        if let Some(z) = self.open_zone(c) {
            return if self.free(board, z).len() >= dice {
                Target::Open(z)
            } else {
                Target::Overshoot
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
        match self.open_zone(c) {
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
        let mut zone = None;
        for i in cells.iter() {
            let name = || board.cell_name(i);
            let Some(z) = board.zone_of(i).filter(|&z| board.zones[z].color == c) else {
                return Err(Breach::Color {
                    cell: name(),
                    color,
                });
            };
            if self.crossed.contains(i) {
                return Err(Breach::Crossed { cell: name() });
            }
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
        if let Some(open) = self.open_zone(c)
            && open != z
        {
            return Err(Breach::OpenZone {
                color,
                open: board.zones[open].label.clone(),
                new: board.zones[z].label.clone(),
            });
        }
        // Every cross reaches an earlier one through the new crosses.
        if let Some(apart) = cells.minus(&self.joined(board, cells)).iter().next() {
            return Err(Breach::Apart {
                cell: board.cell_name(apart),
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
    /// crossed or in no zone are left out; each zone crossed in is its
    /// colour's open zone while it has free cells.
    pub(crate) fn cross_as_written(&mut self, board: &Board, cells: &CellSet) {
        let cells = cells.and(board.zone_cells()).minus(&self.crossed);
        if cells.is_empty() {
            return;
        }
        self.crossed = self.crossed.or(&cells);
        let mut frontier = self.frontier;
        for i in cells.iter() {
            frontier = frontier.or(board.neighbors(i));
        }
        self.frontier = frontier.minus(&self.crossed);
        let stars = cells.and(board.stars()).len();
        self.stars = self
            .stars
            .saturating_add(u8::try_from(stars).unwrap_or(u8::MAX));
        for i in cells.iter() {
            let Some(z) = board.zone_of(i) else { continue };
            let c = board.zones[z].color.index();
            if !self.free(board, z).is_empty() {
                self.open[c] = z as u16;
            } else if usize::from(self.open[c]) == z {
                self.open[c] = NONE;
            }
            if board
                .color_cells(board.zones[z].color)
                .minus(&self.crossed)
                .is_empty()
            {
                self.complete |= 1 << c;
            }
        }
    }

    /// Crosses `cells` (checked before): the star cells among them.
    pub fn cross(&mut self, board: &Board, cells: &CellSet) -> u8 {
        let Some(first) = cells.iter().next() else {
            return 0;
        };
        let z = board.zone_of(first).unwrap_or(0);
        let c = board.zones[z].color;
        self.crossed = self.crossed.or(cells);
        let mut frontier = self.frontier;
        for i in cells.iter() {
            frontier = frontier.or(board.neighbors(i));
        }
        self.frontier = frontier.minus(&self.crossed);
        let stars = cells.and(board.stars()).len() as u8;
        self.stars += stars;
        self.open[c.index()] = if self.free(board, z).is_empty() {
            NONE
        } else {
            z as u16
        };
        if board.color_cells(c).minus(&self.crossed).is_empty() {
            self.complete |= 1 << c.index();
        }
        stars
    }
}
