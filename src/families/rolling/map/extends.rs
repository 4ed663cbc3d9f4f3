//! Applying a variant file over the map it `extends`.
//!
//! Tables (`[map]`, `[rules]`, `[layout]`) merge key by key, the variant
//! winning. `[[regions]]`, `[[areas]]` and `[[links]]` entries merge by id
//! (links by their pair of areas): an entry with a known id overrides the
//! fields it sets, a new id is appended, and `remove = true` drops the
//! inherited entry. Removing an area also removes it from inherited
//! neighbour lists and links and turns its inherited grid cells into sea.
//! `add_neighbors` and `remove_neighbors` edit the inherited list.
//!
//! A file without `extends` goes through the same merge over an empty base,
//! which normalises neighbour edits and reports `remove` as meaningless.

use super::raw::{RawArea, RawDoc, RawLink, RawRegion};
use crate::diag::Diagnostic;
use crate::source::toml::{Sp, SpList};

/// Merges `child` over `parent`. `has_parent` is false for a file that
/// extends nothing.
pub fn merge(
    parent: RawDoc,
    child: RawDoc,
    has_parent: bool,
    diags: &mut Vec<Diagnostic>,
) -> RawDoc {
    let mut out = parent;
    out.extends = child.extends;
    out.mistyped.0.extend(child.mistyped.0);

    out.info = std::mem::take(&mut out.info).merge(child.info);

    let r = &mut out.rules;
    let c = child.rules;
    r.header = c.header.or(r.header);
    r.preset = c.preset.or(r.preset.take());
    r.faces = c.faces.or(r.faces.take());
    r.rounds = c.rounds.or(r.rounds.take());
    r.dice_per_turn = c.dice_per_turn.or(r.dice_per_turn.take());
    r.dice_per_round = c.dice_per_round.or(r.dice_per_round.take());
    r.wild = c.wild.or(r.wild.take());
    r.color_change = c.color_change.or(r.color_change.take());
    r.guard = c.guard.or(r.guard.take());
    r.dupe = c.dupe.or(r.dupe.take());
    r.wild_without_placement = c.wild_without_placement.or(r.wild_without_placement.take());
    r.guard_covers_dupe = c.guard_covers_dupe.or(r.guard_covers_dupe.take());
    r.color_change_anytime = c.color_change_anytime.or(r.color_change_anytime.take());
    r.color_change_on_cross = c.color_change_on_cross.or(r.color_change_on_cross.take());
    r.mistakes = c.mistakes.or(r.mistakes.take());

    // A base file's repeats are reported when it is resolved; a variant's
    // entries merge by id, so its repeats are caught here.
    let (regions, areas, links) = if has_parent {
        let id = |i: &Option<Sp<String>>| i.as_ref().map(|i| (i.value.clone(), i.loc));
        (
            first_of_each(child.regions, |r| id(&r.id), "region", diags),
            first_of_each(child.areas, |a| id(&a.id), "area", diags),
            first_of_each(
                child.links,
                |l| {
                    let (a, b) = link_key(l)?;
                    Some((format!("{a}-{b}"), l.between.as_ref()?.loc))
                },
                "link",
                diags,
            ),
        )
    } else {
        (child.regions, child.areas, child.links)
    };

    for region in regions {
        merge_region(&mut out.regions, region, has_parent, diags);
    }

    let mut removed_areas = Vec::new();
    for area in areas {
        if let Some(id) = merge_area(&mut out.areas, area, has_parent, diags) {
            removed_areas.push(id);
        }
    }
    if !removed_areas.is_empty() {
        for area in &mut out.areas {
            if let Some(list) = &mut area.neighbors {
                list.items.retain(|n| !removed_areas.contains(&n.value));
            }
        }
        out.links.retain(|l| {
            l.between
                .as_ref()
                .is_none_or(|b| !b.items.iter().any(|i| removed_areas.contains(&i.value)))
        });
    }

    for link in links {
        merge_link(&mut out.links, link, has_parent, diags);
    }

    let l = &mut out.layout;
    let c = child.layout;
    l.header = c.header.or(l.header);
    l.kind = c.kind.or(l.kind.take());
    if c.grid.is_some() {
        l.grid = c.grid;
        l.removed.clear();
    } else {
        l.removed.extend(removed_areas);
    }
    if c.geojson.is_some() {
        l.geojson = c.geojson;
    }
    if c.id_property.is_some() {
        l.id_property = c.id_property;
    }
    if c.min_border.is_some() {
        l.min_border = c.min_border;
    }
    if c.y_axis.is_some() {
        l.y_axis = c.y_axis;
    }
    if c.coordinates.is_some() {
        l.coordinates = c.coordinates;
    }
    if c.dissolve.is_some() {
        l.dissolve = c.dissolve;
    }
    if c.inset.is_some() {
        l.inset = c.inset;
    }
    out
}

/// The entries of one variant file with each key (an id, or a link's pair
/// of areas) kept once: a repeat is reported and left out, where merging
/// by key would silently let it override the first (a base file reports the
/// same repeat as `duplicate-id`, or `duplicate-link` for links).
fn first_of_each<T>(
    items: Vec<T>,
    key: impl Fn(&T) -> Option<(String, crate::diag::Loc)>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Vec<T> {
    let mut seen: Vec<(String, crate::diag::Loc)> = Vec::new();
    let mut kept = Vec::with_capacity(items.len());
    for item in items {
        let Some((k, loc)) = key(&item) else {
            kept.push(item);
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == k) {
            let d = if what == "link" {
                Diagnostic::warning(
                    "duplicate-link",
                    format!("the link {k} is listed twice in this variant"),
                )
            } else {
                Diagnostic::error(
                    "duplicate-id",
                    format!("{what} `{k}` is listed twice in this variant"),
                )
            };
            diags.push(
                d.with_label(loc, "listed again here")
                    .with_label(*first, "first listed here")
                    .with_help(format!(
                        "merge the two entries into one (a variant's {what} entry changes \
                         only the fields it sets)"
                    )),
            );
            continue;
        }
        seen.push((k, loc));
        kept.push(item);
    }
    kept
}

fn remove_without_parent(loc: crate::diag::Loc, what: &str) -> Diagnostic {
    Diagnostic::error(
        "invalid-value",
        format!(
            "`remove = true` only makes sense in a variant, but this file extends no map ({what})"
        ),
    )
    .with_label(loc, "nothing to remove")
    .with_help("add `extends = \"base.toml\"` at the top, or delete this entry")
}

fn unknown_removal(code: &'static str, loc: crate::diag::Loc, what: String) -> Diagnostic {
    Diagnostic::error(code, format!("cannot remove {what}: the base map has none"))
        .with_label(loc, "not in the base map")
        .with_help("check the id against the map named by `extends`")
}

fn is_remove(flag: &Option<Sp<bool>>) -> Option<crate::diag::Loc> {
    flag.as_ref().filter(|f| f.value).map(|f| f.loc)
}

fn merge_region(
    list: &mut Vec<RawRegion>,
    mut child: RawRegion,
    has_parent: bool,
    diags: &mut Vec<Diagnostic>,
) {
    let id = child.id.as_ref().map(|i| i.value.clone());
    let found = id.as_ref().and_then(|id| {
        list.iter()
            .position(|r| r.id.as_ref().is_some_and(|i| &i.value == id))
    });
    if let Some(loc) = is_remove(&child.remove) {
        match (has_parent, found) {
            (false, _) => diags.push(remove_without_parent(loc, "region")),
            (true, Some(i)) => {
                list.remove(i);
            }
            (true, None) => diags.push(unknown_removal(
                "unknown-region",
                loc,
                format!("region `{}`", id.unwrap_or_default()),
            )),
        }
        return;
    }
    child.remove = None;
    match found.filter(|_| has_parent) {
        Some(i) => {
            let r = &mut list[i];
            r.name = child.name.or(r.name.take());
            r.color = child.color.or(r.color.take());
            r.mono_letter = child.mono_letter.or(r.mono_letter.take());
        }
        None => list.push(child),
    }
}

/// Merges one area entry; returns the id of an area it removed.
fn merge_area(
    list: &mut Vec<RawArea>,
    child: RawArea,
    has_parent: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let id = child.id.as_ref().map(|i| i.value.clone());
    let found = id
        .as_ref()
        .and_then(|id| {
            list.iter()
                .position(|a| a.id.as_ref().is_some_and(|i| &i.value == id))
        })
        .filter(|_| has_parent);
    if let Some(loc) = is_remove(&child.remove) {
        match (has_parent, found) {
            (false, _) => diags.push(remove_without_parent(loc, "area")),
            (true, Some(i)) => {
                list.remove(i);
                return id;
            }
            (true, None) => diags.push(unknown_removal(
                "unknown-area",
                loc,
                format!("area `{}`", id.unwrap_or_default()),
            )),
        }
        return None;
    }
    let index = match found {
        Some(i) => i,
        None => {
            list.push(RawArea {
                header: child.header,
                last_entry: child.header,
                id: child.id.clone(),
                name: None,
                region: None,
                immune: None,
                neighbors: None,
                add_neighbors: None,
                remove_neighbors: None,
                x: None,
                y: None,
                remove: None,
            });
            list.len() - 1
        }
    };
    let a = &mut list[index];
    a.last_entry = child.header;
    a.name = child.name.or(a.name.take());
    a.region = child.region.or(a.region.take());
    a.immune = child.immune.or(a.immune.take());
    a.x = child.x.or(a.x.take());
    a.y = child.y.or(a.y.take());
    if child.neighbors.is_some() {
        a.neighbors = child.neighbors;
    }
    if let Some(add) = child.add_neighbors {
        match &mut a.neighbors {
            Some(list) => list.items.extend(add.items),
            None => a.neighbors = Some(add),
        }
    }
    if let Some(remove) = child.remove_neighbors {
        let area = id.unwrap_or_default();
        for item in remove.items {
            let list: &mut SpList = a.neighbors.get_or_insert_with(|| SpList {
                loc: remove.loc,
                items: Vec::new(),
            });
            let before = list.items.len();
            list.items.retain(|n| n.value != item.value);
            if list.items.len() == before {
                diags.push(
                    Diagnostic::error(
                        "unknown-area",
                        format!(
                            "cannot remove neighbour `{}`: `{area}` does not list it",
                            item.value
                        ),
                    )
                    .with_label(item.loc, "not a neighbour of this area")
                    .with_help("remove_neighbors may only name areas the inherited entry lists"),
                );
            }
        }
    }
    None
}

/// The two area ids of a link, sorted, when it names exactly two.
fn link_key(link: &RawLink) -> Option<(String, String)> {
    let b = link.between.as_ref()?;
    match b.items.as_slice() {
        [x, y] if x.value <= y.value => Some((x.value.clone(), y.value.clone())),
        [x, y] => Some((y.value.clone(), x.value.clone())),
        _ => None,
    }
}

fn merge_link(
    list: &mut Vec<RawLink>,
    mut child: RawLink,
    has_parent: bool,
    diags: &mut Vec<Diagnostic>,
) {
    let key = link_key(&child);
    let found = key
        .as_ref()
        .and_then(|k| list.iter().position(|l| link_key(l).as_ref() == Some(k)))
        .filter(|_| has_parent);
    if let Some(loc) = is_remove(&child.remove) {
        match (has_parent, found) {
            (false, _) => diags.push(remove_without_parent(loc, "link")),
            (true, Some(i)) => {
                list.remove(i);
            }
            (true, None) => {
                let (a, b) = key.unwrap_or_default();
                diags.push(unknown_removal(
                    "unknown-area",
                    loc,
                    format!("link {a}-{b}"),
                ));
            }
        }
        return;
    }
    child.remove = None;
    match found {
        Some(i) => list[i].name = child.name.or(list[i].name.take()),
        None => list.push(child),
    }
}
