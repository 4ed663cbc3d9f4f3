//! The Encore family's face: what the commands reach it by.

use super::sheet::words::ALL as WORDS;
use crate::diag::{Diagnostic, Failure};
use crate::families::contract::{
    About, AtTerminal, Card, Checked, CheckedSheet, Console, FileToCheck, GenerateError,
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

/// The Encore family.
pub(crate) struct Encore;

impl About for Encore {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn check(&self, file: FileToCheck) -> Checked {
        let c = super::check_bytes_for(file.files, file.path, file.bytes, file.locale);
        let model = c.board.map(|b| {
            let (lang, fonts) = (b.info.lang, b.info.fonts.clone());
            let names = b.info.names.clone();
            let parts = b.colors.iter().map(|c| ("colors", c.id.clone())).collect();
            Model::new(super::FAMILY, &b.info.name.clone(), &b.info.id.clone(), b)
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

impl Typed for Encore {
    type Model = Board;
    type Rules = Game;
    type Game = PlayedGame;
    type Log = super::rules::log::EncoreLog;
    type Verdict = Verdict;

    fn engine(&self, board: &Board, options: &Given) -> Result<Game, String> {
        Game::with_options(board.clone(), super::commands::rule_options(options))
            .map_err(|e| e.to_string())
    }

    fn rules(&self, board: &Board, lang: crate::lang::Lang) -> Vec<String> {
        super::sheet::rules::lines(board, lang)
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
        super::commands::verdict_text(game, log, verdict, r.path)
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
        board: &Board,
        request: &SheetRequest,
    ) -> Result<(Game, CheckedSheet<FilledResult>), Failure> {
        super::commands::check_filled(board, request)
    }

    fn filled_text(&self, game: &Game, filled: &FilledResult, _: &SheetRequest) -> String {
        super::commands::sheet_text(game, filled)
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

/// A random Encore board.
fn generate(options: &GenerateOptions) -> Result<GeneratedFile, GenerateError> {
    use super::generate as g;
    let made = g::generate(&options.or(g::STANDARD))?;
    Ok(GeneratedFile {
        text: made.toml,
        id: made.board.info.id,
        size: (made.board.columns, made.board.rows),
        tries: made.tries,
    })
}

/// What the family is called and says.
pub(crate) const CARD: Card = Card {
    name: "encore",
    title: "Encore",
    noun: "board",
    games: "Encore! / Noch mal! boards",
    words: WORDS,
    starter: include_str!("starter.toml"),
    solvability: "the fewest turns",
    generator: Some(generate),
    generated_line: "game end",
    options: super::commands::OPTIONS,
    options_help: "Encore boards have the players {players}",
    players: &[
        ("random", "uniform among legal moves, the pass included"),
        (
            "greedy",
            "a one-ply heuristic: points now, columns and colours, stars, jokers kept",
        ),
        (
            "strong",
            "the greedy player's best moves each played out by greedy players; see \
                 --candidates and --rollouts",
        ),
    ],
    help: &[
        (
            Topic::Check,
            "Encore boards: the grid, its colours, points and dice, the design conventions (as \
                 warnings), and rule solvability: the fewest turns to complete each column and \
                 colour and to end the game.",
        ),
        (
            Topic::Play,
            "Encore boards (docs/encore-rules.md) are played by the computer players random, \
                 greedy and strong: --players 1 is the solo game (30 rolls, rated by the \
                 rulebook's table); --human plays seat 1 yourself (see \
                 docs/terminal-play.md#encore-boards); --candidates and --rollouts set the strong \
                 player's effort there too, and --solo-dice and --start-column choose between the \
                 readings of the rulebook (docs/encore-rules.md#options); --resume goes on with a \
                 game saved by --human.",
        ),
        (Topic::Print, "Encore boards print their grid of boxes."),
        (
            Topic::Referee,
            "A log of a game on an Encore board (its `game` is \"encore\", \
                 docs/encore-log.md) is replayed on the board: every roll checked against the \
                 board's dice, every move against the rules (docs/encore-rules.md), each broken \
                 rule named with its roll, player and dice, and the claimed scores checked against \
                 the referee's count; --sheet checks a finished paper sheet of a board \
                 (docs/encore-sheet.md).",
        ),
        (
            Topic::Simulate,
            "Encore boards (files with `[game] family = \"encore\"`) are simulated at tables \
                 of --players (default 1, the 30-roll solo game): each --policy (random, greedy, \
                 strong) plays every seat of its own table, and --seats fixes a mixed table, one \
                 policy per seat (seat 1 rolls first). Reported: the score (mean with its 95 % CI, \
                 median, spread, distribution), the win rate by seat (a shared win split equally), \
                 game length, how often and how early each column and colour is completed (first \
                 or later), stars left open, jokers used, the solo rating bands, and in the HTML \
                 report the board as a heat map of how early each box is crossed. --candidates and \
                 --rollouts set the strong player's effort; --solo-dice and --start-column choose \
                 between the readings of the rulebook (docs/encore-rules.md#options).",
        ),
        (
            Topic::Generate,
            "For Encore, 21 boxes of each of five colours in blocks of 1 to 6, every colour in \
                 every column, one star per column and three per colour, and every column and \
                 colour completable from the start column, on 15 x 7 boxes by default. Sizes \
                 other than 15 x 7 scale the conventions (the columns a multiple of 5, from 5 to \
                 25; 5 to 11 rows, the most that print on every shipped template).",
        ),
    ],
    examples: &[
        (Topic::Check, &["rollx check maps/encore-black.toml"]),
        (
            Topic::Play,
            &[
                "rollx play maps/encore-black.toml --players 4 --policy greedy,random --seed 1 \
                 --log g.json",
            ],
        ),
        (
            Topic::Referee,
            &[
                "rollx referee encore-game.json --map maps/encore-black.toml",
                "rollx referee --sheet encore-sheet.toml --map maps/encore-black.toml",
            ],
        ),
        (
            Topic::Print,
            &["rollx print maps/encore-black.toml --template a4"],
        ),
        (
            Topic::Simulate,
            &[
                "rollx simulate maps/encore-black.toml --policy random,greedy",
                "rollx simulate maps/encore-black.toml --players 4 --policy greedy,strong --games \
                 200 --report output/encore.html",
                "rollx simulate maps/encore-black.toml --players 4 --seats \
                 strong,greedy,greedy,greedy --games 200",
            ],
        ),
        (
            Topic::Generate,
            &[
                "rollx generate encore --seed 7 -o b.toml && rollx check --deny-warnings b.toml",
                "rollx generate encore --columns 10 --rows 6 --seed 3 -o small.toml",
                "rollx generate encore --seed 7 | rollx print /dev/stdin -o b.pdf",
            ],
        ),
    ],
    ..Card::NONE
};
