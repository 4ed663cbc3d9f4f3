//! The Rolling family's face: what the commands reach it by.

use super::sheet::words::ALL as WORDS;
use crate::diag::{Diagnostic, Failure};
use crate::engine::conformance::{self, Conformance};
use crate::families::contract::{
    About, AtTerminal, Card, Checked, CheckedSheet, Command, Console, Declared, DeepRequest,
    Deepened, FileToCheck, Given, LogAt, Model, PlayRequest, Played, Printed, RefereeRequest,
    SheetRequest, Takes, TerminalRequest, Topic, Typed,
};
use crate::print::{PrintOptions, Template};

use super::map::Map;
use super::play::PlayedGame;
use super::rules::Game;
use super::rules::filled::FilledResult;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

/// The Rolling family.
pub(crate) struct Rolling;

impl About for Rolling {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn check(&self, file: FileToCheck) -> Checked {
        let mut c = super::map::check_bytes(file.files, file.path, file.bytes);
        if let Some(locale) = file.locale {
            super::limits::add_limits(&mut c, locale);
        }
        let model = c.map.map(|m| {
            let (lang, fonts) = (m.info.lang, m.info.fonts.clone());
            let names = m.info.names.clone();
            let parts = m
                .regions
                .iter()
                .filter(|r| !r.name.eq_ignore_ascii_case(&r.id))
                .map(|r| ("regions", r.id.clone()))
                .chain(m.areas.iter().map(|a| ("labels", a.id.clone())))
                .collect();
            Model::new(super::FAMILY, &m.info.name.clone(), &m.info.id.clone(), m)
                .with_lang(lang, &fonts)
                .with_names(&names, parts)
        });
        let text = (c.report.file.as_str(), c.report.summary());
        Checked::new(
            super::FAMILY,
            text,
            &c.report,
            c.sources,
            c.diagnostics,
            model,
        )
    }
}

impl Typed for Rolling {
    type Model = Map;
    type Rules = Game;
    type Game = PlayedGame;
    type Log = super::rules::log::RollingLog;
    type Verdict = Verdict;

    fn engine(&self, map: &Map, _options: &Given) -> Result<Game, String> {
        Game::new(map.clone()).map_err(|e| e.to_string())
    }

    fn rules(&self, map: &Map, lang: crate::lang::Lang) -> Vec<String> {
        super::sheet::rules::lines(map, lang)
    }

    fn sheet(
        &self,
        map: &Map,
        template: &Template,
        options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>) {
        Printed::checked(
            super::sheet::layout(map, template, options),
            template,
            options.mono,
        )
    }

    /// A lone player plays by the solo rules ([`super::rules::Solo`]).
    fn random_games(
        &self,
        game: &Game,
        players: usize,
        seeds: std::ops::Range<u64>,
    ) -> Result<Conformance, String> {
        if players == 1 {
            conformance::random_games(&super::rules::Solo(game), 1, seeds)
        } else {
            conformance::random_games(game, players, seeds)
        }
    }

    fn deep(&self, map: &Map, request: &DeepRequest) -> Result<Deepened, Failure> {
        super::deep::deep_check(map, request)
    }

    fn play_game(&self, game: &Game, request: &PlayRequest) -> Result<PlayedGame, Failure> {
        super::commands::play_game(game, request)
    }

    fn played(&self, game: &Game, played: &PlayedGame, request: &PlayRequest) -> Played {
        super::commands::played(game, played, request)
    }

    fn referee_log(
        &self,
        map: &Map,
        log: &GameLog,
        at: &LogAt,
    ) -> Result<(Game, Verdict), Failure> {
        super::commands::referee_log(map, log, at)
    }

    fn verdict_text(
        &self,
        game: &Game,
        log: &GameLog,
        verdict: &Verdict,
        r: &RefereeRequest,
    ) -> String {
        super::commands::text_verdict(game, log, verdict, r.path, r.color, r.width)
    }

    fn clean(&self, verdict: &Verdict) -> bool {
        verdict.is_clean()
    }

    fn filled(&self, game: &Game, verdict: &Verdict, seat: usize, _name: &str) -> String {
        super::commands::filled_sheet(game, verdict, seat)
    }

    type Filled = FilledResult;

    fn check_filled(
        &self,
        map: &Map,
        request: &SheetRequest,
    ) -> Result<(Game, CheckedSheet<FilledResult>), Failure> {
        super::commands::check_filled(map, request)
    }

    fn filled_text(&self, game: &Game, filled: &FilledResult, request: &SheetRequest) -> String {
        super::commands::filled_text(game, filled, request)
    }

    fn filled_clean(&self, filled: &FilledResult) -> bool {
        filled.mistakes == 0
    }

    fn terminal(
        &self,
        map: Option<&Map>,
        request: &TerminalRequest,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        crate::families::terminal::terminal(self, map, request, console)
    }
}

/// The options Rolling maps declare: the computer players' effort and
/// learned values.
const OPTIONS: &[Declared] = &[
    Declared {
        flag: "no-power-value",
        value_name: "",
        help: "Skip replaying the games without each power (faster; no power values).",
        takes: Takes::Switch,
        commands: &[Command::Simulate],
        requires: None,
        what: "is an option of the simulation",
    },
    Declared {
        flag: "optimum",
        value_name: "",
        help: "Also solve every game's dice with `rollx solve` and report each policy's gap to \
the best game on the same dice (regret), with the best games' X.",
        takes: Takes::Switch,
        commands: &[Command::Simulate],
        requires: None,
        what: "is an option of the simulation",
    },
    Declared {
        flag: "positions",
        value_name: "POSITIONS",
        help: "With --optimum: positions the solver searches per game at most (the same on \
every machine; about half a second a game on the USA map) [default: 1000000].",
        takes: Takes::Whole {
            min: 1,
            max: u64::MAX,
        },
        commands: &[Command::Simulate],
        requires: Some("optimum"),
        what: "is an option of the simulation",
    },
    Declared {
        flag: "candidates",
        value_name: "CANDIDATES",
        help: "Strong and expert players: moves looked at per decision (the best by a one-step \
cost; for the expert, when both dice of a turn are pending, pairs of moves, one per die); more \
is stronger and slower [default: 64 for strong, 16 for expert].",
        takes: Takes::Whole { min: 1, max: 256 },
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
    Declared {
        flag: "rollouts",
        value_name: "ROLLOUTS",
        help: "Strong and expert players: games played out for each of the two best candidate \
moves (weaker ones are dropped after fewer); more is stronger and slower [default: 128 for \
strong, 64 for expert].",
        takes: Takes::Whole { min: 1, max: 4096 },
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
    Declared {
        flag: "horizon",
        value_name: "HORIZON",
        help: "Strong and expert players: rounds each game played out looks ahead before the \
position is scored with an estimate (fitted on the map for strong, the learned values for \
expert); 0 plays every game to the end [default: 3 for strong, 2 for expert].",
        takes: Takes::Whole { min: 0, max: 255 },
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
    Declared {
        flag: "values",
        value_name: "FILE",
        help: "Tuples and expert players: the values file written by `rollx train` (default: the \
map's path with the extension .tuples).",
        takes: Takes::File,
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
];

/// What the family is called and says.
pub(crate) const CARD: Card = Card {
    name: "rolling",
    title: "Rolling",
    noun: "map",
    games: "Rolling America, Rolling Japan and their fan maps",
    words: WORDS,
    starter: include_str!("starter.toml"),
    solvability: "the fewest X possible, a bound",
    no_generator: "a Rolling map is drawn from real geography (docs/map-format.md)",
    options: OPTIONS,
    options_help: "a map's rules are in its [rules] table",
    players: &[
        ("random", "uniform among legal moves"),
        ("greedy", "a one-step heuristic, fast"),
        (
            "tuples",
            "by values learned with `rollx train`, fast; see --values",
        ),
        (
            "strong",
            "Monte Carlo rollouts, slower; see --candidates, --rollouts and --horizon",
        ),
        (
            "expert",
            "rollouts played by the tuples player, which needs its values too; the strongest",
        ),
    ],
    deepens: true,
    help: &[
        (
            Topic::Check,
            "Rolling maps: TOML syntax and types, references, symmetric neighbours, \
                 connectivity, the grid drawing against the declared neighbours, and whether the \
                 dice can fill every region; dice with more faces than `rollx train` supports are \
                 a warning.",
        ),
        (
            Topic::Deep,
            "With --deep, Rolling maps are also solved on sampled games with every roll known \
                 (`rollx solve`): how often a perfect game is possible, the best possible X, and \
                 the areas and regions that cost X even then, the same for a seed whatever the \
                 threads (docs/solver.md). The map's ordinary report is printed first; the \
                 solving, which can take minutes, follows with a progress bar on a terminal.",
        ),
        (
            Topic::Play,
            "Rolling maps (docs/rules.md) print each final sheet with its score and, with \
                 several players, the ranking. The tuples and expert players, --horizon and \
                 --values are theirs alone; --human plays seat 1 yourself (see \
                 docs/terminal-play.md).",
        ),
        (Topic::Print, "Rolling maps print their areas."),
        (
            Topic::Referee,
            "A Rolling log (docs/game-log.md) is replayed on its map by the rules \
                 (docs/rules.md), each sheet scored with one extra X per mistake; --sheet checks a finished paper sheet of a map \
                 (docs/filled-sheet.md), the sheet --write-sheet writes.",
        ),
        (
            Topic::Simulate,
            "Rolling maps: mean, median and spread of X with a 95 % confidence interval, the \
                 distribution, perfect games, how often each area ends as an X, the pressure on \
                 each region, how often each power is used and how many X it saves (the same \
                 games replayed without it), and why the X happen, per map and policy; several \
                 maps are reported side by side. With --optimum, every game's dice are also solved \
                 (`rollx solve`, --positions per game) and each policy's gap to the best game on \
                 the same dice is reported.",
        ),
    ],
    examples: &[],
    ..Card::NONE
};
