//! What the commands do with Rolling maps and logs, behind the family's
//! face: the computer plays a whole game and prints the final sheets; the
//! referee replays a log or checks a finished paper sheet; the players'
//! effort and learned values.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diagnostic, Failure, SourceId, SourceMap};
use crate::families::contract::{CheckedSheet, Given, LogAt, PlayRequest, Played, SheetRequest};
use crate::families::log::wrong_file_diagnostic;
use crate::families::simulate::{Progress, Reports, Seated, SimulateRequest, Simulates};
use crate::text::{count, plural, wrap};

use super::deep::solve_range;
use super::map::{Map, Power};
use super::notation::sheet::{powers_line, render_fitted};
use super::play::report::{MapResult, SimReport, add_optimum, policy_result};
use super::play::sim_doc;
use super::play::simulate::{Tally, simulate_range, without_power};
use super::play::tuples::{TrainingEstimate, TupleValue, ValuesError};
use super::play::{
    PlayedGame, PlayerSetup, Policy, StrongKnobs, derive_seed, play_game as play_game_with,
    policy_with,
};
use super::rules::filled::{self, FilledResult};
use super::rules::log::GameLog;
use super::rules::referee::{Verdict, WrongMap, referee};
use super::rules::{Game, Score};

/// The games `rollx train` plays by default.
pub const TRAINING_GAMES: u64 = 600_000;

/// The players that need learned values.
const LEARNED: [&str; 2] = ["tuples", "expert"];

/// Where `rollx train` writes the values of the map at `map`: beside it,
/// with the extension `.tuples`.
pub fn default_values_path(map: &Path) -> PathBuf {
    map.with_extension("tuples")
}

/// The Rolling game on a map read from `path`.
pub fn game(map: Map, path: &Path) -> Result<Game, Failure> {
    Game::new(map).map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))
}

/// The strong and expert players' effort: the knobs given, the others
/// from `defaults`.
pub fn knobs(given: &Given, defaults: StrongKnobs) -> StrongKnobs {
    StrongKnobs {
        candidates: given.whole("candidates").unwrap_or(defaults.candidates),
        rollouts: given.whole("rollouts").unwrap_or(defaults.rollouts),
        horizon: given.whole("horizon").unwrap_or(defaults.horizon),
    }
}

/// Why a values file could not be used.
pub enum ValuesProblem {
    /// There is no such file.
    Missing(std::io::Error),
    /// It cannot be read.
    Unreadable(std::io::Error),
    /// It holds no values for this map.
    Invalid(ValuesError),
}

/// The values `rollx train` wrote to `path`, for `game`.
pub fn read_values(path: &Path, game: &Game) -> Result<TupleValue, ValuesProblem> {
    let bytes = std::fs::read(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            ValuesProblem::Missing(e)
        } else {
            ValuesProblem::Unreadable(e)
        }
    })?;
    TupleValue::from_bytes(game, &bytes).map_err(ValuesProblem::Invalid)
}

/// What the computer players `policies` need on the map at `map`: the
/// knobs given, and the learned values when the `tuples` or `expert`
/// player is among them (from `--values`, else beside the map).
pub fn player_setup(
    map: &Path,
    game: &Game,
    policies: &[String],
    given: &Given,
) -> Result<PlayerSetup, Failure> {
    let mut setup = PlayerSetup {
        knobs: knobs(given, StrongKnobs::DEFAULT),
        expert_knobs: knobs(given, StrongKnobs::EXPERT),
        values: None,
    };
    let Some(player) = policies.iter().find(|p| LEARNED.contains(&p.as_str())) else {
        return Ok(setup);
    };
    let path = given
        .get("values")
        .map_or_else(|| default_values_path(map), PathBuf::from);
    match read_values(&path, game) {
        Ok(v) => setup.values = Some(Arc::new(v)),
        Err(ValuesProblem::Missing(_)) => {
            let time = TrainingEstimate::measure(game, TRAINING_GAMES)
                .map(|e| {
                    format!("; learning takes {e}, on one core of this machine (measured now)")
                })
                .unwrap_or_default();
            return Err(Failure::usage(format!(
                "the {player} player needs learned values, and {} does not exist\n  \
                 help: run `rollx train {}` first, or give --values FILE{time}",
                path.display(),
                map.display()
            )));
        }
        Err(ValuesProblem::Unreadable(e)) => {
            return Err(Failure::usage(format!(
                "cannot read {}: {e}",
                path.display()
            )));
        }
        Err(ValuesProblem::Invalid(e)) => {
            return Err(Failure::invalid(format!("{}: {e}", path.display())));
        }
    }
    Ok(setup)
}

/// The names of the players `policies` (one per seat): the policy, with
/// the seat number when several play (`greedy 2`).
fn seat_names(policies: &[String]) -> Vec<String> {
    let solo = policies.len() == 1;
    policies
        .iter()
        .enumerate()
        .map(|(i, policy)| {
            if solo {
                policy.clone()
            } else {
                format!("{policy} {}", i + 1)
            }
        })
        .collect()
}

/// `rollx play` on a Rolling map: the computer players of `r` seated
/// and playing a whole game.
pub(crate) fn play_game(game: &Game, r: &PlayRequest) -> Result<PlayedGame, Failure> {
    let setup = player_setup(r.path, game, r.policies, r.options)?;
    let mut players = seat_names(r.policies)
        .into_iter()
        .zip(r.policies)
        .enumerate()
        .map(|(i, (name, policy))| {
            policy_with(policy, derive_seed(r.seed, i as u64 + 1), &setup)
                .map(|player| (name, player))
                .ok_or_else(|| no_player(policy))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(play_game_with(
        game,
        r.seed,
        &mut players,
        Some(r.path.display().to_string()),
    ))
}

/// Why the computer player `policy` cannot sit at a table.
fn no_player(policy: &str) -> Failure {
    Failure::usage(format!(
        "--policy {policy}: Rolling maps have no such player\n  help: they have {}",
        super::play::POLICIES.join(", ")
    ))
}

/// A game the computer played as `rollx play` shows it: each final sheet
/// with its score, then the ranking.
pub(crate) fn played(game: &Game, played: &PlayedGame, r: &PlayRequest) -> Played {
    let solo = r.policies.len() == 1;
    let names = seat_names(r.policies);
    let map = game.map();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}), seed {}, {}",
        map.info.name,
        map.info.id,
        r.seed,
        count(r.policies.len(), "player")
    );
    for (name, state) in names.iter().zip(&played.states) {
        let score = game.score(state);
        let _ = writeln!(s);
        if !solo {
            let _ = writeln!(s, "{name}");
        }
        s.push_str(&render_fitted(game, state, r.color, r.width));
        let _ = writeln!(s);
        s.push_str(&wrap(
            &format!(
                "score: {} X, {} used ({})",
                score.crosses,
                count(score.powers_used, "power"),
                powers_line(game, state)
            ),
            "",
            "  ",
            r.width,
        ));
    }
    if !solo {
        let mut ranking: Vec<(usize, Score)> = played
            .states
            .iter()
            .map(|st| game.score(st))
            .enumerate()
            .collect();
        ranking.sort_by_key(|&(i, sc)| (sc, i));
        let _ = writeln!(s);
        let _ = writeln!(s, "ranking (fewest X, then fewest powers):");
        for (place, (i, sc)) in ranking.iter().enumerate() {
            let _ = writeln!(
                s,
                "  {}. {:<12} {:>2} X  {}",
                place + 1,
                names[*i],
                sc.crosses,
                count(sc.powers_used, "power")
            );
        }
    }
    Played {
        text: s,
        log: played.log.to_json(),
    }
}

/// The game of `log` refereed on `map` (`at` says where they come from):
/// the rules it was played by, and the verdict; a log of a game on another
/// map, or on the map since changed, is one error located in the log.
pub(crate) fn referee_log(
    map: &Map,
    log: &GameLog,
    at: &LogAt,
) -> Result<(Game, Verdict), Failure> {
    let game = game(map.clone(), at.file)?;
    let verdict = referee(&game, log).map_err(|wrong| {
        let mut sources = SourceMap::new();
        let id = sources.add(at.path, at.text.to_string());
        let diag = wrong_map_diagnostic(&wrong, log, (at.path, id, at.text), at.file, at.given);
        Failure::located(false, sources, vec![diag])
    })?;
    Ok((game, verdict))
}

/// A player's final sheet as a filled sheet (`--write-sheet`).
pub(crate) fn filled_sheet(game: &Game, verdict: &Verdict, seat: usize) -> String {
    let player = &verdict.players[seat];
    filled::to_toml(game, &player.sheet, Some(&player.player))
}

/// The one error for a log refereed on a map it does not belong to: what
/// the log names and what the map is, pointing at the log's field, and how
/// to fix it (`given`: the map came from `--map`).
fn wrong_map_diagnostic(
    wrong: &WrongMap,
    log: &GameLog,
    (log_path, id, text): (&Path, SourceId, &str),
    map_path: &Path,
    given: bool,
) -> Diagnostic {
    let (log_file, map_file) = (log_path.display(), map_path.display());
    let recorded = log
        .board
        .file
        .as_ref()
        .map(|f| format!(" (played from {f})"))
        .unwrap_or_default();
    let (message, key, label, help) = match wrong {
        WrongMap::OtherMap {
            log: want,
            map: have,
        } => (
            format!(
                "{log_file} is a game on map `{want}`{recorded}, but the map used, {map_file}, is `{have}`"
            ),
            "id",
            format!("a game on `{want}`"),
            match (&log.board.file, given) {
                (Some(f), true) => format!(
                    "leave out --map to use the map the log was played on ({f}), or pass the map \
whose [map] id is `{want}` with --map FILE"
                ),
                (None, true) => format!(
                    "pass the map whose [map] id is `{want}` with --map (e.g. --map maps/{want}.toml)"
                ),
                (_, false) => format!(
                    "{map_file} holds map `{have}`, not `{want}`: pass the map whose [map] id is \
`{want}` with --map FILE"
                ),
            },
        ),
        WrongMap::Changed { map } => (
            format!(
                "{map_file} (map `{map}`) has changed since {log_file} was recorded: its areas, \
neighbours or rules differ from the map hash in the log"
            ),
            "hash",
            "the map as it was then".to_string(),
            "referee the log on the map as it was when the game was played (--map FILE), or \
delete `hash` from the log's `map` to referee it on the map as it is now"
                .to_string(),
        ),
        WrongMap::OtherRules { map, differences } => (
            format!(
                "{log_file} was played with other rules than {map_file} (map `{map}`) has: they \
differ in {}",
                differences.join(", ")
            ),
            "rules",
            "the rules the game was played with".to_string(),
            "referee the log on the map the game was played on (--map FILE), or delete `rules` \
from the log to referee it by the map's rules"
                .to_string(),
        ),
    };
    let diag = Diagnostic::error(wrong.code(), message).with_help(help);
    wrong_file_diagnostic(diag, &(key, label), id, text)
}

/// The verdict as text: every problem and broken rule, a lone player's
/// sheet when it broke rules, and the scores.
pub(crate) fn text_verdict(
    game: &Game,
    log: &GameLog,
    v: &Verdict,
    path: &Path,
    color: bool,
    width: usize,
) -> String {
    let mut s = String::new();
    s.push_str(&log.referee_heading(path, &game.map().info.name, "turn"));
    for p in &v.problems {
        s.push_str(&p.line("turn"));
    }
    for x in &v.violations {
        let which = x
            .move_index
            .map(|k| format!(", move {}", k + 1))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  turn {} (round {}, turn {}), {}{which}, {} die: {} [{}]",
            x.turn, x.round, x.turn_in_round, x.player, x.die, x.message, x.rule
        );
    }
    if v.players.len() == 1 && !v.violations.is_empty() {
        let _ = writeln!(s);
        s.push_str(&render_fitted(game, &v.players[0].sheet, color, width));
    }
    let _ = writeln!(s);
    let width = v
        .players
        .iter()
        .map(|p| p.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        s,
        "  {:width$}  X on sheet  mistakes  total X  powers",
        "player"
    );
    for p in &v.players {
        let _ = writeln!(
            s,
            "  {:width$}  {:>10}  {:>8}  {:>7}  {:>6}",
            p.player, p.crosses, p.mistakes, p.total, p.powers_used
        );
    }
    let _ = writeln!(s);
    if v.is_clean() {
        let _ = writeln!(s, "clean: every move follows the rules");
    } else {
        let mistakes: u32 = v.players.iter().map(|p| p.mistakes).sum();
        let _ = writeln!(
            s,
            "not clean: {} broken in {} (one X each), {}",
            plural(v.violations.len(), "rule", "rules"),
            count(mistakes, "mistake"),
            count(v.problems.len(), "log problem"),
        );
    }
    s
}

/// A finished paper sheet of `map` read and checked, and the game it was
/// checked by.
pub(crate) fn check_filled(
    map: &Map,
    r: &SheetRequest,
) -> Result<(Game, CheckedSheet<FilledResult>), Failure> {
    let game = game(map.clone(), r.map_path)?;
    let checked = filled::check(&game, r.path, r.bytes.to_vec());
    Ok((game, checked))
}

/// A checked paper sheet as `rollx referee --sheet` shows it: the sheet
/// drawn, its crosses, mistakes and total, and the verdict.
pub(crate) fn filled_text(game: &Game, result: &FilledResult, r: &SheetRequest) -> String {
    format!(
        "{}\n  {}: {} X on the sheet, {} empty (counted as X), {} -> {} X, {}\n{}",
        render_fitted(game, &result.sheet, r.color, r.width),
        result.player.as_deref().unwrap_or("sheet"),
        result.crosses,
        result.empty,
        if result.breaches.len() as u32 == result.mistakes {
            count(result.mistakes, "mistake")
        } else {
            // Under `per-die`, the fewest dice that explain them.
            format!(
                "{} ({} broken: the fewest dice that explain them)",
                count(result.mistakes, "mistake"),
                plural(result.breaches.len(), "rule", "rules")
            )
        },
        result.total,
        count(result.powers_used, "power"),
        if result.mistakes == 0 {
            "clean: no rule is broken on this sheet\n"
        } else {
            ""
        }
    )
}

/// Positions the solver searches per game by default (as `check --deep`).
pub const DEFAULT_POSITIONS: u64 = 1_000_000;

/// A maker of the computer player `policy` by seed.
fn make<'a>(
    policy: &'a str,
    setup: &'a PlayerSetup,
) -> impl Fn(u64) -> Box<dyn Policy> + Sync + 'a {
    move |seed| policy_with(policy, seed, setup).expect("the players are checked")
}

/// Learned values that guide the solver, with the file they came from.
pub type Guide = (Arc<TupleValue>, PathBuf);

/// The learned values that guide the solver on the map at `map`: the file
/// `explicit` names (an error if it cannot be read), or the one `rollx
/// train` writes beside the map when it exists (a warning, and no values,
/// when it is for another version of the map). With the values, the path
/// they came from; the warning, if any.
pub fn solver_values(
    map: &Path,
    explicit: Option<&Path>,
    game: &Game,
) -> Result<(Option<Guide>, Option<String>), Failure> {
    let path = explicit.map_or_else(|| default_values_path(map), Path::to_path_buf);
    match read_values(&path, game) {
        Ok(v) => Ok((Some((Arc::new(v), path)), None)),
        Err(ValuesProblem::Missing(_)) if explicit.is_none() => Ok((None, None)),
        Err(ValuesProblem::Invalid(e)) if explicit.is_none() => Ok((
            None,
            Some(format!(
                "{}: {e}; the search goes on without them\n  help: run `rollx train {}` again",
                path.display(),
                map.display()
            )),
        )),
        Err(ValuesProblem::Missing(e) | ValuesProblem::Unreadable(e)) => Err(Failure::usage(
            format!("cannot read {}: {e}", path.display()),
        )),
        Err(ValuesProblem::Invalid(e)) => Err(Failure::invalid(format!("{}: {e}", path.display()))),
    }
}

/// One map's side of a run: its rules engine, what its players need, the
/// map without each power (to value the powers), and with `--optimum`
/// the learned values that guide the solver.
pub(crate) struct Run {
    game: Game,
    setup: PlayerSetup,
    reduced: Vec<(Power, Game)>,
    optimum: Option<Option<Guide>>,
    positions: u64,
}

/// A policy's games on one map, and their replays without each power.
pub(crate) struct PolicyTally {
    with: Tally,
    without: Vec<(Power, Tally)>,
}

/// `rollx simulate` on Rolling maps: every map and policy's games, their
/// replays without each power, and with `--optimum` the solver's best game
/// on the same dice; the maps side by side.
impl Simulates for super::face::Rolling {
    type Run = Run;
    type Tally = PolicyTally;
    /// The solver's games: X of the best game, its lower bound, whether
    /// it is exact.
    type Extra = Vec<(u32, u32, bool)>;

    fn per(&self) -> String {
        "per map and policy".to_string()
    }

    fn tables(&self, r: &SimulateRequest) -> Result<Vec<Seated>, Failure> {
        if r.options.get("values").is_some() && r.paths.len() > 1 {
            return Err(Failure::usage(
                "--values gives one map's values; with several maps leave it out, and each map's \
                 values are read from beside it (MAP.tuples)",
            ));
        }
        Ok(r.policies.iter().map(|p| Seated::alike(p, 1)).collect())
    }

    fn run(&self, map: &Map, path: &Path, r: &SimulateRequest) -> Result<Run, Failure> {
        let game = game(map.clone(), path)?;
        let setup = player_setup(path, &game, r.policies, r.options)?;
        let values = r.options.get("values").map(Path::new);
        // The values that guide the solver; the values the players already
        // read are used again.
        let optimum = if r.options.get("optimum").is_some() {
            let (guide, warning) = match &setup.values {
                Some(v) => (
                    Some((
                        v.clone(),
                        values.map_or_else(|| default_values_path(path), Path::to_path_buf),
                    )),
                    None,
                ),
                None => solver_values(path, values, &game)?,
            };
            if let Some(w) = warning {
                r.progress.warn(&w);
            }
            Some(guide)
        } else {
            None
        };
        let reduced = if r.options.get("no-power-value").is_some() {
            Vec::new()
        } else {
            game.rules()
                .powers
                .iter()
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .map(|(p, _)| (p, without_power(&game, p)))
                .collect()
        };
        Ok(Run {
            game,
            setup,
            reduced,
            optimum,
            positions: r.options.whole("positions").unwrap_or(DEFAULT_POSITIONS),
        })
    }

    fn replays(&self, run: &Run) -> u64 {
        run.reduced.len() as u64
    }

    fn solves(&self, run: &Run) -> bool {
        run.optimum.is_some()
    }

    fn play_range(
        &self,
        run: &Run,
        table: &Seated,
        games: std::ops::Range<u64>,
        seed: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<PolicyTally, String> {
        let policy = &table.seats[0];
        if policy_with(policy, 0, &run.setup).is_none() {
            return Err(format!("`{policy}` does not play Rolling maps"));
        }
        let make = make(policy, &run.setup);
        Ok(PolicyTally {
            with: simulate_range(&run.game, games.clone(), seed, &make, tick),
            without: run
                .reduced
                .iter()
                .map(|(power, reduced)| {
                    let tally = simulate_range(reduced, games.clone(), seed, &make, tick);
                    (*power, tally)
                })
                .collect(),
        })
    }

    fn merge(&self, into: &mut PolicyTally, more: &PolicyTally) {
        into.with.merge(&more.with);
        for ((_, into), (_, more)) in into.without.iter_mut().zip(&more.without) {
            into.merge(more);
        }
    }

    fn more(
        &self,
        run: &Run,
        id: &str,
        games: std::ops::Range<u64>,
        seed: u64,
        progress: &dyn Progress,
        into: &mut Self::Extra,
    ) {
        if let Some(values) = &run.optimum {
            progress.message(format!("{id} (solving)"));
            let guide = values.as_ref().map(|(v, _)| v.as_ref());
            into.extend(
                solve_range(&run.game, games, seed, run.positions, guide, &|| {
                    progress.tick(1)
                })
                .into_iter()
                .map(|s| (s.crosses, s.lower_bound, s.exact)),
            );
        }
    }

    fn reports(
        &self,
        runs: &[Run],
        tables: &[Seated],
        tallies: &[Vec<PolicyTally>],
        solved: &[Self::Extra],
        played: u64,
        r: &SimulateRequest,
    ) -> Reports {
        let mut maps = Vec::new();
        for ((run, per), solved) in runs.iter().zip(tallies).zip(solved) {
            let mut results = Vec::new();
            let mut per_game = Vec::new();
            for (table, t) in tables.iter().zip(per) {
                results.push(policy_result(
                    &run.game,
                    &table.seats[0],
                    &t.with,
                    &t.without,
                ));
                per_game.push(t.with.per_game.as_slice());
            }
            let map = run.game.map();
            let mut result = MapResult {
                map: map.info.id.clone(),
                name: map.info.name.clone(),
                areas: map.areas.len(),
                policies: results,
                optimum: None,
            };
            if let Some(values) = &run.optimum {
                add_optimum(
                    &mut result,
                    run.positions,
                    values.as_ref().map(|(_, p)| p.display().to_string()),
                    solved,
                    &per_game,
                );
            }
            maps.push(result);
        }
        let report = SimReport {
            seed: r.seed,
            games: played,
            maps,
        };
        let maps: Vec<&Map> = runs.iter().map(|run| run.game.map()).collect();
        Reports {
            doc: sim_doc::doc(&report, &maps, &(r.command)(played)),
            json: serde_json::to_value(&report).expect("reports serialise"),
        }
    }

    fn label(&self, table: &Seated) -> String {
        table.seats[0].clone()
    }

    fn log(&self, run: &Run, table: &Seated, seed: u64, path: &Path) -> Result<String, String> {
        let policy = &table.seats[0];
        let player = policy_with(policy, seed, &run.setup)
            .ok_or_else(|| format!("`{policy}` does not play Rolling maps"))?;
        let mut players = vec![(policy.clone(), player)];
        let file = Some(path.display().to_string());
        Ok(play_game_with(&run.game, seed, &mut players, file)
            .log
            .to_json())
    }
}
