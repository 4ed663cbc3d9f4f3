//! A map from real shapes (`rollx import`): the areas and names of a
//! GeoJSON file, neighbours where two shapes share enough border, colour
//! regions from a property or split from the neighbour graph, and each
//! area's position, written as a map file that `rollx check` accepts.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, VecDeque};
use std::fmt::Write;

use crate::geom::borders::{Contact, contacts};
use crate::geom::geojson::{Point, Shape, bounds};
use crate::source::toml::valid_id;

/// Where the regions come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Regions {
    /// Each shape's region property (already read into [`Shape::region`]).
    FromProperty,
    /// This many contiguous regions, within one area of each other in size
    /// where the map allows.
    Split(usize),
}

/// How to import.
#[derive(Clone, Debug)]
pub struct Options {
    /// The map's id.
    pub id: String,
    /// The map's title.
    pub name: String,
    /// Where the shapes came from (for the map's description).
    pub source: String,
    /// Least shared border for two areas to be neighbours (map units);
    /// `None`: 0.08 % of the map's diagonal.
    pub min_border: Option<f64>,
    /// The regions.
    pub regions: Regions,
    /// Extra neighbour pairs across water (ids), drawn as links.
    pub links: Vec<(String, String)>,
    /// Areas that touch nothing and have no link become immune instead of
    /// an error.
    pub immune_islands: bool,
}

/// Something the import noticed but did not change.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// What kind (`corner-contact`, `short-border`, `near-miss`).
    pub kind: &'static str,
    /// The two areas.
    pub areas: (String, String),
    /// Where, in the file's coordinates (projected when they were degrees).
    pub at: Point,
    /// What it means.
    pub message: String,
    /// How near the two came to being neighbours, larger is nearer: the
    /// border they share (a short border, or an overlap's), the gap
    /// between them negated (a near miss), zero at a corner.
    pub nearness: f64,
}

impl Finding {
    /// The findings of each kind, in the order to show them: the nearest
    /// to being neighbours first (then as found).
    pub fn nearest_first(findings: &[Finding]) -> Vec<&Finding> {
        let mut sorted: Vec<&Finding> = findings.iter().collect();
        sorted.sort_by(|a, b| a.kind.cmp(b.kind).then(b.nearness.total_cmp(&a.nearness)));
        sorted
    }
}

/// The groups of a map that falls apart, largest first, each by its size
/// and a few of its ids.
fn apart(groups: &[Vec<String>]) -> String {
    const SHOWN: usize = 4;
    let mut groups: Vec<&Vec<String>> = groups.iter().collect();
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    let mut out: Vec<String> = groups
        .iter()
        .take(SHOWN)
        .map(|g| {
            let ids = g.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
            match g.len() {
                n if n > SHOWN => format!("{n} areas ({ids}, ...)"),
                1 => format!("1 area ({ids})"),
                n => format!("{n} areas ({ids})"),
            }
        })
        .collect();
    if groups.len() > SHOWN {
        out.push(format!("{} more groups", groups.len() - SHOWN));
    }
    out.join("; ")
}

/// Why a map cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// An id a map cannot use.
    #[error("`{0}` cannot be an area id (letters, digits, `_` and `-`, at most 32)")]
    BadId(String),
    /// Areas that touch nothing, without links.
    #[error("{} touch no other area: {}", if .0.len() == 1 { "1 area" } else { "areas" }, .0.join(", "))]
    Islands(Vec<String>),
    /// A link naming an unknown area.
    #[error("the link {0}-{1} names an area the file does not have")]
    UnknownLink(String, String),
    /// Groups of areas that no border or link joins.
    #[error("the map falls apart into {} groups that no border or link joins: {}", .0.len(), apart(.0))]
    Apart(Vec<Vec<String>>),
    /// More regions asked for than areas, or none.
    #[error(
        "{} cannot be made from {}",
        crate::text::count(*.0, "region"),
        crate::text::count(*.1, "area")
    )]
    RegionCount(usize, usize),
}

/// The imported map: its file text and what was noticed.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The map file.
    pub toml: String,
    /// The neighbour pairs (area ids), links included.
    pub pairs: Vec<(String, String)>,
    /// Contacts left out, for the user to look at.
    pub findings: Vec<Finding>,
    /// The least shared border used.
    pub min_border: f64,
    /// Areas that touch nothing and have no link: immune (ids).
    pub islands: Vec<String>,
    /// When split regions could not be evened out to within one area of
    /// each other (a region would fall in two): the smallest and largest
    /// region's size.
    pub uneven: Option<(usize, usize)>,
}

/// Print colours of the regions, in order (the first six are the Rolling
/// America sheet's).
const PALETTE: [(&str, &str); 12] = [
    ("red", "#e53935"),
    ("blue", "#1e88e5"),
    ("green", "#43a047"),
    ("yellow", "#fdd835"),
    ("orange", "#fb8c00"),
    ("purple", "#8e24aa"),
    ("cyan", "#00acc1"),
    ("brown", "#6d4c41"),
    ("pink", "#d81b60"),
    ("lime", "#7cb342"),
    ("indigo", "#3949ab"),
    ("grey", "#546e7a"),
];

/// The land borders of a set of shapes: which share enough border to be
/// neighbours, and the contacts left out.
#[derive(Clone, Debug)]
pub struct Borders {
    /// Each shape's neighbours (indices).
    pub neighbours: Vec<BTreeSet<usize>>,
    /// Contacts that do not make neighbours: corner contacts, short borders
    /// and near misses.
    pub findings: Vec<Finding>,
    /// The least shared border used.
    pub min_border: f64,
}

/// The default least shared border of shapes within `bounds`: 0.08 % of
/// the diagonal.
pub fn default_min_border(bounds: [f64; 4]) -> f64 {
    let diagonal = ((bounds[2] - bounds[0]).powi(2) + (bounds[3] - bounds[1]).powi(2)).sqrt();
    diagonal * 0.0008
}

/// The share of the smaller area's outline that a border makes neighbours
/// of whatever its length (an enclave shares all of its outline).
pub const ENCLAVE_SHARE: f64 = 0.25;

/// The length of a shape's outer rings.
fn perimeter(shape: &Shape) -> f64 {
    shape
        .outers
        .iter()
        .map(|&r| {
            let ring = &shape.rings[r];
            ring.iter()
                .zip(ring.iter().cycle().skip(1))
                .map(|(p, q)| ((q[0] - p[0]).powi(2) + (q[1] - p[1]).powi(2)).sqrt())
                .sum::<f64>()
        })
        .sum()
}

/// The neighbour rule of real shapes: two shapes are neighbours when their
/// borders share at least `min_border` (by default
/// [`default_min_border`]), or at least a quarter of the smaller shape's
/// outline ([`ENCLAVE_SHARE`]: an enclave, a city state). Used by the import and by the atlas layout's
/// check, so that both agree.
pub fn land_borders(shapes: &[Shape], min_border: Option<f64>) -> Borders {
    let b = bounds(shapes);
    let diagonal = ((b[2] - b[0]).powi(2) + (b[3] - b[1]).powi(2)).sqrt();
    let min_border = min_border.unwrap_or_else(|| default_min_border(b));
    let tolerance = diagonal * 1e-5;
    // Near misses are looked for within half a percent of the map's
    // diagonal, or a tenth of a typical area's width where the areas
    // are many and small (counties): a wider gap is an area between them.
    let mut sizes: Vec<f64> = shapes.iter().map(|s| s.area().abs().sqrt()).collect();
    sizes.sort_by(f64::total_cmp);
    let typical = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
    let reach = (diagonal * 0.005).min(typical * 0.1);
    let n = shapes.len();
    let mut neighbours: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    let mut findings = Vec::new();
    let name = |i: usize| shapes[i].id.clone();
    let perimeters: Vec<f64> = shapes.iter().map(perimeter).collect();
    for Contact {
        a,
        b,
        shared,
        gap,
        at,
        crossings,
        cross_at,
    } in contacts(shapes, tolerance, reach)
    {
        if let Some(p) = cross_at {
            findings.push(Finding {
                kind: "overlap",
                areas: (name(a), name(b)),
                at: p,
                nearness: shared,
                message: format!(
                    "overlap: their borders cross {crossings} time{} (a drawing error in the file, or shapes simplified apart); {}",
                    if crossings == 1 { "" } else { "s" },
                    if shared >= min_border {
                        "neighbours, as they share a border"
                    } else {
                        "not neighbours"
                    }
                ),
            });
        }
        // A border is long enough when it reaches the least for the map, or
        // a good part of the smaller area's outline (an enclave, a city
        // state: its whole outline is the border).
        let smaller = perimeters[a].min(perimeters[b]);
        let part = smaller * ENCLAVE_SHARE;
        if shared >= min_border || (shared > tolerance * 10.0 && shared >= part) {
            neighbours[a].insert(b);
            neighbours[b].insert(a);
            continue;
        }
        // A border shorter than ten tolerances is a point.
        let (kind, message) = if shared > tolerance * 10.0 {
            (
                "short-border",
                format!(
                    "share a border of {shared:.3}, under both the least for the map ({min_border:.3}) \
                     and a quarter of the smaller area's outline ({part:.3}): not neighbours (lower \
                     --min-border to make them so)"
                ),
            )
        } else if gap <= tolerance {
            (
                "corner-contact",
                "touch only at a point: not neighbours".to_string(),
            )
        } else {
            (
                "near-miss",
                format!("come within {gap:.3} of each other without touching: not neighbours"),
            )
        };
        findings.push(Finding {
            kind,
            areas: (name(a), name(b)),
            at,
            message,
            nearness: match kind {
                "short-border" => shared,
                "near-miss" => -gap,
                _ => 0.0,
            },
        });
    }
    Borders {
        neighbours,
        findings,
        min_border,
    }
}

/// The contacts of `shapes` that are not borders (near misses, corners,
/// short borders, overlaps), as [`import`] finds them: what explains a
/// refused import.
pub fn border_findings(shapes: &[Shape], min_border: Option<f64>) -> Vec<Finding> {
    land_borders(shapes, min_border).findings
}

/// A map of `shapes` (planar coordinates, y down).
pub fn import(shapes: &[Shape], options: &Options) -> Result<Imported, ImportError> {
    for s in shapes {
        if !valid_id(&s.id) {
            return Err(ImportError::BadId(s.id.clone()));
        }
    }
    let Borders {
        mut neighbours,
        mut findings,
        min_border,
    } = land_borders(shapes, options.min_border);
    let n = shapes.len();
    let name = |i: usize| shapes[i].id.clone();
    let index: BTreeMap<&str, usize> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let mut links = BTreeSet::new();
    for (x, y) in &options.links {
        let (Some(&i), Some(&j)) = (index.get(x.as_str()), index.get(y.as_str())) else {
            return Err(ImportError::UnknownLink(x.clone(), y.clone()));
        };
        if i != j && !neighbours[i].contains(&j) {
            neighbours[i].insert(j);
            neighbours[j].insert(i);
            links.insert((i.min(j), i.max(j)));
        }
    }
    // A pair a link joins is neighbours whatever their shapes say: what
    // would tell why they are not (a near miss, a corner, a short border)
    // is left out; an overlap, a drawing error, stays.
    let linked: BTreeSet<(&str, &str)> = options
        .links
        .iter()
        .flat_map(|(x, y)| [(x.as_str(), y.as_str()), (y.as_str(), x.as_str())])
        .collect();
    findings.retain(|f| {
        f.kind == "overlap" || !linked.contains(&(f.areas.0.as_str(), f.areas.1.as_str()))
    });
    let islands: Vec<usize> = (0..n).filter(|&i| neighbours[i].is_empty()).collect();
    if !islands.is_empty() && !options.immune_islands && n > 1 {
        return Err(ImportError::Islands(
            islands.iter().map(|&i| name(i)).collect(),
        ));
    }
    let groups = pieces(&neighbours);
    if groups.len() > 1 {
        return Err(ImportError::Apart(
            groups
                .iter()
                .map(|g| g.iter().map(|&i| name(i)).collect())
                .collect(),
        ));
    }
    let centres: Vec<Point> = shapes.iter().map(Shape::centre).collect();
    let (region_ids, region_of) = match &options.regions {
        Regions::FromProperty => {
            let mut ids: Vec<String> = Vec::new();
            let of = shapes
                .iter()
                .map(|s| {
                    let r = s.region.clone().unwrap_or_default();
                    ids.iter().position(|x| *x == r).unwrap_or_else(|| {
                        ids.push(r);
                        ids.len() - 1
                    })
                })
                .collect();
            (ids, of)
        }
        Regions::Split(k) => {
            if *k == 0 || *k > n {
                return Err(ImportError::RegionCount(*k, n));
            }
            let of = split(&neighbours, &centres, *k);
            (
                PALETTE[..*k]
                    .iter()
                    .map(|(name, _)| name.to_string())
                    .collect(),
                of,
            )
        }
    };
    let pairs: Vec<(String, String)> = (0..n)
        .flat_map(|a| {
            neighbours[a]
                .iter()
                .filter(move |&&b| b > a)
                .map(move |&b| (a, b))
        })
        .map(|(a, b)| (name(a), name(b)))
        .collect();
    let uneven = match options.regions {
        Regions::FromProperty => None,
        Regions::Split(k) => {
            let mut size = vec![0usize; k];
            for &r in &region_of {
                size[r] += 1;
            }
            let (least, most) = (size.iter().min(), size.iter().max());
            least
                .zip(most)
                .filter(|(l, m)| **m > **l + 1)
                .map(|(l, m)| (*l, *m))
        }
    };
    let toml = write_map(
        shapes,
        options,
        &neighbours,
        &links,
        &islands,
        (&region_ids, &region_of),
        &centres,
        min_border,
    );
    Ok(Imported {
        toml,
        pairs,
        findings,
        min_border,
        islands: islands.iter().map(|&i| name(i)).collect(),
        uneven,
    })
}

/// The groups of areas with neighbours that reach each other, each in
/// ascending order, the groups by their first area.
fn pieces(neighbours: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    let n = neighbours.len();
    let mut seen = vec![false; n];
    let mut groups = Vec::new();
    for start in (0..n).filter(|&a| !neighbours[a].is_empty()) {
        if seen[start] {
            continue;
        }
        let d = hops(neighbours, &[start]);
        let group: Vec<usize> = (0..n).filter(|&a| d[a] != usize::MAX).collect();
        for &a in &group {
            seen[a] = true;
        }
        groups.push(group);
    }
    groups
}

/// Hops from the areas `from` to every area (`usize::MAX`: unreachable).
fn hops(neighbours: &[BTreeSet<usize>], from: &[usize]) -> Vec<usize> {
    let mut d = vec![usize::MAX; neighbours.len()];
    let mut queue: VecDeque<usize> = from.iter().copied().collect();
    for &s in from {
        d[s] = 0;
    }
    while let Some(a) = queue.pop_front() {
        for &b in &neighbours[a] {
            if d[b] == usize::MAX {
                d[b] = d[a] + 1;
                queue.push_back(b);
            }
        }
    }
    d
}

/// Regions grown from `seeds`, one area at a time, the smallest region
/// that can grow (then the lowest) taking its lowest free neighbour; areas
/// no seed reaches stay `usize::MAX`.
fn grow(neighbours: &[BTreeSet<usize>], seeds: &[usize]) -> Vec<usize> {
    let n = neighbours.len();
    let mut region = vec![usize::MAX; n];
    for (r, &s) in seeds.iter().enumerate() {
        region[s] = r;
    }
    // Each region's free neighbours (some taken since: skipped when met),
    // and the regions that may still grow, by size.
    let mut frontier: Vec<BinaryHeap<Reverse<usize>>> = seeds
        .iter()
        .map(|&s| neighbours[s].iter().map(|&b| Reverse(b)).collect())
        .collect();
    let mut growing: BTreeSet<(usize, usize)> = (0..seeds.len()).map(|r| (1, r)).collect();
    while let Some((size, r)) = growing.pop_first() {
        while frontier[r]
            .peek()
            .is_some_and(|&Reverse(b)| region[b] != usize::MAX)
        {
            frontier[r].pop();
        }
        // A region with no free neighbour never gets one again.
        let Some(Reverse(b)) = frontier[r].pop() else {
            continue;
        };
        region[b] = r;
        frontier[r].extend(
            neighbours[b]
                .iter()
                .filter(|&&c| region[c] == usize::MAX)
                .map(|&c| Reverse(c)),
        );
        growing.insert((size + 1, r));
    }
    region
}

/// The area of `members` with the fewest hops to the others (then the
/// lowest), counting `n` hops for one it cannot reach.
fn middle(neighbours: &[BTreeSet<usize>], members: &[usize], in_region: &[bool]) -> Option<usize> {
    let n = neighbours.len();
    let mut d = vec![usize::MAX; n];
    let mut touched = Vec::new();
    let mut best: Option<(usize, usize)> = None;
    for &a in members {
        // Hops from `a`, stopping once every member is reached or the
        // sum can no longer beat the best.
        for &t in &touched {
            d[t] = usize::MAX;
        }
        touched.clear();
        d[a] = 0;
        touched.push(a);
        let mut queue = VecDeque::from([a]);
        let (mut reached, mut sum) = (1, 0usize);
        while let Some(x) = queue.pop_front() {
            if reached == members.len() || best.is_some_and(|(b, _)| sum > b) {
                break;
            }
            for &y in &neighbours[x] {
                if d[y] == usize::MAX {
                    d[y] = d[x] + 1;
                    touched.push(y);
                    queue.push_back(y);
                    if in_region[y] {
                        reached += 1;
                        sum += d[y];
                    }
                }
            }
        }
        sum += (members.len() - reached) * n;
        if best.is_none_or(|(b, _)| sum < b) {
            best = Some((sum, a));
        }
    }
    best.map(|(_, a)| a)
}

/// `k` contiguous regions of even size. Seeds start far apart in
/// the neighbour graph; then, a few times over, the regions are grown
/// from the seeds and each seed moves to its region's centre (the area
/// with the fewest hops to the rest), so no region is boxed in at an edge.
/// Areas no seed reaches (islands) join the region of the nearest seed;
/// then the regions are evened out ([`rebalance`]).
fn split(neighbours: &[BTreeSet<usize>], centres: &[Point], k: usize) -> Vec<usize> {
    let n = neighbours.len();
    // Seeds are areas with neighbours (islands join a region at the end).
    let mut candidates: Vec<usize> = (0..n).filter(|&a| !neighbours[a].is_empty()).collect();
    if candidates.len() < k {
        candidates = (0..n).collect();
    }
    // The split grown from each of a few first seeds spread over the map
    // (up to 16 for a map of 100 areas, fewer for larger ones, one from
    // 800 areas: each try costs about as much as the areas), the most
    // even kept (the smallest gap
    // between the largest region and the smallest, then the least spread
    // of sizes; ties: the first tried).
    let tries = (SPLIT_WORK / n.max(1))
        .clamp(1, SPLIT_TRIES)
        .min(candidates.len());
    let spread = |region: &[usize]| {
        let mut sizes = vec![0usize; k];
        for &r in region {
            if r < k {
                sizes[r] += 1;
            }
        }
        let (lo, hi) = (
            sizes.iter().min().copied().unwrap_or(0),
            sizes.iter().max().copied().unwrap_or(0),
        );
        (hi - lo, sizes.iter().map(|&s| s * s).sum::<usize>())
    };
    (0..tries)
        .map(|t| {
            split_from(
                neighbours,
                centres,
                k,
                &candidates,
                candidates[t * candidates.len() / tries],
            )
        })
        .min_by_key(|region| spread(region))
        .expect("at least one try")
}

/// First seeds [`split`] tries, at most.
const SPLIT_TRIES: usize = 16;
/// Areas times tries [`split`] spends at most.
const SPLIT_WORK: usize = 1600;

/// [`split`] with the seeds grown from `start`: the first seed is the
/// candidate farthest from it, each next the farthest from those before.
fn split_from(
    neighbours: &[BTreeSet<usize>],
    centres: &[Point],
    k: usize,
    candidates: &[usize],
    start: usize,
) -> Vec<usize> {
    let n = neighbours.len();
    // The candidate farthest from `d`'s sources (another piece of the map
    // first; ties: the lower index).
    let far = |d: &[usize], skip: &[usize]| {
        candidates
            .iter()
            .copied()
            .filter(|i| !skip.contains(i))
            .max_by_key(|&i| (d[i], std::cmp::Reverse(i)))
            .expect("fewer seeds than areas")
    };
    let mut seeds = vec![far(&hops(neighbours, &[start]), &[])];
    while seeds.len() < k {
        let next = far(&hops(neighbours, &seeds), &seeds);
        seeds.push(next);
    }
    let mut region = grow(neighbours, &seeds);
    for _ in 0..8 {
        let moved: Vec<usize> = (0..k)
            .map(|r| {
                let in_region: Vec<bool> = region.iter().map(|&x| x == r).collect();
                let members: Vec<usize> = (0..n).filter(|&a| in_region[a]).collect();
                middle(neighbours, &members, &in_region).unwrap_or(seeds[r])
            })
            .collect();
        if moved == seeds {
            break;
        }
        seeds = moved;
        region = grow(neighbours, &seeds);
    }
    for a in 0..n {
        if region[a] == usize::MAX {
            let dist = |s: usize| {
                (centres[a][0] - centres[s][0]).powi(2) + (centres[a][1] - centres[s][1]).powi(2)
            };
            region[a] = (0..k)
                .min_by(|&x, &y| dist(seeds[x]).total_cmp(&dist(seeds[y])))
                .expect("k > 0");
        }
    }
    rebalance(neighbours, &mut region, k);
    region
}

/// Whether the areas of region `r` other than `without` are one piece
/// (areas without neighbours, islands, aside: they never hold a region
/// together or apart).
fn connected_without(
    neighbours: &[BTreeSet<usize>],
    region: &[usize],
    r: usize,
    without: usize,
) -> bool {
    let members: Vec<usize> = (0..region.len())
        .filter(|&a| region[a] == r && a != without && !neighbours[a].is_empty())
        .collect();
    let Some(&start) = members.first() else {
        return false;
    };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(a) = queue.pop_front() {
        for &b in &neighbours[a] {
            if b != without && region[b] == r && seen.insert(b) {
                queue.push_back(b);
            }
        }
    }
    seen.len() == members.len()
}

/// The area region `from` can give to region `to` (a neighbour of `to`
/// whose leaving keeps `from` in one piece): the one with the most
/// neighbours in `to`, then the lowest.
fn giveable(
    neighbours: &[BTreeSet<usize>],
    region: &[usize],
    from: usize,
    to: usize,
) -> Option<usize> {
    let mut candidates: Vec<(usize, usize)> = (0..region.len())
        .filter(|&a| region[a] == from)
        .filter_map(|a| {
            let inside = neighbours[a].iter().filter(|&&b| region[b] == to).count();
            (inside > 0).then_some((inside, a))
        })
        .collect();
    candidates.sort_by_key(|&(inside, a)| (Reverse(inside), a));
    candidates
        .into_iter()
        .map(|(_, a)| a)
        .find(|&a| connected_without(neighbours, region, from, a))
}

/// Evens out the regions' sizes until the largest is at most one area
/// larger than the smallest, or no more can be done without cutting a
/// region in two. Each step takes the smallest region (then the lowest)
/// and the nearest region at least two areas larger that can reach it
/// through regions that each give an area to the next (a chain of moves
/// that leaves the regions between with their size), and makes the moves,
/// from the small region's end; a chain that would cut a region is undone
/// and the next tried.
fn rebalance(neighbours: &[BTreeSet<usize>], region: &mut [usize], k: usize) {
    loop {
        let mut size = vec![0usize; k];
        for &r in region.iter() {
            size[r] += 1;
        }
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&r| (size[r], r));
        let improved = order.iter().any(|&small| {
            // Regions that can pass an area on towards `small`, nearest
            // first: toward[t] is where t gives its area.
            let mut toward = vec![usize::MAX; k];
            toward[small] = small;
            let mut queue = VecDeque::from([small]);
            while let Some(u) = queue.pop_front() {
                for t in 0..k {
                    if toward[t] != usize::MAX || giveable(neighbours, region, t, u).is_none() {
                        continue;
                    }
                    toward[t] = u;
                    if size[t] >= size[small] + 2 && chain(neighbours, region, &toward, t, small) {
                        return true;
                    }
                    queue.push_back(t);
                }
            }
            false
        });
        if !improved {
            return;
        }
    }
}

/// Makes the moves of the chain from `start` to `end` along `toward`, the
/// last first; undoes them and says false when one cannot be made.
fn chain(
    neighbours: &[BTreeSet<usize>],
    region: &mut [usize],
    toward: &[usize],
    start: usize,
    end: usize,
) -> bool {
    let mut path = vec![start];
    while *path.last().expect("the path has a start") != end {
        path.push(toward[*path.last().expect("the path has a start")]);
    }
    let mut made: Vec<(usize, usize)> = Vec::new();
    for step in path.windows(2).rev() {
        let (from, to) = (step[0], step[1]);
        match giveable(neighbours, region, from, to) {
            Some(a) => {
                region[a] = to;
                made.push((a, from));
            }
            None => {
                for (a, from) in made.into_iter().rev() {
                    region[a] = from;
                }
                return false;
            }
        }
    }
    true
}

/// A TOML string.
fn quoted(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The map file.
#[allow(clippy::too_many_arguments)]
fn write_map(
    shapes: &[Shape],
    options: &Options,
    neighbours: &[BTreeSet<usize>],
    links: &BTreeSet<(usize, usize)>,
    islands: &[usize],
    (region_ids, region_of): (&[String], &[usize]),
    centres: &[Point],
    min_border: f64,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Imported by `rollx import` from {}: {} areas, neighbours where two shapes share\n\
         # a border of at least {min_border:.3} (map units). Check it with `rollx check`.\n",
        options.source,
        shapes.len()
    );
    let _ = writeln!(
        s,
        "[map]\nid = {}\nname = {}\ndescription = {}\nversion = \"0.1\"\n",
        quoted(&options.id),
        quoted(&options.name),
        quoted(&format!(
            "{} in {}, imported from {}.",
            crate::text::count(shapes.len(), "area"),
            crate::text::count(region_ids.len(), "region"),
            options.source
        ))
    );
    let _ = writeln!(s, "[rules]\npreset = \"rolling-america\"");
    // The bag holds a die per region and the wild die; a round rolls an
    // even number of them, six at most.
    let bag = region_ids.len() + 1;
    if bag < 6 {
        let _ = writeln!(s, "dice_per_round = {}", bag - bag % 2);
    }
    s.push('\n');
    for (r, id) in region_ids.iter().enumerate() {
        let _ = writeln!(
            s,
            "[[regions]]\nid = {}\ncolor = \"{}\"\n",
            quoted(id),
            PALETTE[r % PALETTE.len()].1
        );
    }
    // Positions in about 24 units across, y down, as the file has them.
    let b = bounds(shapes);
    let scale = 24.0 / (b[2] - b[0]).max(b[3] - b[1]).max(f64::MIN_POSITIVE);
    for (r, region) in region_ids.iter().enumerate() {
        let _ = writeln!(s, "# Region {region}\n");
        for (i, shape) in shapes
            .iter()
            .enumerate()
            .filter(|(i, _)| region_of[*i] == r)
        {
            let _ = writeln!(s, "[[areas]]\nid = {}", quoted(&shape.id));
            if let Some(name) = &shape.name {
                let _ = writeln!(s, "name = {}", quoted(name));
            }
            let list: Vec<String> = neighbours[i]
                .iter()
                .map(|&j| quoted(&shapes[j].id))
                .collect();
            let _ = writeln!(
                s,
                "region = {}\nneighbors = [{}]",
                quoted(region),
                list.join(", ")
            );
            if islands.contains(&i) {
                s.push_str("immune = true\n");
            }
            let _ = writeln!(
                s,
                "x = {:.1}\ny = {:.1}\n",
                (centres[i][0] - b[0]) * scale,
                (centres[i][1] - b[1]) * scale
            );
        }
    }
    for &(a, b) in links {
        let _ = writeln!(
            s,
            "[[links]]\nbetween = [{}, {}]\n",
            quoted(&shapes[a].id),
            quoted(&shapes[b].id)
        );
    }
    // The areas' names in other languages (`name_ja`): one table each.
    let mut langs: Vec<crate::lang::Lang> = shapes
        .iter()
        .flat_map(|sh| sh.names.iter().map(|(l, _)| *l))
        .collect();
    langs.sort();
    langs.dedup();
    for lang in langs {
        let _ = writeln!(s, "[names.{}.areas]", lang.code());
        for shape in shapes {
            if let Some((_, name)) = shape.names.iter().find(|(l, _)| *l == lang) {
                let _ = writeln!(s, "{} = {}", quoted(&shape.id), quoted(name));
            }
        }
        s.push('\n');
    }
    s
}
