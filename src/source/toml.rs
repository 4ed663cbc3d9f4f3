//! Typed reading of a parsed TOML table that records every problem
//! (wrong types, unknown keys) as a located [`Diagnostic`] instead of
//! stopping at the first, as serde would.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diag::{Diagnostic, Loc, SourceId};

/// A value with the place it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sp<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub loc: Loc,
}

impl<T> Sp<T> {
    /// Pairs a value with a location.
    pub fn new(value: T, loc: Loc) -> Self {
        Self { value, loc }
    }
}

/// A list of strings with the location of the whole array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpList {
    /// The array as a whole.
    pub loc: Loc,
    /// Its elements.
    pub items: Vec<Sp<String>>,
}

/// Lists of strings written as one array of strings (one list) or an
/// array of arrays of strings (several), with the location of the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpGroups {
    /// The array as a whole.
    pub loc: Loc,
    /// The lists, in order.
    pub groups: Vec<Vec<Sp<String>>>,
}

/// Parses a whole file's text. A syntax error is reported (the first only:
/// the parser's recovery makes echoes of it, which the help counts), with
/// `help` pointing at the format's documentation, and yields `None`. An
/// array left without its `]` is reported where it was left open, not
/// where the parser noticed (the next line that is not an element).
pub fn parse<'i>(ctx: &mut Ctx<'_>, text: &'i str, help: &str) -> Option<Spanned<DeTable<'i>>> {
    let (doc, errors) = DeTable::parse_recoverable(text);
    let Some(first) = errors.first() else {
        return Some(doc);
    };
    let span = first.span().unwrap_or(0..0);
    let more = match errors.len() - 1 {
        0 => String::new(),
        1 => "; 1 more syntax error follows, probably caused by this one".to_string(),
        n => format!("; {n} more syntax errors follow, probably caused by this one"),
    };
    let message = first.message().trim().to_string();
    let d = match unclosed_array(text, span.start) {
        Some(open) => {
            let (line, fixed) = open.fixed_line(text);
            let opened = line_of(text, open.open);
            Diagnostic::error(
                "syntax",
                format!("TOML syntax error: the array opened on line {opened} has no closing `]`"),
            )
            .with_label(ctx.loc(open.last..open.last), "add `]` here")
            .with_label(ctx.loc(open.open..open.open + 1), "array opened here")
            .with_help(if line == opened {
                format!(
                    "close the array: write line {line} as `{}`; {help}",
                    fixed.trim()
                )
            } else {
                format!("close the array: add a line `]` after line {line}; {help}")
            })
        }
        None => Diagnostic::error("syntax", format!("TOML syntax error: {message}"))
            .with_label(ctx.loc(span), message)
            .with_help(format!("{help}{more}")),
    };
    ctx.diags.push(d);
    None
}

/// The 1-based line of byte `at`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// An array value whose `]` is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unclosed {
    /// The byte of its `[`.
    open: usize,
    /// Just past its last element: where the `]` belongs.
    last: usize,
}

impl Unclosed {
    /// The line number where the `]` belongs and that line with it added.
    fn fixed_line(&self, text: &str) -> (usize, String) {
        let start = text[..self.last].rfind('\n').map_or(0, |i| i + 1);
        let end = text[self.last..]
            .find('\n')
            .map_or(text.len(), |i| self.last + i);
        let fixed = format!("{}]{}", &text[start..self.last], &text[self.last..end]);
        (
            line_of(text, self.last),
            fixed.trim_end_matches('\r').to_string(),
        )
    }
}

/// The array value left open at byte `error` of `text`, if the parser's
/// error there is one: the array's `[` comes before the error, and before
/// its `]` (if any) a line starts as only a new statement would (a
/// `key =` or a `[table]` header), so the array ran into the next
/// statement. Strings and comments are skipped.
fn unclosed_array(text: &str, error: usize) -> Option<Unclosed> {
    let b = text.as_bytes();
    let mut i = 0;
    // Open brackets of the current value: (byte, is an array).
    let mut stack: Vec<usize> = Vec::new();
    // Just past the last byte of the current value that is not blank or a
    // comment.
    let mut last = 0;
    let mut in_value = false;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start {
            line_start = false;
            let rest = &text[i..];
            let line = rest.split('\n').next().unwrap_or("");
            let trimmed = line.trim_start_matches([' ', '\t']);
            if !stack.is_empty() && starts_statement(trimmed) {
                let open = stack[0];
                return (open < error).then_some(Unclosed { open, last });
            }
            if stack.is_empty() && trimmed.starts_with('[') {
                // A table header: skip the line.
                let end = rest.find('\n').map_or(b.len(), |n| i + n);
                i = end;
                continue;
            }
        }
        match c {
            b'\n' => {
                line_start = true;
                if stack.is_empty() {
                    in_value = false;
                }
                i += 1;
            }
            b'#' => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'"' | b'\'' => {
                let q = c;
                let triple = b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q);
                let mut j = if triple { i + 3 } else { i + 1 };
                loop {
                    match b.get(j) {
                        None => return None,
                        Some(b'\\') if q == b'"' => j += 2,
                        Some(b'\n') if !triple => return None,
                        Some(&x) if x == q => {
                            if !triple {
                                j += 1;
                                break;
                            }
                            if b.get(j + 1) == Some(&q) && b.get(j + 2) == Some(&q) {
                                j += 3;
                                while b.get(j) == Some(&q) {
                                    j += 1;
                                }
                                break;
                            }
                            j += 1;
                        }
                        Some(_) => j += 1,
                    }
                }
                i = j;
                last = i;
            }
            b'=' if stack.is_empty() => {
                in_value = true;
                i += 1;
            }
            b'[' if in_value => {
                stack.push(i);
                i += 1;
                last = i;
            }
            b']' if in_value && !stack.is_empty() => {
                stack.pop();
                i += 1;
                last = i;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            _ => {
                i += 1;
                last = i;
            }
        }
        if stack.is_empty() && i > error {
            return None;
        }
    }
    None
}

/// Whether a line (its leading blanks removed) starts as a new statement
/// does and no array element could: a `[table]` or `[[table]]` header
/// alone on its line, or a bare key followed by `=`.
fn starts_statement(line: &str) -> bool {
    let line = line.split('#').next().unwrap_or("").trim_end();
    if let Some(inner) = line.strip_prefix('[') {
        let inner = inner.strip_prefix('[').unwrap_or(inner);
        let name = inner.trim_end_matches(']');
        return line.ends_with(']')
            && !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '));
    }
    let Some((key, _)) = line.split_once('=') else {
        return false;
    };
    let key = key.trim();
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Where diagnostics go while one file is read.
pub struct Ctx<'d> {
    /// The file being read.
    pub source: SourceId,
    /// Collected findings.
    pub diags: &'d mut Vec<Diagnostic>,
    /// Keys whose value had the wrong type, with the header of their table:
    /// they were written, so later checks must not also call them missing.
    pub mistyped: Vec<(Loc, String)>,
    /// The file being read, when it is one (paths in it are relative to
    /// it).
    pub file: Option<std::path::PathBuf>,
}

impl<'d> Ctx<'d> {
    /// Starts reading one file.
    pub fn new(source: SourceId, diags: &'d mut Vec<Diagnostic>) -> Self {
        Self {
            source,
            diags,
            mistyped: Vec::new(),
            file: None,
        }
    }

    /// A location in the file being read.
    pub fn loc(&self, span: std::ops::Range<usize>) -> Loc {
        Loc::new(self.source, span)
    }
}

/// The name of a TOML value's type, with an article, for messages.
fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Reads the keys of one table, remembering which were used.
pub struct TableReader<'t, 'i> {
    table: &'t DeTable<'i>,
    /// Where the table is declared (its header, or the inline table).
    pub header: Loc,
    /// How the table is named in messages (`[map]`, `[[areas]]`).
    pub name: String,
    used: Vec<&'t str>,
}

impl<'t, 'i> TableReader<'t, 'i> {
    /// Starts reading a table.
    pub fn new(table: &'t DeTable<'i>, header: Loc, name: impl Into<String>) -> Self {
        Self {
            table,
            header,
            name: name.into(),
            used: Vec::new(),
        }
    }

    /// The raw value of a key, marking it used.
    pub fn get(&mut self, key: &str) -> Option<&'t Spanned<DeValue<'i>>> {
        let (k, v) = self.table.get_key_value(key)?;
        self.used.push(k.get_ref().as_ref());
        Some(v)
    }

    fn wrong_type(
        &self,
        ctx: &mut Ctx<'_>,
        key: &str,
        want: &str,
        v: &Spanned<DeValue<'_>>,
        example: &str,
    ) {
        ctx.mistyped.push((self.header, key.to_string()));
        ctx.diags.push(
            Diagnostic::error(
                "wrong-type",
                format!(
                    "`{key}` in {} must be {want}, found {}",
                    self.name,
                    type_name(v.get_ref())
                ),
            )
            .with_label(ctx.loc(v.span()), format!("expected {want}"))
            .with_help(format!("write it like this: {key} = {example}")),
        );
    }

    /// A string value.
    pub fn string(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<Sp<String>> {
        let v = self.get(key)?;
        match v.get_ref() {
            DeValue::String(s) => Some(Sp::new(s.to_string(), ctx.loc(v.span()))),
            _ => {
                self.wrong_type(ctx, key, "a string", v, "\"...\"");
                None
            }
        }
    }

    /// An integer value.
    pub fn integer(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<Sp<i64>> {
        let v = self.get(key)?;
        match integer_of(v.get_ref()) {
            Some(n) => Some(Sp::new(n, ctx.loc(v.span()))),
            None => {
                self.wrong_type(ctx, key, "an integer", v, "3");
                None
            }
        }
    }

    /// A number, written as an integer or a float.
    pub fn number(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<Sp<f64>> {
        let v = self.get(key)?;
        let n = match v.get_ref() {
            DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
            other => integer_of(other).map(|i| i as f64),
        };
        match n {
            Some(n) => Some(Sp::new(n, ctx.loc(v.span()))),
            None => {
                self.wrong_type(ctx, key, "a number", v, "2.5");
                None
            }
        }
    }

    /// A boolean value.
    pub fn boolean(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<Sp<bool>> {
        let v = self.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(Sp::new(*b, ctx.loc(v.span()))),
            _ => {
                self.wrong_type(ctx, key, "a boolean", v, "true");
                None
            }
        }
    }

    /// An array of strings; non-string elements are reported and skipped.
    pub fn strings(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<SpList> {
        let v = self.get(key)?;
        let DeValue::Array(array) = v.get_ref() else {
            self.wrong_type(ctx, key, "an array of strings", v, "[\"A\", \"B\"]");
            return None;
        };
        let mut items = Vec::new();
        for e in array.iter() {
            match e.get_ref() {
                DeValue::String(s) => items.push(Sp::new(s.to_string(), ctx.loc(e.span()))),
                other => ctx.diags.push(
                    Diagnostic::error(
                        "wrong-type",
                        format!(
                            "`{key}` in {} must hold only strings, found {}",
                            self.name,
                            type_name(other)
                        ),
                    )
                    .with_label(ctx.loc(e.span()), "expected a string")
                    .with_help("quote every element: [\"A\", \"B\"]"),
                ),
            }
        }
        Some(SpList {
            loc: ctx.loc(v.span()),
            items,
        })
    }

    /// An array of strings (one list: `["A", "B"]`) or of arrays of
    /// strings (several: `[["A", "B"], ["C"]]`); other elements, and an
    /// array mixing the two, are reported and skipped.
    pub fn string_groups(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<SpGroups> {
        let v = self.get(key)?;
        let DeValue::Array(array) = v.get_ref() else {
            self.wrong_type(ctx, key, "an array of strings", v, "[\"A\", \"B\"]");
            return None;
        };
        let nested = array
            .iter()
            .next()
            .is_some_and(|e| matches!(e.get_ref(), DeValue::Array(_)));
        let mut groups: Vec<Vec<Sp<String>>> = Vec::new();
        let mut loose: Vec<Sp<String>> = Vec::new();
        let name = self.name.clone();
        let wrong = |ctx: &mut Ctx<'_>, span, found: &str, expected: &str, help: &str| {
            ctx.diags.push(
                Diagnostic::error(
                    "wrong-type",
                    format!("`{key}` in {name} must hold {expected}, found {found}"),
                )
                .with_label(ctx.loc(span), format!("expected {expected}"))
                .with_help(help.to_string()),
            )
        };
        for e in array.iter() {
            match (nested, e.get_ref()) {
                (false, DeValue::String(s)) => {
                    loose.push(Sp::new(s.to_string(), ctx.loc(e.span())))
                }
                (true, DeValue::Array(inner)) => {
                    let mut group = Vec::new();
                    for x in inner.iter() {
                        match x.get_ref() {
                            DeValue::String(s) => {
                                group.push(Sp::new(s.to_string(), ctx.loc(x.span())))
                            }
                            other => wrong(
                                ctx,
                                x.span(),
                                type_name(other),
                                "strings",
                                "quote every element: [[\"A\", \"B\"], [\"C\"]]",
                            ),
                        }
                    }
                    groups.push(group);
                }
                (false, other) => wrong(
                    ctx,
                    e.span(),
                    type_name(other),
                    "only strings (or only arrays of strings)",
                    "one list: [\"A\", \"B\"]; several: [[\"A\", \"B\"], [\"C\"]]",
                ),
                (true, other) => wrong(
                    ctx,
                    e.span(),
                    type_name(other),
                    "only arrays of strings (or only strings)",
                    "one list: [\"A\", \"B\"]; several: [[\"A\", \"B\"], [\"C\"]]",
                ),
            }
        }
        if !nested && !loose.is_empty() {
            groups.push(loose);
        }
        Some(SpGroups {
            loc: ctx.loc(v.span()),
            groups,
        })
    }

    /// An array of integers; other elements are reported and skipped.
    pub fn integers(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<(Loc, Vec<Sp<i64>>)> {
        let v = self.get(key)?;
        let DeValue::Array(array) = v.get_ref() else {
            self.wrong_type(ctx, key, "an array of integers", v, "[1, 2, 3, 4, 5, 6]");
            return None;
        };
        let mut items = Vec::new();
        for e in array.iter() {
            match integer_of(e.get_ref()) {
                Some(n) => items.push(Sp::new(n, ctx.loc(e.span()))),
                None => ctx.diags.push(
                    Diagnostic::error(
                        "wrong-type",
                        format!(
                            "`{key}` in {} must hold only integers, found {}",
                            self.name,
                            type_name(e.get_ref())
                        ),
                    )
                    .with_label(ctx.loc(e.span()), "expected an integer"),
                ),
            }
        }
        Some((ctx.loc(v.span()), items))
    }

    /// A sub-table, e.g. `[rules.powers]`.
    pub fn table(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Option<TableReader<'t, 'i>> {
        let v = self.get(key)?;
        let name = if self.name.starts_with('[') && !self.name.starts_with("[[") {
            format!("[{}.{key}]", self.name.trim_matches(['[', ']']))
        } else {
            format!("[{key}]")
        };
        match v.get_ref() {
            DeValue::Table(t) => Some(TableReader::new(t, ctx.loc(v.span()), name)),
            _ => {
                self.wrong_type(ctx, key, "a table", v, "{ ... }");
                None
            }
        }
    }

    /// An array of tables, e.g. every `[[areas]]` entry.
    pub fn tables(&mut self, ctx: &mut Ctx<'_>, key: &str) -> Vec<TableReader<'t, 'i>> {
        let Some(v) = self.get(key) else {
            return Vec::new();
        };
        let DeValue::Array(array) = v.get_ref() else {
            ctx.mistyped.push((self.header, key.to_string()));
            ctx.diags.push(
                Diagnostic::error(
                    "wrong-type",
                    format!(
                        "`{key}` must be an array of tables, found {}",
                        type_name(v.get_ref())
                    ),
                )
                .with_label(ctx.loc(v.span()), "expected [[...]] entries")
                .with_help(format!("declare each entry under its own [[{key}]] header")),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for e in array.iter() {
            match e.get_ref() {
                DeValue::Table(t) => {
                    out.push(TableReader::new(t, ctx.loc(e.span()), format!("[[{key}]]")))
                }
                other => ctx.diags.push(
                    Diagnostic::error(
                        "wrong-type",
                        format!(
                            "every element of `{key}` must be a table, found {}",
                            type_name(other)
                        ),
                    )
                    .with_label(ctx.loc(e.span()), "expected a table")
                    .with_help(format!("declare each entry under its own [[{key}]] header")),
                ),
            }
        }
        out
    }

    /// Every key of the table, with where it is written, marking them
    /// used (a table whose keys are names, such as `[names]`).
    pub fn keys(&mut self, ctx: &Ctx<'_>) -> Vec<Sp<String>> {
        let mut out = Vec::new();
        for (k, _) in self.table.iter() {
            let key: &str = k.get_ref();
            self.used.push(key);
            out.push(Sp::new(key.to_string(), ctx.loc(k.span())));
        }
        out
    }

    /// A sub-table of strings by key (`areas = { HKD = "北海道" }`):
    /// each key and its text; a value that is not a string is reported.
    pub fn string_map(
        &mut self,
        ctx: &mut Ctx<'_>,
        key: &str,
    ) -> Option<Vec<(Sp<String>, Sp<String>)>> {
        let mut t = self.table(ctx, key)?;
        let mut out = Vec::new();
        for k in t.keys(ctx) {
            if let Some(v) = t.string(ctx, &k.value) {
                out.push((k, v));
            }
        }
        Some(out)
    }

    /// Reports every key that was not read, suggesting the nearest known key.
    pub fn finish(self, ctx: &mut Ctx<'_>, known: &[&str]) {
        for (k, _) in self.table.iter() {
            let key: &str = k.get_ref();
            if self.used.contains(&key) {
                continue;
            }
            let mut d = Diagnostic::error(
                "unknown-key",
                format!("unknown key `{key}` in {}", self.name),
            )
            .with_label(ctx.loc(k.span()), "not a key of this table");
            d = match suggest(key, known) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None => d.with_help(format!(
                    "the keys of {} are: {}",
                    self.name,
                    known.join(", ")
                )),
            };
            ctx.diags.push(d);
        }
    }
}

fn integer_of(v: &DeValue<'_>) -> Option<i64> {
    match v {
        DeValue::Integer(i) => i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok(),
        _ => None,
    }
}

/// Whether `id` can be written in grids, logs and reports: letters and
/// digits of any script (`TÄS`, `北海道`), `_` and `-`, at most 32.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.chars().count() <= 32
        && id
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// The id of a board a generator made from `seed`: `{family}-seed-{seed}`
/// and the size when not the standard one (`size`, like `-20x8`, or
/// empty), shortened to `{family}-{seed}{size}`, then `{family}-{seed}`,
/// when a long seed would make it longer than [`valid_id`] allows.
pub fn generated_id(family: &str, seed: u64, size: &str) -> String {
    [
        format!("{family}-seed-{seed}{size}"),
        format!("{family}-{seed}{size}"),
    ]
    .into_iter()
    .find(|id| valid_id(id))
    .unwrap_or_else(|| format!("{family}-{seed}"))
}

/// Reports an id that is not [`valid_id`] (`invalid-id`, `what` naming
/// what it identifies); `false` when it is not valid.
pub fn check_id(id: &Sp<String>, what: &str, diags: &mut Vec<Diagnostic>) -> bool {
    if valid_id(&id.value) {
        return true;
    }
    diags.push(
        Diagnostic::error(
            "invalid-id",
            format!("{what} id `{}` is not a valid id", id.value),
        )
        .with_label(
            id.loc,
            "use letters and digits (of any script), `_` or `-` (at most 32)",
        )
        .with_help(
            "ids are written in grids and logs, so they cannot contain spaces or punctuation",
        ),
    );
    false
}

/// The known word closest to `word`, if it is close enough to be a typo.
pub fn suggest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = word.to_lowercase();
    known
        .iter()
        .map(|&k| (strsim::damerau_levenshtein(&lower, &k.to_lowercase()), k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 3) && d < k.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_stay_valid_for_every_seed() {
        assert_eq!(generated_id("encore", 7, ""), "encore-seed-7");
        assert_eq!(generated_id("encore", 7, "-20x8"), "encore-seed-7-20x8");
        for seed in [0, 1 << 40, u64::MAX] {
            for size in ["", "-5x5", "-25x11"] {
                for family in ["encore", "diceland"] {
                    let id = generated_id(family, seed, size);
                    assert!(valid_id(&id), "{id}");
                    assert!(id.contains(&seed.to_string()), "{id}");
                }
            }
        }
    }

    /// The line and column of the `[` and of the `]` the parser's first
    /// error is blamed on, if an array is left open.
    fn unclosed_at(text: &str) -> Option<((usize, usize), (usize, usize))> {
        let (_, errors) = DeTable::parse_recoverable(text);
        let error = errors.first()?.span()?.start;
        let pos = |at: usize| {
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            (line_of(text, at), at - line_start + 1)
        };
        unclosed_array(text, error).map(|u| (pos(u.open), pos(u.last)))
    }

    #[test]
    fn an_array_left_open_is_found_where_it_was_left() {
        // The `]` belongs after the last element, even with a comment or a
        // string holding brackets and `key =` between.
        let text = "a = [\"x]\", \"b = [\"  # c ]\n\n[[areas]]\nid = \"q\"\n";
        assert_eq!(unclosed_at(text), Some(((1, 5), (1, 19))));
        // Running into the next key rather than a header.
        assert_eq!(
            unclosed_at("[t]\nk = [1, 2\nm = 3\n"),
            Some(((2, 5), (2, 10)))
        );
        // Over several lines, with nested arrays and inline tables; a
        // multi-line string with a `key =` line inside does not end it.
        let text = "k = [\n  [1, 2],\n  { a = [3] },\n  \"\"\"\nz = 1\n\"\"\",\n\n[next]\n";
        assert_eq!(unclosed_at(text), Some(((1, 5), (6, 5))));
        // Other syntax errors are left to the parser's message: a missing
        // comma inside a closed array, an unclosed table header, a bad value.
        assert_eq!(unclosed_at("k = [1 2]\nm = 3\n"), None);
        assert_eq!(unclosed_at("[rules\npreset = \"x\"\n"), None);
        assert_eq!(unclosed_at("k = [1, 2]\nm = =\n"), None);
        // A closed multi-line array whose lines look like headers.
        assert_eq!(unclosed_at("k = [\n[1],\n]\nm = = 1\n"), None);
    }

    #[test]
    fn the_syntax_error_of_an_open_array_names_the_fix() {
        let text = "[map]\nneighbors = [\"IL\", \"WI\"  # blue\n\n[[areas]]\n";
        let mut diags = Vec::new();
        let mut ctx = Ctx::new(SourceId(0), &mut diags);
        assert!(parse(&mut ctx, text, "see the docs").is_none());
        assert_eq!(diags.len(), 1);
        let d = &diags[0];
        assert_eq!(d.code, "syntax");
        assert!(d.message.contains("opened on line 2"), "{}", d.message);
        assert_eq!(
            d.help.as_deref(),
            Some(
                "close the array: write line 2 as `neighbors = [\"IL\", \"WI\"]  # blue`; see the docs"
            )
        );
        assert_eq!(d.labels.len(), 2);
    }

    #[test]
    fn suggestions_catch_typos_only() {
        let known = ["neighbors", "name", "region", "immune"];
        assert_eq!(suggest("neighbours", &known), Some("neighbors"));
        assert_eq!(suggest("regoin", &known), Some("region"));
        assert_eq!(suggest("colour", &known), None);
    }

    #[test]
    fn reader_reports_wrong_types_and_unknown_keys() {
        let text = "a = \"x\"\nb = 3\nc = [1, \"two\"]\nzzz = 1\n";
        let doc = DeTable::parse(text).unwrap();
        let mut diags = Vec::new();
        let mut ctx = Ctx::new(SourceId(0), &mut diags);
        let mut r = TableReader::new(doc.get_ref(), ctx.loc(0..0), "[t]");
        assert!(r.integer(&mut ctx, "a").is_none());
        assert_eq!(r.integer(&mut ctx, "b").unwrap().value, 3);
        assert_eq!(r.integers(&mut ctx, "c").unwrap().1.len(), 1);
        r.finish(&mut ctx, &["a", "b", "c"]);
        let codes: Vec<_> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["wrong-type", "wrong-type", "unknown-key"]);
    }
}
