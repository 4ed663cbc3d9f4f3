//! Encore game logs: a versioned JSON record of a game on a board, written
//! by `rollx play` and read by `rollx referee`, in the envelope every
//! family's log shares (`families::log::GameLog`: `format`, `version`,
//! `seed`, `players`, `turns`, `finished`, `result`) with `"game":
//! "encore"`, its `board` and its `options`. `docs/encore-log.md`
//! documents the format and `docs/encore-log.schema.json` is its JSON
//! Schema (generated from these types; a test keeps it current).
//!
//! The log names everything as a player reads it off the sheet and the
//! dice: colours by their ids (`"green"`), numbers as numbers, either
//! joker face as `"?"` (no colour id can be `"?"`), boxes by column letter
//! and row (`"H4"`), and a pass as `"pass"`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::boxes::Boxes;
use super::dice::{ColorFace, MAX_DICE, NumberFace, Roll};
use super::game::{Game, GameError, Options};
use super::moves::{Cross, Move};
use super::table::{MAX_PLAYERS, Phase, Table};
use crate::encore::{Board, ColorId};
use crate::engine::Watcher;

use crate::families::log::{self as envelope, BoardRef, LogFamily, LogSchema};

/// The current version of the Encore log. Version 2 reads an `options`
/// entry left out at its default; version 1 was written before the
/// `star-cap` option, and a version 1 log that leaves it out was played
/// without the cap (see [`LogOptions`]).
pub const LOG_VERSION: u32 = 2;

/// The value of the `game` field: the family.
pub const LOG_GAME: &str = "encore";

/// How a log writes either joker face: the black colour face and the "?"
/// number face.
pub const JOKER: &str = "?";

/// The parts of an Encore log in the envelope every family's log shares
/// ([`envelope::GameLog`]): `"game": "encore"`, `board`, `options`,
/// [`LogPlayer`]s, [`LogTurn`]s and each player's claimed [`LogResult`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncoreLog;

/// A recorded Encore game.
pub type GameLog = envelope::GameLog<EncoreLog>;

impl LogFamily for EncoreLog {
    const GAME: Option<&'static str> = Some(LOG_GAME);
    const VERSION: u32 = LOG_VERSION;
    const BOARD: &'static str = "board";
    const OPTIONS: &'static str = "options";
    const RESULT: &'static str = "result";
    type Board = LogBoard;
    type Options = LogOptions;
    type Player = LogPlayer;
    type Turn = LogTurn;
    type Claim = Vec<LogResult>;
    const DOC: &'static str = "docs/encore-log.md";

    fn player_name(player: &Self::Player) -> &str {
        &player.name
    }

    fn writes_result(result: &Vec<LogResult>) -> bool {
        !result.is_empty()
    }

    fn reads_version(version: u32) -> bool {
        (1..=LOG_VERSION).contains(&version)
    }

    fn wrong_version(version: u32) -> String {
        format!(
            "this is version {version} of the Encore game log format; this rollx reads versions 1 \
to {LOG_VERSION}"
        )
    }

    fn check(log: &GameLog) -> Result<(), String> {
        if log.players.is_empty() || log.players.len() > MAX_PLAYERS {
            return Err(format!(
                "`players` lists {}: an Encore game has 1 to {MAX_PLAYERS} players",
                log.players.len()
            ));
        }
        if let Some((i, p)) = log
            .players
            .iter()
            .enumerate()
            .find(|(i, p)| log.players[..*i].iter().any(|q| q.name == p.name))
        {
            return Err(format!(
                "`players` names \"{}\" twice (seats {} and {}): each player needs a name of their own",
                p.name,
                log.players
                    .iter()
                    .position(|q| q.name == p.name)
                    .unwrap_or(0)
                    + 1,
                i + 1
            ));
        }
        Ok(())
    }

    /// Indented down to each move, a move and a roll's dice on one line
    /// each.
    fn write_json(log: &GameLog) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Shallow::new(4));
        log.serialize(&mut ser).expect("logs serialise");
        String::from_utf8(out).expect("JSON is UTF-8")
    }
}

impl LogSchema for EncoreLog {
    const TITLE: &'static str = "rollx Encore game log";
    const DESCRIPTION: &'static str = "One game on an Encore board: each roll of the dice and \
what each player took and crossed.";
    const BOARD_DOC: &'static str = "The board the game was played on.";
    const OPTIONS_DOC: &'static str = "The readings of the rulebook the game was played by (each \
left out\ntakes its default).";
    const PLAYERS_DOC: &'static str = "The players, by seat: seat 1 rolls first.";
    const TURNS_DOC: &'static str = "Every roll, in order.";
    const RESULT_DOC: &'static str = "Each player's final score as claimed by the recorder \
(optional; the\nreferee compares it with its own count).";
    const MAX_PLAYERS: Option<usize> = Some(MAX_PLAYERS);
}

/// The options as a log records them (`docs/encore-log.md`): each may be
/// left out. rollx writes every one; a log that leaves one out is read by
/// its version's rules ([`GameLog::options`]), and the referee says so
/// ([`GameLog::readings`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct LogOptions {
    /// Which dice the solo player rolls (default `fewer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo_dice: Option<super::game::SoloDice>,
    /// Where a piece may start (default `every-turn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_column: Option<super::game::StartColumn>,
    /// A game of several players also ends after this many rolls
    /// (default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rolls: Option<u16>,
    /// How many points open stars may cost in all (default `thirty`; in a
    /// version 1 log, which was written before the option, `none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub star_cap: Option<super::game::StarCap>,
}

impl From<Options> for LogOptions {
    /// Every option, named.
    fn from(o: Options) -> Self {
        LogOptions {
            solo_dice: Some(o.solo_dice),
            start_column: Some(o.start_column),
            max_rolls: Some(o.max_rolls),
            star_cap: Some(o.star_cap),
        }
    }
}

/// Which board a game was played on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogBoard {
    /// The board's `[board] id`.
    pub id: String,
    /// The board's name, for readers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `sha256:` hash of what the board means for play (see
    /// [`board_hash`]); the referee refuses the log when the board has
    /// changed since the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// Path of the board file as given to `rollx play`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl BoardRef for LogBoard {
    fn id(&self) -> &str {
        &self.id
    }

    fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogPlayer {
    /// The player's name, unique in the log.
    pub name: String,
    /// The computer player that played (`random`, `greedy`); none for a
    /// person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
}

/// One roll: the dice, and what each player did with them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogTurn {
    /// Every die rolled.
    pub roll: LogRoll,
    /// One move per player, in the order of `players` (the active player's
    /// included: seat `(turn - 1) mod players`).
    pub moves: Vec<LogMove>,
}

/// The dice of one roll, as they show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogRoll {
    /// The colour dice: colour ids, `"?"` for the black joker.
    pub colors: Vec<String>,
    /// The number dice: numbers, `"?"` for the joker.
    pub numbers: Vec<LogNumber>,
}

/// What a number die shows: a number or the joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged, expecting = "a number die: a number, or \"?\" for the joker")]
pub enum LogNumber {
    /// A number.
    Number(u8),
    /// The joker, written `"?"`.
    Joker(JokerFace),
}

/// The joker face, written `"?"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum JokerFace {
    /// `"?"`.
    #[serde(rename = "?")]
    Joker,
}

/// What a player did with one roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    untagged,
    expecting = "a move: \"pass\", or an object with color_die, number_die, color, number and boxes"
)]
pub enum LogMove {
    /// Took no dice, crossed nothing: `"pass"`.
    Pass(PassMark),
    /// Took a colour die and a number die and crossed boxes.
    Cross(LogCross),
}

/// A pass, written `"pass"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PassMark {
    /// `"pass"`.
    #[serde(rename = "pass")]
    Pass,
}

/// The dice taken and the boxes crossed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogCross {
    /// The colour die taken, by what it shows: a colour id, or `"?"`.
    pub color_die: String,
    /// The number die taken, by what it shows: a number, or `"?"`.
    pub number_die: LogNumber,
    /// The colour crossed: the die's, or the one its joker stands for.
    pub color: String,
    /// The number crossed: the die's, or the one its "?" stands for.
    pub number: u8,
    /// The boxes crossed, by column letter and row from 1 (`"H4"`).
    pub boxes: Vec<String>,
}

/// A player's final score, as claimed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogResult {
    /// The player's name.
    pub player: String,
    /// Colour bonuses.
    pub colors: u32,
    /// Column points.
    pub columns: u32,
    /// "!" boxes not crossed (a point each).
    pub jokers_left: u32,
    /// Stars not crossed.
    pub open_stars: u32,
    /// Points lost for them.
    pub star_penalty: u32,
    /// Colours + columns + jokers left - star penalty.
    pub total: i32,
}

impl GameLog {
    /// The log of a game whose dice rollx rolled from `seed` (`None`: the
    /// dice came from elsewhere) on `game`'s board (read from
    /// `board_file`): the `players`, the `turns` played, and the table
    /// after them. A game not over is marked unfinished; a finished one
    /// records each player's score.
    pub fn played(
        game: &Game,
        seed: Option<u64>,
        board_file: Option<String>,
        players: Vec<LogPlayer>,
        turns: Vec<LogTurn>,
        table: &Table,
    ) -> GameLog {
        let finished = table.phase() == Phase::Over;
        let result = if finished {
            players
                .iter()
                .zip(table.sheets())
                .map(|(p, sheet)| LogResult::of(&p.name, &game.score(sheet)))
                .collect()
        } else {
            Vec::new()
        };
        let board = game.board();
        let board = LogBoard {
            id: board.info.id.clone(),
            name: Some(board.info.name.clone()),
            hash: Some(board_hash(board)),
            file: board_file,
        };
        GameLog {
            finished,
            result,
            ..GameLog::from_parts(board, (*game.options()).into(), seed, players, turns)
        }
    }

    /// The options the game was played by: those the log names, the rest
    /// at their defaults, but for a version 1 log that leaves out
    /// `star-cap`: it was written before the option, when open stars had
    /// no cap (`none`).
    pub fn options(&self) -> Options {
        let d = Options::default();
        let o = &self.options;
        let old_cap = if self.version < 2 {
            super::game::StarCap::Uncapped
        } else {
            d.star_cap
        };
        Options {
            solo_dice: o.solo_dice.unwrap_or(d.solo_dice),
            start_column: o.start_column.unwrap_or(d.start_column),
            max_rolls: o.max_rolls.unwrap_or(d.max_rolls),
            star_cap: o.star_cap.unwrap_or(old_cap),
        }
    }

    /// How the referee read an option the log leaves out whose reading
    /// changed between versions of the format: one sentence each (the
    /// `star-cap` of a log that does not name it).
    pub fn readings(&self) -> Vec<String> {
        if self.options.star_cap.is_some() {
            return Vec::new();
        }
        vec![if self.version < 2 {
            "the log does not name `star-cap`: read as `none` (no cap on the points open stars \
cost), as version 1 logs were played before the option; add \"star-cap\": \"thirty\" to its \
options for the cap"
                .to_string()
        } else {
            "the log does not name `star-cap`: read as `thirty` (open stars cost at most 30 \
points), its default"
                .to_string()
        }]
    }

    /// The game the log was played: its options ([`GameLog::options`]) on
    /// `board`.
    pub fn game(&self, board: Board) -> Result<Game, GameError> {
        Game::with_options(board, self.options())
    }

    /// The players' names, by seat.
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }
}

impl LogResult {
    /// A player's score as a log records it.
    pub fn of(player: &str, score: &super::score::Score) -> LogResult {
        LogResult {
            player: player.to_string(),
            colors: score.colors,
            columns: score.columns,
            jokers_left: score.jokers_left,
            open_stars: score.open_stars,
            star_penalty: score.star_penalty,
            total: score.total,
        }
    }
}

/// A hash of what a board means for play: the grid's colours (by id) and
/// stars, the start column, the points, the "!" boxes, the star penalty,
/// the dice and the solo game's rolls. Names, print colours and letters do
/// not count, so redrawing a board keeps its logs valid.
pub fn board_hash(board: &Board) -> String {
    #[derive(Serialize)]
    struct Canonical<'a> {
        columns: usize,
        rows: usize,
        cells: Vec<(&'a str, bool)>,
        start_column: usize,
        column_points: Vec<(u8, u8)>,
        color_bonus: Vec<(&'a str, u8, u8)>,
        jokers: u8,
        star_penalty: u8,
        dice: &'a crate::encore::EncoreDice,
        solo_rolls: u8,
    }
    let id = |c: ColorId| board.colors[c.index()].id.as_str();
    let bytes = serde_json::to_vec(&Canonical {
        columns: board.columns,
        rows: board.rows,
        cells: board.cells.iter().map(|c| (id(c.color), c.star)).collect(),
        start_column: board.start_column,
        column_points: board
            .column_points
            .iter()
            .map(|p| (p.first, p.later))
            .collect(),
        color_bonus: board
            .color_bonus
            .iter()
            .zip(&board.colors)
            .map(|(p, c)| (c.id.as_str(), p.first, p.later))
            .collect(),
        jokers: board.jokers,
        star_penalty: board.star_penalty,
        dice: &board.dice,
        solo_rolls: board.solo_rolls,
    })
    .expect("serialises");
    envelope::hash_text(&Sha256::digest(&bytes))
}

impl LogNumber {
    /// The face as the engine sees it.
    pub fn face(self) -> NumberFace {
        match self {
            LogNumber::Number(n) => NumberFace::Number(n),
            LogNumber::Joker(_) => NumberFace::Joker,
        }
    }

    /// A face as a log writes it.
    pub fn of(face: NumberFace) -> LogNumber {
        match face {
            NumberFace::Number(n) => LogNumber::Number(n),
            NumberFace::Joker => LogNumber::Joker(JokerFace::Joker),
        }
    }
}

impl std::fmt::Display for LogNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LogNumber::Number(n) => write!(f, "{n}"),
            LogNumber::Joker(_) => f.write_str(JOKER),
        }
    }
}

impl LogMove {
    /// The dice the move takes, as a player says them: `green 3`, with
    /// what a joker stands for (`? 5 as blue 5`); or `pass`.
    pub fn dice(&self) -> String {
        match self {
            LogMove::Pass(_) => "pass".into(),
            LogMove::Cross(c) => {
                let taken = format!("{} {}", c.color_die, c.number_die);
                let crossed = format!("{} {}", c.color, c.number);
                if taken == crossed {
                    taken
                } else {
                    format!("{taken} as {crossed}")
                }
            }
        }
    }

    /// The boxes the move crosses, by name.
    pub fn boxes(&self) -> &[String] {
        match self {
            LogMove::Pass(_) => &[],
            LogMove::Cross(c) => &c.boxes,
        }
    }

    /// The move as a player says it: `green 3: H3 H4 G4`, or `pass`.
    pub fn describe(&self) -> String {
        match self {
            LogMove::Pass(_) => self.dice(),
            LogMove::Cross(c) => format!("{}: {}", self.dice(), c.boxes.join(" ")),
        }
    }
}

impl Game {
    /// A colour face as a log writes it: the colour's id, or `"?"`.
    pub fn color_face_name(&self, face: ColorFace) -> String {
        match face {
            ColorFace::Color(c) => self.board().colors[c.index()].id.clone(),
            ColorFace::Joker => JOKER.to_string(),
        }
    }

    /// The colour of the board with this id.
    pub fn color_by_id(&self, id: &str) -> Option<ColorId> {
        self.board()
            .colors
            .iter()
            .position(|c| c.id == id)
            .map(|i| ColorId(i as u8))
    }

    /// The colour face a log's name stands for (`"?"`: the joker, whether
    /// or not the board's dice have one).
    pub fn color_face_by_name(&self, name: &str) -> Option<ColorFace> {
        if name == JOKER {
            Some(ColorFace::Joker)
        } else {
            self.color_by_id(name).map(ColorFace::Color)
        }
    }

    /// Whether a colour die of the board has this face.
    pub fn is_color_face(&self, face: ColorFace) -> bool {
        match face {
            ColorFace::Color(c) => c.index() < self.board().colors.len(),
            ColorFace::Joker => self.board().dice.jokers,
        }
    }

    /// Whether a number die of the board has this face.
    pub fn is_number_face(&self, face: NumberFace) -> bool {
        match face {
            NumberFace::Number(n) => self.board().dice.numbers.contains(&n),
            NumberFace::Joker => self.board().dice.jokers,
        }
    }
}

/// A roll as a log writes it.
pub fn log_roll(game: &Game, roll: &Roll) -> LogRoll {
    LogRoll {
        colors: roll
            .colors()
            .iter()
            .map(|&f| game.color_face_name(f))
            .collect(),
        numbers: roll.numbers().iter().map(|&f| LogNumber::of(f)).collect(),
    }
}

/// A move as a log writes it.
pub fn log_move(game: &Game, mv: &Move) -> LogMove {
    match mv {
        Move::Pass => LogMove::Pass(PassMark::Pass),
        Move::Cross(c) => LogMove::Cross(LogCross {
            color_die: game.color_face_name(c.color_die),
            number_die: LogNumber::of(c.number_die),
            color: game.board().colors[c.color.index()].id.clone(),
            number: c.number,
            boxes: c.boxes.iter().map(|i| game.box_name(i)).collect(),
        }),
    }
}

/// A name in a log's move that the board does not know: the referee
/// cannot read the move, which then counts as a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownName {
    /// Not a colour of this board (nor `"?"`).
    Color(String),
    /// Not a box of this board.
    Box(String),
}

impl UnknownName {
    /// The referee's name for the problem.
    pub fn code(&self) -> &'static str {
        match self {
            UnknownName::Color(_) => "unknown-color",
            UnknownName::Box(_) => "unknown-box",
        }
    }

    /// What is wrong, in a sentence.
    pub fn describe(&self, game: &Game) -> String {
        let ids: Vec<&str> = game.board().colors.iter().map(|c| c.id.as_str()).collect();
        match self {
            UnknownName::Color(c) => format!(
                "there is no colour `{c}` on this board (its colours: {}; \"?\" for the joker)",
                ids.join(", ")
            ),
            UnknownName::Box(name) => {
                let board = game.board();
                format!(
                    "there is no box `{name}` on this board (columns {} to {}, rows 1 to {})",
                    Board::column_name(0),
                    Board::column_name(board.columns - 1),
                    board.rows
                )
            }
        }
    }
}

/// The boxes a log's move lists more than once, each once, in the order
/// they are listed again. A move crosses each box once, as many as its
/// number: the move is read with each box once ([`move_from_log`]), and
/// the referee names the box listed twice (`box-twice`).
pub fn boxes_listed_twice(lm: &LogMove) -> Vec<String> {
    let LogMove::Cross(c) = lm else {
        return Vec::new();
    };
    let mut twice: Vec<String> = Vec::new();
    for (k, name) in c.boxes.iter().enumerate() {
        if c.boxes[..k].contains(name) && !twice.contains(name) {
            twice.push(name.clone());
        }
    }
    twice
}

/// The engine move a log's move describes (a box listed twice is one box:
/// see [`boxes_listed_twice`]).
pub fn move_from_log(game: &Game, lm: &LogMove) -> Result<Move, UnknownName> {
    let LogMove::Cross(c) = lm else {
        return Ok(Move::Pass);
    };
    let color_die = game
        .color_face_by_name(&c.color_die)
        .ok_or_else(|| UnknownName::Color(c.color_die.clone()))?;
    let color = game
        .color_by_id(&c.color)
        .ok_or_else(|| UnknownName::Color(c.color.clone()))?;
    let mut boxes = Boxes::EMPTY;
    for name in &c.boxes {
        let i = game
            .box_by_name(name)
            .ok_or_else(|| UnknownName::Box(name.clone()))?;
        boxes.insert(i);
    }
    Ok(Move::Cross(Cross {
        color_die,
        number_die: c.number_die.face(),
        color,
        number: c.number,
        boxes,
    }))
}

/// The faces of a log's roll that a die of the board has, as a roll (at
/// most [`MAX_DICE`] of a kind), and the faces it does not have (by name).
pub fn roll_from_log(game: &Game, roll: &LogRoll) -> (Roll, Vec<String>) {
    let mut missing = Vec::new();
    let colors: Vec<ColorFace> = roll
        .colors
        .iter()
        .filter_map(|name| {
            let face = game
                .color_face_by_name(name)
                .filter(|&f| game.is_color_face(f));
            if face.is_none() {
                missing.push(format!("colour die `{name}`"));
            }
            face
        })
        .take(MAX_DICE)
        .collect();
    let numbers: Vec<NumberFace> = roll
        .numbers
        .iter()
        .filter_map(|n| {
            let face = Some(n.face()).filter(|&f| game.is_number_face(f));
            if face.is_none() {
                missing.push(format!("number die {n}"));
            }
            face
        })
        .take(MAX_DICE)
        .collect();
    let roll = Roll::new(&colors, &numbers).expect("at most MAX_DICE of each");
    (roll, missing)
}

/// Records a game as the turns of a [`GameLog`] while the game loop plays
/// it: each roll, then each player's move in their seat.
#[derive(Clone, Debug, Default)]
pub struct LogRecorder {
    /// The turns so far.
    pub turns: Vec<LogTurn>,
}

impl Watcher<Game> for LogRecorder {
    fn chance(&mut self, game: &Game, table: &Table, roll: Roll) {
        self.turns.push(LogTurn {
            roll: log_roll(game, &roll),
            moves: vec![LogMove::Pass(PassMark::Pass); table.players()],
        });
    }

    fn before_move(&mut self, game: &Game, _table: &Table, player: usize, mv: Move) {
        let turn = self.turns.last_mut().expect("moves follow a roll");
        turn.moves[player] = log_move(game, &mv);
    }
}

/// A JSON formatter that indents the containers down to a depth, one value
/// a line, and writes deeper ones on one line (`["H4", "H5"]`).
struct Shallow {
    /// Containers deeper than this are written on one line.
    indented: usize,
    /// For each open container: whether it holds a value yet.
    open: Vec<bool>,
}

impl Shallow {
    fn new(indented: usize) -> Self {
        Self {
            indented,
            open: Vec::new(),
        }
    }

    fn begin<W: ?Sized + std::io::Write>(&mut self, w: &mut W, mark: &[u8]) -> std::io::Result<()> {
        self.open.push(false);
        w.write_all(mark)
    }

    fn end<W: ?Sized + std::io::Write>(&mut self, w: &mut W, mark: &[u8]) -> std::io::Result<()> {
        let depth = self.open.len();
        if self.open.pop() == Some(true) && depth <= self.indented {
            w.write_all(b"\n")?;
            w.write_all(&b"  ".repeat(depth - 1))?;
        }
        w.write_all(mark)
    }

    fn item<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        let depth = self.open.len();
        if depth <= self.indented {
            w.write_all(if first { b"\n" } else { b",\n" })?;
            w.write_all(&b"  ".repeat(depth))
        } else if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn held(&mut self) {
        if let Some(held) = self.open.last_mut() {
            *held = true;
        }
    }
}

impl serde_json::ser::Formatter for Shallow {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.begin(w, b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.end(w, b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.held();
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.begin(w, b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.end(w, b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.held();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encore::StarCap;

    /// A log of one pass, of `version`, with `options`.
    fn log(version: u32, options: &str) -> GameLog {
        let text = format!(
            r#"{{"format": "rollx-game-log", "version": {version}, "game": "encore",
"board": {{"id": "encore-black"}}, "options": {{{options}}},
"players": [{{"name": "Ann"}}], "turns": []}}"#
        );
        GameLog::parse(&text).unwrap_or_else(|e| panic!("{}", e.message))
    }

    #[test]
    fn an_option_left_out_is_read_by_the_logs_version_and_said() {
        // Version 1 was written before `star-cap`: no cap.
        let old = log(1, r#""solo-dice": "all""#);
        assert_eq!(old.options().star_cap, StarCap::Uncapped);
        assert_eq!(old.options().solo_dice, super::super::game::SoloDice::All);
        assert!(
            old.readings()[0].contains("read as `none`"),
            "{:?}",
            old.readings()
        );
        // Version 2 reads it at its default, and says so.
        let new = log(2, "");
        assert_eq!(new.options().star_cap, StarCap::Thirty);
        assert!(
            new.readings()[0].contains("read as `thirty`"),
            "{:?}",
            new.readings()
        );
        // Named, it is read as named in either version, without a word.
        for v in [1, 2] {
            let named = log(v, r#""star-cap": "thirty""#);
            assert_eq!(named.options().star_cap, StarCap::Thirty);
            assert!(named.readings().is_empty());
        }
        // A version this rollx does not know is refused.
        let text = r#"{"format": "rollx-game-log", "version": 3, "game": "encore",
"board": {"id": "encore-black"}, "players": [{"name": "Ann"}], "turns": []}"#;
        let e = GameLog::parse(text).unwrap_err();
        assert!(e.message.contains("reads versions 1 to 2"), "{}", e.message);
    }
}
