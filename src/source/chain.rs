//! `extends`: a file that names another as its base, and changes only what
//! it sets. One reader of such chains serves every format (maps, boards,
//! print templates): it follows `extends` from file to file, refuses
//! cycles and chains too long, and reports a base it cannot read where the
//! `extends` is written. Merging a file over its base is the format's own.

use std::path::{Path, PathBuf};

use super::files::{Files, normalize};
use super::toml::{Ctx, Sp};
use crate::diag::{self, Diagnostic, SourceMap};

/// How many files an `extends` chain may have.
pub(crate) const MAX_EXTENDS_DEPTH: usize = 8;

/// A format whose files may `extends` another.
pub trait Extends {
    /// One file as read, before merging.
    type Raw;

    /// What the format's files are called in messages (`map`, `template`).
    const NOUN: &'static str;

    /// Reads one file's text: its content and the `extends` it names.
    /// `None` when the file cannot be read further (its problems are in
    /// `ctx`).
    fn read(&self, ctx: &mut Ctx<'_>, text: &str) -> Option<(Self::Raw, Option<Sp<String>>)>;

    /// The base of a file that names none, if the format has one (every
    /// print template extends `letter`).
    fn implicit_base(&self, _file: &Path) -> Option<String> {
        None
    }

    /// Where the base named `name` in the file `from` is, and its bytes:
    /// by default a path relative to `from`'s folder, read from `files`.
    fn fetch(
        &self,
        files: &dyn Files,
        from: &Path,
        name: &str,
    ) -> (PathBuf, std::io::Result<Vec<u8>>) {
        let path = super::files::relative_to(from, name);
        let bytes = files.read(&path);
        (path, bytes)
    }
}

/// Reads the file `path` (its `bytes` already read) and, one after
/// another, the files it extends. Returns each file's content with the
/// base first, or `None` when the chain cannot be read (why is in
/// `diags`).
pub(crate) fn read_chain<E: Extends>(
    format: &E,
    files: &dyn Files,
    sources: &mut SourceMap,
    diags: &mut Vec<Diagnostic>,
    path: &Path,
    bytes: Vec<u8>,
) -> Option<Vec<E::Raw>> {
    let mut chain: Vec<E::Raw> = Vec::new();
    let mut stack: Vec<PathBuf> = Vec::new();
    let mut path = path.to_path_buf();
    let mut bytes = bytes;
    loop {
        let (id, text) = match diag::add_utf8(sources, &path, bytes) {
            Ok(t) => t,
            Err(d) => {
                diags.push(d);
                return None;
            }
        };
        let mut ctx = Ctx::new(id, diags);
        ctx.file = Some(path.clone());
        let (raw, ext) = format.read(&mut ctx, &text)?;
        chain.push(raw);
        let (name, at) = match ext {
            Some(e) => (e.value, Some(e.loc)),
            None => match format.implicit_base(&path) {
                Some(name) => (name, None),
                None => break,
            },
        };
        let me = normalize(&path);
        let (parent, read) = format.fetch(files, &path, &name);
        let parent = normalize(&parent);
        stack.push(me);
        if stack.contains(&parent) {
            let chain: Vec<String> = stack.iter().map(|p| p.display().to_string()).collect();
            diags.push(
                Diagnostic::error(
                    "extends-cycle",
                    format!(
                        "`extends` makes a cycle: {} -> {}",
                        chain.join(" -> "),
                        parent.display()
                    ),
                )
                .with_opt_label(at, format!("extends a {} that extends this one", E::NOUN))
                .with_help(format!(
                    "a variant extends a base {noun}; the base must not extend the variant",
                    noun = E::NOUN
                )),
            );
            return None;
        }
        if stack.len() >= MAX_EXTENDS_DEPTH {
            diags.push(
                Diagnostic::error(
                    "extends-cycle",
                    format!("`extends` chain is longer than {MAX_EXTENDS_DEPTH} files"),
                )
                .with_opt_label(at, "one extends too many")
                .with_help(format!(
                    "extend the base {} directly instead of through a long chain",
                    E::NOUN
                )),
            );
            return None;
        }
        bytes = match read {
            Ok(b) => b,
            Err(e) => {
                diags.push(
                    Diagnostic::error(
                        "extends-not-found",
                        format!(
                            "cannot read {}, the {} this file extends: {e}",
                            parent.display(),
                            E::NOUN
                        ),
                    )
                    .with_opt_label(at, "extended here")
                    .with_help("the path is relative to the directory of this file"),
                );
                return None;
            }
        };
        path = parent;
    }
    chain.reverse();
    Some(chain)
}
