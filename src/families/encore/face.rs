//! The Encore family's face: what the commands reach it by.

use std::path::Path;

use super::sheet::words::ALL as WORDS;
use crate::diag::{Diagnostic, Failure};
use crate::families::{
    About, AtTerminal, Checked, CheckedSheet, Console, Declared, GenerateError, GenerateOptions,
    GeneratedFile, Generator, Given, LogAt, Model, PlayRequest, Played, Printed, RefereeRequest,
    SheetRequest, TerminalRequest, Typed,
};
use crate::print::{Locale, PrintOptions, Template};
use crate::source::Files;

use super::Board;
use super::play::PlayedGame;
use super::rules::Game;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

/// The Encore family.
pub(crate) struct Encore;

impl About for Encore {
    fn name(&self) -> &'static str {
        "encore"
    }

    fn title(&self) -> &'static str {
        "Encore"
    }

    fn noun(&self) -> &'static str {
        "board"
    }

    fn words(&self) -> &'static [crate::lang::Key] {
        WORDS
    }

    fn check(
        &self,
        files: &dyn Files,
        path: &Path,
        bytes: Vec<u8>,
        locale: Option<&Locale>,
    ) -> Checked {
        let c = super::check_bytes_for(files, path, bytes, locale);
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

    fn generator(&self) -> Option<Generator> {
        Some(generate)
    }

    fn options(&self) -> &'static [Declared] {
        super::commands::OPTIONS
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn generated_line(&self) -> &'static str {
        "game end"
    }

    fn solvability(&self) -> &'static str {
        "the fewest turns"
    }

    fn options_help(&self) -> String {
        format!(
            "Encore boards have the players {}",
            self.players().join(", ")
        )
    }

    fn player_help(&self, player: &str) -> &'static str {
        match player {
            "random" => "uniform among legal moves, the pass included",
            "greedy" => "a one-ply heuristic: points now, columns and colours, stars, jokers kept",
            "strong" => {
                "the greedy player's best moves each played out by greedy players; see \
                 --candidates and --rollouts"
            }
            _ => "",
        }
    }

    fn players(&self) -> &'static [&'static str] {
        &super::play::PLAYERS
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

    fn referee_sheet(
        &self,
        board: &Board,
        request: &SheetRequest,
    ) -> Result<CheckedSheet, Failure> {
        super::commands::referee_sheet(board, request)
    }

    fn terminal(
        &self,
        board: Option<&Board>,
        request: &TerminalRequest,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        super::terminal::terminal(board, request, console)
    }
}

/// A random Encore board.
fn generate(options: &GenerateOptions) -> Result<GeneratedFile, GenerateError> {
    use super::generate as g;
    let standard = g::Options::default();
    let o = g::Options {
        seed: options.seed,
        columns: options.columns.unwrap_or(standard.columns),
        rows: options.rows.unwrap_or(standard.rows),
    };
    let made = g::generate(&o).map_err(|e| match e {
        g::GenerateError::Size(why) => GenerateError::Size(why),
        g::GenerateError::GaveUp(tries) => GenerateError::GaveUp(tries),
    })?;
    Ok(GeneratedFile {
        text: made.toml,
        id: made.board.info.id,
        size: (made.board.columns, made.board.rows),
        tries: made.tries,
    })
}
