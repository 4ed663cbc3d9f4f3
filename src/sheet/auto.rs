//! An automatic node-and-link layout for maps without geometry: a
//! deterministic force-directed placement (Fruchterman-Reingold), so that a
//! map with no drawing still prints as a clean diagram.

use crate::map::Map;

/// A position in `0..=1` x `0..=1` for every area.
pub fn layout(map: &Map) -> Vec<(f32, f32)> {
    let n = map.areas.len();
    if n == 1 {
        return vec![(0.5, 0.5)];
    }
    // Start on a circle in declaration order: deterministic.
    let mut pos: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            (0.5 + 0.4 * a.cos(), 0.5 + 0.4 * a.sin())
        })
        .collect();
    let edges = map.edges();
    let k = (1.0 / n as f32).sqrt();
    let mut temp = 0.1;
    for _ in 0..300 {
        let mut disp = vec![(0.0f32, 0.0f32); n];
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                    let d = (dx * dx + dy * dy).sqrt().max(1e-4);
                    let f = k * k / d;
                    disp[i].0 += dx / d * f;
                    disp[i].1 += dy / d * f;
                }
            }
        }
        for &(a, b) in &edges {
            let (i, j) = (a.index(), b.index());
            let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-4);
            let f = d * d / k;
            disp[i].0 -= dx / d * f;
            disp[i].1 -= dy / d * f;
            disp[j].0 += dx / d * f;
            disp[j].1 += dy / d * f;
        }
        for (p, d) in pos.iter_mut().zip(&disp) {
            let len = (d.0 * d.0 + d.1 * d.1).sqrt().max(1e-6);
            p.0 += d.0 / len * len.min(temp);
            p.1 += d.1 / len * len.min(temp);
        }
        temp *= 0.985;
    }
    // Fit into the unit square.
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in &pos {
        x0 = x0.min(p.0);
        y0 = y0.min(p.1);
        x1 = x1.max(p.0);
        y1 = y1.max(p.1);
    }
    let (w, h) = ((x1 - x0).max(1e-6), (y1 - y0).max(1e-6));
    pos.iter()
        .map(|p| ((p.0 - x0) / w, (p.1 - y0) / h))
        .collect()
}
