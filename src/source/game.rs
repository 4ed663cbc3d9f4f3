//! The tables every family's files share: `[game]`, which family a file
//! belongs to, and the identity table (`[map]`, `[board]`): its id, name
//! and credits.

use super::toml::{Ctx, Sp, TableReader, check_id};
use crate::diag::{Diagnostic, Loc};

/// A required key missing from a table: the `missing-field` error, at the
/// table's header `at`, with an example line.
pub(crate) fn missing_field(key: &str, table: &str, at: Loc, example: &str) -> Diagnostic {
    Diagnostic::error("missing-field", format!("{table} has no `{key}`"))
        .with_label(at, format!("`{key}` is required here"))
        .with_help(format!("add a line like: {key} = {example}"))
}

/// The identity of a board (`[board]`), as every board family reads it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardInfo {
    /// Identifier (`encore-black`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Who made it.
    pub author: Option<String>,
    /// Licence of the file.
    pub licence: Option<String>,
    /// Version of the file.
    pub version: Option<String>,
    /// The language its sheets print in unless `--lang` says otherwise.
    pub lang: Option<crate::lang::Lang>,
    /// Font files its sheets may draw with, before any other.
    pub fonts: Vec<std::path::PathBuf>,
    /// Its names in other languages (`[names.<lang>]`), set by the family
    /// once it knows the board's parts.
    pub names: crate::lang::Names,
}

impl BoardInfo {
    /// The board's name as its sheets print it in `lang`: its name in
    /// that language (`[names.<lang>]`), else its name, else its id.
    pub fn title(&self, lang: crate::lang::Lang) -> String {
        match self.names.title(lang) {
            Some(title) => title.to_string(),
            None if self.name.is_empty() => self.id.clone(),
            None => self.name.clone(),
        }
    }

    /// The board's credit, for its sheets.
    pub fn credit(&self) -> crate::print::Credit<'_> {
        crate::print::Credit {
            id: &self.id,
            name: &self.name,
            version: self.version.as_deref(),
            author: self.author.as_deref(),
            licence: self.licence.as_deref(),
        }
    }
}

/// The identity table of a file (`[map]` of a map, `[board]` of a board),
/// as written.
#[derive(Clone, Debug, Default)]
pub struct RawInfo {
    /// Where the table's header is.
    pub header: Option<Loc>,
    /// `id`: names output files and is written in logs.
    pub id: Option<Sp<String>>,
    /// `name`: printed on the sheet.
    pub name: Option<Sp<String>>,
    /// `description`.
    pub description: Option<Sp<String>>,
    /// `author`.
    pub author: Option<Sp<String>>,
    /// `licence`.
    pub licence: Option<Sp<String>>,
    /// `version`.
    pub version: Option<Sp<String>>,
    /// `lang`: the sheets' language unless `--lang` says otherwise.
    pub lang: Option<Sp<String>>,
    /// `fonts`: font files for what the vendored font lacks, each relative
    /// to the file that names it.
    pub fonts: Option<Vec<Sp<std::path::PathBuf>>>,
    /// `[names.<lang>]`: the names in other languages (read by
    /// `read_names`, beside the identity table).
    pub names: Vec<RawNames>,
}

/// One `[names.<lang>]` table: a file's names in one language.
#[derive(Clone, Debug)]
pub struct RawNames {
    /// The language tag, where it is written.
    pub code: Sp<String>,
    /// `name`: the title.
    pub name: Option<Sp<String>>,
    /// Each kind's names (`areas = { HKD = "北海道" }`): the kind, and each
    /// id and its text.
    pub parts: Vec<(String, NamedParts)>,
}

/// Each id of one kind of part and its text, where they are written.
pub type NamedParts = Vec<(Sp<String>, Sp<String>)>;

/// Reads every `[names.<lang>]` table: `name` and the kinds of parts the
/// family names (`regions`, `areas`, `labels`).
pub fn read_names(
    top: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    kinds: &[&str],
) -> Vec<RawNames> {
    let Some(mut names) = top.table(ctx, "names") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for code in names.keys(ctx) {
        let Some(mut t) = names.table(ctx, &code.value) else {
            continue;
        };
        let name = t.string(ctx, "name");
        let parts = kinds
            .iter()
            .filter_map(|k| t.string_map(ctx, k).map(|m| (k.to_string(), m)))
            .collect();
        let mut known = vec!["name"];
        known.extend_from_slice(kinds);
        t.finish(ctx, &known);
        out.push(RawNames { code, name, parts });
    }
    out
}

/// `base`'s names with `child`'s over them, language by language and part
/// by part (a variant adds a language, or a few names, without repeating
/// its base's).
fn merge_names(mut base: Vec<RawNames>, child: Vec<RawNames>) -> Vec<RawNames> {
    for c in child {
        let Some(b) = base.iter_mut().find(|b| b.code.value == c.code.value) else {
            base.push(c);
            continue;
        };
        b.code = c.code;
        b.name = c.name.or(b.name.take());
        for (kind, entries) in c.parts {
            match b.parts.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, old)) => {
                    for (id, text) in entries {
                        match old.iter_mut().find(|(i, _)| i.value == id.value) {
                            Some(e) => *e = (id, text),
                            None => old.push((id, text)),
                        }
                    }
                }
                None => b.parts.push((kind, entries)),
            }
        }
    }
    base
}

impl RawInfo {
    /// This table as a variant (`child`) sets it over its base (`self`):
    /// each key the variant sets; the version only the variant's own (the
    /// base's would date it).
    pub fn merge(self, child: RawInfo) -> RawInfo {
        RawInfo {
            header: child.header.or(self.header),
            id: child.id.or(self.id),
            name: child.name.or(self.name),
            description: child.description.or(self.description),
            author: child.author.or(self.author),
            licence: child.licence.or(self.licence),
            version: child.version,
            lang: child.lang.or(self.lang),
            fonts: child.fonts.or(self.fonts),
            names: merge_names(self.names, child.names),
        }
    }

    /// The `[names.<lang>]` tables as names: a language rollx has no
    /// catalogue for is `unknown-lang`; a part `known` does not know
    /// (`known(kind, id)`: the file has no area `HKDX`) is `unknown-name`.
    pub fn names(
        &self,
        known: &dyn Fn(&str, &str) -> bool,
        diags: &mut Vec<Diagnostic>,
    ) -> crate::lang::Names {
        let mut names = crate::lang::Names::default();
        for n in &self.names {
            let lang = match crate::lang::Lang::parse(&n.code.value) {
                Ok(lang) => lang,
                Err(e) => {
                    diags.push(
                        Diagnostic::error("unknown-lang", e.to_string())
                            .with_label(n.code.loc, "the names' language")
                            .with_help(e.help()),
                    );
                    continue;
                }
            };
            if let Some(name) = &n.name {
                names.set_title(lang, name.value.clone());
            }
            for (kind, entries) in &n.parts {
                for (id, text) in entries {
                    if known(kind, &id.value) {
                        names.set(lang, kind, &id.value, text.value.clone());
                    } else {
                        let noun = match kind.as_str() {
                            "labels" => "area",
                            k => k.trim_end_matches('s'),
                        };
                        diags.push(
                            Diagnostic::error(
                                "unknown-name",
                                format!(
                                    "[names.{}] {kind} names `{}`, which is no {noun} of this file",
                                    n.code.value, id.value
                                ),
                            )
                            .with_label(id.loc, format!("no such {noun}"))
                            .with_help(format!(
                                "name the {kind} by their ids, as the file declares them"
                            )),
                        );
                    }
                }
            }
        }
        names
    }

    /// `fonts` as files to read (each must be a font file rollx can read).
    pub fn fonts(&self, diags: &mut Vec<Diagnostic>) -> Vec<std::path::PathBuf> {
        font_files(self.fonts.as_deref().unwrap_or_default(), diags)
    }

    /// `lang` read as a language rollx prints in: an unknown one is an
    /// error at its value.
    pub fn lang(&self, diags: &mut Vec<Diagnostic>) -> Option<crate::lang::Lang> {
        let v = self.lang.as_ref()?;
        match crate::lang::Lang::parse(&v.value) {
            Ok(lang) => Some(lang),
            Err(e) => {
                diags.push(
                    Diagnostic::error("unknown-lang", e.to_string())
                        .with_label(v.loc, "the sheets' language")
                        .with_help(e.help()),
                );
                None
            }
        }
    }

    /// The table read as a board's `[board]`: `id` and `name` are
    /// required (reported at the table's header, or at `file` when the
    /// file has no such table, unless `mistyped` holds the key at that
    /// header: a value of the wrong type was reported already), and the id
    /// must be a valid id.
    pub fn board_info(
        &self,
        file: Loc,
        mistyped: &[(Loc, String)],
        diags: &mut Vec<Diagnostic>,
    ) -> BoardInfo {
        let header = self.header.unwrap_or(file);
        let required = |v: &Option<Sp<String>>, key: &str, example: &str, diags: &mut Vec<_>| {
            if v.is_none() && !mistyped.iter().any(|(h, k)| *h == header && k == key) {
                diags.push(missing_field(key, "[board]", header, example));
            }
            v.as_ref().map_or_else(String::new, |v| v.value.clone())
        };
        let id = required(&self.id, "id", "\"my-board\"", diags);
        if let Some(id) = &self.id {
            check_id(id, "board", diags);
        }
        let name = required(&self.name, "name", "\"My board\"", diags);
        let text = |v: &Option<Sp<String>>| v.as_ref().map(|s| s.value.clone());
        let lang = self.lang(diags);
        let fonts = self.fonts(diags);
        BoardInfo {
            lang,
            fonts,
            names: crate::lang::Names::default(),
            id,
            name,
            description: text(&self.description),
            author: text(&self.author),
            licence: text(&self.licence),
            version: text(&self.version),
        }
    }
}

/// A list of font files (`fonts = ["fonts/a.otf"]`), each path relative to
/// the file being read.
pub fn font_list(
    t: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    key: &str,
) -> Option<Vec<Sp<std::path::PathBuf>>> {
    let list = t.strings(ctx, key)?;
    Some(
        list.items
            .into_iter()
            .map(|s| {
                let path = match &ctx.file {
                    Some(file) => crate::source::files::relative_to(file, &s.value),
                    None => std::path::PathBuf::from(&s.value),
                };
                Sp::new(path, s.loc)
            })
            .collect(),
    )
}

/// Font files to read: one that is not a font file rollx can read is a
/// `font-unreadable` error at its name.
pub fn font_files(
    list: &[Sp<std::path::PathBuf>],
    diags: &mut Vec<Diagnostic>,
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for f in list {
        let why = match std::fs::read(&f.value) {
            Err(e) => Some(format!("cannot be read: {e}")),
            Ok(bytes)
                if ttf_parser::fonts_in_collection(&bytes).is_none()
                    && ttf_parser::Face::parse(&bytes, 0).is_err() =>
            {
                Some("is not a TrueType or OpenType font".to_string())
            }
            Ok(_) => None,
        };
        match why {
            Some(why) => diags.push(
                Diagnostic::error(
                    "font-unreadable",
                    format!("the font file {} {why}", f.value.display()),
                )
                .with_label(f.loc, "this font")
                .with_help("name a .ttf, .otf or .ttc file, relative to the file that names it"),
            ),
            None => out.push(f.value.clone()),
        }
    }
    out
}

/// Keys of the identity table.
pub const INFO_KEYS: &[&str] = &[
    "id",
    "name",
    "description",
    "author",
    "licence",
    "version",
    "lang",
    "fonts",
];

/// Reads the identity table named `table`, if the file has one.
pub(crate) fn read_info(
    top: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    table: &str,
) -> Option<RawInfo> {
    let mut t = top.table(ctx, table)?;
    let info = RawInfo {
        header: Some(t.header),
        id: t.string(ctx, "id"),
        name: t.string(ctx, "name"),
        description: t.string(ctx, "description"),
        author: t.string(ctx, "author"),
        licence: t.string(ctx, "licence"),
        version: t.string(ctx, "version"),
        lang: t.string(ctx, "lang"),
        names: Vec::new(),
        fonts: font_list(&mut t, ctx, "fonts"),
    };
    t.finish(ctx, INFO_KEYS);
    Some(info)
}

/// Keys of the `[game]` table.
const GAME_KEYS: &[&str] = &["family"];

/// Reads the `[game]` table of a file read as a `family` file (`rolling`),
/// whose files are called `noun` (`map`): the file's family was chosen by
/// this table already, so another family there is an error (a variant of
/// another family's file), and so is any other key.
pub(crate) fn read_game_table(
    top: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    family: &str,
    noun: &str,
) {
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

/// The identity table of a board file (`[board]`), as its JSON Schema
/// describes it (every family's board format shares it).
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// Identifier: letters and digits of any script, `_` and `-`, at
    /// most 32.
    #[schemars(pattern(r"^[\p{L}\p{N}_-]{1,32}$"))]
    pub id: Option<String>,
    /// Display name.
    pub name: Option<String>,
    /// Free text: where the board comes from.
    pub description: Option<String>,
    /// Who made it.
    pub author: Option<String>,
    /// Licence of the file.
    pub licence: Option<String>,
    /// Version of the file.
    pub version: Option<String>,
    /// The language its sheets print in unless `--lang` says otherwise
    /// (a BCP 47 tag rollx has a catalogue for: `es`, `de`, `ja`).
    pub lang: Option<String>,
    /// Font files for the characters DejaVu Sans lacks, relative to this
    /// file, tried in order before `--font-path` and the system's fonts.
    pub fonts: Option<Vec<String>>,
}
