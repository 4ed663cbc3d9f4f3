//! Refereeing a recorded game: replay the log against the rules, list every
//! rule broken with its turn, player and die, and score each sheet with one
//! extra X per mistake.

use serde::Serialize;

use super::game::Game;
use super::log::{GameLog, LogMove, UnknownId, map_hash, move_from_log};
use super::moves::{Action, Breach, Move, PowerSet};
use super::state::{Roll, State};
use crate::map::Power;

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

/// Something wrong with the log itself rather than a player's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogProblem {
    /// The turn, from 1, when the problem is in one turn.
    pub turn: Option<usize>,
    /// Stable name.
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
}

/// One player's result.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerVerdict {
    /// Name.
    pub player: String,
    /// X on the sheet (after the last round every empty area is one).
    pub crosses: u32,
    /// Rules broken; each adds one X.
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
    /// missing turns, a map that changed since the game.
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
    LogProblem {
        turn,
        kind,
        message,
    }
}

/// Referees a log on a game.
pub fn referee(game: &Game, log: &GameLog) -> Verdict {
    let rules = game.rules();
    let map = game.map();
    let mut problems = Vec::new();
    if log.map.id != map.info.id {
        problems.push(problem(
            None,
            "map-mismatch",
            format!(
                "the log is for map `{}`, but it is refereed on `{}`",
                log.map.id, map.info.id
            ),
        ));
    }
    if let Some(hash) = &log.map.hash
        && *hash != map_hash(map)
    {
        problems.push(problem(
            None,
            "map-changed",
            "the map's areas, neighbours or rules have changed since the game was recorded".into(),
        ));
    }
    if let Some(r) = &log.rules
        && r != rules
    {
        problems.push(problem(
            None,
            "rules-differ",
            "the log was played with other rules than the map's (see `rules` in the log)".into(),
        ));
    }

    let players = log.players.len();
    let per_round = usize::from(rules.dice_per_round / rules.dice_per_turn);
    let expected_turns = usize::from(rules.rounds) * per_round;
    let mut states = vec![game.initial_state(); players];
    let mut mistakes = vec![0u32; players];
    let mut violations = Vec::new();
    let mut drawn_this_round: u64 = 0;

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
        if t % per_round == 0 {
            drawn_this_round = 0;
        }

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
            if drawn_this_round & (1 << die.0) != 0 {
                problems.push(problem(
                    Some(number),
                    "die-drawn-twice",
                    format!("the {} die was already drawn in round {round}", d.die),
                ));
            }
            drawn_this_round |= 1 << die.0;
            if !rules.faces.contains(&d.value) {
                problems.push(problem(
                    Some(number),
                    "not-a-face",
                    format!("the {} die shows {}, which is not a face", d.die, d.value),
                ));
            }
            for s in &mut states {
                game.apply_roll_lenient(
                    s,
                    Roll {
                        die,
                        value: d.value,
                    },
                );
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
            let mut record = |move_index: Option<usize>,
                              die: &str,
                              areas: Vec<String>,
                              rule: &'static str,
                              message: String| {
                mistakes[p] += 1;
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
                        .written()
                        .any(|a| map.region(game.region_of(a)).id != *target);
                    if !cc || wrong {
                        breaches.push((
                            "color-change-target",
                            if cc {
                                format!(
                                    "Color Change to {target}, but the number was written elsewhere"
                                )
                            } else {
                                format!("`color_change_to` {target} without a Color Change")
                            },
                        ));
                    }
                }
                for (rule, message) in breaches {
                    record(Some(k), &lm.die, areas.clone(), rule, message);
                }
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
            }
            game.close_turn(state, round_over);
        }
    }
    let complete = log.turns.len() >= expected_turns;
    if !complete {
        problems.push(problem(
            None,
            "incomplete",
            format!(
                "the log has {} of the game's {expected_turns} turns: scores are for an unfinished game",
                log.turns.len()
            ),
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
                problems.push(problem(
                    None,
                    "result-differs",
                    format!(
                        "{} claims {} X and {} powers; the sheet has {} X and {} powers",
                        claimed.player,
                        claimed.crosses,
                        claimed.powers_used,
                        v.crosses,
                        v.powers_used
                    ),
                ))
            }
            Some(_) => {}
            None => problems.push(problem(
                None,
                "result-differs",
                format!(
                    "a result is claimed for `{}`, who is not a player",
                    claimed.player
                ),
            )),
        }
    }
    Verdict {
        problems,
        violations,
        players: verdicts,
        complete,
    }
}
