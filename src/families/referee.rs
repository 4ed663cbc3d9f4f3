//! `rollx referee` on a game log, written once for every family
//! ([`referee`]): the log read (a located error when it cannot be), the
//! map or board it names found and loaded, whose final sheet is wanted
//! checked before anything is refereed, the game refereed by the family
//! ([`Typed::referee_log`]) and the verdict shown; `rollx referee --sheet`
//! ([`referee_sheet`]): the family's check of a paper sheet shown the
//! same way.

use std::path::Path;

use crate::diag::Failure;

use super::face::{CheckedSheet, Loader, RefereeRequest, Refereed, SheetRequest};
use super::log::{BoardRef, GameLog, LogFamily, file_of_log, invalid_log};
use super::typed::{Typed, own};

/// Where a log being refereed comes from, for the family's findings: the
/// log's file and text, the map or board's file, and whether that was
/// given (`--map`) rather than the one the log names.
#[derive(Clone, Copy, Debug)]
pub struct LogAt<'a> {
    /// The log's file.
    pub path: &'a Path,
    /// The log's text.
    pub text: &'a str,
    /// The map or board's file.
    pub file: &'a Path,
    /// Whether the map or board was given with `--map`.
    pub given: bool,
}

/// A refereed log of the family `K`: the log, the rules it was played
/// by, the verdict, and the map or board's file.
pub(crate) type RefereedLog<K> = (
    GameLog<<K as Typed>::Log>,
    <K as Typed>::Rules,
    <K as Typed>::Verdict,
    std::path::PathBuf,
);

/// The log `text` (read from `path`) of a game of the family `kind`,
/// refereed on the map or board `map` when given, else on the one it
/// names (read by `load`): the log, the rules it was played by, the
/// verdict and the file it was refereed on.
pub(crate) fn refereed<K: Typed>(
    kind: &K,
    path: &Path,
    text: &str,
    map: Option<&Path>,
    load: Loader,
) -> Result<RefereedLog<K>, Failure> {
    let log = read_log::<K::Log>(path, text)?;
    let file = file_of_log(
        map,
        log.file_candidates(path),
        (K::Log::BOARD, log.board.id()),
        path,
        "pass it with --map FILE",
    )?;
    let (rules, verdict) = on_file(kind, &log, path, text, (&file, map.is_some()), load)?;
    Ok((log, rules, verdict, file))
}

/// A family's log read from `text` (the file `path`), or where and why
/// it cannot be.
fn read_log<F: LogFamily>(path: &Path, text: &str) -> Result<GameLog<F>, Failure> {
    GameLog::<F>::parse(text).map_err(|e| {
        invalid_log(
            path,
            text,
            (e.line, e.column),
            &e.message,
            &format!("see {} for the format", F::DOC),
        )
    })
}

/// `log` refereed on the map or board in `file` (`given` with `--map`).
fn on_file<K: Typed>(
    kind: &K,
    log: &GameLog<K::Log>,
    path: &Path,
    text: &str,
    (file, given): (&Path, bool),
    load: Loader,
) -> Result<(K::Rules, K::Verdict), Failure> {
    let model = load(file)?;
    let own = own(kind, &model).map_err(|_| {
        Failure::usage(format!(
            "{} is {} game log, and {} is {}\n  \
             help: pass the {} the game was played on (`{}`) with --map FILE",
            path.display(),
            super::face::article(kind.title()),
            file.display(),
            model.family().a_file(),
            kind.noun(),
            log.board.id()
        ))
    })?;
    let at = LogAt {
        path,
        text,
        file,
        given,
    };
    kind.referee_log(own, log, &at)
}

/// `rollx referee` on a log of the family `kind`.
pub(crate) fn referee<K: Typed>(kind: &K, r: &RefereeRequest) -> Result<Refereed, Failure> {
    let log = read_log::<K::Log>(r.path, r.text)?;
    let file = file_of_log(
        r.map,
        log.file_candidates(r.path),
        (K::Log::BOARD, log.board.id()),
        r.path,
        "pass it with --map FILE",
    )?;
    let names: Vec<&str> = log.players.iter().map(K::Log::player_name).collect();
    let whose = match r.sheet_of {
        Some(name) => Some(seat_of(&names, name).map_err(Failure::usage)?),
        None => None,
    };
    let (rules, verdict) = on_file(kind, &log, r.path, r.text, (&file, r.map.is_some()), r.load)?;
    let json = serde_json::to_string_pretty(&verdict)
        .map_err(|e| Failure::usage(format!("cannot write the verdict as JSON: {e}")))?;
    Ok(Refereed {
        json,
        text: kind.verdict_text(&rules, &log, &verdict, r),
        clean: kind.clean(&verdict),
        sheet: whose.map(|seat| {
            let name = names[seat];
            Ok((name.to_string(), kind.filled(&rules, &verdict, seat, name)))
        }),
    })
}

/// The seat of the player whose sheet `--write-sheet` writes, among
/// `names`: the one named, or the only one.
fn seat_of(names: &[&str], name: Option<&str>) -> Result<usize, String> {
    let all = names.join(", ");
    match name {
        Some(n) => names.iter().position(|p| *p == n).ok_or_else(|| {
            format!("--player {n}: the log has no such player (its players: {all})")
        }),
        None if names.len() == 1 => Ok(0),
        None => Err(format!(
            "the log has {} players ({all}): say whose sheet --write-sheet writes with --player NAME",
            names.len()
        )),
    }
}

/// `rollx referee --sheet` on a finished paper sheet of `model`: the
/// family reads and checks it, and the result is shown as a verdict.
pub(crate) fn referee_sheet<K: Typed>(
    kind: &K,
    model: &K::Model,
    request: &SheetRequest,
) -> Result<CheckedSheet, Failure> {
    let (rules, checked) = kind.check_filled(model, request)?;
    let result = match checked.result {
        Some(filled) => Some(Refereed {
            json: serde_json::to_string_pretty(&filled)
                .map_err(|e| Failure::usage(format!("cannot write the verdict as JSON: {e}")))?,
            text: kind.filled_text(&rules, &filled, request),
            clean: kind.filled_clean(&filled),
            sheet: None,
        }),
        None => None,
    };
    Ok(CheckedSheet {
        sources: checked.sources,
        diagnostics: checked.diagnostics,
        result,
    })
}
