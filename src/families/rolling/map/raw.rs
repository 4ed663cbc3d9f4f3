//! One map file as written: every field optional and located, before
//! `extends` is applied and before anything is cross-checked.

use crate::diag::Loc;
use crate::source::RawInfo;
use crate::source::toml::{Ctx, Sp, SpGroups, SpList, TableReader};

/// The `[rules]` table and its sub-tables.
#[derive(Clone, Debug, Default)]
pub struct RawRules {
    pub header: Option<Loc>,
    pub preset: Option<Sp<String>>,
    pub faces: Option<(Loc, Vec<Sp<i64>>)>,
    pub rounds: Option<Sp<i64>>,
    pub dice_per_turn: Option<Sp<i64>>,
    pub dice_per_round: Option<Sp<i64>>,
    pub wild: Option<Sp<String>>,
    pub color_change: Option<Sp<i64>>,
    pub guard: Option<Sp<i64>>,
    pub dupe: Option<Sp<i64>>,
    pub wild_without_placement: Option<Sp<String>>,
    pub guard_covers_dupe: Option<Sp<bool>>,
    pub color_change_anytime: Option<Sp<bool>>,
    pub color_change_on_cross: Option<Sp<bool>>,
    pub mistakes: Option<Sp<String>>,
}

/// One `[[regions]]` entry.
#[derive(Clone, Debug)]
pub struct RawRegion {
    pub header: Loc,
    pub id: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub color: Option<Sp<String>>,
    pub mono_letter: Option<Sp<String>>,
    pub remove: Option<Sp<bool>>,
}

/// One `[[areas]]` entry.
#[derive(Clone, Debug)]
pub struct RawArea {
    pub header: Loc,
    /// The header of the entry of the last file that writes one for this
    /// area (a variant's entry changing an inherited area), else `header`.
    pub last_entry: Loc,
    pub id: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub region: Option<Sp<String>>,
    pub immune: Option<Sp<bool>>,
    pub neighbors: Option<SpList>,
    pub add_neighbors: Option<SpList>,
    pub remove_neighbors: Option<SpList>,
    pub x: Option<Sp<f64>>,
    pub y: Option<Sp<f64>>,
    pub remove: Option<Sp<bool>>,
}

/// One `[[links]]` entry.
#[derive(Clone, Debug)]
pub struct RawLink {
    pub header: Loc,
    pub between: Option<SpList>,
    pub name: Option<Sp<String>>,
    pub remove: Option<Sp<bool>>,
}

/// The `[layout]` table.
#[derive(Clone, Debug, Default)]
pub struct RawLayout {
    pub header: Option<Loc>,
    pub kind: Option<Sp<String>>,
    pub grid: Option<RawGridText>,
    /// The shapes file of an atlas layout, as written.
    pub geojson: Option<Sp<String>>,
    /// The property of an atlas's features holding the area ids.
    pub id_property: Option<Sp<String>>,
    /// The least shared border of an atlas's neighbours.
    pub min_border: Option<Sp<f64>>,
    /// Which way an atlas's planar y axis points (`"up"`, `"down"`).
    pub y_axis: Option<Sp<String>>,
    /// How an atlas's coordinates are read (`"degrees"`, `"planar"`).
    pub coordinates: Option<Sp<String>>,
    /// The property by which an atlas's features are merged into areas.
    pub dissolve: Option<Sp<String>>,
    /// The areas an atlas sheet draws again, enlarged, in an inset, or
    /// those of each of several insets (`[]`: none; absent: chosen by the
    /// sheet).
    pub inset: Option<SpGroups>,
    /// Area ids removed by a variant: their cells in an inherited grid are sea.
    pub removed: Vec<String>,
}

/// The text of a grid and how its characters map back to the file.
#[derive(Clone, Debug)]
pub struct RawGridText {
    /// The string's value.
    pub text: Sp<String>,
    /// Byte offset in the file of the value's first character, when every
    /// character of the value is written literally (no escapes).
    pub content_start: Option<u32>,
}

/// One map file.
#[derive(Clone, Debug, Default)]
pub struct RawDoc {
    pub extends: Option<Sp<String>>,
    pub info: RawInfo,
    pub rules: RawRules,
    pub regions: Vec<RawRegion>,
    pub areas: Vec<RawArea>,
    pub links: Vec<RawLink>,
    pub layout: RawLayout,
    /// Keys written with the wrong type: reported once as `wrong-type`,
    /// never again as missing.
    pub mistyped: Mistyped,
}

/// Keys written with the wrong type, by the header of their table (the top
/// level's header is its file's first byte).
#[derive(Clone, Debug, Default)]
pub struct Mistyped(pub Vec<(Loc, String)>);

impl Mistyped {
    /// Whether `key` of the table declared at `header` had the wrong type.
    pub fn has(&self, header: Loc, key: &str) -> bool {
        self.0.iter().any(|(h, k)| *h == header && k == key)
    }

    /// Whether the top-level `key` of any file had the wrong type
    /// (`areas = 5`, `map = "usa"`).
    pub fn top(&self, key: &str) -> bool {
        self.0
            .iter()
            .any(|(h, k)| h.start == 0 && h.end == 0 && k == key)
    }
}

/// Top-level keys of a map file.
pub const TOP_KEYS: &[&str] = &[
    "extends", "game", "map", "rules", "regions", "areas", "links", "layout", "names",
];
/// What a map names in other languages (`[names.<lang>]`): its regions,
/// its areas, and the areas' labels in their boxes (instead of their ids).
pub const NAME_KINDS: &[&str] = &["regions", "areas", "labels"];
const RULES_KEYS: &[&str] = &[
    "preset",
    "faces",
    "rounds",
    "dice_per_turn",
    "dice_per_round",
    "wild",
    "powers",
    "options",
];
const POWER_KEYS: &[&str] = &["color_change", "guard", "dupe"];
const OPTION_KEYS: &[&str] = &[
    "wild_without_placement",
    "guard_covers_dupe",
    "color_change_anytime",
    "color_change_on_cross",
    "mistakes",
];
const REGION_KEYS: &[&str] = &["id", "name", "color", "mono_letter", "remove"];
const AREA_KEYS: &[&str] = &[
    "id",
    "name",
    "region",
    "immune",
    "neighbors",
    "add_neighbors",
    "remove_neighbors",
    "x",
    "y",
    "remove",
];
const LINK_KEYS: &[&str] = &["between", "name", "remove"];
const LAYOUT_KEYS: &[&str] = &[
    "kind",
    "grid",
    "geojson",
    "id_property",
    "min_border",
    "y_axis",
    "coordinates",
    "dissolve",
    "inset",
];

/// Parses one file's text. Syntax errors are reported and yield `None`;
/// otherwise the document is read with every type problem recorded.
pub fn read(ctx: &mut Ctx<'_>, source: &str) -> Option<RawDoc> {
    let doc = crate::source::toml::parse(
        ctx,
        source,
        "see docs/map-format.md for the map file format",
    )?;
    let root = doc.get_ref();
    let mut top = TableReader::new(root, ctx.loc(0..0), "the top level");
    let mut raw = RawDoc {
        extends: top.string(ctx, "extends"),
        ..RawDoc::default()
    };
    crate::source::read_game_table(&mut top, ctx, "rolling", "map");

    if let Some(info) = crate::source::read_info(&mut top, ctx, "map") {
        raw.info = info;
    }
    raw.info.names = crate::source::game::read_names(&mut top, ctx, NAME_KINDS);

    if let Some(mut t) = top.table(ctx, "rules") {
        let mut r = RawRules {
            header: Some(t.header),
            preset: t.string(ctx, "preset"),
            faces: t.integers(ctx, "faces"),
            rounds: t.integer(ctx, "rounds"),
            dice_per_turn: t.integer(ctx, "dice_per_turn"),
            dice_per_round: t.integer(ctx, "dice_per_round"),
            wild: t.string(ctx, "wild"),
            ..RawRules::default()
        };
        if let Some(mut p) = t.table(ctx, "powers") {
            r.color_change = p.integer(ctx, "color_change");
            r.guard = p.integer(ctx, "guard");
            r.dupe = p.integer(ctx, "dupe");
            p.finish(ctx, POWER_KEYS);
        }
        if let Some(mut o) = t.table(ctx, "options") {
            r.wild_without_placement = o.string(ctx, "wild_without_placement");
            r.guard_covers_dupe = o.boolean(ctx, "guard_covers_dupe");
            r.color_change_anytime = o.boolean(ctx, "color_change_anytime");
            r.color_change_on_cross = o.boolean(ctx, "color_change_on_cross");
            r.mistakes = o.string(ctx, "mistakes");
            o.finish(ctx, OPTION_KEYS);
        }
        t.finish(ctx, RULES_KEYS);
        raw.rules = r;
    }

    for mut t in top.tables(ctx, "regions") {
        raw.regions.push(RawRegion {
            header: t.header,
            id: t.string(ctx, "id"),
            name: t.string(ctx, "name"),
            color: t.string(ctx, "color"),
            mono_letter: t.string(ctx, "mono_letter"),
            remove: t.boolean(ctx, "remove"),
        });
        t.finish(ctx, REGION_KEYS);
    }

    for mut t in top.tables(ctx, "areas") {
        raw.areas.push(RawArea {
            header: t.header,
            last_entry: t.header,
            id: t.string(ctx, "id"),
            name: t.string(ctx, "name"),
            region: t.string(ctx, "region"),
            immune: t.boolean(ctx, "immune"),
            neighbors: t.strings(ctx, "neighbors"),
            add_neighbors: t.strings(ctx, "add_neighbors"),
            remove_neighbors: t.strings(ctx, "remove_neighbors"),
            x: t.number(ctx, "x"),
            y: t.number(ctx, "y"),
            remove: t.boolean(ctx, "remove"),
        });
        t.finish(ctx, AREA_KEYS);
    }

    for mut t in top.tables(ctx, "links") {
        raw.links.push(RawLink {
            header: t.header,
            between: t.strings(ctx, "between"),
            name: t.string(ctx, "name"),
            remove: t.boolean(ctx, "remove"),
        });
        t.finish(ctx, LINK_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "layout") {
        let grid = t.string(ctx, "grid").map(|text| RawGridText {
            content_start: literal_content_start(source, text.loc, &text.value),
            text,
        });
        raw.layout = RawLayout {
            header: Some(t.header),
            kind: t.string(ctx, "kind"),
            grid,
            geojson: t.string(ctx, "geojson"),
            id_property: t.string(ctx, "id_property"),
            min_border: t.number(ctx, "min_border"),
            y_axis: t.string(ctx, "y_axis"),
            coordinates: t.string(ctx, "coordinates"),
            dissolve: t.string(ctx, "dissolve"),
            inset: t.string_groups(ctx, "inset"),
            removed: Vec::new(),
        };
        t.finish(ctx, LAYOUT_KEYS);
    }

    top.finish(ctx, TOP_KEYS);
    Some(raw)
}

/// Where the value of a string literal starts in the file, if the literal
/// holds the value verbatim (no escapes), so that grid tokens can be located.
fn literal_content_start(source: &str, loc: Loc, value: &str) -> Option<u32> {
    let raw = source.get(loc.range())?;
    for delim in ["\"\"\"", "'''"] {
        if let Some(rest) = raw.strip_prefix(delim) {
            // TOML drops a newline right after the opening delimiter.
            let body = rest
                .strip_prefix("\r\n")
                .or_else(|| rest.strip_prefix('\n'))
                .unwrap_or(rest);
            let skip = raw.len() - body.len();
            return body.starts_with(value).then_some(loc.start + skip as u32);
        }
    }
    let body = raw.get(1..)?;
    body.starts_with(value).then_some(loc.start + 1)
}
