//! The Diceland family's face: what the commands reach it by.

use super::words::ALL as WORDS;
use crate::diag::{Diagnostic, Failure};
use crate::families::contract::{
    About, AtTerminal, Card, Checked, CheckedSheet, Console, Declared, FileToCheck, GenerateError,
    GenerateOptions, GeneratedFile, Given, LogAt, Model, PlayRequest, Played, Printed,
    RefereeRequest, SheetRequest, TerminalRequest, Topic, Typed,
};
use crate::print::{PrintOptions, Template};

use super::Board;
use super::play::PlayedGame;
use super::rules::Game;
use super::rules::filled::FilledResult;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

/// The Diceland family.
pub(crate) struct Diceland;

impl About for Diceland {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn check(&self, file: FileToCheck) -> Checked {
        let c = super::check_bytes_for(file.files, file.path, file.bytes, file.locale);
        let model = c.board.map(|b| {
            let (lang, fonts) = (b.info.lang, b.info.fonts.clone());
            let names = b.info.names.clone();
            Model::new(super::FAMILY, &b.info.name.clone(), &b.info.id.clone(), b)
                .with_lang(lang, &fonts)
                .with_names(&names, Vec::new())
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

impl Typed for Diceland {
    type Model = Board;
    type Rules = Game;
    type Game = PlayedGame;
    type Log = super::rules::log::DicelandLog;
    type Verdict = Verdict;

    fn engine(&self, board: &Board, _options: &Given) -> Result<Game, String> {
        Ok(Game::new(board.clone()))
    }

    fn rules(&self, board: &Board, lang: crate::lang::Lang) -> Vec<String> {
        super::rules::page::lines(board, lang)
    }

    fn sheet(
        &self,
        board: &Board,
        template: &Template,
        options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>) {
        Printed::checked(
            super::sheet::layout(board, template, options),
            template,
            options.mono,
        )
    }

    fn play_game(&self, game: &Game, request: &PlayRequest) -> Result<PlayedGame, Failure> {
        super::commands::play(game, request)
    }

    fn played(&self, game: &Game, played: &PlayedGame, request: &PlayRequest) -> Played {
        super::commands::played(game, played, request)
    }

    fn referee_log(
        &self,
        board: &Board,
        log: &GameLog,
        at: &LogAt,
    ) -> Result<(Game, Verdict), Failure> {
        super::commands::referee_log(board, log, at)
    }

    fn verdict_text(
        &self,
        game: &Game,
        log: &GameLog,
        verdict: &Verdict,
        r: &RefereeRequest,
    ) -> String {
        super::commands::verdict_text(log, game, verdict, r.path)
    }

    fn clean(&self, verdict: &Verdict) -> bool {
        verdict.is_clean()
    }

    fn filled(&self, game: &Game, verdict: &Verdict, seat: usize, name: &str) -> String {
        super::rules::filled::to_toml(game.board(), &verdict.sheets[seat], Some(name))
    }

    type Filled = FilledResult;

    fn check_filled(
        &self,
        board: &Board,
        request: &SheetRequest,
    ) -> Result<(Game, CheckedSheet<FilledResult>), Failure> {
        Ok(super::commands::check_filled(board, request))
    }

    fn filled_text(&self, game: &Game, filled: &FilledResult, _: &SheetRequest) -> String {
        super::commands::filled_text(game.board(), filled)
    }

    fn filled_clean(&self, filled: &FilledResult) -> bool {
        filled.is_clean()
    }

    fn terminal(
        &self,
        board: Option<&Board>,
        request: &TerminalRequest,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        crate::families::terminal::terminal(self, board, request, console)
    }
}

/// The options Diceland boards declare: the tables of a simulation.
const OPTIONS: &[Declared] = &[
    Declared::players(
        "Players at each table (default 4); each policy also plays alone.",
        8,
    ),
    Declared::SEATS,
];

/// A random Diceland board.
fn generate(options: &GenerateOptions) -> Result<GeneratedFile, GenerateError> {
    use super::generate as g;
    let size = options.or(g::STANDARD);
    let made = g::generate(&size)?;
    Ok(GeneratedFile {
        text: made.toml,
        id: made.id,
        size: (size.columns, size.rows),
        tries: made.tries,
    })
}

/// What the family is called and says.
pub(crate) const CARD: Card = Card {
    name: "diceland",
    title: "Diceland",
    noun: "board",
    games: "Diceland / Würfelland boards",
    words: WORDS,
    starter: include_str!("starter.toml"),
    solvability: "the fewest dice to win, a plan, the chokepoint",
    generator: Some(generate),
    generated_line: "fewest dice to win",
    options: OPTIONS,
    options_help: "Diceland boards have the players {players} (docs/diceland-rules.md)",
    players: &[
        ("random", "a colour, a reroll and a crossing at random"),
        (
            "greedy",
            "one step ahead: the crossing that scores most now",
        ),
        (
            "strong",
            "plans the shortest way to the goal and computes the odds",
        ),
    ],
    max_players: super::rules::MAX_PLAYERS,
    help: &[
        (
            Topic::Check,
            "Diceland boards: the hexagon grid, its zones, start cell and stars, the published \
                 conventions (as warnings), and rule solvability: the zones the start reaches, the \
                 fewest dice to win, and the share of the board behind one cell.",
        ),
        (
            Topic::Play,
            "Diceland boards (docs/diceland-rules.md) are played by random, greedy and \
                 strong, at tables of 1 to 8 (--players); --human plays seat 1 yourself and \
                 --resume goes on with a game saved by it (docs/terminal-play.md#diceland-boards).",
        ),
        (
            Topic::Print,
            "Diceland boards print their hexagons with the star tally.",
        ),
        (
            Topic::Referee,
            "A Diceland log (its `game` is \"diceland\", docs/diceland-log.md) is replayed \
                 through the Diceland engine (docs/diceland-rules.md); --sheet checks a finished \
                 paper sheet of a board (docs/diceland-sheet.md).",
        ),
        (
            Topic::Simulate,
            "Diceland boards are simulated at tables of --players (default 4): each --policy \
                 (random, greedy, strong) plays every seat of its own table and plays alone (the \
                 solo measure: turns to reach the goal), and --seats adds a mixed table. \
                 Reported: game length with its 95 % CI, win rate by seat, dice lost to \
                 overshooting a zone, reroll busts, bonus rolls, how often and when each star is \
                 crossed and each zone completed, and in the HTML report the board as a heat map \
                 of the turn each cell is crossed (docs/diceland-rules.md#strength).",
        ),
        (
            Topic::Generate,
            "For Diceland, 11 x 9 hexagons by default (5 to 16 each way): zones of 2 to 6 \
                 cells, no two zones of a colour side by side, two stars of each colour in \
                 different zones, a few obstacles that cut nothing off, and the start cell in the \
                 middle (docs/diceland-board.md).",
        ),
    ],
    examples: &[
        (
            Topic::Referee,
            &["rollx referee diceland-game.json --write-sheet mine.toml --player you"],
        ),
        (
            Topic::Print,
            &[
                "rollx print maps/diceland-1.toml --mono",
                "rollx print maps/diceland-1.toml maps/diceland-2.toml maps/diceland-3.toml \
                 maps/diceland-4.toml --duplex short --sheets 1",
            ],
        ),
        (
            Topic::Simulate,
            &[
                "rollx simulate maps/diceland-1.toml --policy greedy,strong --seats \
                 strong,greedy,greedy,greedy --games 200",
            ],
        ),
        (
            Topic::Generate,
            &["rollx generate diceland --seed 3 -o d.toml && rollx print d.toml"],
        ),
    ],
    ..Card::NONE
};
