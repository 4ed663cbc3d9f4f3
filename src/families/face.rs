//! The contract every game family implements: its face. The commands know
//! a family only through it, and the registry ([`super::Family::ALL`]) is
//! the list of the families' faces.

use std::path::Path;

use crate::diag::Diagnostic;
use crate::print::{PrintOptions, Template};
use crate::source::Files;

use super::{Checked, GenerateError, GenerateOptions, GeneratedFile, Model, Printed};

/// A family's generator: a random file, or why there is none.
pub type Generator = fn(&GenerateOptions) -> Result<GeneratedFile, GenerateError>;

/// What a game family is to the commands: its names, its files (read and
/// checked, printed, generated).
pub trait Face: Sync + Send {
    /// The family's name in files (`[game] family = "encore"`) and logs.
    fn name(&self) -> &'static str;

    /// The family's name in sentences ("Encore").
    fn title(&self) -> &'static str;

    /// What the family's files are called (`map`, `board`).
    fn noun(&self) -> &'static str;

    /// Reads and checks a file of the family given as bytes (`files`
    /// serves the files it extends): every finding, and the map or board
    /// when there is no error.
    fn check(&self, files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked;

    /// Lays out a pad of sheets of `model` (one of this family's) on
    /// `template` and runs the print checks.
    fn print(
        &self,
        model: &Model,
        template: &Template,
        options: &PrintOptions,
    ) -> Result<Printed, Vec<Diagnostic>>;

    /// The family's generator of random files that follow its
    /// conventions; `None` when it has none.
    fn generator(&self) -> Option<Generator> {
        None
    }

    /// Why the family has no generator, and where its files come from
    /// instead (shown when `generate` is asked for one).
    fn no_generator(&self) -> &'static str {
        ""
    }
}
