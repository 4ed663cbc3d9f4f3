//! Atlas layouts: the map's areas drawn as real shapes from a GeoJSON file
//! (`[layout] kind = "atlas"`), and the check that the shapes touch
//! exactly where the declared neighbours say.
//!
//! Two shapes are neighbours when their borders share enough length, by
//! the same rule as `rollx import` ([`super::import::land_borders`]), so a
//! map imported from a file and drawn from it agree.

use std::collections::{BTreeMap, BTreeSet};

use super::import::land_borders;
use super::model::{AreaId, Atlas, InsetChoice};
use super::resolve::{AtlasRead, Resolved, unknown_ref};
use crate::diag::{Diagnostic, Loc, SourceMap};
use crate::geom::geojson::{Properties, Shape, read};
use crate::source::Files;
use crate::source::files::relative_to;
use crate::source::toml::{Sp, SpGroups};

/// Reads the shapes file named at `geojson` (relative to the file that
/// names it): one shape for each area, by id. Reports a missing file, a
/// file that is not GeoJSON, areas without a shape and shapes without an
/// area; returns the atlas when every area has its shape.
pub fn read_atlas(
    files: &dyn Files,
    sources: &SourceMap,
    geojson: &Sp<String>,
    how: &AtlasRead,
    inset: Option<&SpGroups>,
    res: &Resolved,
    diags: &mut Vec<Diagnostic>,
) -> Option<Atlas> {
    let inset = match inset {
        None => InsetChoice::Auto,
        Some(list) if list.groups.is_empty() => InsetChoice::None,
        Some(list) => {
            let known: Vec<&str> = res.areas.iter().map(|a| a.id.as_str()).collect();
            // An area named twice is in the first inset that names it.
            let mut seen: Vec<AreaId> = Vec::new();
            let mut groups: Vec<Vec<AreaId>> = Vec::new();
            for group in &list.groups {
                let mut ids: Vec<AreaId> = Vec::new();
                for item in group {
                    match res.area_index(&item.value) {
                        Some(a) if !seen.contains(&a) => {
                            seen.push(a);
                            ids.push(a);
                        }
                        Some(_) => {}
                        None => diags.push(unknown_ref("unknown-area", "area", item, &known)),
                    }
                }
                if !ids.is_empty() {
                    groups.push(ids);
                }
            }
            InsetChoice::Areas(groups)
        }
    };
    let path = relative_to(&sources.get(geojson.loc.source).path, &geojson.value);
    let bytes = match files.read(&path) {
        Ok(b) => b,
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    "atlas-file",
                    format!("cannot read the shapes file {}: {e}", path.display()),
                )
                .with_label(geojson.loc, "named here")
                .with_help("give the GeoJSON file's path relative to this map file"),
            );
            return None;
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let props = Properties {
        id: how.id_property.as_deref(),
        dissolve: how.dissolve.as_deref(),
        ..Properties::default()
    };
    let (shapes, skipped) = match read(&text, &props) {
        Ok(mut c) => {
            let skipped = std::mem::take(&mut c.skipped);
            let told = crate::geom::geojson::Told {
                degrees: how.degrees,
                y_down: how.y_down,
            };
            match c.into_page(told) {
                Ok((shapes, _)) => (shapes, skipped),
                Err(e) => {
                    diags.push(
                        Diagnostic::error(
                            "atlas-file",
                            format!("the shapes file {}: {e}", path.display()),
                        )
                        .with_label(geojson.loc, "named here")
                        .with_help("leave out `coordinates = \"degrees\"`: the file's coordinates are planar"),
                    );
                    return None;
                }
            }
        }
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    "atlas-file",
                    format!("the shapes file {} cannot be read: {e}", path.display()),
                )
                .with_label(geojson.loc, "named here")
                .with_help("give a GeoJSON FeatureCollection of Polygons and MultiPolygons, one feature per area, its id the area's id"),
            );
            return None;
        }
    };
    let by_id: BTreeMap<&str, &Shape> = shapes.iter().map(|s| (s.id.as_str(), s)).collect();
    let mut out = Vec::with_capacity(res.areas.len());
    let mut complete = true;
    for area in &res.areas {
        match by_id.get(area.id.as_str()) {
            Some(s) => out.push((*s).clone()),
            None => {
                complete = false;
                let null = skipped.contains(&area.id);
                diags.push(
                    Diagnostic::error(
                        "atlas-missing-area",
                        format!(
                            "area `{}` has no shape in {}{}",
                            area.id,
                            geojson.value,
                            if null {
                                " (its feature's geometry is null or empty)"
                            } else {
                                ""
                            }
                        ),
                    )
                    .with_label(area.loc, "declared here")
                    .with_label(geojson.loc, "the shapes file")
                    .with_help(if null {
                        "give the area's feature a Polygon or MultiPolygon geometry"
                    } else {
                        "give the file a feature whose id is the area's id"
                    }),
                );
            }
        }
    }
    let known: BTreeSet<&str> = res.areas.iter().map(|a| a.id.as_str()).collect();
    let unknown: Vec<&str> = shapes
        .iter()
        .map(|s| s.id.as_str())
        .filter(|id| !known.contains(id))
        .collect();
    if !unknown.is_empty() {
        diags.push(
            Diagnostic::warning(
                "atlas-unknown-shape",
                format!(
                    "{} shape{} in {} {} no area: {}",
                    unknown.len(),
                    if unknown.len() == 1 { "" } else { "s" },
                    geojson.value,
                    if unknown.len() == 1 { "is" } else { "are" },
                    unknown.join(", ")
                ),
            )
            .with_label(geojson.loc, "the shapes file")
            .with_help("they are not drawn; give them areas, or remove them from the file"),
        );
    }
    complete.then(|| Atlas {
        file: geojson.value.clone(),
        shapes: out,
        inset,
    })
}

/// Checks that the shapes touch exactly where the declared neighbours
/// say: every declared pair but the links shares a border (of at least
/// `min_border`, by default the import's), and no other pair does.
pub fn check(
    atlas: &Atlas,
    geojson: Loc,
    min_border: Option<f64>,
    res: &Resolved,
    diags: &mut Vec<Diagnostic>,
) {
    let borders = land_borders(&atlas.shapes, min_border);
    let mut touching = BTreeSet::new();
    for (a, set) in borders.neighbours.iter().enumerate() {
        for &b in set.iter().filter(|&&b| a < b) {
            touching.insert((a, b));
        }
    }
    let links: BTreeSet<(usize, usize)> = res
        .links
        .iter()
        .map(|l| (l.a.index().min(l.b.index()), l.a.index().max(l.b.index())))
        .collect();
    let mut declared: BTreeMap<(usize, usize), Loc> = BTreeMap::new();
    for (i, area) in res.areas.iter().enumerate() {
        for &(b, loc) in &area.neighbors {
            declared
                .entry((i.min(b.index()), i.max(b.index())))
                .or_insert(loc);
        }
    }
    let name = |a: usize| res.areas[a].id.as_str();
    // Each pair named in id order.
    let by_id = |a: usize, b: usize| if name(a) <= name(b) { (a, b) } else { (b, a) };
    for (&(a, b), &loc) in &declared {
        if touching.contains(&(a, b)) || links.contains(&(a, b)) {
            continue;
        }
        let (a, b) = by_id(a, b);
        diags.push(
            Diagnostic::error(
                "atlas-missing-pair",
                format!(
                    "`{}` and `{}` are declared neighbours but their shapes share no border, and no link joins them",
                    name(a),
                    name(b)
                ),
            )
            .with_label(loc, "declared here")
            .with_label(geojson, "the shapes")
            .with_help(format!(
                "declare [[links]] between = [\"{}\", \"{}\"] (drawn as a line), or remove the pair from both neighbour lists",
                name(a),
                name(b)
            )),
        );
    }
    for &(a, b) in &touching {
        if declared.contains_key(&(a, b)) {
            continue;
        }
        let (a, b) = by_id(a, b);
        diags.push(
            Diagnostic::error(
                "atlas-extra-pair",
                format!(
                    "the shapes of `{}` and `{}` share a border, but they are not declared neighbours",
                    name(a),
                    name(b)
                ),
            )
            .with_label(res.areas[a].loc, "declared here")
            .with_label(geojson, "the shapes")
            .with_help(format!(
                "add \"{}\" and \"{}\" to each other's neighbors",
                name(a),
                name(b)
            )),
        );
    }
    // Links between areas whose shapes touch are lines the sheet need not draw.
    for l in &res.links {
        let pair = (l.a.index().min(l.b.index()), l.a.index().max(l.b.index()));
        if touching.contains(&pair) {
            diags.push(
                Diagnostic::warning(
                    "link-touches",
                    format!(
                        "`{}` and `{}` are joined by a link but their shapes already share a border",
                        name(pair.0),
                        name(pair.1)
                    ),
                )
                .with_label(l.loc, "link declared here")
                .with_help("links are for neighbours that do not touch on paper; remove the link"),
            );
        }
    }
}
