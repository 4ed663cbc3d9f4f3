//! From the merged raw document to dense indices, best effort.
//!
//! Every reference that can be resolved is; every one that cannot is
//! reported and dropped, so that the graph and grid checks that follow can
//! still run and report their own findings in the same pass.

use std::collections::HashMap;

use super::model::{AreaId, Color, MapInfo, Position, RegionId};
use super::raw::{Mistyped, RawDoc, RawGridText, RawRules};
use super::rules::{Mistakes, Preset, Rules, WildWithoutPlacement};
use crate::diag::{Diagnostic, Loc};
use crate::source::missing_field;
use crate::source::toml::{Sp, SpGroups, check_id, suggest, valid_id};

/// A region after resolution.
#[derive(Clone, Debug)]
pub struct ResRegion {
    pub id: String,
    pub name: String,
    pub color: Color,
    /// Where the colour is written, if it is.
    pub color_loc: Option<Loc>,
    /// The chosen letter for black-and-white sheets, upper case, with
    /// where it was written.
    pub mono_letter: Option<Sp<char>>,
    /// The `id = ...` of its entry (or the entry header).
    pub loc: Loc,
}

/// An area after resolution.
#[derive(Clone, Debug)]
pub struct ResArea {
    pub id: String,
    pub name: String,
    pub region: Option<RegionId>,
    pub immune: bool,
    /// `x` and `y`, when both are given and finite.
    pub position: Option<Position>,
    /// Resolved neighbours in the order written, with where each was written
    /// (self references and repeats removed).
    pub neighbors: Vec<(AreaId, Loc)>,
    /// The `neighbors = [...]` array, if present.
    pub list_loc: Option<Loc>,
    /// The `id = ...` of its entry (or the entry header).
    pub loc: Loc,
    /// The header of the last file's entry for it: in a variant that
    /// changes an inherited area, the variant's entry.
    pub last_entry: Loc,
}

impl ResArea {
    /// Whether this area lists `other` as a neighbour.
    pub fn lists(&self, other: AreaId) -> bool {
        self.neighbors.iter().any(|&(n, _)| n == other)
    }
}

/// A link after resolution.
#[derive(Clone, Debug)]
pub struct ResLink {
    pub a: AreaId,
    pub b: AreaId,
    pub name: Option<String>,
    pub loc: Loc,
}

/// What the `[layout]` table asks for.
#[derive(Clone, Debug)]
pub enum ResLayout {
    /// No `[layout]`, or one that could not be read.
    None,
    /// A grid still to be parsed.
    Grid {
        text: RawGridText,
        removed: Vec<String>,
    },
    /// Real shapes, in a GeoJSON file still to be read (its path as
    /// written, relative to the file that names it).
    Atlas {
        geojson: Sp<String>,
        /// How its features are read.
        read: AtlasRead,
        min_border: Option<f64>,
        /// The areas of the sheet's insets, as written (`None`: chosen by
        /// the sheet), less those a variant removed.
        inset: Option<SpGroups>,
    },
}

/// How an atlas's shapes file is read.
#[derive(Clone, Debug, Default)]
pub struct AtlasRead {
    /// The property holding the area ids.
    pub id_property: Option<String>,
    /// The property by which features merge into areas (`dissolve`).
    pub dissolve: Option<String>,
    /// Whether planar y points down (`y_axis = "down"`); `None`: as the
    /// file says.
    pub y_down: Option<bool>,
    /// Whether the coordinates are longitudes and latitudes
    /// (`coordinates = "degrees"`) or planar (`"planar"`); `None`: as the
    /// file says.
    pub degrees: Option<bool>,
}

/// The whole map after resolution.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub info: MapInfo,
    pub rules: Rules,
    pub regions: Vec<ResRegion>,
    pub areas: Vec<ResArea>,
    pub links: Vec<ResLink>,
    pub layout: ResLayout,
    /// The `[rules]` header, or the start of the file.
    pub rules_loc: Loc,
    /// Where the map's name, the dice's faces, the rounds and the first
    /// power count are written, if they are.
    pub name_loc: Option<Loc>,
    pub faces_loc: Option<Loc>,
    pub rounds_loc: Option<Loc>,
    pub powers_loc: Option<Loc>,
}

impl Resolved {
    /// Looks an area up by id.
    pub fn area_index(&self, id: &str) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|a| a.id == id)
            .map(|i| AreaId(i as u16))
    }
}

/// Maximum number of areas (indices are `u16`, and sheets beyond this are not printable anyway).
pub const MAX_AREAS: usize = 1000;
/// The highest die face (numbers are bits of a 64-bit mask in the engine).
pub const MAX_FACE: u8 = 63;
/// Maximum number of regions (indices are `u8`).
pub const MAX_REGIONS: usize = 32;

/// Reports the required key `what` of the table declared at `header` as
/// missing, unless it was written with the wrong type (already reported
/// as `wrong-type`).
fn push_missing(
    diags: &mut Vec<Diagnostic>,
    mistyped: &Mistyped,
    what: &str,
    table: &str,
    header: Loc,
    example: &str,
) {
    if !mistyped.has(header, what) {
        diags.push(missing_field(what, table, header, example));
    }
}

/// Resolves a merged document. `file_loc` is the start of the top file.
pub fn resolve(raw: RawDoc, file_loc: Loc, diags: &mut Vec<Diagnostic>) -> Resolved {
    let file_head = raw.info.header.unwrap_or(file_loc);
    let info = resolve_info(&raw, file_head, diags);
    // A key written with the wrong type was reported as `wrong-type`; it is
    // not missing as well.
    let mistyped = &raw.mistyped;

    // Regions.
    let mut regions: Vec<ResRegion> = Vec::new();
    let mut region_index: HashMap<String, RegionId> = HashMap::new();
    for r in raw.regions {
        let Some(id) = r.id else {
            push_missing(
                diags,
                mistyped,
                "id",
                "this [[regions]] entry",
                r.header,
                "\"red\"",
            );
            continue;
        };
        if !check_id(&id, "region", diags) {
            continue;
        }
        if let Some(&prev) = region_index.get(&id.value) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("region `{}` is declared twice", id.value),
                )
                .with_label(id.loc, "declared again here")
                .with_label(regions[prev.index()].loc, "first declared here")
                .with_help("give each region its own id, or merge the two entries"),
            );
            continue;
        }
        if regions.len() == MAX_REGIONS {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!("a map may have at most {MAX_REGIONS} regions"),
                )
                .with_label(id.loc, "one region too many"),
            );
            break;
        }
        let color = match &r.color {
            None => {
                push_missing(
                    diags,
                    mistyped,
                    "color",
                    &format!("region `{}`", id.value),
                    r.header,
                    "\"#e53935\"",
                );
                Color {
                    r: 200,
                    g: 200,
                    b: 200,
                }
            }
            Some(c) => Color::parse(&c.value).unwrap_or_else(|| {
                diags.push(
                    Diagnostic::error("invalid-value", format!("`{}` is not a colour", c.value))
                        .with_label(c.loc, "expected #rrggbb")
                        .with_help("write colours as hexadecimal RGB, e.g. color = \"#e53935\""),
                );
                Color {
                    r: 200,
                    g: 200,
                    b: 200,
                }
            }),
        };
        let name = r
            .name
            .map(|n| n.value)
            .unwrap_or_else(|| title_case(&id.value));
        let mono_letter = r
            .mono_letter
            .and_then(|l| mono_letter(&l, &id.value, &regions, diags));
        region_index.insert(id.value.clone(), RegionId(regions.len() as u8));
        regions.push(ResRegion {
            id: id.value,
            name,
            color,
            color_loc: r.color.as_ref().map(|c| c.loc),
            mono_letter,
            loc: id.loc,
        });
    }
    if regions.is_empty() && !mistyped.top("regions") {
        diags.push(
            Diagnostic::error("missing-field", "the map declares no regions")
                .with_label(file_head, "no [[regions]] entry in this map")
                .with_help(
                    "declare each colour region with [[regions]] id = \"red\" color = \"#e53935\"",
                ),
        );
    }
    let region_ids: Vec<&str> = regions.iter().map(|r| r.id.as_str()).collect();

    // Areas, first pass: ids and regions.
    let mut areas: Vec<ResArea> = Vec::new();
    let mut area_index: HashMap<String, AreaId> = HashMap::new();
    let mut lists = Vec::new();
    for a in raw.areas {
        let Some(id) = a.id else {
            push_missing(
                diags,
                mistyped,
                "id",
                "this [[areas]] entry",
                a.header,
                "\"PA\"",
            );
            continue;
        };
        if !check_id(&id, "area", diags) {
            continue;
        }
        if let Some(&prev) = area_index.get(&id.value) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("area `{}` is declared twice", id.value),
                )
                .with_label(id.loc, "declared again here")
                .with_label(areas[prev.index()].loc, "first declared here")
                .with_help("give each area its own id, or merge the two entries"),
            );
            continue;
        }
        if areas.len() == MAX_AREAS {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!("a map may have at most {MAX_AREAS} areas"),
                )
                .with_label(id.loc, "one area too many"),
            );
            break;
        }
        let region = match &a.region {
            None if mistyped.has(a.header, "region") => None,
            None => {
                diags.push(
                    Diagnostic::error(
                        "area-without-region",
                        format!("area `{}` has no region", id.value),
                    )
                    .with_label(id.loc, "this area needs `region = ...`")
                    .with_help(format!("add one of: {}", quoted_list(&region_ids))),
                );
                None
            }
            Some(r) => match region_index.get(&r.value) {
                Some(&rid) => Some(rid),
                None => {
                    diags.push(unknown_ref("unknown-region", "region", r, &region_ids));
                    None
                }
            },
        };
        let position = position([&a.x, &a.y], a.header, &id, mistyped, diags);
        area_index.insert(id.value.clone(), AreaId(areas.len() as u16));
        lists.push(a.neighbors);
        areas.push(ResArea {
            name: a.name.map(|n| n.value).unwrap_or_else(|| id.value.clone()),
            id: id.value,
            region,
            immune: a.immune.is_some_and(|i| i.value),
            position,
            neighbors: Vec::new(),
            list_loc: None,
            loc: id.loc,
            last_entry: a.last_entry,
        });
    }
    if areas.is_empty() && !mistyped.top("areas") {
        diags.push(
            Diagnostic::error("missing-field", "the map declares no areas")
                .with_label(file_head, "no [[areas]] entry in this map")
                .with_help("declare each area with [[areas]] id = \"PA\" region = \"red\" neighbors = [...]"),
        );
    }
    let area_names: Vec<String> = areas.iter().map(|a| a.id.clone()).collect();
    let area_ids: Vec<&str> = area_names.iter().map(String::as_str).collect();

    // Areas, second pass: neighbour lists.
    let mut resolved_lists = Vec::with_capacity(areas.len());
    for (i, list) in lists.into_iter().enumerate() {
        let me = AreaId(i as u16);
        let mut out: Vec<(AreaId, Loc)> = Vec::new();
        let list_loc = list.as_ref().map(|l| l.loc);
        for item in list.map(|l| l.items).unwrap_or_default() {
            let Some(&n) = area_index.get(&item.value) else {
                diags.push(unknown_ref("unknown-area", "area", &item, &area_ids));
                continue;
            };
            if n == me {
                diags.push(
                    Diagnostic::error(
                        "self-neighbor",
                        format!("area `{}` lists itself as a neighbour", item.value),
                    )
                    .with_label(item.loc, "an area cannot neighbour itself")
                    .with_help("remove it from its own neighbors list"),
                );
                continue;
            }
            if let Some(&(_, first)) = out.iter().find(|(x, _)| *x == n) {
                diags.push(
                    Diagnostic::warning(
                        "duplicate-neighbor",
                        format!("area `{}` lists `{}` twice", areas[i].id, item.value),
                    )
                    .with_label(item.loc, "listed again here")
                    .with_label(first, "first listed here")
                    .with_help("remove the repeat"),
                );
                continue;
            }
            out.push((n, item.loc));
        }
        resolved_lists.push((out, list_loc));
    }
    for (area, (list, loc)) in areas.iter_mut().zip(resolved_lists) {
        area.neighbors = list;
        area.list_loc = loc;
    }

    // Empty regions.
    for (ri, region) in regions.iter().enumerate() {
        if !areas.iter().any(|a| a.region == Some(RegionId(ri as u8))) {
            diags.push(
                Diagnostic::error("empty-region", format!("region `{}` has no areas", region.id))
                    .with_label(region.loc, "no area says `region = ...` with this id")
                    .with_help("assign areas to it, or remove the region (its die would never have anywhere to go)"),
            );
        }
    }

    // Links.
    let mut links: Vec<ResLink> = Vec::new();
    for l in raw.links {
        let Some(between) = l.between else {
            push_missing(
                diags,
                mistyped,
                "between",
                "this [[links]] entry",
                l.header,
                "[\"AOM\", \"HKD\"]",
            );
            continue;
        };
        if between.items.len() != 2 {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!(
                        "a link joins exactly two areas, this one names {}",
                        between.items.len()
                    ),
                )
                .with_label(between.loc, "expected two area ids")
                .with_help("write between = [\"A\", \"B\"]; declare one [[links]] entry per pair"),
            );
            continue;
        }
        let mut ends = Vec::new();
        for item in &between.items {
            match area_index.get(&item.value) {
                Some(&a) => ends.push(a),
                None => diags.push(unknown_ref("unknown-area", "area", item, &area_ids)),
            }
        }
        let [a, b] = ends[..] else { continue };
        if a == b {
            diags.push(
                Diagnostic::error(
                    "self-neighbor",
                    format!("link joins `{}` to itself", areas[a.index()].id),
                )
                .with_label(between.loc, "the two ends are the same area")
                .with_help("a link joins two different areas"),
            );
            continue;
        }
        let (a, b) = (a.min(b), a.max(b));
        if let Some(prev) = links.iter().find(|x| x.a == a && x.b == b) {
            diags.push(
                Diagnostic::warning(
                    "duplicate-link",
                    format!(
                        "the link {}-{} is declared twice",
                        areas[a.index()].id,
                        areas[b.index()].id
                    ),
                )
                .with_label(between.loc, "declared again here")
                .with_label(prev.loc, "first declared here")
                .with_help("remove the repeat"),
            );
            continue;
        }
        links.push(ResLink {
            a,
            b,
            name: l.name.map(|n| n.value),
            loc: between.loc,
        });
    }

    let rules_loc = raw.rules.header.unwrap_or(file_head);
    let rules = resolve_rules(&raw.rules, file_head, regions.len(), mistyped, diags);
    if let Some(region) = regions.iter().find(|r| r.id == rules.wild) {
        diags.push(
            Diagnostic::error(
                "region-without-die",
                format!("region `{}` has no die: `{}` is the wild die", region.id, rules.wild),
            )
            .with_opt_label(Some(region.loc), "this region's die colour is the wild die")
            .with_opt_label(raw.rules.wild.as_ref().map(|w| w.loc), "wild die chosen here")
            .with_help(format!(
                "each region needs a die of its own colour: rename the region, or choose another wild die with [rules] wild = \"...\" (the {} preset uses \"{}\")",
                rules.preset,
                rules.preset.rules().wild
            )),
        );
    }

    let layout = resolve_layout(raw.layout, mistyped, diags);
    let r = &raw.rules;
    let powers_loc = [&r.color_change, &r.guard, &r.dupe]
        .into_iter()
        .flatten()
        .map(|p| p.loc)
        .min_by_key(|l| l.start);

    Resolved {
        info,
        rules,
        regions,
        areas,
        links,
        layout,
        rules_loc,
        name_loc: raw.info.name.as_ref().map(|n| n.loc),
        faces_loc: raw.rules.faces.as_ref().map(|f| f.0),
        rounds_loc: raw.rules.rounds.as_ref().map(|v| v.loc),
        powers_loc,
    }
}

/// An area's `x` and `y`: both or neither, finite.
fn position(
    [x, y]: [&Option<Sp<f64>>; 2],
    header: Loc,
    area: &Sp<String>,
    mistyped: &Mistyped,
    diags: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let finite = |v: &Sp<f64>, diags: &mut Vec<Diagnostic>| {
        if v.value.is_finite() && v.value.abs() < 1e9 {
            Some(v.value as f32)
        } else {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!(
                        "area `{}` has a position that is not a finite number",
                        area.value
                    ),
                )
                .with_label(v.loc, "not a finite number")
                .with_help("write x and y as ordinary numbers, e.g. x = 3.5"),
            );
            None
        }
    };
    match (x, y) {
        (None, None) => None,
        (Some(x), Some(y)) => Some(Position {
            x: finite(x, diags)?,
            y: finite(y, diags)?,
        }),
        (Some(one), None) | (None, Some(one)) => {
            let (has, lacks) = if x.is_some() { ("x", "y") } else { ("y", "x") };
            if mistyped.has(header, lacks) {
                return None;
            }
            diags.push(
                Diagnostic::error(
                    "missing-field",
                    format!("area `{}` has `{has}` but no `{lacks}`", area.value),
                )
                .with_label(one.loc, format!("`{lacks}` is needed with this"))
                .with_help("give both x and y, or neither"),
            );
            None
        }
    }
}

/// A region's `mono_letter`: one letter or digit, not chosen by an earlier
/// region (letters are compared in upper case, as printed).
fn mono_letter(
    written: &Sp<String>,
    region: &str,
    earlier: &[ResRegion],
    diags: &mut Vec<Diagnostic>,
) -> Option<Sp<char>> {
    let mut chars = written.value.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_alphanumeric() => c.to_uppercase().next().unwrap_or(c),
        _ => {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!(
                        "`mono_letter` of region `{region}` must be one letter or digit, not \"{}\"",
                        written.value.escape_debug()
                    ),
                )
                .with_label(written.loc, "expected one letter")
                .with_help("e.g. mono_letter = \"K\"; black-and-white sheets print it in each writing box"),
            );
            return None;
        }
    };
    if let Some(other) = earlier
        .iter()
        .find(|r| r.mono_letter.as_ref().is_some_and(|l| l.value == letter))
    {
        let first = other.mono_letter.as_ref().map(|l| l.loc);
        diags.push(
            Diagnostic::error(
                "invalid-value",
                format!(
                    "regions `{}` and `{region}` both have the mono letter `{letter}`",
                    other.id
                ),
            )
            .with_label(written.loc, "chosen again here")
            .with_opt_label(first, "first chosen here")
            .with_help("black-and-white sheets tell regions apart by these letters: give each region its own"),
        );
        return None;
    }
    Some(Sp::new(letter, written.loc))
}

fn resolve_info(raw: &RawDoc, head: Loc, diags: &mut Vec<Diagnostic>) -> MapInfo {
    let i = &raw.info;
    // `map = 3` was reported as a wrong type; so is `[map] id = 3`.
    let table_mistyped = i.header.is_none() && raw.mistyped.top("map");
    let mut required = |field: &Option<Sp<String>>, key: &str, example: &str| match field {
        Some(v) => v.value.clone(),
        None => {
            if !table_mistyped && !raw.mistyped.has(head, key) {
                diags.push(missing_field(key, "[map]", head, example));
            }
            String::new()
        }
    };
    let info = MapInfo {
        id: required(&i.id, "id", "\"usa\""),
        name: required(&i.name, "name", "\"Rolling America\""),
        description: required(&i.description, "description", "\"...\""),
        author: i.author.as_ref().map(|v| v.value.clone()),
        licence: i.licence.as_ref().map(|v| v.value.clone()),
        version: i.version.as_ref().map(|v| v.value.clone()),
        lang: i.lang(diags),
        fonts: i.fonts(diags),
        names: i.names(
            &|kind, id| {
                let id = Some(id);
                match kind {
                    "regions" => raw
                        .regions
                        .iter()
                        .any(|r| r.id.as_ref().map(|v| v.value.as_str()) == id),
                    _ => raw
                        .areas
                        .iter()
                        .any(|a| a.id.as_ref().map(|v| v.value.as_str()) == id),
                }
            },
            diags,
        ),
    };
    if let Some(id) = &i.id {
        check_id(id, "map", diags);
    }
    info
}

fn resolve_rules(
    raw: &RawRules,
    head: Loc,
    regions: usize,
    mistyped: &Mistyped,
    diags: &mut Vec<Diagnostic>,
) -> Rules {
    let table_mistyped = raw.header.is_none() && mistyped.top("rules");
    let head = raw.header.unwrap_or(head);
    let preset = match &raw.preset {
        None => {
            if !table_mistyped && !mistyped.has(head, "preset") {
                diags.push(missing_field(
                    "preset",
                    "[rules]",
                    head,
                    "\"rolling-america\"",
                ));
            }
            Preset::RollingAmerica
        }
        Some(p) => p.value.parse().unwrap_or_else(|()| {
            let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
            diags.push(unknown_value(p, "preset", &names));
            Preset::RollingAmerica
        }),
    };
    let mut rules = preset.rules();
    let mut int = |v: &Option<Sp<i64>>, key: &str, min: i64, max: i64, target: &mut u8| {
        if let Some(v) = v {
            if (min..=max).contains(&v.value) {
                *target = v.value as u8;
            } else {
                diags.push(out_of_range(v, key, min, max));
            }
        }
    };
    int(&raw.rounds, "rounds", 1, 50, &mut rules.rounds);
    int(
        &raw.dice_per_turn,
        "dice_per_turn",
        1,
        20,
        &mut rules.dice_per_turn,
    );
    int(
        &raw.dice_per_round,
        "dice_per_round",
        1,
        40,
        &mut rules.dice_per_round,
    );
    int(
        &raw.color_change,
        "color_change",
        0,
        20,
        &mut rules.powers.color_change,
    );
    int(&raw.guard, "guard", 0, 20, &mut rules.powers.guard);
    int(&raw.dupe, "dupe", 0, 20, &mut rules.powers.dupe);

    if let Some((loc, faces)) = &raw.faces {
        let mut out: Vec<u8> = Vec::new();
        for f in faces {
            if !(0..=i64::from(MAX_FACE)).contains(&f.value) {
                diags.push(out_of_range(f, "a die face", 0, i64::from(MAX_FACE)));
            } else if out.contains(&(f.value as u8)) {
                diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        format!("die face {} is listed twice", f.value),
                    )
                    .with_label(f.loc, "repeated face")
                    .with_help("list each face once, e.g. faces = [1, 2, 3, 4, 5, 6]"),
                );
            } else {
                out.push(f.value as u8);
            }
        }
        if out.len() < 2 {
            diags.push(
                Diagnostic::error("invalid-value", "a die needs at least two faces")
                    .with_label(*loc, "too few faces")
                    .with_help("e.g. faces = [1, 2, 3, 4, 5, 6]"),
            );
        } else {
            out.sort_unstable();
            rules.faces = out;
        }
    }

    if let Some(w) = &raw.wild {
        if valid_id(&w.value) {
            rules.wild = w.value.clone();
        } else {
            check_id(w, "wild die", diags);
        }
    }

    // The bag holds one die per region plus the wild die.
    let bag = regions as i64 + 1;
    if regions > 0 {
        let loc = raw.dice_per_round.as_ref().map(|v| v.loc).unwrap_or(head);
        if i64::from(rules.dice_per_round) > bag {
            diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!(
                        "{} per round, but the bag holds only {} ({} and the wild die)",
                        crate::text::plural(rules.dice_per_round, "die", "dice"),
                        crate::text::plural(bag, "die", "dice"),
                        crate::text::count(regions, "region")
                    ),
                )
                .with_label(loc, "more dice than the bag holds")
                .with_help(format!(
                    "set dice_per_round to at most {bag}, or add regions"
                )),
            );
        }
    }
    if rules.dice_per_round % rules.dice_per_turn != 0 {
        let loc = raw
            .dice_per_turn
            .as_ref()
            .or(raw.dice_per_round.as_ref())
            .map(|v| v.loc)
            .unwrap_or(head);
        diags.push(
            Diagnostic::error(
                "invalid-value",
                format!(
                    "{} dice per round cannot be rolled {} per turn",
                    rules.dice_per_round, rules.dice_per_turn
                ),
            )
            .with_label(loc, "not a whole number of turns per round")
            .with_help("dice_per_round must be a multiple of dice_per_turn"),
        );
    }

    if let Some(v) = &raw.wild_without_placement {
        let names: Vec<&str> = WildWithoutPlacement::ALL.iter().map(|w| w.name()).collect();
        match WildWithoutPlacement::ALL
            .iter()
            .find(|w| w.name() == v.value)
        {
            Some(&w) => rules.options.wild_without_placement = w,
            None => diags.push(unknown_value(v, "wild_without_placement", &names)),
        }
    }
    if let Some(v) = &raw.guard_covers_dupe {
        rules.options.guard_covers_dupe = v.value;
    }
    if let Some(v) = &raw.color_change_anytime {
        rules.options.color_change_anytime = v.value;
    }
    if let Some(v) = &raw.color_change_on_cross {
        rules.options.color_change_on_cross = v.value;
    }
    if let Some(v) = &raw.mistakes {
        let names: Vec<&str> = Mistakes::ALL.iter().map(|m| m.name()).collect();
        match Mistakes::ALL.iter().find(|m| m.name() == v.value) {
            Some(&m) => rules.options.mistakes = m,
            None => diags.push(unknown_value(v, "mistakes", &names)),
        }
    }
    rules
}

fn resolve_layout(
    raw: super::raw::RawLayout,
    mistyped: &Mistyped,
    diags: &mut Vec<Diagnostic>,
) -> ResLayout {
    let Some(header) = raw.header else {
        return ResLayout::None;
    };
    let Some(kind) = raw.kind else {
        push_missing(diags, mistyped, "kind", "[layout]", header, "\"grid\"");
        return ResLayout::None;
    };
    if let Some(inset) = &raw.inset
        && kind.value != "atlas"
    {
        diags.push(
            Diagnostic::warning(
                "atlas-inset",
                format!(
                    "`inset` is for atlas layouts: a {} layout draws no inset",
                    kind.value
                ),
            )
            .with_label(inset.loc, "ignored")
            .with_help("remove `inset`, or draw the map's real shapes with kind = \"atlas\""),
        );
    }
    match kind.value.as_str() {
        "grid" => match raw.grid {
            Some(text) => ResLayout::Grid {
                text,
                removed: raw.removed,
            },
            None if mistyped.has(header, "grid") => ResLayout::None,
            None => {
                diags.push(missing_field(
                    "grid",
                    "[layout] with kind = \"grid\"",
                    header,
                    "\"\"\" ... \"\"\"",
                ));
                ResLayout::None
            }
        },
        "atlas" => match raw.geojson {
            Some(geojson) => {
                let min_border = match raw.min_border {
                    Some(m) if !(m.value.is_finite() && m.value > 0.0) => {
                        diags.push(
                            Diagnostic::error(
                                "invalid-value",
                                format!("min_border is {}: it must be above 0", m.value),
                            )
                            .with_label(m.loc, "not a length")
                            .with_help("give the least shared border in the file's units, or leave it out for the default"),
                        );
                        None
                    }
                    m => m.map(|m| m.value),
                };
                let y_down = match raw.y_axis {
                    Some(y) if y.value == "up" || y.value == "down" => Some(y.value == "down"),
                    Some(y) => {
                        diags.push(
                            Diagnostic::error(
                                "invalid-value",
                                format!("`y_axis` is `{}`, not `up` or `down`", y.value),
                            )
                            .with_label(y.loc, "not a direction")
                            .with_help("write `y_axis = \"down\"` for screen coordinates (y growing downwards), `\"up\"` otherwise"),
                        );
                        None
                    }
                    None => None,
                };
                let degrees = match raw.coordinates {
                    Some(c) if c.value == "degrees" || c.value == "planar" => {
                        Some(c.value == "degrees")
                    }
                    Some(c) => {
                        diags.push(
                            Diagnostic::error(
                                "invalid-value",
                                format!("`coordinates` is `{}`, not `degrees` or `planar`", c.value),
                            )
                            .with_label(c.loc, "not a reading")
                            .with_help("write `coordinates = \"planar\"` for a drawing's coordinates, `\"degrees\"` for longitudes and latitudes, or leave it out to read them as the file says"),
                        );
                        None
                    }
                    None => None,
                };
                ResLayout::Atlas {
                    geojson,
                    read: AtlasRead {
                        id_property: raw.id_property.map(|p| p.value),
                        dissolve: raw.dissolve.map(|p| p.value),
                        y_down,
                        degrees,
                    },
                    min_border,
                    // A list emptied by a variant's removals leaves the
                    // choice to the sheet; only `inset = []` means none.
                    inset: raw.inset.and_then(|mut list| {
                        let named = list.groups.len();
                        for group in &mut list.groups {
                            group.retain(|id| !raw.removed.contains(&id.value));
                        }
                        list.groups.retain(|g| !g.is_empty());
                        (named == 0 || !list.groups.is_empty()).then_some(list)
                    }),
                }
            }
            None if mistyped.has(header, "geojson") => ResLayout::None,
            None => {
                diags.push(missing_field(
                    "geojson",
                    "[layout] with kind = \"atlas\"",
                    header,
                    "\"shapes.geojson\"",
                ));
                ResLayout::None
            }
        },
        _ => {
            diags.push(unknown_value(&kind, "layout kind", &["grid", "atlas"]));
            ResLayout::None
        }
    }
}

fn quoted_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("\"{i}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn unknown_ref(
    code: &'static str,
    what: &str,
    item: &Sp<String>,
    known: &[&str],
) -> Diagnostic {
    let d = Diagnostic::error(code, format!("there is no {what} `{}`", item.value))
        .with_label(item.loc, format!("unknown {what}"));
    match suggest(&item.value, known) {
        Some(s) => d.with_help(format!("did you mean `{s}`?")),
        None if known.len() <= 12 => d.with_help(format!("known {what}s: {}", quoted_list(known))),
        None => d.with_help(format!(
            "declare it with [[{what}s]] id = \"{}\", or fix the spelling",
            item.value
        )),
    }
}

fn unknown_value(item: &Sp<String>, what: &str, known: &[&str]) -> Diagnostic {
    let d = Diagnostic::error(
        "invalid-value",
        format!("`{}` is not a known {what}", item.value),
    )
    .with_label(item.loc, format!("unknown {what}"));
    match suggest(&item.value, known) {
        Some(s) => d.with_help(format!("did you mean \"{s}\"?")),
        None => d.with_help(format!("choose one of: {}", quoted_list(known))),
    }
}

fn out_of_range(v: &Sp<i64>, key: &str, min: i64, max: i64) -> Diagnostic {
    Diagnostic::error(
        "invalid-value",
        format!("{key} must be between {min} and {max}, not {}", v.value),
    )
    .with_label(v.loc, "out of range")
    .with_help(format!("use a whole number from {min} to {max}"))
}

/// `red` becomes `Red`, `north-east` becomes `North-east`.
pub fn title_case(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
