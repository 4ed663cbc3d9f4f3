//! A game in progress: every player's sheet, the dice on the table, whose
//! turn it is and what has been claimed, and how a turn goes from the roll
//! to its end.

use super::boxes::Boxes;
use super::dice::{ColorFace, NumberFace, Roll};
use super::game::{Game, OPEN_ROLLS};
use super::moves::Move;
use crate::encore::ColorId;

/// Most players at a table (whose decisions are a 64-bit set).
pub const MAX_PLAYERS: usize = 64;

/// One player's sheet: what is crossed, the jokers used, and the columns
/// and colours completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet {
    crossed: Boxes,
    jokers_used: u8,
    columns_done: u32,
    columns_first: u32,
    colors_done: u16,
    colors_first: u16,
}

impl Sheet {
    /// A sheet with nothing crossed.
    pub const EMPTY: Sheet = Sheet {
        crossed: Boxes::EMPTY,
        jokers_used: 0,
        columns_done: 0,
        columns_first: 0,
        colors_done: 0,
        colors_first: 0,
    };

    /// A finished sheet as written on paper: the boxes crossed, the "!"
    /// boxes crossed, and the columns and colours scored (`(done, first)`
    /// masks, `first` a subset of `done`). The engine builds sheets by
    /// `Game::cross`; this one is for checking a paper sheet
    /// (`filled`), whose claims [`Game::score`] then scores by the same
    /// rule as the engine's sheets.
    pub fn finished(
        crossed: Boxes,
        jokers_used: u8,
        columns: (u32, u32),
        colors: (u16, u16),
    ) -> Sheet {
        Sheet {
            crossed,
            jokers_used,
            columns_done: columns.0,
            columns_first: columns.1 & columns.0,
            colors_done: colors.0,
            colors_first: colors.1 & colors.0,
        }
    }

    /// The boxes crossed.
    #[inline]
    pub fn crossed(&self) -> Boxes {
        self.crossed
    }

    /// The "!" boxes crossed (jokers used).
    #[inline]
    pub fn jokers_used(&self) -> u8 {
        self.jokers_used
    }

    /// The columns completed, as a mask (bit `c` for column `c`).
    #[inline]
    pub fn columns_done(&self) -> u32 {
        self.columns_done
    }

    /// The columns completed that score their first value.
    #[inline]
    pub fn columns_first(&self) -> u32 {
        self.columns_first
    }

    /// The colours completed, as a mask (bit `c` for colour `c`).
    #[inline]
    pub fn colors_done(&self) -> u16 {
        self.colors_done
    }

    /// The colours completed that score their first value.
    #[inline]
    pub fn colors_first(&self) -> u16 {
        self.colors_first
    }

    /// Whether colour `c` is complete.
    #[inline]
    pub fn color_done(&self, c: ColorId) -> bool {
        self.colors_done >> c.0 & 1 == 1
    }
}

/// Where a turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The dice are to be rolled.
    Roll,
    /// The active player chooses.
    Active,
    /// Everyone still waiting chooses, each on their own sheet: the others
    /// after the active player, or everyone in the open rolls and the solo
    /// game.
    Choose,
    /// The game is over.
    Over,
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    sheets: Vec<Sheet>,
    /// The dice rolled this turn.
    roll: Roll,
    /// Rolls so far, this turn's included.
    rolls: u16,
    active: usize,
    phase: Phase,
    /// The dice the active player took this turn (`None`: not yet, or a
    /// pass).
    taken: Option<(ColorFace, NumberFace)>,
    /// The players still to choose this turn (bit `p`).
    waiting: u64,
    /// Columns and colours completed by someone in an earlier turn.
    claimed_columns: u32,
    claimed_colors: u16,
}

impl Table {
    /// A table of `players` (1 to `MAX_PLAYERS`) before the first roll;
    /// seat 0 is the first active player. Panics for another number.
    pub fn new(players: usize) -> Table {
        assert!(
            (1..=MAX_PLAYERS).contains(&players),
            "an Encore table seats 1 to {MAX_PLAYERS} players"
        );
        Table {
            sheets: vec![Sheet::EMPTY; players],
            roll: Roll::NONE,
            rolls: 0,
            active: 0,
            phase: Phase::Roll,
            taken: None,
            waiting: 0,
            claimed_columns: 0,
            claimed_colors: 0,
        }
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.sheets.len()
    }

    /// Whether this is a solo game.
    #[inline]
    pub fn is_solo(&self) -> bool {
        self.sheets.len() == 1
    }

    /// Every player's sheet, by seat.
    #[inline]
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    /// One player's sheet.
    #[inline]
    pub fn sheet(&self, player: usize) -> &Sheet {
        &self.sheets[player]
    }

    /// The dice rolled this turn (none before the first roll).
    #[inline]
    pub fn roll(&self) -> &Roll {
        &self.roll
    }

    /// Rolls so far, this turn's included.
    #[inline]
    pub fn rolls(&self) -> u16 {
        self.rolls
    }

    /// The active player's seat.
    #[inline]
    pub fn active(&self) -> usize {
        self.active
    }

    /// Where the turn is.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice the active player took this turn (`None` before they chose,
    /// or when they passed).
    #[inline]
    pub fn taken(&self) -> Option<(ColorFace, NumberFace)> {
        self.taken
    }

    /// Whether `player` has a decision to make now.
    #[inline]
    pub fn is_waiting(&self, player: usize) -> bool {
        player < MAX_PLAYERS && self.waiting >> player & 1 == 1
    }

    /// Columns completed by someone in an earlier turn (bit `c`).
    #[inline]
    pub fn claimed_columns(&self) -> u32 {
        self.claimed_columns
    }

    /// Colours completed by someone in an earlier turn (bit `c`).
    #[inline]
    pub fn claimed_colors(&self) -> u16 {
        self.claimed_colors
    }

    /// Whether this turn's roll is one of the open rolls, in which everyone
    /// chooses from all the dice.
    #[inline]
    pub fn is_open_roll(&self) -> bool {
        self.rolls <= OPEN_ROLLS
    }

    fn everyone(&self) -> u64 {
        u64::MAX >> (64 - self.sheets.len())
    }
}

impl Game {
    /// A table for `players` before the first roll (1: a solo game).
    pub fn new_table(&self, players: usize) -> Table {
        Table::new(players)
    }

    /// Puts a roll on the table and lets the players choose: the active
    /// player first, or everyone at once in the open rolls and the solo
    /// game. Does nothing unless the dice are to be rolled.
    pub fn put_roll(&self, table: &mut Table, roll: Roll) {
        if table.phase != Phase::Roll {
            return;
        }
        table.roll = roll;
        table.rolls += 1;
        table.taken = None;
        if table.is_solo() || table.is_open_roll() {
            table.phase = Phase::Choose;
            table.waiting = table.everyone();
        } else {
            table.phase = Phase::Active;
            table.waiting = 1 << table.active;
        }
    }

    /// Whether the turn's last decision has been made and the game goes on
    /// to the next roll (or ends).
    fn close_turn(&self, table: &mut Table) {
        for s in &table.sheets {
            table.claimed_columns |= s.columns_done;
            table.claimed_colors |= s.colors_done;
        }
        table.taken = None;
        table.phase = if self.ends_after_turn(table) {
            Phase::Over
        } else {
            table.active = (table.active + 1) % table.players();
            Phase::Roll
        };
    }

    /// Whether the game ends with the turn just finished: a player has
    /// completed a second colour; the solo game's rolls are used up; or
    /// (a safeguard) the rolls reach [`Options::max_rolls`](super::Options).
    pub fn ends_after_turn(&self, table: &Table) -> bool {
        table.sheets.iter().any(|s| s.colors_done.count_ones() >= 2)
            || (table.is_solo() && table.rolls >= u16::from(self.board().solo_rolls))
            || table.rolls >= self.options().max_rolls
    }

    /// Applies what a player chose, legal or not, as far as the sheet
    /// allows (boxes off the board or crossed before are skipped), and
    /// moves the turn on. The engine applies legal moves only; the referee
    /// applies what a log says. A player who had no decision to make
    /// changes nothing.
    pub fn apply_as_written(&self, table: &mut Table, player: usize, mv: &Move) {
        if !table.is_waiting(player) {
            return;
        }
        if let Move::Cross(c) = mv {
            let claimed = (table.claimed_columns, table.claimed_colors);
            self.cross(&mut table.sheets[player], &c.boxes, c.jokers(), claimed);
        }
        table.waiting &= !(1 << player);
        if table.phase == Phase::Active {
            table.taken = match mv {
                Move::Cross(c) => Some((c.color_die, c.number_die)),
                Move::Pass => None,
            };
            table.phase = Phase::Choose;
            table.waiting = table.everyone() & !(1 << table.active);
        }
        if table.waiting == 0 {
            self.close_turn(table);
        }
    }

    /// Crosses `boxes` on a sheet (those on the board and not crossed
    /// yet), uses `jokers` "!" boxes, and records the columns and colours
    /// this completes: a column or colour no one completed in an earlier
    /// turn (`claimed`: columns, colours) scores its first value, so
    /// everyone who completes it in the same turn scores first.
    pub(crate) fn cross(&self, sheet: &mut Sheet, boxes: &Boxes, jokers: u8, claimed: (u32, u16)) {
        let new = (*boxes & self.all_boxes()) - sheet.crossed;
        sheet.crossed |= new;
        sheet.jokers_used = sheet.jokers_used.saturating_add(jokers);
        for i in new.iter() {
            let col = self.column_of(i);
            if sheet.columns_done >> col & 1 == 0
                && self.column_boxes(col).is_subset(&sheet.crossed)
            {
                sheet.columns_done |= 1 << col;
                if claimed.0 >> col & 1 == 0 {
                    sheet.columns_first |= 1 << col;
                }
            }
            let color = self.board().cells[i].color;
            if !sheet.color_done(color) && self.color_boxes(color).is_subset(&sheet.crossed) {
                sheet.colors_done |= 1 << color.0;
                if claimed.1 >> color.0 & 1 == 0 {
                    sheet.colors_first |= 1 << color.0;
                }
            }
        }
    }

    /// The dice `player` chooses from now: every die rolled for the active
    /// player, in the open rolls, in the solo game and when the active
    /// player passed; otherwise the dice the active player left. No dice
    /// when the player has no decision to make.
    pub fn dice_for(&self, table: &Table, player: usize) -> Roll {
        if !table.is_waiting(player) {
            return Roll::NONE;
        }
        match table.taken {
            Some((color, number)) if table.phase == Phase::Choose && player != table.active => {
                table.roll.without(color, number)
            }
            _ => table.roll,
        }
    }

    /// The "!" boxes a sheet has left.
    #[inline]
    pub fn jokers_left(&self, sheet: &Sheet) -> u8 {
        self.board().jokers.saturating_sub(sheet.jokers_used)
    }
}
