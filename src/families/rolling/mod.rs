//! The Rolling family: Rolling America, Rolling Japan and fan maps such as
//! "Rolling Europe". A map of areas in colour regions; each die's number is
//! written in an area of its region, and neighbouring numbers may differ by
//! at most 1.
//!
//! This module is the family's face: the registry reaches it through
//! [`FAMILY`], and the items it re-exports are what the command line's
//! Rolling-only commands (`solve`, `train`, `import`, `draw`, `check
//! --deep`), the tests, benches and examples use. Inside, crate-private:
//!
//! - `map`: the map model, its TOML format, its checks and the import
//!   from geography;
//! - `rules`: the rules engine, game logs, the referee and filled sheets;
//! - `play`: computer players, whole games and simulations;
//! - `solve`: the best game when every roll is known; `deep`: proven
//!   bounds for `check --deep`;
//! - `sheet`: the printed sheet; `draw`: automatic grid layouts;
//! - `face`, `commands`, `notation`, `terminal`, `limits`: the family's
//!   side of each command and of the terminal session.

pub(crate) mod bound;
pub(crate) mod commands;
pub(crate) mod deep;
pub(crate) mod draw;
mod face;
pub(crate) mod limits;
pub(crate) mod map;
pub(crate) mod notation;
pub(crate) mod play;
pub(crate) mod rules;
pub(crate) mod sheet;
pub(crate) mod solve;
mod terminal;

pub use bound::{Bound, relaxed_bound, relaxed_bound_from};
pub use commands::{Guide, TRAINING_GAMES, default_values_path, solver_values};
pub use draw::{
    DrawOptions, MapDrawing, OldGrid, RoundDone, diagram_capacity, draw, draw_telling,
    grid_capacity, grid_room, layout_toml, rewrite, wished_positions, without_layout,
};
pub use map::import::{
    Finding as ImportFinding, ImportError, Options as ImportOptions, Regions, border_findings,
    import,
};
pub use map::import_inputs::{
    AtlasOf, IdsAsked, Links, atlas_table, default_id, long_ids, read_links, too_many,
};
pub use map::{
    AreaId, Checked, Layout, MAX_AREAS, Map, Mistakes, Power, Report, Rules, WildWithoutPlacement,
    check_bytes, check_bytes_undrawn, check_file, load,
};
pub use play::leaf::LeafModel;
pub use play::simulate::simulate;
pub use play::tuples::{
    MAX_FACES, TUPLES_POWER_FROM, TooManyFaces, Trainer, TrainingEstimate, ValuesError,
};
pub use play::{
    Greedy, HeldBack, PlayedGame, PlayerSetup, Policy, ROLLOUT_WEIGHTS, RandomPolicy, Strong,
    StrongKnobs, TuplePlayer, TupleValue, Weights, play_game, play_silent, play_until, policy_with,
};
pub use rules::filled::{check as check_filled, to_toml as filled_toml};
pub use rules::log::{GameLog, LogMove, move_from_log};
pub use rules::referee::referee;
pub use rules::{Action, DieKind, Game, GameError, Move, MoveList, Phase, PowerSet, Roll, State};
pub(crate) use sheet::id_fits;
pub use sheet::{Pad, print as print_sheet, shipped_findings};
pub use solve::{
    Limit, SolveError, check_rolls, parse_dice, rolls_of_seed, solve, solve_guided, witness_log,
};

/// The Rolling family, as the registry lists it.
pub const FAMILY: crate::families::contract::Family =
    crate::families::contract::Family::new(&face::Rolling);
