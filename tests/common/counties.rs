//! Generated counties shaped like real ones, for the import's tests and
//! benchmark: a fine lattice of small cells is grown into counties of
//! uneven size (six to ten cells, some far more), and the counties into
//! states, so that counties have from two to a dozen neighbours, a few
//! lie wholly inside another (enclaves, the outer county with a hole), and
//! every border wanders: each cell side is bent through a few points that
//! both counties share, as boundary files are. Coordinates are degrees of
//! longitude and latitude, so the import projects them as it does real
//! files.
//!
//! Everything is a pure function of the sizes and the seed.

#![allow(dead_code)] // Each user takes its own part.

use std::collections::{BTreeMap, VecDeque};

/// A small deterministic generator (SplitMix64).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A hash of a lattice point, in [0, 1).
fn unit(x: i64, y: i64, salt: u64) -> f64 {
    let mut m = Mix((x as u64).wrapping_mul(0x1000_0000_01B3) ^ (y as u64) ^ (salt << 40));
    m.next();
    (m.next() >> 11) as f64 / (1u64 << 53) as f64
}

/// Grows `count` groups over the cells of a `w` x `h` lattice (cells
/// `owner[c] == usize::MAX` are free; `allowed(c, group)` limits a group),
/// each from a random free seed, the smallest group taking a random free
/// neighbour cell next; cells no group reaches join a neighbouring group.
fn grow(
    w: usize,
    h: usize,
    seeds: &[usize],
    mix: &mut Mix,
    sizes: &[usize],
    same: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let n = w * h;
    let mut owner = vec![usize::MAX; n];
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new(); seeds.len()];
    let mut size = vec![1usize; seeds.len()];
    let around = |c: usize| {
        let (x, y) = (c % w, c / w);
        let mut v = Vec::with_capacity(4);
        if x > 0 {
            v.push(c - 1);
        }
        if x + 1 < w {
            v.push(c + 1);
        }
        if y > 0 {
            v.push(c - w);
        }
        if y + 1 < h {
            v.push(c + w);
        }
        v
    };
    for (g, &s) in seeds.iter().enumerate() {
        owner[s] = g;
        frontier[g].extend(around(s));
    }
    let mut queue: VecDeque<usize> = (0..seeds.len()).collect();
    while let Some(g) = queue.pop_front() {
        if size[g] >= sizes[g] {
            continue;
        }
        let mut took = false;
        while !frontier[g].is_empty() {
            let i = mix.below(frontier[g].len());
            let c = frontier[g].swap_remove(i);
            if owner[c] == usize::MAX && same(c, seeds[g]) {
                owner[c] = g;
                size[g] += 1;
                frontier[g].extend(around(c));
                took = true;
                break;
            }
        }
        if took {
            queue.push_back(g);
        }
    }
    // Cells left over join a neighbouring group (repeat until none left).
    loop {
        let mut left = false;
        for c in 0..n {
            if owner[c] == usize::MAX {
                match around(c).into_iter().find(|&d| owner[d] != usize::MAX) {
                    Some(d) => owner[c] = owner[d],
                    None => left = true,
                }
            }
        }
        if !left {
            return owner;
        }
    }
}

/// One generated county.
pub struct County {
    /// Its id (five digits, like a FIPS code).
    pub geoid: String,
    /// Its state (two digits).
    pub state: String,
    /// Its rings in degrees, outer rings counter-clockwise (y up), holes
    /// clockwise, each closed (first point repeated).
    pub rings: Vec<Vec<[f64; 2]>>,
}

/// About `target` counties in about `states` states, from `seed`.
pub fn counties(target: usize, states: usize, seed: u64) -> Vec<County> {
    // Counties of eight cells on average.
    let cells = target * 8;
    let w = ((cells as f64) * 1.6).sqrt().round() as usize;
    let h = cells.div_ceil(w);
    let mut mix = Mix(seed);
    // States first: coarse groups of the lattice.
    let state_seeds = distinct(&mut mix, w * h, states);
    let state_sizes = vec![usize::MAX; states];
    let state = grow(w, h, &state_seeds, &mut mix, &state_sizes, |_, _| true);
    // Counties inside states; sizes from 4 to 12 cells, a few of 30.
    let county_seeds = distinct(&mut mix, w * h, target);
    let sizes: Vec<usize> = (0..target)
        .map(|_| {
            if mix.below(40) == 0 {
                30
            } else {
                4 + mix.below(9)
            }
        })
        .collect();
    let owner = grow(w, h, &county_seeds, &mut mix, &sizes, |c, s| {
        state[c] == state[s]
    });
    // Renumber counties by their first cell, dropping any that lost every
    // cell (a seed taken over is impossible, but keep it robust).
    let mut number: BTreeMap<usize, usize> = BTreeMap::new();
    for &o in &owner {
        let next = number.len();
        number.entry(o).or_insert(next);
    }
    let groups = number.len();
    let owner: Vec<usize> = owner.iter().map(|o| number[o]).collect();
    let mut county_state = vec![0usize; groups];
    for c in 0..w * h {
        county_state[owner[c]] = state[c];
    }
    (0..groups)
        .map(|g| County {
            geoid: format!("{:05}", 1001 + g),
            state: format!("{:02}", 1 + county_state[g]),
            rings: trace(w, h, &owner, g, seed),
        })
        .collect()
}

/// `k` distinct cells.
fn distinct(mix: &mut Mix, n: usize, k: usize) -> Vec<usize> {
    let mut taken = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(k);
    while out.len() < k {
        let c = mix.below(n);
        if taken.insert(c) {
            out.push(c);
        }
    }
    out
}

/// A lattice corner in degrees, moved a little (the same for every county
/// that shares it).
fn corner(x: i64, y: i64, seed: u64) -> [f64; 2] {
    let (dx, dy) = (unit(x, y, seed) - 0.5, unit(x, y, seed + 1) - 0.5);
    to_degrees(x as f64 + dx * 0.5, y as f64 + dy * 0.5)
}

fn to_degrees(x: f64, y: f64) -> [f64; 2] {
    // A cell is about 0.12 degrees; the lattice sits over the middle of a
    // continent, north up (lattice y grows southwards).
    let lon = -120.0 + x * 0.12;
    let lat = 49.0 - y * 0.09;
    [(lon * 1e4).round() / 1e4, (lat * 1e4).round() / 1e4]
}

/// The points along the side from lattice corner `a` to `b` (excluding
/// `b`), bent the same way whichever county walks it.
fn side(a: (i64, i64), b: (i64, i64), seed: u64) -> Vec<[f64; 2]> {
    const BENDS: usize = 3;
    let forward = a <= b;
    let (p, q) = if forward { (a, b) } else { (b, a) };
    let (cp, cq) = (corner(p.0, p.1, seed), corner(q.0, q.1, seed));
    let mut inner: Vec<[f64; 2]> = (1..=BENDS)
        .map(|i| {
            let t = i as f64 / (BENDS + 1) as f64;
            let off = (unit(p.0 * 2 + q.0, p.1 * 2 + q.1, seed + 7 + i as u64) - 0.5) * 0.025;
            let (dx, dy) = (cq[0] - cp[0], cq[1] - cp[1]);
            let x = cp[0] + dx * t - dy * off * 4.0;
            let y = cp[1] + dy * t + dx * off * 4.0;
            [(x * 1e4).round() / 1e4, (y * 1e4).round() / 1e4]
        })
        .collect();
    if !forward {
        inner.reverse();
    }
    let mut out = vec![corner(a.0, a.1, seed)];
    out.extend(inner);
    out
}

/// The rings of county `g`: its boundary sides chained into closed rings.
fn trace(w: usize, h: usize, owner: &[usize], g: usize, seed: u64) -> Vec<Vec<[f64; 2]>> {
    let own = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && owner[y as usize * w + x as usize] == g
    };
    // Directed sides with the county on their left in lattice coordinates
    // (y down): from each start corner, the sides leaving it.
    let mut out: BTreeMap<(i64, i64), Vec<(i64, i64)>> = BTreeMap::new();
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if !own(x, y) {
                continue;
            }
            if !own(x, y - 1) {
                out.entry((x + 1, y)).or_default().push((x, y));
            }
            if !own(x - 1, y) {
                out.entry((x, y)).or_default().push((x, y + 1));
            }
            if !own(x, y + 1) {
                out.entry((x, y + 1)).or_default().push((x + 1, y + 1));
            }
            if !own(x + 1, y) {
                out.entry((x + 1, y + 1)).or_default().push((x + 1, y));
            }
        }
    }
    let mut rings = Vec::new();
    while let Some((&start, _)) = out.iter().find(|(_, v)| !v.is_empty()) {
        let mut ring = Vec::new();
        let mut at = start;
        let mut came: Option<(i64, i64)> = None;
        loop {
            let nexts = out
                .get_mut(&at)
                .expect("a side leaves every corner reached");
            // Where the county touches itself at a corner, take the side
            // that turns most one way, so that each ring stays simple.
            let pick = match came {
                Some(from) if nexts.len() > 1 => {
                    let d_in = (at.0 - from.0, at.1 - from.1);
                    (0..nexts.len())
                        .max_by_key(|&i| {
                            let d = (nexts[i].0 - at.0, nexts[i].1 - at.1);
                            d_in.0 * d.1 - d_in.1 * d.0
                        })
                        .expect("non-empty")
                }
                _ => 0,
            };
            let next = nexts.swap_remove(pick);
            ring.extend(side(at, next, seed));
            came = Some(at);
            at = next;
            if at == start {
                break;
            }
        }
        let first = ring[0];
        ring.push(first);
        rings.push(ring);
    }
    rings
}

/// The counties as a GeoJSON FeatureCollection: each a Polygon (holes
/// after their outer ring) or a MultiPolygon, with `GEOID`, `NAME` and
/// `STATEFP` properties.
pub fn geojson(counties: &[County]) -> String {
    let features: Vec<serde_json::Value> = counties
        .iter()
        .map(|c| {
            let (outers, holes): (Vec<_>, Vec<_>) =
                c.rings.iter().partition(|r| signed_area(r) > 0.0);
            let mut polygons: Vec<Vec<&Vec<[f64; 2]>>> = outers.iter().map(|o| vec![*o]).collect();
            for hole in holes {
                // The hole belongs to the outer ring around its first point.
                let p = hole[0];
                let i = (0..polygons.len())
                    .find(|&i| inside(p, polygons[i][0]))
                    .unwrap_or(0);
                polygons[i].push(hole);
            }
            let geometry = if polygons.len() == 1 {
                serde_json::json!({"type": "Polygon", "coordinates": polygons[0]})
            } else {
                serde_json::json!({"type": "MultiPolygon", "coordinates": polygons})
            };
            serde_json::json!({
                "type": "Feature",
                "properties": {"GEOID": c.geoid, "NAME": format!("County {}", c.geoid), "STATEFP": c.state},
                "geometry": geometry,
            })
        })
        .collect();
    serde_json::json!({"type": "FeatureCollection", "features": features}).to_string()
}

/// Twice the signed area of a closed ring (positive: counter-clockwise
/// with y up).
fn signed_area(ring: &[[f64; 2]]) -> f64 {
    ring.windows(2)
        .map(|w| w[0][0] * w[1][1] - w[1][0] * w[0][1])
        .sum()
}

/// Whether `p` is inside the closed ring (even-odd).
fn inside(p: [f64; 2], ring: &[[f64; 2]]) -> bool {
    let mut c = false;
    for w in ring.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            c = !c;
        }
    }
    c
}
