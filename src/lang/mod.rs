//! Languages: every word a sheet prints comes from one catalogue per
//! language (`lang/<code>.toml`, built into the binary), through [`Lang`].
//! English is the reference: a key another catalogue lacks is printed in
//! English, and [`Lang::missing`] names it. `docs/languages.md` documents
//! the catalogues and where their terms come from.
//!
//! A family declares the keys its sheets print with [`keys!`](crate::keys)
//! (its `words` module); the words every sheet shares are [`SHEET`].

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// The shipped catalogues: code and TOML text. Adding a language is its
/// file in `lang/`, one line here and a row in `docs/languages.md`.
const BUILTIN: [(&str, &str); 5] = [
    ("en", include_str!("../../lang/en.toml")),
    ("es", include_str!("../../lang/es.toml")),
    ("de", include_str!("../../lang/de.toml")),
    ("fr", include_str!("../../lang/fr.toml")),
    ("ja", include_str!("../../lang/ja.toml")),
];

/// One language's words: flattened keys (`rolling.power.guard`) to text.
#[derive(Debug)]
struct Catalogue {
    code: &'static str,
    name: String,
    english: String,
    words: BTreeMap<String, String>,
}

/// Reads a catalogue's TOML into its flattened keys.
fn parse(code: &'static str, text: &str) -> Result<Catalogue, String> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("lang/{code}.toml: {}", e.message()))?;
    let mut words = BTreeMap::new();
    fn flatten(
        prefix: &str,
        t: &toml::Table,
        out: &mut BTreeMap<String, String>,
    ) -> Result<(), String> {
        for (k, v) in t {
            let key = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            match v {
                toml::Value::String(s) => {
                    out.insert(key, s.clone());
                }
                toml::Value::Table(inner) => flatten(&key, inner, out)?,
                _ => return Err(format!("`{key}` is not text")),
            }
        }
        Ok(())
    }
    flatten("", &table, &mut words).map_err(|e| format!("lang/{code}.toml: {e}"))?;
    let mut take = |k: &str| {
        words
            .remove(&format!("language.{k}"))
            .ok_or_else(|| format!("lang/{code}.toml has no language.{k}"))
    };
    let (file_code, name, english) = (take("code")?, take("name")?, take("english")?);
    if file_code != code {
        return Err(format!("lang/{code}.toml says code `{file_code}`"));
    }
    Ok(Catalogue {
        code,
        name,
        english,
        words,
    })
}

fn catalogues() -> &'static [Catalogue] {
    static ALL: OnceLock<Vec<Catalogue>> = OnceLock::new();
    ALL.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|&(code, text)| {
                // The shipped catalogues are tested to parse
                // (`every_catalogue_parses`).
                parse(code, text).unwrap_or_else(|e| panic!("a shipped catalogue: {e}"))
            })
            .collect()
    })
}

/// A key of the catalogues (`rolling.round`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(pub &'static str);

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Declares catalogue keys as constants, and `ALL`, the list of them
/// (what a family's sheets print, for [`Lang::missing`] and the tests).
#[macro_export]
macro_rules! keys {
    ($($(#[$m:meta])* $name:ident = $key:literal;)*) => {
        $( $(#[$m])* pub const $name: $crate::lang::Key = $crate::lang::Key($key); )*
        /// Every key declared here.
        pub const ALL: &[$crate::lang::Key] = &[$($name),*];
    };
}

/// The words every family's sheet prints.
pub mod sheet {
    crate::keys! {
        /// Before the player's name line.
        NAME = "sheet.name";
        /// The credit line's author (`{author}`).
        BY = "sheet.by";
        /// A mono sheet's key of colour letters (`{list}`).
        COLOURS = "sheet.colours";
        /// The rules page's title (`{name}`).
        RULES_TITLE = "sheet.rules_title";
        /// The rules page's last line.
        RULES_FOOTER = "sheet.rules_footer";
        /// A rule read otherwise than by default (`{option}`, `{value}`).
        RULES_OPTION = "sheet.rules_option";
        /// The calibration page's title.
        CALIBRATION_TITLE = "sheet.calibration_title";
        /// The calibration page: how to check the scale.
        CALIBRATION_SCALE = "sheet.calibration_scale";
        /// The calibration page: what its lines show.
        CALIBRATION_MARGINS = "sheet.calibration_margins";
        /// The calibration page: how to check front and back.
        CALIBRATION_BACK = "sheet.calibration_back";
        /// The calibration page's back, named.
        CALIBRATION_BACK_SIDE = "sheet.calibration_back_side";
    }
}

/// The words every sheet shares.
pub use sheet::ALL as SHEET;

/// A language rollx prints sheets in: one of the shipped catalogues.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.code())
    }
}

impl Default for Lang {
    fn default() -> Self {
        Self::ENGLISH
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language tag rollx has no catalogue for, or that is not a tag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LangError {
    /// Not a BCP 47 tag (`es`, `de-AT`, `ja`).
    #[error("`{0}` is not a language tag")]
    NotATag(String),
    /// A tag of a language without a catalogue.
    #[error("rollx has no words in `{0}`")]
    Unknown(String),
}

impl LangError {
    /// What to do instead: the shipped languages.
    pub fn help(&self) -> String {
        format!(
            "use a BCP 47 language tag rollx has a catalogue for: {} (docs/languages.md)",
            Lang::all()
                .map(|l| format!("{} ({})", l.code(), l.name()))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

impl Lang {
    /// English, the reference catalogue and the default.
    pub const ENGLISH: Lang = Lang(0);

    /// The language of a BCP 47 tag (`es`, `es-MX`, `de-AT`, `ja-JP`):
    /// its primary language subtag, in any case.
    pub fn parse(tag: &str) -> Result<Lang, LangError> {
        let tag = tag.trim();
        let mut parts = tag.split(['-', '_']);
        let primary = parts.next().unwrap_or_default().to_ascii_lowercase();
        let well_formed = (2..=3).contains(&primary.len())
            && primary.bytes().all(|b| b.is_ascii_lowercase())
            && parts.all(|p| {
                (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric())
            });
        if !well_formed {
            return Err(LangError::NotATag(tag.to_string()));
        }
        Self::all()
            .find(|l| l.code() == primary)
            .ok_or_else(|| LangError::Unknown(tag.to_string()))
    }

    /// Every shipped language, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..catalogues().len()).map(|i| Lang(i as u8))
    }

    fn catalogue(self) -> &'static Catalogue {
        &catalogues()[usize::from(self.0)]
    }

    /// Its BCP 47 code (`es`).
    pub fn code(self) -> &'static str {
        self.catalogue().code
    }

    /// Its own name (`Español`).
    pub fn name(self) -> &'static str {
        &self.catalogue().name
    }

    /// Its name in English (`Spanish`).
    pub fn english_name(self) -> &'static str {
        &self.catalogue().english
    }

    /// The text of `key`, in English when this catalogue lacks it (and
    /// the key itself when English lacks it too: the tests see that it
    /// never does).
    pub fn word(self, key: Key) -> &'static str {
        self.lookup(key.0).unwrap_or(key.0)
    }

    fn lookup(self, key: &str) -> Option<&'static str> {
        self.catalogue()
            .words
            .get(key)
            .or_else(|| Self::ENGLISH.catalogue().words.get(key))
            .map(String::as_str)
    }

    /// The text of `key` with each `{name}` replaced by its value.
    pub fn fill(self, key: Key, args: &[(&str, &dyn fmt::Display)]) -> String {
        substitute(self.word(key), args)
    }

    /// The text of `key.one` (for `n` = 1) or `key.other`, with `{n}` and
    /// each `{name}` replaced.
    pub fn count(self, key: Key, n: usize, args: &[(&str, &dyn fmt::Display)]) -> String {
        let form = format!("{}.{}", key.0, if n == 1 { "one" } else { "other" });
        let text = self.lookup(&form).unwrap_or(key.0);
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("n", &n)];
        all.extend_from_slice(args);
        substitute(text, &all)
    }

    /// The word for a colour named by its id in a file (`red`), when the
    /// catalogue has one.
    pub fn colour(self, id: &str) -> Option<&'static str> {
        self.lookup(&format!("colour.{}", id.to_lowercase()))
    }

    /// Which of `keys` this catalogue lacks (English lacks none).
    pub fn missing(self, keys: &[Key]) -> Vec<Key> {
        let words = &self.catalogue().words;
        keys.iter()
            .copied()
            .filter(|k| {
                !words.contains_key(k.0)
                    && !words.contains_key(&format!("{}.one", k.0))
                    && !words.contains_key(&format!("{}.other", k.0))
            })
            .collect()
    }
}

/// The names a file gives in other languages (`[names.ja]`): its title,
/// and the names of its parts by kind (`regions`, `areas`, `labels`,
/// `colors`) and id. What a language lacks falls back to the file's own
/// names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(BTreeMap<(Lang, String, String), String>);

impl Names {
    /// The kind of the title.
    const TITLE: &'static str = "name";

    /// Sets the title in `lang`.
    pub fn set_title(&mut self, lang: Lang, text: String) {
        self.0
            .insert((lang, Self::TITLE.into(), String::new()), text);
    }

    /// Sets the name of the part `id` of `kind` in `lang`.
    pub fn set(&mut self, lang: Lang, kind: &str, id: &str, text: String) {
        self.0.insert((lang, kind.into(), id.into()), text);
    }

    /// The title in `lang`, if the file gives one.
    pub fn title(&self, lang: Lang) -> Option<&str> {
        self.get(lang, Self::TITLE, "")
    }

    /// The name of the part `id` of `kind` in `lang`, if the file gives
    /// one.
    pub fn get(&self, lang: Lang, kind: &str, id: &str) -> Option<&str> {
        self.0
            .get(&(lang, kind.to_string(), id.to_string()))
            .map(String::as_str)
    }

    /// Whether the file gives any name of `kind` in `lang`.
    pub fn gives(&self, lang: Lang, kind: &str) -> bool {
        self.0.keys().any(|(l, k, _)| *l == lang && k == kind)
    }

    /// The languages the file gives names in.
    pub fn langs(&self) -> Vec<Lang> {
        let mut out: Vec<Lang> = self.0.keys().map(|k| k.0).collect();
        out.dedup();
        out
    }

    /// Whether the file gives no names in other languages.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `text` with each `{name}` of `args` replaced by its value.
fn substitute(text: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = text.to_string();
    for (name, value) in args {
        let slot = format!("{{{name}}}");
        if out.contains(&slot) {
            out = out.replace(&slot, &value.to_string());
        }
    }
    out
}

/// `s` with its first letter in upper case (`red` → `Red`; a script
/// without case is left as it is).
pub(crate) fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(s: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut rest = s;
        while let Some(i) = rest.find('{') {
            let Some(j) = rest[i..].find('}') else { break };
            out.insert(rest[i + 1..i + j].to_string());
            rest = &rest[i + j..];
        }
        out
    }

    #[test]
    fn every_catalogue_parses_and_has_the_english_keys_and_slots() {
        let en = &Lang::ENGLISH.catalogue().words;
        for lang in Lang::all() {
            let c = lang.catalogue();
            for (key, text) in &c.words {
                let english = en
                    .get(key)
                    .unwrap_or_else(|| panic!("{}: `{key}` is not an English key", lang.code()));
                assert_eq!(
                    placeholders(text),
                    placeholders(english),
                    "{}: `{key}` has other slots than English",
                    lang.code()
                );
                assert!(!text.trim().is_empty(), "{}: `{key}` is empty", lang.code());
            }
        }
    }

    #[test]
    fn tags_are_read_as_bcp_47() {
        assert_eq!(Lang::parse("es").unwrap().code(), "es");
        assert_eq!(Lang::parse("es-MX").unwrap().code(), "es");
        assert_eq!(Lang::parse("DE-at").unwrap().code(), "de");
        assert_eq!(Lang::parse("ja_JP").unwrap().code(), "ja");
        assert_eq!(Lang::parse("pt"), Err(LangError::Unknown("pt".into())));
        assert!(matches!(
            Lang::parse("spanish!"),
            Err(LangError::NotATag(_))
        ));
        assert!(matches!(Lang::parse(""), Err(LangError::NotATag(_))));
        assert!(
            LangError::Unknown("pt".into())
                .help()
                .contains("es (Español)")
        );
    }

    #[test]
    fn words_fall_back_to_english_and_fill_their_slots() {
        let es = Lang::parse("es").unwrap();
        assert_eq!(es.word(sheet::NAME), "Nombre");
        assert_eq!(es.word(Key("no.such.key")), "no.such.key");
        assert_eq!(
            Lang::ENGLISH.fill(sheet::BY, &[("author", &"Ann")]),
            "by Ann"
        );
        let stars = Key("diceland.win_stars");
        assert_eq!(Lang::ENGLISH.count(stars, 1, &[]), "1 star");
        assert_eq!(Lang::ENGLISH.count(stars, 3, &[]), "3 stars");
        assert_eq!(Lang::ENGLISH.colour("Red"), Some("red"));
        assert_eq!(Lang::ENGLISH.colour("outback"), None);
        assert!(Lang::ENGLISH.missing(SHEET).is_empty());
        assert_eq!(capitalised("rojo"), "Rojo");
        assert_eq!(capitalised("赤"), "赤");
    }
}

#[cfg(test)]
mod declared {
    use super::*;
    use crate::families::Family;

    /// Every key the code prints is in the English catalogue, and every
    /// English key is one the code prints: no word is left untranslatable
    /// and none is dead.
    #[test]
    fn the_declared_keys_are_the_english_catalogue() {
        let mut declared: Vec<&str> = SHEET.iter().map(|k| k.0).collect();
        for f in Family::ALL {
            declared.extend(f.face().words().iter().map(|k| k.0));
        }
        let english = &Lang::ENGLISH.catalogue().words;
        let plural = |k: &str| {
            english.contains_key(&format!("{k}.one")) && english.contains_key(&format!("{k}.other"))
        };
        for k in &declared {
            assert!(
                english.contains_key(*k) || plural(k),
                "`{k}` is printed but not in lang/en.toml"
            );
        }
        for k in english.keys() {
            let base = k
                .strip_suffix(".one")
                .or_else(|| k.strip_suffix(".other"))
                .unwrap_or(k);
            assert!(
                k.starts_with("colour.")
                    || declared.contains(&k.as_str())
                    || declared.contains(&base),
                "lang/en.toml has `{k}`, which nothing prints"
            );
        }
    }

    /// The shipped catalogues are whole: every sheet word of every family.
    #[test]
    fn every_shipped_catalogue_has_every_word() {
        let mut keys = SHEET.to_vec();
        for f in Family::ALL {
            keys.extend_from_slice(f.face().words());
        }
        for lang in Lang::all() {
            assert_eq!(lang.missing(&keys), Vec::<Key>::new(), "{}", lang.code());
        }
    }
}
