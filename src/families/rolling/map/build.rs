//! Turning a resolved map without errors into the immutable [`Map`].

use super::model::{Area, AreaId, Layout, Link, Map, Region, RegionId};
use super::resolve::Resolved;

/// Builds the model. Only called when resolution reported no errors, so
/// every area has a region.
pub fn build(res: Resolved, layout: Layout) -> Map {
    let mut regions: Vec<Region> = res
        .regions
        .into_iter()
        .map(|r| Region {
            id: r.id,
            name: r.name,
            color: r.color,
            mono_letter: r.mono_letter.map(|l| l.value),
            areas: Vec::new(),
        })
        .collect();
    let areas: Vec<Area> = res
        .areas
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let region = a.region.unwrap_or(RegionId(0));
            regions[region.index()].areas.push(AreaId(i as u16));
            let mut neighbors: Vec<AreaId> = a.neighbors.into_iter().map(|(n, _)| n).collect();
            neighbors.sort_unstable();
            Area {
                id: a.id,
                name: a.name,
                region,
                immune: a.immune,
                neighbors,
                position: a.position,
            }
        })
        .collect();
    let mut links: Vec<Link> = res
        .links
        .into_iter()
        .map(|l| Link {
            a: l.a,
            b: l.b,
            name: l.name,
        })
        .collect();
    links.sort_by_key(|l| (l.a, l.b));
    Map {
        info: res.info,
        rules: res.rules,
        regions,
        areas,
        links,
        layout,
    }
}
