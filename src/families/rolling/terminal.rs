//! `rollx play MAP --human` and `--resume` on a Rolling map: you play
//! seat 1 against the dice (and computer players on the same dice); the
//! game is the one terminal session ([`crate::session`]) with the Rolling
//! notation (docs/terminal-play.md).

use std::path::{Path, PathBuf};

use crate::diag::Failure;
use crate::families::contract::{AtTerminal, Console, Start, TerminalRequest};
use crate::families::log::file_of_log;
use crate::session::{Session, play_at, resume};
use crate::text::count;

use super::commands::{default_values_path, game, player_setup};
use super::map::Map;
use super::notation::{self, Computer, Terminal};
use super::play::{POLICIES, derive_seed, policy_with};
use super::rules::Game;
use super::rules::log::{GameLog, map_hash};

/// A game at the terminal: new, or resumed from its log.
/// `map` is the map of a new game.
pub(crate) fn terminal(
    map: Option<&Map>,
    r: &TerminalRequest,
    mut console: Console,
) -> Result<AtTerminal, Failure> {
    let (game, map_path, seed, names, policy, saved) = match r.start {
        Start::New {
            path,
            seed,
            policies,
            players,
            ..
        } => {
            let Some(map) = map else {
                return Err(Failure::usage("a new game needs its map"));
            };
            let game = game(map.clone(), path)?;
            let [policy] = policies else {
                return Err(Failure::usage(
                    "--human plays against one kind of computer player: give one --policy",
                ));
            };
            let names = std::iter::once("you".to_string())
                .chain((1..players).map(|i| format!("{policy} {}", i + 1)))
                .collect();
            (game, path.to_path_buf(), seed, names, policy.clone(), None)
        }
        Start::Resume { path, text, map } => {
            let saved = read_saved(path, text, map)?;
            let model = (r.load)(&saved.map_path)?;
            let map = model.take::<Map>().map_err(|family| {
                Failure::usage(format!(
                    "{} is {}, and `rollx play --human` takes Rolling maps only for now\n  \
                     help: `rollx check`, `rollx print`, `rollx play` (computer players) and \
                     `rollx referee` take it",
                    saved.map_path.display(),
                    family.a_file(),
                ))
            })?;
            let game = game(map, &saved.map_path)?;
            let (seed, names, policy) = saved.players(&game)?;
            (
                game,
                saved.map_path.clone(),
                seed,
                names,
                policy,
                Some(saved),
            )
        }
    };
    let mut setup = player_setup(&map_path, &game, std::slice::from_ref(&policy), r.options)?;
    // Hints come from the expert when the map's learned values can be read.
    if setup.values.is_none()
        && (r.options.get("values").is_some() || default_values_path(&map_path).is_file())
    {
        match player_setup(&map_path, &game, &["expert".to_string()], r.options) {
            Ok(s) => setup.values = s.values,
            Err(_) => (console.note)("hints come from the strong player instead"),
        }
    }
    let hint_by = if setup.values.is_some() {
        "expert"
    } else {
        "strong"
    };
    let hint_setup = setup.clone();
    let hinter = notation::hinter(
        hint_by,
        seed,
        Box::new(move |seed| policy_with(hint_by, seed, &hint_setup).expect("the values are read")),
    );
    let computers: Vec<Box<dyn crate::engine::Player<Game>>> = (1..names.len())
        .map(|i| {
            let policy = policy_with(&policy, derive_seed(seed, i as u64 + 1), &setup)
                .expect("the players are checked");
            Box::new(Computer(policy)) as Box<dyn crate::engine::Player<Game>>
        })
        .collect();
    let terminal = Terminal { game: &game };
    let mut session = Session::new(&terminal, seed, names, computers, hinter, r.view);
    let map_file = match (&r.start, &saved) {
        (Start::New { path, .. }, _)
        | (
            Start::Resume {
                map: Some(path), ..
            },
            _,
        ) => Some(path.display().to_string()),
        (Start::Resume { map: None, .. }, Some(s)) => s.log.board.file.clone(),
        (Start::Resume { map: None, .. }, None) => None,
    };
    if let Some(s) = &saved {
        let replayed = notation::replay(&mut session, &s.log);
        let turns = count(session.turns_played() as u64, "turn");
        let over = format!("after {turns}, the last");
        resume(&session, &mut console, &s.path, replayed, &over, "turn")?;
    }
    let ending = play_at(&mut session, &mut console, saved.is_some())?;
    Ok(AtTerminal {
        ending,
        log: notation::log(&session, map_file).to_json(),
        played: count(session.turns_played() as u64, "turn"),
    })
}

/// A saved game to resume.
struct Saved {
    path: PathBuf,
    log: GameLog,
    map_path: PathBuf,
}

/// Reads the log to resume (`text`, from `path`) and finds its map (`map`
/// when given).
fn read_saved(path: &Path, text: &str, map: Option<&Path>) -> Result<Saved, Failure> {
    let log = GameLog::parse(text).map_err(|e| {
        let at = match (e.line, e.column) {
            (Some(l), Some(c)) => format!(":{l}:{c}"),
            _ => String::new(),
        };
        Failure::usage(format!(
            "{}{at}: not a valid game log: {}\n  help: see docs/game-log.md for the format",
            path.display(),
            e.message
        ))
    })?;
    let map_path = file_of_log(
        map,
        log.file_candidates(path),
        ("map", &log.board.id),
        path,
        "give it as MAP",
    )?;
    Ok(Saved {
        path: path.to_path_buf(),
        log,
        map_path,
    })
}

impl Saved {
    /// The seed, the players' names and how the computers play, when the
    /// log is a game `rollx play --human` saved on this map.
    fn players(&self, game: &Game) -> Result<(u64, Vec<String>, String), Failure> {
        let log = &self.log;
        let path = self.path.display();
        let map = game.map();
        if log.board.id != map.info.id
            || log.board.hash.as_ref().is_some_and(|h| *h != map_hash(map))
            || log.options.as_ref().is_some_and(|r| r != game.rules())
        {
            return Err(Failure::usage(format!(
                "{path} was played on another map than {} (`{}`{}): give the map it was played on",
                self.map_path.display(),
                log.board.id,
                if log.board.id == map.info.id {
                    ", since changed"
                } else {
                    ""
                }
            )));
        }
        let Some(seed) = log.seed else {
            return Err(Failure::invalid(format!(
                "{path} has no seed: only games whose dice rollx rolled can be resumed"
            )));
        };
        // `rollx play --human` names the computers `<policy> <n>`.
        let mut policy = None;
        for (i, name) in log.players.iter().enumerate().skip(1) {
            let parsed = name
                .rsplit_once(' ')
                .filter(|(p, n)| POLICIES.contains(p) && *n == (i + 1).to_string())
                .map(|(p, _)| p.to_string());
            match (&policy, parsed) {
                (_, None) => {
                    return Err(Failure::invalid(format!(
                        "{path}: cannot tell how player {} (`{name}`) plays: \
                         `rollx play --human` names computer players `<policy> <number>`",
                        i + 1
                    )));
                }
                (Some(p), Some(q)) if *p != q => {
                    return Err(Failure::invalid(format!(
                        "{path}: the computer players play differently ({p}, {q})"
                    )));
                }
                (_, q) => policy = q,
            }
        }
        Ok((
            seed,
            log.players.clone(),
            policy.unwrap_or_else(|| "greedy".into()),
        ))
    }
}
