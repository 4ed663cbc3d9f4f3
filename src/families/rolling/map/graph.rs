//! Checks on the neighbour graph: symmetry, connectivity, isolated areas
//! and contiguous regions.

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeFiltered;

use super::model::{AreaId, RegionId};
use super::resolve::{ResArea, Resolved};
use crate::diag::{Diagnostic, SourceId};

/// Reports every pair listed by only one of its two areas. When the area
/// that lacks the entries has no `neighbors` list at all, the pairs are
/// reported as one finding about that area (usually a misspelt key).
pub fn check_symmetry(res: &Resolved, diags: &mut Vec<Diagnostic>) {
    // For each area without a list: who lists it, and where.
    let mut listless: Vec<Vec<(AreaId, crate::diag::Loc)>> = vec![Vec::new(); res.areas.len()];
    for (i, area) in res.areas.iter().enumerate() {
        let me = AreaId(i as u16);
        for &(other, loc) in &area.neighbors {
            let theirs = &res.areas[other.index()];
            if theirs.lists(me) {
                continue;
            }
            let Some(list) = theirs.list_loc else {
                listless[other.index()].push((me, loc));
                continue;
            };
            diags.push(
                Diagnostic::error(
                    "asymmetric-adjacency",
                    format!(
                        "`{}` lists `{}` as a neighbour, but `{}` does not list `{}`",
                        area.id, theirs.id, theirs.id, area.id
                    ),
                )
                .with_label(loc, format!("{} lists {} here", area.id, theirs.id))
                .with_label(list, format!("{}'s neighbours, without {}", theirs.id, area.id))
                .with_help(if list.source == VARIANT {
                    format!(
                        "neighbours go both ways: add \"{}\" to {}'s neighbors, or remove \"{}\" from {}'s",
                        area.id, theirs.id, theirs.id, area.id
                    )
                } else {
                    let undo = if loc.source == VARIANT {
                        format!("delete \"{}\" where this variant lists it for {}", theirs.id, area.id)
                    } else {
                        format!(
                            "give {}'s entry in this variant `remove_neighbors = [\"{}\"]`",
                            area.id, theirs.id
                        )
                    };
                    variant_help(theirs, &[area.id.as_str()], Some(&undo))
                }),
            );
        }
    }
    for (i, listers) in listless.iter().enumerate() {
        let Some(&(_, first)) = listers.first() else {
            continue;
        };
        let area = &res.areas[i];
        let mut names: Vec<&str> = listers
            .iter()
            .map(|(a, _)| res.areas[a.index()].id.as_str())
            .collect();
        let first_name = names[0];
        names.sort_unstable();
        diags.push(
            Diagnostic::error(
                "asymmetric-adjacency",
                format!(
                    "`{}` has no neighbors list, but {} {} it as a neighbour: {}",
                    area.id,
                    names.len(),
                    if names.len() == 1 {
                        "area lists"
                    } else {
                        "areas list"
                    },
                    names.join(", ")
                ),
            )
            .with_label(area.loc, format!("{} declares no neighbors", area.id))
            .with_label(first, format!("{first_name} lists {} here", area.id))
            .with_help(if area.loc.source == VARIANT {
                format!("add neighbors = [{}] to {}", quoted(&names), area.id)
            } else {
                variant_help(area, &names, None)
            }),
        );
    }
}

/// The file `rollx` was given: a variant when it `extends` a base (the
/// files it extends are read after it).
const VARIANT: SourceId = SourceId(0);

/// `"A", "B"`.
fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a variant gives the inherited `area` the neighbours `names` it
/// lacks: with `add_neighbors` in its own file, in the area's entry there
/// if it has one, else in a new entry (the base map is left alone). `undo`
/// says how to part the two areas instead, when that is a choice.
fn variant_help(area: &ResArea, names: &[&str], undo: Option<&str>) -> String {
    let line = format!("add_neighbors = [{}]", quoted(names));
    let id = &area.id;
    let mut help = format!(
        "neighbours go both ways, and {id}'s list is in the base map, which a variant leaves \
         alone: "
    );
    if let Some(undo) = undo {
        help += &format!("to part them, {undo}; to join them, ");
    }
    if area.last_entry.source == VARIANT {
        help += &format!("add `{line}` to {id}'s [[areas]] entry in this variant");
    } else {
        help += &format!("add these lines to this variant:\n\n[[areas]]\nid = \"{id}\"\n{line}");
    }
    help
}

/// The neighbour graph: declared pairs in either direction (links are
/// neighbour pairs too, so they are already in the lists).
pub fn build(res: &Resolved) -> UnGraph<(), ()> {
    let mut g = UnGraph::with_capacity(res.areas.len(), res.areas.len() * 3);
    for _ in &res.areas {
        g.add_node(());
    }
    for (i, area) in res.areas.iter().enumerate() {
        for &(n, _) in &area.neighbors {
            let (a, b) = (i, n.index());
            // Each pair once, even when it is listed from one side only.
            if a < b || !res.areas[b].lists(AreaId(a as u16)) {
                g.add_edge(NodeIndex::new(a), NodeIndex::new(b), ());
            }
        }
    }
    g
}

/// Connected components of the sub-graph induced by `keep`, each sorted,
/// largest first (ties by first member).
pub fn components(g: &UnGraph<(), ()>, keep: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let filtered = EdgeFiltered::from_fn(g, |e| {
        use petgraph::visit::EdgeRef;
        keep(e.source().index()) && keep(e.target().index())
    });
    let mut seen = vec![false; g.node_count()];
    let mut out = Vec::new();
    for start in g.node_indices() {
        if seen[start.index()] || !keep(start.index()) {
            continue;
        }
        let mut comp = Vec::new();
        let mut dfs = petgraph::visit::Dfs::new(&filtered, start);
        while let Some(n) = dfs.next(&filtered) {
            seen[n.index()] = true;
            comp.push(n.index());
        }
        comp.sort_unstable();
        out.push(comp);
    }
    out.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    out
}

/// Describes a component as `{A, B, C}` (abbreviated when long).
fn describe(res: &Resolved, comp: &[usize]) -> String {
    let ids: Vec<&str> = comp.iter().map(|&i| res.areas[i].id.as_str()).collect();
    if ids.len() <= 8 {
        format!("{{{}}}", ids.join(", "))
    } else {
        format!("{{{}, ... {} areas}}", ids[..6].join(", "), ids.len())
    }
}

/// Isolated areas, connectivity of the non-immune areas, and contiguity of
/// each region. Returns the number of components of the non-immune areas.
pub fn check_connectivity(
    res: &Resolved,
    g: &UnGraph<(), ()>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let isolated = |i: usize| g.neighbors(NodeIndex::new(i)).next().is_none();
    for (i, area) in res.areas.iter().enumerate() {
        if isolated(i) && !area.immune {
            diags.push(
                Diagnostic::error(
                    "isolated-area",
                    format!("area `{}` has no neighbours", area.id),
                )
                .with_label(area.loc, "no neighbours and not immune")
                .with_help(
                    "give it neighbours, or declare it `immune = true` (like Alaska and Hawaii)",
                ),
            );
        }
    }
    let playable = |i: usize| !res.areas[i].immune && !isolated(i);
    let comps = components(g, playable);
    if comps.len() > 1 {
        let parts: Vec<String> = comps.iter().map(|c| describe(res, c)).collect();
        let mut d = Diagnostic::error(
            "disconnected",
            format!(
                "the map falls apart into {} groups of areas that do not reach each other: {}",
                comps.len(),
                parts.join(" and ")
            ),
        );
        for comp in comps.iter().skip(1) {
            let first = &res.areas[comp[0]];
            d = d.with_label(
                first.loc,
                format!(
                    "{} is cut off from {}",
                    describe(res, comp),
                    res.areas[comps[0][0]].id
                ),
            );
        }
        diags.push(d.with_help(
            "connect the groups with neighbour pairs, or a [[links]] entry for a strait or bridge",
        ));
    }

    for (r, region) in res.regions.iter().enumerate() {
        let rid = Some(RegionId(r as u8));
        let parts = components(g, |i| playable(i) && res.areas[i].region == rid);
        if parts.len() > 1 {
            let list: Vec<String> = parts.iter().map(|c| describe(res, c)).collect();
            diags.push(
                Diagnostic::warning(
                    "region-not-contiguous",
                    format!(
                        "region `{}` is split into {} parts: {}",
                        region.id,
                        parts.len(),
                        list.join(" and ")
                    ),
                )
                .with_label(region.loc, "this region")
                .with_label(res.areas[parts[1][0]].loc, "a part apart from the rest")
                .with_help("this is legal, but players expect a colour region to be one block"),
            );
        }
    }
    comps.len()
}

/// Every link must also be a declared neighbour pair.
pub fn check_links(res: &Resolved, diags: &mut Vec<Diagnostic>) {
    for l in &res.links {
        let (a, b) = (&res.areas[l.a.index()], &res.areas[l.b.index()]);
        if a.lists(l.b) || b.lists(l.a) {
            continue;
        }
        diags.push(
            Diagnostic::error(
                "link-not-neighbor",
                format!("the link joins `{}` and `{}`, which are not declared neighbours", a.id, b.id),
            )
            .with_label(l.loc, "link declared here")
            .with_help(format!(
                "a link only draws a neighbour pair: add \"{}\" to {}'s neighbors and \"{}\" to {}'s",
                b.id, a.id, a.id, b.id
            )),
        );
    }
}
