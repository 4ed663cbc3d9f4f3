//! Refereeing a recorded game: replay the log against the rules, list every
//! rule broken with its turn, player and die, and score each sheet with one
//! extra X per mistake.

use std::collections::BTreeSet;

use serde::Serialize;

pub use crate::families::log::LogProblem;
use serde_json::Value;

use super::game::Game;
use super::log::{GameLog, LogMove, UnknownId, map_hash, move_from_log};
use super::moves::{Action, Breach, Move, PowerSet, RollProblem};
use super::state::{Roll, State};
use crate::rolling::map::{Power, Rules};

/// One rule broken by one player's resolution of one die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Turn in the whole game, from 1.
    pub turn: usize,
    /// Round, from 1.
    pub round: usize,
    /// Turn within the round, from 1.
    pub turn_in_round: usize,
    /// The player's name.
    pub player: String,
    /// The player's index in `players`, from 0.
    pub player_index: usize,
    /// Index of the move in the player's list for the turn, from 0 (none
    /// when a die was not resolved at all).
    pub move_index: Option<usize>,
    /// The die.
    pub die: String,
    /// Areas the move wrote or crossed.
    pub areas: Vec<String>,
    /// Stable name of the rule (see docs/rules.md).
    pub rule: &'static str,
    /// What happened.
    pub message: String,
}

/// One player's result.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerVerdict {
    /// Name.
    pub player: String,
    /// X on the sheet (after the last round every empty area is one).
    pub crosses: u32,
    /// Mistakes: dice resolved against the rules (or, under the rules
    /// option `mistakes = "per-rule"`, rules broken); each adds one X.
    pub mistakes: u32,
    /// `crosses + mistakes`: the score (fewer is better).
    pub total: u32,
    /// Powers ticked (the tie-break).
    pub powers_used: u32,
    /// The sheet as the player wrote it.
    #[serde(skip)]
    pub sheet: State,
}

/// The referee's findings on one log.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// Problems with the log itself: dice that could not have been drawn,
    /// missing turns, a result that the sheet does not support.
    pub problems: Vec<LogProblem>,
    /// Every rule broken, in game order.
    pub violations: Vec<Violation>,
    /// Each player's result, in the order of the log.
    pub players: Vec<PlayerVerdict>,
    /// Whether the log covers a whole game.
    pub complete: bool,
}

impl Verdict {
    /// No violations and no problems.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.violations.is_empty()
    }
}

fn problem(turn: Option<usize>, kind: &'static str, message: String) -> LogProblem {
    LogProblem::new(turn, kind, message)
}

/// Why a log cannot be refereed on a map: it was recorded on another map,
/// on another version of this one, or with other rules. Refereeing it
/// anyway would report rules broken that were not.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WrongMap {
    /// The log names another map id.
    #[error("the log is for map `{log}`, but it is refereed on map `{map}`")]
    OtherMap {
        /// The map id in the log.
        log: String,
        /// The id of the map given.
        map: String,
    },
    /// The ids agree, but the map's areas, neighbours or rules have changed
    /// since the game was recorded (the log's `map.hash` differs).
    #[error(
        "the map `{map}` has changed since the game was recorded: its areas, neighbours or rules \
differ from the map hash in the log"
    )]
    Changed {
        /// The map id.
        map: String,
    },
    /// The log records other rules than the map's.
    #[error(
        "the log was played with other rules than the map `{map}` has (they differ in {})",
        differences.join(", ")
    )]
    OtherRules {
        /// The map id.
        map: String,
        /// The keys of `rules` whose values differ (`powers.guard`).
        differences: Vec<String>,
    },
}

impl WrongMap {
    /// Stable name of the problem (as `rollx referee` reports it).
    pub fn code(&self) -> &'static str {
        match self {
            WrongMap::OtherMap { .. } => "map-mismatch",
            WrongMap::Changed { .. } => "map-changed",
            WrongMap::OtherRules { .. } => "rules-differ",
        }
    }
}

/// Whether `log` belongs to `game`'s map: the same map id, the same map
/// hash (when the log records one) and the same rules (when it records
/// them).
pub fn wrong_map(game: &Game, log: &GameLog) -> Option<WrongMap> {
    let map = game.map();
    let id = || map.info.id.clone();
    if log.board.id != map.info.id {
        Some(WrongMap::OtherMap {
            log: log.board.id.clone(),
            map: id(),
        })
    } else if log.board.hash.as_ref().is_some_and(|h| *h != map_hash(map)) {
        Some(WrongMap::Changed { map: id() })
    } else if let Some(r) = log.options.as_ref().filter(|&r| r != game.rules()) {
        let mut differences = Vec::new();
        let value = |r: &Rules| serde_json::to_value(r).expect("rules serialise");
        differing_keys(&value(r), &value(game.rules()), "", &mut differences);
        Some(WrongMap::OtherRules {
            map: id(),
            differences,
        })
    } else {
        None
    }
}

/// The keys (dotted paths) whose values differ between two JSON values,
/// into `out`.
fn differing_keys(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let null = Value::Null;
                let (u, v) = (x.get(k).unwrap_or(&null), y.get(k).unwrap_or(&null));
                let sub = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                differing_keys(u, v, &sub, out);
            }
        }
        _ if a != b => out.push(path.to_string()),
        _ => {}
    }
}

/// Referees a log on a game; a log of another map (see `wrong_map`) is
/// not refereed.
pub fn referee(game: &Game, log: &GameLog) -> Result<Verdict, WrongMap> {
    if let Some(wrong) = wrong_map(game, log) {
        return Err(wrong);
    }
    let rules = game.rules();
    let map = game.map();
    let mut problems = Vec::new();

    let players = log.players.len();
    let per_round = usize::from(rules.dice_per_round / rules.dice_per_turn);
    let expected_turns = usize::from(rules.rounds) * per_round;
    let mut states = vec![game.initial_state(); players];
    let mut mistakes = vec![0u32; players];
    let mut violations = Vec::new();

    for (t, turn) in log.turns.iter().enumerate() {
        let number = t + 1;
        if t >= expected_turns {
            problems.push(problem(
                Some(number),
                "extra-turns",
                format!(
                    "the game has {expected_turns} turns, the log {}: the extra ones are ignored",
                    log.turns.len()
                ),
            ));
            break;
        }
        let (round, turn_in_round) = (t / per_round + 1, t % per_round + 1);

        // The dice.
        if turn.dice.len() != usize::from(rules.dice_per_turn) {
            problems.push(problem(
                Some(number),
                "dice-count",
                format!(
                    "{} dice rolled, the rules roll {} per turn",
                    turn.dice.len(),
                    rules.dice_per_turn
                ),
            ));
        }
        for d in &turn.dice {
            let Some(die) = game.die_by_id(&d.die) else {
                problems.push(problem(
                    Some(number),
                    "unknown-die",
                    format!("there is no die `{}`", d.die),
                ));
                continue;
            };
            let roll = Roll {
                die,
                value: d.value,
            };
            // The engine's own check of a roll (every sheet has seen the
            // same dice); a die beyond the turn's count is `dice-count`.
            match game.roll_problem(&states[0], roll) {
                Some(RollProblem::AlreadyDrawn) => problems.push(problem(
                    Some(number),
                    "die-drawn-twice",
                    format!("the {} die was already drawn in round {round}", d.die),
                )),
                Some(RollProblem::NotAFace) => problems.push(problem(
                    Some(number),
                    "not-a-face",
                    format!("the {} die shows {}, which is not a face", d.die, d.value),
                )),
                Some(RollProblem::NotExpected) | None => {}
            }
            for s in &mut states {
                game.apply_roll_lenient(s, roll);
            }
        }

        // Each player's resolutions.
        if turn.moves.len() != players {
            problems.push(problem(
                Some(number),
                "player-count",
                format!(
                    "moves for {} players, the log names {players}",
                    turn.moves.len()
                ),
            ));
        }
        let round_over = turn_in_round == per_round;
        for p in 0..players {
            let moves: &[LogMove] = turn.moves.get(p).map_or(&[], Vec::as_slice);
            let state = &mut states[p];
            // Each rule broken is listed; what the X pay for is the rules
            // option `mistakes`: one per die resolved against the rules,
            // or one per rule (`charge`, after a resolution's rules).
            let cost = rules.options.mistakes;
            let mut charge = |broken: usize| mistakes[p] += cost.cost(broken);
            let mut record = |move_index: Option<usize>,
                              die: &str,
                              areas: Vec<String>,
                              rule: &'static str,
                              message: String| {
                violations.push(Violation {
                    turn: number,
                    round,
                    turn_in_round,
                    player: log.players[p].clone(),
                    player_index: p,
                    move_index,
                    die: die.to_string(),
                    areas,
                    rule,
                    message,
                });
            };
            for (k, lm) in moves.iter().enumerate() {
                let areas: Vec<String> = lm.areas.iter().chain(&lm.cross).cloned().collect();
                let (mv, written) = match move_from_log(game, lm) {
                    Ok(x) => x,
                    Err(UnknownId::Die(d)) => {
                        record(
                            Some(k),
                            &lm.die,
                            areas,
                            "unknown-die",
                            format!("there is no die `{d}` in this map"),
                        );
                        charge(1);
                        continue;
                    }
                    Err(UnknownId::Area(a)) => {
                        record(
                            Some(k),
                            &lm.die,
                            areas,
                            "unknown-area",
                            format!("there is no area `{a}` in this map"),
                        );
                        charge(1);
                        // One mistake: the die counts as resolved, writing nothing.
                        if let Some(die) = game.die_by_id(&lm.die) {
                            let nothing = Move {
                                die,
                                action: Action::Pass,
                                powers: PowerSet::NONE,
                            };
                            game.apply_as_written(state, &nothing, 0);
                        }
                        continue;
                    }
                };
                let mut breaches: Vec<(&'static str, String)> = game
                    .check(state, &mv, written)
                    .iter()
                    .map(|b: &Breach| (b.rule(), b.describe(game)))
                    .collect();
                if let Some(target) = &lm.color_change_to {
                    let cc = mv.powers.contains(Power::ColorChange);
                    let wrong = mv
                        .action
                        .marked()
                        .any(|a| map.region(game.region_of(a)).id != *target);
                    if !cc || wrong {
                        breaches.push((
                            "color-change-target",
                            if cc {
                                format!(
                                    "Color Change to {target}, but the number (or the X) went elsewhere"
                                )
                            } else {
                                format!("`color_change_to` {target} without a Color Change")
                            },
                        ));
                    }
                }
                let broken = breaches.len();
                for (rule, message) in breaches {
                    record(Some(k), &lm.die, areas.clone(), rule, message);
                }
                charge(broken);
                game.apply_as_written(state, &mv, written);
            }
            let unresolved: Vec<Roll> = state.pending().collect();
            for roll in unresolved {
                record(
                    None,
                    &game.die(roll.die).id,
                    Vec::new(),
                    "die-not-resolved",
                    format!(
                        "the {} die ({}) was not resolved",
                        game.die(roll.die).id,
                        roll.value
                    ),
                );
                charge(1);
            }
            game.close_turn(state, round_over);
        }
    }
    let complete = log.turns.len() >= expected_turns;
    if !complete {
        problems.push(crate::families::log::incomplete(
            &format!(
                "{} (the game has {expected_turns})",
                crate::text::plural(log.turns.len(), "turn", "turns")
            ),
            None,
        ));
    }

    let verdicts: Vec<PlayerVerdict> = states
        .into_iter()
        .enumerate()
        .map(|(p, sheet)| {
            let score = game.score(&sheet);
            PlayerVerdict {
                player: log.players[p].clone(),
                crosses: score.crosses,
                mistakes: mistakes[p],
                total: score.crosses + mistakes[p],
                powers_used: score.powers_used,
                sheet,
            }
        })
        .collect();
    for claimed in &log.result {
        match verdicts.iter().find(|v| v.player == claimed.player) {
            Some(v) if v.crosses != claimed.crosses || v.powers_used != claimed.powers_used => {
                problems.push(
                    problem(
                        None,
                        "result-differs",
                        format!(
                            "{} {} X and {}; the sheet has {} X and {}",
                            crate::text::subject_verb(&claimed.player, "claims", "claim"),
                            claimed.crosses,
                            crate::text::plural(claimed.powers_used, "power", "powers"),
                            v.crosses,
                            crate::text::plural(v.powers_used, "power", "powers")
                        ),
                    )
                    .of_player(&claimed.player),
                )
            }
            Some(_) => {}
            None => problems.push(
                problem(
                    None,
                    "result-differs",
                    format!(
                        "a result is claimed for `{}`, who is not a player",
                        claimed.player
                    ),
                )
                .of_player(&claimed.player),
            ),
        }
    }
    Ok(Verdict {
        problems,
        violations,
        players: verdicts,
        complete,
    })
}
