//! `rollx play --human`: play a game in the terminal against the dice.

use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::sheet_text::{powers_line, render};
use rollx::map::{Power, suggest_word};
use rollx::play::{Greedy, Policy};
use rollx::rules::log::{
    GameLog, LOG_FORMAT, LOG_VERSION, LogMap, LogResult, LogRoll, LogTurn, log_move, map_hash,
};
use rollx::rules::{Action, Game, Move, Phase, PowerSet, Roll, State};

const HELP: &str = "\
Resolve each die by typing a command:
  1 PA            write die 1's number in PA (or name the die: red PA)
  PA              the same, when only one die is left to resolve
  1 PA NY +dupe   Dupe: write the number in two areas of the region
  1 TX +cc        Color Change: the die counts as wild
  1 NY +guard     Guard: ignore the neighbour rule (the number is circled)
  1 x TX          mark an X in TX (only when the number fits nowhere)
  1 pass          the die does nothing (only when nothing else is possible)
Powers combine: 1 TX OK +cc +dupe. Area codes and dice ignore case.
Other commands:
  moves [1]       list where each die can go without powers
  hint            what the greedy player would do
  auto            let the greedy player resolve one die
  sheet           show the sheet again
  undo            take back this turn's moves
  help            this text
  quit            stop the game";

/// Plays one game interactively. Returns the log when the game was played
/// to the end, `None` when the player quit (or the input ended).
#[allow(clippy::too_many_arguments)]
pub fn play(
    game: &Game,
    seed: u64,
    mut computers: Vec<(String, Box<dyn Policy>)>,
    map_file: Option<String>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    color: bool,
    interactive: bool,
) -> io::Result<Option<GameLog>> {
    let map = game.map();
    let rules = game.rules();
    let per_round = rules.dice_per_round / rules.dice_per_turn;
    writeln!(
        out,
        "{} ({}), seed {seed}. Type `help` for the commands.",
        map.info.name, map.info.id
    )?;
    let mut dice_rng = Pcg64Mcg::seed_from_u64(seed);
    let mut me = game.initial_state();
    let mut others = vec![game.initial_state(); computers.len()];
    let mut turns = Vec::new();
    let mut greedy = Greedy::new();
    let mut line = String::new();

    while !game.is_terminal(&me) {
        let mut dice = Vec::new();
        while game.phase(&me) == Phase::Chance {
            let roll = game.sample_roll(&me, &mut dice_rng);
            game.apply_roll(&mut me, roll)
                .expect("sampled rolls are legal");
            for s in &mut others {
                game.apply_roll(s, roll).expect("sampled rolls are legal");
            }
            dice.push(roll);
        }
        let turn_start = me.clone();
        let mut mine: Vec<Move> = Vec::new();
        writeln!(out)?;
        write!(out, "{}", render(game, &me, color))?;
        while game.phase(&me) == Phase::Decision {
            writeln!(
                out,
                "round {}/{}, turn {}/{per_round}: {} | {}",
                me.round() + 1,
                rules.rounds,
                (me.rolled_in_round() - 1) / rules.dice_per_turn + 1,
                describe_dice(game, &me),
                powers_line(game, &me)
            )?;
            write!(out, "> ")?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                writeln!(out, "input ended: game abandoned")?;
                return Ok(None);
            }
            if !interactive {
                // Echo scripted input so the transcript reads like a session.
                writeln!(out, "{}", line.trim_end())?;
            }
            let command = line.trim();
            let lower = command.to_ascii_lowercase();
            match lower.split_whitespace().next().unwrap_or("") {
                "" => continue,
                "help" | "?" => writeln!(out, "{HELP}")?,
                "quit" | "exit" => {
                    writeln!(out, "game abandoned")?;
                    return Ok(None);
                }
                "sheet" => write!(out, "{}", render(game, &me, color))?,
                "undo" if mine.is_empty() => {
                    writeln!(out, "nothing to undo: no die of this turn is resolved yet")?;
                }
                "undo" => {
                    me = turn_start.clone();
                    mine.clear();
                    writeln!(out, "turn undone")?;
                }
                "moves" => list_moves(game, &me, lower.split_whitespace().nth(1), out)?,
                "hint" => {
                    let mv = greedy.choose(game, &me);
                    writeln!(
                        out,
                        "the greedy player would play: {}",
                        describe_move(game, &me, &mv)
                    )?;
                }
                "auto" => {
                    let mv = greedy.choose(game, &me);
                    writeln!(out, "{}", describe_move(game, &me, &mv))?;
                    game.apply(&mut me, mv);
                    mine.push(mv);
                }
                _ => match parse_move(game, &me, command) {
                    Err(message) => writeln!(out, "{message}")?,
                    Ok(mv) => {
                        let roll = me.pending_roll(mv.die).expect("parsed dice are pending");
                        let breaches = game.check(&me, &mv, roll.value);
                        if breaches.is_empty() {
                            writeln!(out, "{}", describe_move(game, &me, &mv))?;
                            game.apply(&mut me, mv);
                            mine.push(mv);
                        } else {
                            writeln!(out, "not allowed:")?;
                            for b in breaches {
                                writeln!(out, "  - {}", b.describe(game))?;
                            }
                        }
                    }
                },
            }
        }
        // Log the human's moves against the turn's start, then the computers'.
        let mut replay = turn_start;
        let mut logged = Vec::new();
        for mv in &mine {
            let number = replay.pending_roll(mv.die).expect("pending").value;
            logged.push(log_move(game, mv, number));
            game.apply(&mut replay, *mv);
        }
        let mut moves = vec![logged];
        for ((_, policy), state) in computers.iter_mut().zip(&mut others) {
            let mut theirs = Vec::new();
            while game.phase(state) == Phase::Decision {
                let mv = policy.choose(game, state);
                theirs.push(log_move(
                    game,
                    &mv,
                    state.pending_roll(mv.die).expect("pending").value,
                ));
                game.apply(state, mv);
            }
            moves.push(theirs);
        }
        turns.push(LogTurn {
            dice: dice
                .iter()
                .map(|r| LogRoll {
                    die: game.die(r.die).id.clone(),
                    value: r.value,
                })
                .collect(),
            moves,
        });
    }

    writeln!(out)?;
    write!(out, "{}", render(game, &me, color))?;
    let score = game.score(&me);
    writeln!(
        out,
        "game over: {} X, {} powers used ({})",
        score.crosses,
        score.powers_used,
        powers_line(game, &me)
    )?;
    let mut names = vec!["you".to_string()];
    names.extend(computers.iter().map(|(n, _)| n.clone()));
    let states: Vec<&State> = std::iter::once(&me).chain(&others).collect();
    if states.len() > 1 {
        let mut ranking: Vec<(usize, rollx::rules::Score)> =
            states.iter().map(|s| game.score(s)).enumerate().collect();
        ranking.sort_by_key(|&(i, s)| (s, i));
        writeln!(out, "ranking (fewest X, then fewest powers):")?;
        for (place, (i, s)) in ranking.iter().enumerate() {
            writeln!(
                out,
                "  {}. {:<12} {:>2} X  {} powers",
                place + 1,
                names[*i],
                s.crosses,
                s.powers_used
            )?;
        }
    }
    let result = names
        .iter()
        .zip(&states)
        .map(|(n, s)| {
            let sc = game.score(s);
            LogResult {
                player: n.clone(),
                crosses: sc.crosses,
                powers_used: sc.powers_used,
            }
        })
        .collect();
    Ok(Some(GameLog {
        format: LOG_FORMAT.to_string(),
        version: LOG_VERSION,
        map: LogMap {
            id: map.info.id.clone(),
            hash: Some(map_hash(map)),
            file: map_file,
        },
        rules: Some(rules.clone()),
        seed: Some(seed),
        players: names,
        turns,
        result,
    }))
}

/// "die 1: red 4, die 2: clear (wild) 2"
fn describe_dice(game: &Game, state: &State) -> String {
    state
        .pending_slots()
        .map(|(i, r)| {
            let die = game.die(r.die);
            let wild = if r.die == game.wild_die() {
                " (wild)"
            } else {
                ""
            };
            format!("die {}: {}{wild} {}", i + 1, die.id, r.value)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "red 4 in PA", "red 4 in PA and NY with Dupe", "X in TX".
fn describe_move(game: &Game, state: &State, mv: &Move) -> String {
    let map = game.map();
    let die = &game.die(mv.die).id;
    let value = state.pending_roll(mv.die).map_or(0, |r| r.value);
    let code = |a: rollx::map::AreaId| map.area(a).id.as_str();
    let what = match mv.action {
        Action::Write(a) => format!("{die} {value} in {}", code(a)),
        Action::WriteTwice(a, b) => format!("{die} {value} in {} and {}", code(a), code(b)),
        Action::Cross(a) => format!("{die} {value} fits nowhere: X in {}", code(a)),
        Action::Pass => format!("{die} {value} fits nowhere and does nothing"),
    };
    let powers: Vec<&str> = mv.powers.iter().map(Power::title).collect();
    if powers.is_empty() {
        what
    } else {
        format!("{what} with {}", powers.join(" and "))
    }
}

/// Lists where each pending die can go, numbered like the prompt: by the
/// die's place in the turn's roll order, which stays put as dice are
/// resolved. `which` (a die number or colour) limits the list to one die.
fn list_moves(
    game: &Game,
    state: &State,
    which: Option<&str>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if let Some(w) = which
        && !state
            .pending_slots()
            .any(|(i, r)| w == (i + 1).to_string() || w.eq_ignore_ascii_case(&game.die(r.die).id))
    {
        return writeln!(out, "{}", no_such_die(game, state, w));
    }
    for (i, roll) in state.pending_slots() {
        if which.is_some_and(|w| {
            w != (i + 1).to_string() && !w.eq_ignore_ascii_case(&game.die(roll.die).id)
        }) {
            continue;
        }
        let spots: Vec<&str> = game
            .die_areas(roll.die)
            .iter()
            .filter(|&&a| state.cell(a).is_empty() && game.neighbor_rule_ok(state, a, roll.value))
            .map(|&a| game.map().area(a).id.as_str())
            .collect();
        let mut all = rollx::rules::MoveList::new();
        game.moves_for(state, roll, &mut all);
        let die = &game.die(roll.die).id;
        if spots.is_empty() {
            writeln!(
                out,
                "die {} ({die} {}): fits nowhere without powers ({} moves with powers or X)",
                i + 1,
                roll.value,
                all.len()
            )?;
        } else {
            writeln!(
                out,
                "die {} ({die} {}): {} ({} moves in all with powers)",
                i + 1,
                roll.value,
                spots.join(" "),
                all.len()
            )?;
        }
    }
    Ok(())
}

/// The dice still to resolve, as the prompt numbers them: "2 (green 3)".
fn pending_choices(game: &Game, state: &State) -> String {
    state
        .pending_slots()
        .map(|(i, r)| format!("{} ({} {})", i + 1, game.die(r.die).id, r.value))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Why `word` names no die waiting to be resolved: a die already resolved
/// this turn, a die not rolled this turn, or no die at all.
fn no_such_die(game: &Game, state: &State, word: &str) -> String {
    let left = pending_choices(game, state);
    let resolved = word.parse::<usize>().ok().filter(|&n| {
        n >= 1
            && n <= usize::from(state.rolled_in_turn())
            && !state.pending_slots().any(|(i, _)| i + 1 == n)
    });
    if let Some(n) = resolved {
        format!("die {n} is already resolved this turn; still to resolve: {left}")
    } else if let Some(die) = game.dice().iter().find(|d| d.id.eq_ignore_ascii_case(word)) {
        format!(
            "the {} die is not waiting to be resolved (already resolved, or not rolled this turn); still to resolve: {left}",
            die.id
        )
    } else {
        format!("there is no die `{word}` this turn; still to resolve: {left}")
    }
}

/// Parses `1 PA`, `red PA NY +dupe`, `1 x TX`, `pass`, `PA`.
fn parse_move(game: &Game, state: &State, command: &str) -> Result<Move, String> {
    let map = game.map();
    let slots: Vec<(usize, Roll)> = state.pending_slots().collect();
    let pending: Vec<Roll> = slots.iter().map(|&(_, r)| r).collect();
    let mut tokens: Vec<&str> = command.split_whitespace().collect();
    let die_of = |t: &str| -> Option<Roll> {
        if let Ok(n) = t.parse::<usize>() {
            return slots.iter().find(|&&(i, _)| i + 1 == n).map(|&(_, r)| r);
        }
        pending
            .iter()
            .copied()
            .find(|r| game.die(r.die).id.eq_ignore_ascii_case(t))
    };
    let roll = match tokens.first().map(|t| (t, die_of(t))) {
        Some((_, Some(r))) => {
            tokens.remove(0);
            r
        }
        // A number or a die's colour names a die (unless the map has an
        // area of that name), even when that die is not waiting.
        Some((t, None))
            if (t.parse::<usize>().is_ok()
                || game.dice().iter().any(|d| d.id.eq_ignore_ascii_case(t)))
                && !map.areas.iter().any(|a| a.id.eq_ignore_ascii_case(t)) =>
        {
            return Err(no_such_die(game, state, t));
        }
        _ if pending.len() == 1 => pending[0],
        _ => {
            return Err(format!(
                "which die? Start with its number or colour: {}. Type `help` for the commands.",
                pending_choices(game, state)
            ));
        }
    };
    let mut powers = PowerSet::NONE;
    let mut areas = Vec::new();
    let mut cross = false;
    let mut pass = false;
    let codes: Vec<&str> = map.areas.iter().map(|a| a.id.as_str()).collect();
    for t in tokens {
        let word = t.trim_start_matches('+').to_ascii_lowercase();
        let area = map.areas.iter().position(|a| a.id.eq_ignore_ascii_case(t));
        match (word.as_str(), area) {
            (_, Some(i)) if !t.starts_with('+') => areas.push(rollx::map::AreaId(i as u16)),
            ("guard", _) => powers = powers.with(Power::Guard),
            ("dupe", _) => powers = powers.with(Power::Dupe),
            ("cc" | "color" | "colour" | "colorchange" | "color-change", _) => {
                powers = powers.with(Power::ColorChange)
            }
            ("x", _) => cross = true,
            ("pass", _) => pass = true,
            _ => {
                let hint = suggest_word(t.to_ascii_uppercase().as_str(), &codes)
                    .map(|s| format!(" (did you mean {s}?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "`{t}` is not an area, a power (+guard, +dupe, +cc), x or pass{hint}"
                ));
            }
        }
    }
    let action = match (areas.as_slice(), cross, pass) {
        ([a], true, false) => Action::Cross(*a),
        ([], false, true) => Action::Pass,
        ([a], false, false) => Action::Write(*a),
        ([a, b], false, false) => Action::WriteTwice(*a, *b),
        ([], false, false) => return Err("say where: an area code, `x AREA`, or `pass`".into()),
        _ => return Err("write one area (two with +dupe), or `x AREA`, or `pass`".into()),
    };
    Ok(Move {
        die: roll.die,
        action,
        powers,
    })
}
