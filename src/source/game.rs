//! The `[game]` table every file of a game family may start with: which
//! family it belongs to.

use super::toml::{Ctx, TableReader};
use crate::diag::Diagnostic;

/// Keys of the `[game]` table.
const GAME_KEYS: &[&str] = &["family"];

/// Reads the `[game]` table of a file read as a `family` file (`rolling`),
/// whose files are called `noun` (`map`): the file's family was chosen by
/// this table already, so another family there is an error (a variant of
/// another family's file), and so is any other key.
pub fn read_game_table(top: &mut TableReader<'_, '_>, ctx: &mut Ctx<'_>, family: &str, noun: &str) {
    let Some(mut game) = top.table(ctx, "game") else {
        return;
    };
    if let Some(f) = game.string(ctx, "family")
        && f.value != family
    {
        ctx.diags.push(
            Diagnostic::error(
                "unknown-family",
                format!(
                    "this file is read as a {family} {noun}, but says family `{}`",
                    f.value
                ),
            )
            .with_label(f.loc, "another family")
            .with_help("a variant belongs to the family of the file it extends"),
        );
    }
    game.finish(ctx, GAME_KEYS);
}
