//! The contract every game family implements: its face. The commands know
//! a family only through it, and the registry ([`super::Family::ALL`]) is
//! the list of the families' faces.

use std::path::Path;

use crate::diag::{Diagnostic, Failure};
use crate::print::{Locale, PrintOptions, Template};
use crate::source::Files;

use super::contract::{Checked, GenerateError, GenerateOptions, GeneratedFile, Model, Printed};
use super::simulate::{SimulateRequest, Simulated};
use super::vet::Vetted;

/// A family's generator: a random file, or why there is none.
pub type Generator = fn(&GenerateOptions) -> Result<GeneratedFile, GenerateError>;

/// What a family is called and says, as data: its names, its files'
/// words, its options and computer players, and its paragraphs and
/// examples for the commands' help. A family writes one, starting from
/// [`Card::NONE`] for what it leaves out.
#[derive(Clone, Copy, Debug)]
pub struct Card {
    /// The family's name in files (`[game] family = "encore"`) and logs.
    pub name: &'static str,
    /// The family's name in sentences ("Encore").
    pub title: &'static str,
    /// What the family's files are called (`map`, `board`).
    pub noun: &'static str,
    /// The family's games, in a few words for the command line's
    /// description ("Encore! / Noch mal! boards").
    pub games: &'static str,
    /// The catalogue keys of the words the family's sheets print
    /// (declared with [`crate::keys!`]), besides [`crate::lang::SHEET`].
    pub words: &'static [crate::lang::Key],
    /// The family's starter file (`rollx new`): a commented file of the
    /// family that `check` accepts without a warning and that prints,
    /// with `{id}`, `{name}` and `{file}` where [`super::Family::starter`]
    /// puts the new file's id, name and path.
    pub starter: &'static str,
    /// What `check` reports of a file's solvability, in a few words ("the
    /// fewest turns").
    pub solvability: &'static str,
    /// The family's generator of random files that follow its
    /// conventions; `None` when it has none.
    pub generator: Option<Generator>,
    /// Why the family has no generator, and where its files come from
    /// instead (shown when `generate` is asked for one).
    pub no_generator: &'static str,
    /// The words that begin the line of `check`'s summary that `generate`
    /// repeats after a new file ("game end": how soon a game on it can
    /// end); empty for none.
    pub generated_line: &'static str,
    /// The options the family declares for its commands.
    pub options: &'static [Declared],
    /// What a user who gave an option the family does not declare may do
    /// instead (after "leave out --flag; "); `{players}` stands for the
    /// family's players, by name.
    pub options_help: &'static str,
    /// The family's computer players, by name, each with what it does in
    /// a few words for `--policy`'s help ("uniform among legal moves").
    pub players: &'static [(&'static str, &'static str)],
    /// The most players at one table.
    pub max_players: usize,
    /// Whether the family has a deeper look at its files (`rollx check
    /// --deep`, [`Face::deep`]).
    pub deepens: bool,
    /// The family's paragraph of the help of each topic: what the command
    /// does with its files, and where its formats and rules are
    /// described.
    pub help: &'static [(Topic, &'static str)],
    /// The family's examples of each topic, one command each.
    pub examples: &'static [(Topic, &'static [&'static str])],
}

impl Card {
    /// A card that says nothing: no names, players, options, generator,
    /// help or examples, and no limit on a table's players.
    pub const NONE: Card = Card {
        name: "",
        title: "",
        noun: "",
        games: "",
        words: &[],
        starter: "",
        solvability: "",
        generator: None,
        no_generator: "",
        generated_line: "",
        options: &[],
        options_help: "",
        players: &[],
        max_players: usize::MAX,
        deepens: false,
        help: &[],
        examples: &[],
    };
}

/// A file to check ([`About::check`]): its bytes, where it is, where the
/// files it extends are read, and the language whose print checks run on
/// its sheets (none for a command that prints nothing).
pub struct FileToCheck<'a> {
    /// Serves the files it extends.
    pub files: &'a dyn Files,
    /// The file, as given.
    pub path: &'a Path,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The language of the sheets the print checks lay out, if any.
    pub locale: Option<&'a Locale>,
}

/// What a game family is, the same to the commands and to the family: its
/// card (names, words, options, players, help) and how it reads and
/// checks its files. A family implements it with [`super::Typed`]; the
/// commands reach both through [`Face`].
pub trait About: Sync + Send {
    /// The family's card.
    fn card(&self) -> &'static Card;

    /// Reads and checks a file of the family given as bytes (`files`
    /// serves the files it extends), with the print checks of the shipped
    /// templates on sheets in `locale` when one is given (`rollx check`,
    /// `watch`; a command that prints nothing needs no sheet laid out):
    /// every finding, and the map or board when there is no error.
    fn check(&self, file: FileToCheck) -> Checked;

    /// [`Card::name`].
    fn name(&self) -> &'static str {
        self.card().name
    }

    /// [`Card::title`].
    fn title(&self) -> &'static str {
        self.card().title
    }

    /// [`Card::noun`].
    fn noun(&self) -> &'static str {
        self.card().noun
    }

    /// [`Card::words`].
    fn words(&self) -> &'static [crate::lang::Key] {
        self.card().words
    }

    /// [`Card::generator`].
    fn generator(&self) -> Option<Generator> {
        self.card().generator
    }

    /// [`Card::no_generator`].
    fn no_generator(&self) -> &'static str {
        self.card().no_generator
    }

    /// [`Card::starter`].
    fn starter(&self) -> &'static str {
        self.card().starter
    }

    /// [`Card::solvability`].
    fn solvability(&self) -> &'static str {
        self.card().solvability
    }

    /// [`Card::generated_line`].
    fn generated_line(&self) -> &'static str {
        self.card().generated_line
    }

    /// [`Card::options`].
    fn options(&self) -> &'static [Declared] {
        self.card().options
    }

    /// [`Card::options_help`], its players named.
    fn options_help(&self) -> String {
        self.card()
            .options_help
            .replace("{players}", &self.players().join(", "))
    }

    /// The family's computer players, by name ([`Card::players`]).
    fn players(&self) -> Vec<&'static str> {
        self.card().players.iter().map(|(name, _)| *name).collect()
    }

    /// What the computer player `player` (one of [`About::players`]) does,
    /// in a few words for `--policy`'s help; empty for another name.
    fn player_help(&self, player: &str) -> &'static str {
        self.card()
            .players
            .iter()
            .find(|(name, _)| *name == player)
            .map_or("", |(_, help)| help)
    }

    /// [`Card::max_players`].
    fn max_players(&self) -> usize {
        self.card().max_players
    }

    /// [`Card::deepens`].
    fn deepens(&self) -> bool {
        self.card().deepens
    }

    /// [`Card::games`].
    fn games(&self) -> &'static str {
        self.card().games
    }

    /// The family's paragraph of the help of `topic`; empty for none.
    fn help(&self, topic: Topic) -> &'static str {
        self.card()
            .help
            .iter()
            .find(|(t, _)| *t == topic)
            .map_or("", |(_, text)| text)
    }

    /// The family's examples of `topic`, one command each.
    fn examples(&self, topic: Topic) -> &'static [&'static str] {
        self.card()
            .examples
            .iter()
            .find(|(t, _)| *t == topic)
            .map_or(&[], |(_, e)| e)
    }
}

/// A command's help, which each family adds its paragraph and examples to
/// ([`About::help`], [`About::examples`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// `rollx check`: what is checked in a file of the family.
    Check,
    /// `rollx check --deep`: the family's deeper look.
    Deep,
    /// `rollx play`.
    Play,
    /// `rollx print`: what the family's sheet prints.
    Print,
    /// `rollx referee`: its logs and paper sheets.
    Referee,
    /// `rollx simulate`: its tables and what is reported.
    Simulate,
    /// `rollx generate`: the conventions a generated file follows.
    Generate,
}

/// What a game family does with its maps or boards, for the commands: the
/// contract with the family's own model erased into a [`Model`]. It is
/// implemented once, for every [`super::Typed`] family, where a model of
/// another family is refused (an error, never a panic).
pub trait Face: About {
    /// Lays out a pad of sheets of `model` (one of this family's) on
    /// `template` and runs the print checks: the pad, and every problem
    /// they find (none when it may be printed).
    fn sheet(
        &self,
        model: &Model,
        template: &Template,
        options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>);

    /// The rules of `model` (one of this family's), a paragraph each, in
    /// `lang`: made from the rules the engine plays by, for the rules
    /// page (`rollx print --rules`).
    fn rules(&self, model: &Model, lang: crate::lang::Lang) -> Result<Vec<String>, Diagnostic>;

    /// Random games of `players` players on `model` (one of this
    /// family's), one per seed, that check the promises of the engine
    /// interface on the way ([`crate::engine::conformance`]).
    fn random_games(
        &self,
        model: &Model,
        players: usize,
        seeds: std::ops::Range<u64>,
    ) -> Result<crate::engine::conformance::Conformance, String>;

    /// `rollx check --deep`: the family's deeper look at how good a game
    /// on `model` (one of its files) can be, on sampled games, when it
    /// has one ([`About::deepens`]; else what `check` reports of its
    /// solvability is all).
    fn deep(&self, model: &Model, request: &DeepRequest) -> Result<Deepened, Failure>;

    /// `rollx play`: the computer players of `request` play a whole game
    /// on `model` (one of this family's), the request vetted by
    /// [`super::Family::play`].
    fn play(&self, model: &Model, request: Vetted<PlayRequest>) -> Result<Played, Failure>;

    /// `rollx referee`: one of the family's logs replayed against the
    /// rules.
    fn referee(&self, request: &RefereeRequest) -> Result<Refereed, Failure>;

    /// `rollx referee --sheet`: a finished paper sheet of `model` checked
    /// without a log.
    /// The request is vetted by [`super::Family::referee_sheet`].
    fn referee_sheet(
        &self,
        model: &Model,
        request: Vetted<SheetRequest>,
    ) -> Result<CheckedSheet, Failure>;

    /// `rollx simulate`: many games of the computer players on the
    /// family's files, with the family's own tally and reports.
    /// The request is vetted by [`super::Family::simulate`].
    fn simulate(&self, request: Vetted<SimulateRequest>) -> Result<Simulated, Failure>;

    /// `rollx play --human` and `--resume`: a game at the terminal, on the
    /// one terminal session ([`crate::session`]) with the family's
    /// notation.
    /// The request is vetted by [`super::Family::terminal`].
    fn terminal(
        &self,
        request: Vetted<TerminalRequest>,
        console: Console,
    ) -> Result<AtTerminal, Failure>;
}

/// One of a family's files, in a sentence: "an Encore board".
pub(crate) fn a_file<A: About + ?Sized>(about: &A) -> String {
    format!("{} {}", article(about.title()), about.noun())
}

/// `word` with its indefinite article: "an Encore", "a Rolling".
pub(crate) fn article(word: &str) -> String {
    if word.starts_with(['A', 'E', 'I', 'O', 'U']) {
        format!("an {word}")
    } else {
        format!("a {word}")
    }
}

/// The commands whose options a family declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `rollx play`.
    Play,
    /// `rollx simulate`.
    Simulate,
    /// `rollx referee --sheet`.
    RefereeSheet,
}

/// What an option takes.
#[derive(Clone, Copy, Debug)]
pub enum Takes {
    /// One of these words, each with its help.
    Choice(&'static [(&'static str, &'static str)]),
    /// A whole number from `min` to `max`.
    Whole {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A file.
    File,
    /// Nothing: a switch, on when given.
    Switch,
    /// Computer players by name, one per seat, separated by commas.
    Seats,
}

/// An option a family declares for some of its commands: the command line
/// offers the options of every family, and refuses one on a file of a
/// family that does not declare it.
#[derive(Clone, Copy, Debug)]
pub struct Declared {
    /// The flag without its dashes (`solo-dice`).
    pub flag: &'static str,
    /// The value's name in the help (`DICE`).
    pub value_name: &'static str,
    /// The help text.
    pub help: &'static str,
    /// What it takes.
    pub takes: Takes,
    /// The commands that take it.
    pub commands: &'static [Command],
    /// Another option it needs (by flag).
    pub requires: Option<&'static str>,
    /// What it is, in a sentence that refuses it ("--solo-dice {what} of
    /// Encore boards"): "is a rule", "sets the tables".
    pub what: &'static str,
}

impl Declared {
    /// `--players`: the players at each table of a simulation (up to
    /// `max`), with the family's `help` (which says its default).
    pub(crate) const fn players(help: &'static str, max: u64) -> Declared {
        Declared {
            flag: "players",
            value_name: "PLAYERS",
            help,
            takes: Takes::Whole { min: 1, max },
            commands: &[Command::Simulate],
            requires: None,
            what: "sets the tables",
        }
    }

    /// `--seats`: a mixed table of a simulation, one policy per seat.
    pub(crate) const SEATS: Declared = Declared {
        flag: "seats",
        value_name: "SEATS",
        help: "A mixed table, one policy per seat separated by commas, seat 1 \
rolling first (strong,greedy,greedy,greedy); reported seat by seat after the --policy tables. \
Sets --players.",
        takes: Takes::Seats,
        commands: &[Command::Simulate],
        requires: None,
        what: "sets the tables",
    };
}

/// What `rollx check --deep` asks of a family.
pub struct DeepRequest<'a> {
    /// The file, as given (learned values are looked for beside it).
    pub path: &'a Path,
    /// Games sampled.
    pub samples: u64,
    /// Seed of the sampled games.
    pub seed: u64,
    /// Positions each game is searched at most.
    pub positions: u64,
    /// Called once per sampled game done (from any thread).
    pub tick: &'a (dyn Fn() + Sync),
    /// Called with a warning to show now (learned values that cannot be
    /// used), before the games are solved.
    pub warn: &'a (dyn Fn(&str) + Sync),
}

/// What `rollx check --deep` found.
#[derive(Clone, Debug)]
pub struct Deepened {
    /// The report's `deep` object.
    pub json: serde_json::Value,
    /// The report as text, after the file's check.
    pub text: String,
}

/// The family options given on a command line: each flag (without its
/// dashes) with its value as typed (the command line has checked it
/// against the declaration).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given(Vec<(String, String)>);

impl Given {
    /// Options given as flag and value.
    pub fn new(options: Vec<(String, String)>) -> Given {
        Given(options)
    }

    /// The value of `flag`, when given.
    pub fn get(&self, flag: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| f == flag)
            .map(|(_, v)| v.as_str())
    }

    /// The whole number given for `flag` (the command line checked its
    /// range).
    pub fn whole<T: std::str::FromStr>(&self, flag: &str) -> Option<T> {
        self.get(flag).and_then(|v| v.parse().ok())
    }

    /// Every flag given, in the order given.
    pub fn flags(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(f, _)| f.as_str())
    }

    /// Whether nothing is given.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What `rollx play` asks of a family when the computer plays.
#[derive(Clone, Copy, Debug)]
pub struct PlayRequest<'a> {
    /// The map or board file, as given (recorded in the log).
    pub path: &'a Path,
    /// The seed of the dice.
    pub seed: u64,
    /// The computer player of each seat, by name (one of
    /// [`About::players`]).
    pub policies: &'a [String],
    /// The family's options given.
    pub options: &'a Given,
    /// Colour in sheets.
    pub color: bool,
    /// The width text is fitted to.
    pub width: usize,
}

/// A game the computer played: the text to show and the log.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game as text.
    pub text: String,
    /// The game log (JSON).
    pub log: String,
}

/// Reads a map or board a log names, of whichever family (the command
/// line's registry reads it; a family does not reach back for it).
pub type Loader<'a> = &'a dyn Fn(&Path) -> Result<Model, Failure>;

/// What `rollx referee` asks of a family with one of its logs.
#[derive(Clone, Copy)]
pub struct RefereeRequest<'a> {
    /// The log file.
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
    /// The map or board given with `--map` (else the one the log names).
    pub map: Option<&'a Path>,
    /// How the map or board is read.
    pub load: Loader<'a>,
    /// Whether a player's final sheet is wanted as a filled sheet
    /// (`--write-sheet`), and whose (`--player`).
    pub sheet_of: Option<Option<&'a str>>,
    /// Colour in text.
    pub color: bool,
    /// The width text is fitted to.
    pub width: usize,
}

/// A refereed log or sheet.
#[derive(Clone, Debug)]
pub struct Refereed {
    /// The verdict as JSON.
    pub json: String,
    /// The verdict as text.
    pub text: String,
    /// Whether no rule is broken and nothing is wrong with the log.
    pub clean: bool,
    /// The player's final sheet asked for, as a filled sheet: the
    /// player's name and the TOML, or why there is none (no such player).
    pub sheet: Option<Result<(String, String), String>>,
}

/// What `rollx referee --sheet` asks of a family.
#[derive(Clone, Copy, Debug)]
pub struct SheetRequest<'a> {
    /// The map or board file.
    pub map_path: &'a Path,
    /// The filled sheet's file.
    pub path: &'a Path,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// The family's options given.
    pub options: &'a Given,
    /// Colour in text.
    pub color: bool,
    /// The width text is fitted to.
    pub width: usize,
}

/// A checked paper sheet: its located findings, and the result when the
/// sheet could be read (else the findings say why not). A family's
/// checker gives its own result (`R`); `rollx referee --sheet` shows it
/// as a [`Refereed`].
#[derive(Debug)]
pub struct CheckedSheet<R = Refereed> {
    /// The files the findings point into.
    pub sources: crate::diag::SourceMap,
    /// Every finding.
    pub diagnostics: Vec<Diagnostic>,
    /// The sheet's result, when it could be read.
    pub result: Option<R>,
}

/// Where a game at the terminal comes from.
#[derive(Clone, Copy)]
pub enum Start<'a> {
    /// A new game on `model` (the file `path`): you in seat 1 with the
    /// dice of `seed`, `players` in all, the computers playing by
    /// `policies` (as given: one for all, or one per computer seat).
    New {
        /// The map or board.
        model: &'a Model,
        /// Its file, as given.
        path: &'a Path,
        /// The seed of the dice.
        seed: u64,
        /// The computer players, as given.
        policies: &'a [String],
        /// Players in all, you included.
        players: usize,
    },
    /// A game saved unfinished: its log `text` read from `path`, played on
    /// `map` when given (else the file the log names).
    Resume {
        /// The log file.
        path: &'a Path,
        /// Its text.
        text: &'a str,
        /// The map or board given.
        map: Option<&'a Path>,
    },
}

/// What `rollx play --human` and `--resume` ask of a family.
#[derive(Clone, Copy)]
pub struct TerminalRequest<'a> {
    /// A new game, or one to resume.
    pub start: Start<'a>,
    /// How the map or board of a game to resume is read.
    pub load: Loader<'a>,
    /// The family's options given.
    pub options: &'a Given,
    /// The terminal's width and colours.
    pub view: crate::session::View,
}

pub use crate::session::Console;

/// A game played at the terminal, to its end or until the person stopped.
#[derive(Clone, Debug)]
pub struct AtTerminal {
    /// How it ended.
    pub ending: crate::session::Ending,
    /// Its log (JSON), to be saved.
    pub log: String,
    /// What was played, in words ("3 turns", "12 rolls").
    pub played: String,
}
