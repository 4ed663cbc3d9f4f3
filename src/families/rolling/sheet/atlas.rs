//! An atlas map on a sheet: the real shapes filled with their regions'
//! colours, region borders heavier than the borders within a region, and
//! a writing box for each area: inside the area where a box fits (around
//! its pole of inaccessibility), else a callout, a box in free space (the
//! sea, the margin) joined to its area by a leader line, the way election
//! maps label the small north-eastern states.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::draw::{INK, SOFT, Sheet};
use super::inset::{self, Ground, Inset};
use super::layout::About;
use super::mono::hatch;
use crate::diag::Diagnostic;
use crate::geom::geojson::ring_area;
use crate::geom::polygon;
use crate::print::{Capacity, Drawing, LeaderView, MAX_LEADER_MM};
use crate::rolling::map::{AreaId, Atlas, InsetChoice};
use crate::scene::{Item, Path, Point, Rect, Seg, Stroke, Style};

/// The gap kept between a callout box and the land or another box, as a
/// share of the box's side.
pub(super) const GAP: f64 = 0.18;
/// The margin kept around the shapes for callouts, in box sides.
pub(super) const MARGIN: f64 = 1.2;
/// The room a box inside its area keeps from the border, as a share of
/// half its side.
pub(super) const INSIDE: f64 = 1.04;
/// Passes of swapping callouts ([`untangle`]).
const UNTANGLE_PASSES: usize = 6;
/// Callout places tried for each area, nearest first.
const TRIES: usize = 400;
/// What a leader line crossing one border of another area costs, in box
/// sides.
const CROSSING: f64 = 3.0;
/// The length of leader line, in box sides, that costs as much as a
/// callout when the sheet chooses its inset.
const LEADER_COST: f64 = 4.0;
/// The longest leader line the print checks allow, in points.
const MAX_LEADER: f64 = MAX_LEADER_MM / 25.4 * 72.0;
/// What a box that finds no free place costs, in callouts.
const STRANDED_COST: f64 = 20.0;
/// What a callout farther from its area than the print checks allow
/// costs, in callouts, besides its leader's length.
const FAR_COST: f64 = 10.0;
/// What two crossing leader lines cost, in box sides.
const LEADERS_CROSSING: f64 = 8.0;

/// A point of the page, in points (y down).
type Pt = crate::geom::Point;

/// A point rounded to a 64th of a point, to find edges two areas share.
type Key = (i64, i64);

/// An area's bounding box and border edges.
type AreaEdges = ([f64; 4], Vec<(Pt, Pt)>);

/// Where an area's writing box goes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Place {
    /// Inside the area, centred here.
    Inside(Pt),
    /// In free space, centred here, with a leader line to `anchor`.
    Callout { at: Pt, anchor: Pt },
}

impl Place {
    /// A callout's leader line, for boxes of half-side `h`: from the
    /// anchor to the nearest point of the box's side.
    pub(super) fn leader(&self, h: f64) -> Option<(Pt, Pt)> {
        match *self {
            Place::Callout { at, anchor } => Some((anchor, nearest_on_square(at, h, anchor))),
            Place::Inside(_) => None,
        }
    }

    /// Whether it is a callout that found no free place: its box lies on
    /// its area, over whatever is there.
    fn stranded(&self) -> bool {
        matches!(*self, Place::Callout { at, anchor } if at == anchor)
    }

    /// The box's centre.
    fn centre(&self) -> Pt {
        match *self {
            Place::Inside(c) | Place::Callout { at: c, .. } => c,
        }
    }
}

impl Sheet<'_> {
    pub(super) fn atlas_map(&mut self, atlas: &Atlas, bounds: Rect) {
        // The least box of the template, larger if the codes need it.
        let mut size = self.t.min_box.max(1.0);
        self.fit_codes(size);
        while self.code_size + 1e-3 < self.t.fonts.code && size < self.t.max_box {
            size += 0.25;
            self.fit_codes(size);
        }
        self.box_size = size;
        let n = self.map.areas.len();
        self.capacity = Capacity::Diagram {
            areas: n,
            max_areas: n,
        };
        let s = f64::from(size);
        let plan = plan(atlas, bounds, s);
        let shapes = plan.shapes.clone();
        if let Some(refused) = plan.refused {
            self.canvas.refusals.push(refused);
        }
        self.shapes(&shapes);
        let lines = self.t.lines;
        for shown in &plan.insets {
            // The part the inset enlarges, marked on the map.
            self.canvas.about = About::Map;
            self.canvas.items.push(Item::Path(
                Path::rect(shown.inset.window_rect()),
                Style::stroke(Stroke::solid(INK, lines.area * 1.5)),
            ));
        }

        // Links: dashed lines between the areas' poles (hidden where the
        // inset or a box covers them).
        let h = s / 2.0;
        let box_of = |p: &Place| {
            let c = p.centre();
            Rect::new((c[0] - h) as f32, (c[1] - h) as f32, size, size)
        };
        let inset_covers: Vec<Vec<Rect>> = plan
            .insets
            .iter()
            .map(|i| i.places.iter().flatten().map(box_of).collect())
            .collect();
        let mut covers: Vec<Rect> = plan.places.iter().flatten().map(box_of).collect();
        for (shown, boxes) in plan.insets.iter().zip(&inset_covers) {
            covers.extend(boxes);
            covers.push(shown.inset.frame_rect());
        }
        let borders = Borders::new(&shapes);
        for link in &self.map.links {
            let (a, b) = (link.a.index(), link.b.index());
            let (path, crossed) =
                link_route(&borders, [a, b], plan.anchors[a], plan.anchors[b], bounds);
            let crossed: Vec<AreaId> = crossed.into_iter().map(|c| AreaId(c as u16)).collect();
            self.link(link.a, link.b, path, &covers, &crossed);
        }
        self.leaders(&plan.places);

        // Each inset: a white frame with the enlarged shapes, clipped to
        // it, and its own callouts.
        let mut frame_marks = Vec::new();
        for (k, (shown, inset_covers)) in plan.insets.iter().zip(&inset_covers).enumerate() {
            let inset = &shown.inset;
            let frame = inset.frame_rect();
            self.canvas.about = About::Map;
            self.canvas.items.push(Item::Path(
                Path::rect(frame),
                Style::fill(crate::scene::Rgb::WHITE),
            ));
            let drawn = inset.shapes(&shapes);
            let start = self.canvas.items.len();
            self.shapes(&drawn);
            // The links between two of its areas, again (clipped with the
            // shapes: a link may end on an island outside the frame).
            let inset_borders = Borders::new(&drawn);
            let anchors = &shown.anchors;
            for link in &self.map.links {
                let (a, b) = (link.a.index(), link.b.index());
                if inset.holds(a) && inset.holds(b) {
                    let (path, crossed) =
                        link_route(&inset_borders, [a, b], anchors[a], anchors[b], frame);
                    let crossed: Vec<AreaId> =
                        crossed.into_iter().map(|c| AreaId(c as u16)).collect();
                    self.link(link.a, link.b, path, inset_covers, &crossed);
                }
            }
            let inner: Vec<Item> = self.canvas.items.drain(start..).collect();
            self.canvas.items.push(Item::Clip(Path::rect(frame), inner));
            self.canvas.items.push(Item::Path(
                Path::rect(frame),
                Style::stroke(Stroke::solid(INK, lines.region * 0.6)),
            ));
            let name = if plan.insets.len() == 1 {
                "the inset".to_string()
            } else {
                format!("inset {}", k + 1)
            };
            frame_marks.push(self.mark(crate::print::MarkKind::Frame, name, frame, None));
            self.leaders(&shown.places);
        }
        // The boxes over everything.
        for (a, place) in plan.places.iter().enumerate() {
            if let Some(place) = place {
                self.writing_box(AreaId(a as u16), page_point(place.centre()), size, None);
            }
        }
        for (shown, &mark) in plan.insets.iter().zip(&frame_marks) {
            for (a, place) in shown.places.iter().enumerate() {
                if let Some(place) = place {
                    self.writing_box(
                        AreaId(a as u16),
                        page_point(place.centre()),
                        size,
                        Some(mark),
                    );
                }
            }
        }
    }

    /// The areas' `shapes` filled with their regions' colours (hatched in
    /// black and white), with their borders: an edge shared by two areas
    /// of one region a thin line, every other edge (between regions, or
    /// the coast) heavy.
    fn shapes(&mut self, shapes: &[Vec<Vec<Pt>>]) {
        // Lakes first: an area's holes that no area fills (an enclave
        // fills its own, drawn over) are water, not blank paper a writing
        // box could be taken for.
        if let crate::rolling::map::Layout::Atlas(atlas) = &self.map.layout {
            let mut lakes = Path::new();
            let mut waves = Path::new();
            for (rings, shape) in shapes.iter().zip(&atlas.shapes) {
                for (i, ring) in rings.iter().enumerate() {
                    if !shape.outers.contains(&i) {
                        let pts: Vec<Point> = ring.iter().map(|&p| page_point(p)).collect();
                        lakes.add_polygon(&pts);
                        // Two waves in its middle, where they fit.
                        let b = polygon::bounds(std::slice::from_ref(ring));
                        let side =
                            ((b[2] - b[0]).min(b[3] - b[1]) * 0.6).min(f64::from(self.box_size));
                        let c = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
                        if side > 3.0 && polygon::contains(std::slice::from_ref(ring), c) {
                            let (x, y) = ((c[0] - side / 2.0) as f32, (c[1] - side / 2.0) as f32);
                            waves
                                .segs
                                .extend(super::grid_map::waves(x, y, side as f32).segs);
                        }
                    }
                }
            }
            if !lakes.segs.is_empty() {
                let (fill, marks) = if self.mono {
                    (super::grid_map::WATER_MONO, super::grid_map::WAVES_MONO)
                } else {
                    (super::grid_map::WATER, super::grid_map::WAVES)
                };
                self.canvas.items.push(Item::Path(lakes, Style::fill(fill)));
                self.canvas.items.push(Item::Path(
                    waves,
                    Style::stroke(Stroke::solid(marks, self.t.lines.area * 1.2)),
                ));
            }
        }
        for (ri, region) in self.map.regions.iter().enumerate() {
            let mut path = Path::new();
            for &a in &region.areas {
                path.segs.extend(area_path(&shapes[a.index()]).segs);
            }
            self.canvas
                .items
                .push(Item::Path(path.clone(), Style::fill(self.colors[ri].1)));
            if self.mono
                && let Some(bb) = path.bounds()
            {
                self.canvas
                    .items
                    .push(Item::Clip(path, hatch(ri, bb, self.t.hatch_line())));
            }
        }
        let region_of = |a: usize| self.map.areas[a].region;
        let (thin, heavy) = border_lines(shapes, |a, b| region_of(a) == region_of(b));
        let lines = self.t.lines;
        self.canvas.items.push(Item::Path(
            thin,
            Style::stroke(Stroke::solid(SOFT, lines.area)),
        ));
        self.canvas.items.push(Item::Path(
            heavy,
            Style::stroke(Stroke::solid(INK, lines.region * 0.6)),
        ));
    }

    /// The leader lines of the callouts of `places`, with a dot on the
    /// area, recorded for the print checks.
    fn leaders(&mut self, places: &[Option<Place>]) {
        let h = f64::from(self.box_size) / 2.0;
        let lines = self.t.lines;
        let mut leader_path = Path::new();
        for (a, place) in places.iter().enumerate() {
            if let Some((anchor, end)) = place.and_then(|p| p.leader(h)) {
                let area = AreaId(a as u16);
                self.leaders.push(LeaderView {
                    area: self.map.area(area).id.clone(),
                    from: anchor,
                    to: end,
                    about: About::Area(area),
                });
                leader_path
                    .segs
                    .extend(Path::line(page_point(anchor), page_point(end)).segs);
                leader_path
                    .segs
                    .extend(Path::circle(page_point(anchor), lines.boxes * 1.6).segs);
            }
        }
        self.canvas.items.push(Item::Path(
            leader_path,
            Style::fill_stroke(INK, Stroke::solid(INK, lines.boxes * 0.8)),
        ));
    }
}

/// The shares of the map's place the map is drawn in when it is drawn
/// smaller to make room for an inset.
const SHRINK: [f32; 2] = [0.8, 0.65];

/// Where an atlas sheet's writing boxes go.
struct Plan {
    /// The areas' shapes on the main map, in page points.
    shapes: Vec<Vec<Vec<Pt>>>,
    /// The [`callout_cost`] of the layout as [`place_boxes`] makes it,
    /// before [`polish`] (what layouts are chosen by).
    cost: f64,
    /// How many callouts it has, on the main map and in the insets.
    callouts: usize,
    /// Each area's box on the main map (`None`: in an inset).
    places: Vec<Option<Place>>,
    /// Each area's anchor on the main map (its pole).
    anchors: Vec<Pt>,
    /// The insets, with their boxes (each area's box is in one at most).
    insets: Vec<Shown>,
    /// Why the inset the map names is not drawn.
    refused: Option<(Diagnostic, About)>,
    /// The writing boxes' side.
    s: f64,
}

/// An inset of a [`Plan`], with the writing boxes it holds.
#[derive(Clone)]
struct Shown {
    inset: Inset,
    /// Each area's box in the inset (`None`: elsewhere).
    places: Vec<Option<Place>>,
    /// The anchors in the inset of the areas laid out there (NaN for
    /// the others; read only for areas whose boxes are there).
    anchors: Vec<Pt>,
}

/// The most insets a sheet chooses itself.
const MAX_INSETS: usize = 2;

/// The rectangles the main map's callouts keep clear of: the frames of
/// `insets`, with the gap kept round boxes (`s` their side).
fn frames_kept(insets: &[Shown], s: f64) -> Vec<[f64; 4]> {
    let g = s * GAP;
    insets
        .iter()
        .map(|i| {
            let f = i.inset.frame;
            [f[0] - g, f[1] - g, f[2] + g, f[3] + g]
        })
        .collect()
}

impl Plan {
    /// The plan with its callouts [`polish`]ed, on the main map (whose
    /// place is `bounds`) and in each inset; its cost stays the rough one.
    fn polished(mut self, atlas: &Atlas, bounds: Rect) -> Plan {
        let n = self.shapes.len();
        let main = Stage::new(atlas, &self.shapes, bounds, self.s, &vec![true; n]);
        let keep_out = frames_kept(&self.insets, self.s);
        for shown in &mut self.insets {
            let inset = &shown.inset;
            let drawn = inset.shapes(&self.shapes);
            let in_inset: Vec<bool> = (0..n).map(|a| inset.holds(a)).collect();
            let enlarged = Stage::new(atlas, &drawn, inset.frame_rect(), self.s, &in_inset);
            polish(&enlarged, &[], &mut shown.places);
        }
        polish(&main, &keep_out, &mut self.places);
        self
    }

    /// Whether a callout, on the main map or in an inset, is farther from
    /// its area than the print checks allow or found no free place.
    fn troubled(&self) -> bool {
        troubled(&self.places, self.s) || self.insets.iter().any(|i| troubled(&i.places, self.s))
    }
}

/// Where the writing boxes of side `s` go on the map of `shapes` (page
/// points) in `bounds`: an inset as [`Atlas::inset`] says, the boxes of
/// its areas in it and every other box on the main map, clear of its
/// frame. The sheet's own choice is the candidate inset whose layout has
/// the least [`callout_cost`], kept only if that is at least
/// [`inset::MIN_GAIN`] below the cost without an inset. Layouts are
/// compared as [`place_boxes`] makes them; only the one returned is
/// [`polish`]ed.
fn plan(atlas: &Atlas, bounds: Rect, s: f64) -> Plan {
    let whole =
        plan_on(atlas, page_shapes(atlas, bounds, s), bounds, s, None).polished(atlas, bounds);
    if atlas.inset != InsetChoice::Auto || whole.callouts < 2 * inset::MIN_GAIN || !whole.troubled()
    {
        return whole;
    }
    // Some callout is too far from its area or finds no place, with the
    // inset the whole map has room for or without one: the map drawn
    // smaller in each corner, which frees the opposite one for a larger
    // inset (the options laid out in parallel), the cheapest kept if it
    // beats the whole map (ties: the first option).
    let beat = whole.cost;
    // Only where the smaller place still holds the margin kept round the
    // shapes (on a small page it may not).
    let margin = s * MARGIN;
    let options: Vec<(f32, usize)> = SHRINK
        .iter()
        .filter(|&&f| f64::from(bounds.w.min(bounds.h) * f) > 2.0 * margin)
        .flat_map(|&f| (0..4).map(move |k| (f, k)))
        .collect();
    let smaller: Vec<Plan> = options
        .into_par_iter()
        .map(|(shrink, k)| {
            let (w, h) = (bounds.w * shrink, bounds.h * shrink);
            let x = if k % 2 == 0 {
                bounds.x
            } else {
                bounds.right() - w
            };
            let y = if k < 2 { bounds.y } else { bounds.bottom() - h };
            let shapes = shapes_in(atlas, Rect::new(x, y, w, h), margin);
            plan_on(atlas, shapes, bounds, s, Some(beat))
        })
        .collect();
    let mut best: Option<Plan> = None;
    for plan in smaller {
        if !plan.insets.is_empty() && best.as_ref().map_or(beat, |b| b.cost) > plan.cost {
            best = Some(plan);
        }
    }
    best.map_or(whole, |b| b.polished(atlas, bounds))
}

/// [`plan`] for the map drawn as `shapes`: the sheet's own inset is kept
/// only if its layout's [`callout_cost`] is at least [`inset::MIN_GAIN`]
/// below `beat` (by default, the cost of these shapes without an inset;
/// when `beat` is given, the plan returned without an inset is not a
/// layout to print). The plan is not yet [`polish`]ed.
fn plan_on(
    atlas: &Atlas,
    shapes: Vec<Vec<Vec<Pt>>>,
    bounds: Rect,
    s: f64,
    beat: Option<f64>,
) -> Plan {
    let n = shapes.len();
    let all = vec![true; n];
    let main = Stage::new(atlas, &shapes, bounds, s, &all);
    let anchors = main.anchors();
    // Without `beat`, the layout without an inset, to fall back on and
    // to beat; with it, only which areas need callouts (in place, for
    // choosing the inset's areas: a drawing without an inset is never
    // kept).
    let base = match beat {
        None => place_boxes(&main, &all, &[]),
        Some(_) => main
            .poles
            .iter()
            .map(|p| {
                p.map(|(pole, fit)| match fit {
                    Some(c) => Place::Inside(c),
                    None => Place::Callout {
                        at: pole,
                        anchor: pole,
                    },
                })
            })
            .collect(),
    };
    let base_cost = callout_cost(&base, s);
    let without = |refused| {
        let places = base.clone();
        Plan {
            shapes: shapes.clone(),
            callouts: callouts(&places),
            places,
            anchors: anchors.clone(),
            insets: Vec::new(),
            refused,
            cost: base_cost,
            s,
        }
    };
    // An inset laid out: its boxes inside it, a box the frame has no
    // free place for going back to the main map.
    let lay = |mut inset: Inset| -> Shown {
        let drawn = inset.shapes(&shapes);
        let in_inset: Vec<bool> = (0..n).map(|a| inset.holds(a)).collect();
        let enlarged = Stage::new(atlas, &drawn, inset.frame_rect(), s, &in_inset);
        let mut places = place_boxes(&enlarged, &in_inset, &[]);
        let stranded: Vec<usize> = (0..n)
            .filter(|&a| places[a].is_some_and(|p| p.stranded()))
            .collect();
        if !stranded.is_empty() {
            inset.areas.retain(|a| !stranded.contains(a));
            let in_inset: Vec<bool> = (0..n).map(|a| inset.holds(a)).collect();
            places = place_boxes(&enlarged, &in_inset, &[]);
        }
        Shown {
            anchors: enlarged.anchors(),
            inset,
            places,
        }
    };
    // The main map's boxes beside the insets `insets`, and the cost of
    // them all.
    let beside = |insets: &[Shown]| -> (f64, Vec<Option<Place>>) {
        let on_main: Vec<bool> = (0..n)
            .map(|a| !insets.iter().any(|i| i.inset.holds(a)))
            .collect();
        let places = place_boxes(&main, &on_main, &frames_kept(insets, s));
        let cost = callout_cost(&places, s)
            + insets
                .iter()
                .map(|i| callout_cost(&i.places, s))
                .sum::<f64>();
        (cost, places)
    };
    // An inset found after others holds none of their areas.
    let apart = |mut inset: Inset, kept: &[Shown]| {
        inset
            .areas
            .retain(|&a| !kept.iter().any(|k| k.inset.holds(a)));
        inset
    };
    let with_insets = |kept: Vec<Shown>, (cost, places): (f64, Vec<Option<Place>>)| Plan {
        callouts: callouts(&places) + kept.iter().map(|i| callouts(&i.places)).sum::<usize>(),
        places,
        anchors: anchors.clone(),
        insets: kept,
        refused: None,
        cost,
        shapes: shapes.clone(),
        s,
    };
    let mut ground = Ground::new(&shapes, bounds, s, atlas);
    let candidates = match &atlas.inset {
        InsetChoice::None => return without(None),
        InsetChoice::Auto => inset::candidates(&ground, &base, &anchors),
        InsetChoice::Areas(groups) if groups.is_empty() => return without(None),
        InsetChoice::Areas(groups) => {
            // Each named inset in turn, in a corner the earlier ones leave.
            let mut kept: Vec<Shown> = Vec::new();
            for ids in groups {
                let areas: Vec<usize> = ids.iter().map(|a| a.index()).collect();
                match inset::fit(&ground, &areas) {
                    Ok(inset) => {
                        let shown = lay(apart(inset, &kept));
                        // An inset none of whose boxes has room in it is
                        // not drawn (its boxes are on the main map).
                        if !shown.inset.areas.is_empty() {
                            ground.take(shown.inset.frame);
                            kept.push(shown);
                        }
                    }
                    Err(zoom) => {
                        let about = ids.first().map_or(About::Map, |&a| About::Area(a));
                        let names: Vec<&str> =
                            areas.iter().map(|&a| atlas.shapes[a].id.as_str()).collect();
                        return without(Some((inset_refused(&names, zoom), about)));
                    }
                }
            }
            let laid = beside(&kept);
            return with_insets(kept, laid);
        }
    };
    // Each candidate laid out roughly ([`place_boxes`]), the cheapest
    // kept if it spares enough; while callouts on the main map still run
    // too far, another inset the same way, in a corner the first leaves
    // free, for the areas the first does not hold.
    let mut kept: Vec<Shown> = Vec::new();
    let mut now = (beat.unwrap_or(base_cost), base.clone());
    let mut candidates = candidates;
    loop {
        let mut best: Option<(f64, Vec<Option<Place>>, Shown)> = None;
        for inset in candidates {
            let mut tried = kept.clone();
            tried.push(lay(inset));
            let (cost, places) = beside(&tried);
            if best.as_ref().is_none_or(|b| cost < b.0) {
                let shown = tried.pop().expect("the inset tried");
                best = Some((cost, places, shown));
            }
        }
        let Some((cost, places, shown)) = best else {
            break;
        };
        if cost + inset::MIN_GAIN as f64 > now.0 {
            break;
        }
        ground.take(shown.inset.frame);
        kept.push(shown);
        now = (cost, places);
        if kept.len() == MAX_INSETS || !troubled(&now.1, s) {
            break;
        }
        candidates = inset::candidates(&ground, &now.1, &anchors)
            .into_iter()
            .map(|inset| apart(inset, &kept))
            .filter(|inset| inset.areas.len() >= inset::MIN_GAIN)
            .collect();
    }
    if kept.is_empty() {
        return without(None);
    }
    with_insets(kept, now)
}

/// Whether a callout of `places` is farther from its area than the print
/// checks allow, or found no free place.
fn troubled(places: &[Option<Place>], s: f64) -> bool {
    places.iter().flatten().any(|p| {
        p.stranded()
            || p.leader(s / 2.0)
                .is_some_and(|(a, e)| distance(a, e) > MAX_LEADER)
    })
}

/// The distance between two points (by the square root, which is the same
/// on every machine, where `hypot` need not be).
pub(super) fn distance(p: Pt, q: Pt) -> f64 {
    ((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1])).sqrt()
}

/// How many of `places` are callouts.
fn callouts(places: &[Option<Place>]) -> usize {
    places
        .iter()
        .filter(|p| matches!(p, Some(Place::Callout { .. })))
        .count()
}

/// What the callouts of `places` cost a reader: one for each, and one
/// for every [`LEADER_COST`] box sides (of side `s`) of leader line, and
/// [`FAR_COST`] more for a leader longer than the print checks allow; a
/// box that found no free place and lies on its area, over whatever is
/// there, costs [`STRANDED_COST`].
fn callout_cost(places: &[Option<Place>], s: f64) -> f64 {
    places
        .iter()
        .flatten()
        .map(|p| match p.leader(s / 2.0) {
            _ if p.stranded() => STRANDED_COST,
            Some((anchor, end)) => {
                let length = distance(anchor, end);
                let far = if length > MAX_LEADER { FAR_COST } else { 0.0 };
                1.0 + length / (LEADER_COST * s) + far
            }
            None => 0.0,
        })
        .sum()
}

/// The print check's error for an inset of the areas `ids` named in
/// `[layout] inset` that no corner has room for larger than the map
/// (`zoom`: the most room any corner has, 0 for none).
fn inset_refused(ids: &[&str], zoom: f64) -> Diagnostic {
    let them = if ids.len() == 1 { "it" } else { "them" };
    let room = if zoom > 0.0 {
        format!(
            "the most room a corner of the map's place has draws {them} at {:.0} % of the map's scale",
            zoom * 100.0
        )
    } else {
        "no corner of the map's place is clear of land".to_string()
    };
    let named: Vec<String> = ids.iter().take(4).map(|s| s.to_string()).collect();
    let more = match ids.len().saturating_sub(named.len()) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    Diagnostic::error(
        "print-inset-no-room",
        format!(
            "the inset of {}{more} ([layout] inset) would be no larger than the map itself: {room}",
            crate::text::and_list(&named)
        ),
    )
    .with_help("name fewer or closer areas in [layout] inset, leave `inset` out to let the sheet choose, or write `inset = []` for none")
}

/// The shapes of `atlas` scaled into `bounds` (page points), a margin of
/// [`MARGIN`] boxes of side `s` kept all round for callouts.
fn page_shapes(atlas: &Atlas, bounds: Rect, s: f64) -> Vec<Vec<Vec<Pt>>> {
    shapes_in(atlas, bounds, s * MARGIN)
}

/// An area's rings as one path (filled by the even-odd rule).
pub(super) fn area_path(rings: &[Vec<Pt>]) -> Path {
    let mut path = Path::new();
    for ring in rings {
        let pts: Vec<Point> = ring.iter().map(|&p| page_point(p)).collect();
        path.add_polygon(&pts);
    }
    path
}

/// A point of the page as the scene draws it.
fn page_point(p: Pt) -> Point {
    Point::new(p[0] as f32, p[1] as f32)
}

/// The borders of the areas' `shapes`: an edge shared by two areas that
/// `together` says belong together (one region) in the first path, every
/// other edge (between regions, or the coast) in the second. A shared
/// edge is drawn once.
pub(super) fn border_lines(
    shapes: &[Vec<Vec<Pt>>],
    together: impl Fn(usize, usize) -> bool,
) -> (Path, Path) {
    let key = |p: Pt| ((p[0] * 64.0).round() as i64, (p[1] * 64.0).round() as i64);
    let mut edges: BTreeMap<(Key, Key), Vec<usize>> = BTreeMap::new();
    for (a, rings) in shapes.iter().enumerate() {
        for ring in rings {
            for i in 0..ring.len() {
                let (p, q) = (key(ring[i]), key(ring[(i + 1) % ring.len()]));
                edges.entry((p.min(q), p.max(q))).or_default().push(a);
            }
        }
    }
    let (mut thin, mut heavy) = (Path::new(), Path::new());
    for (a, rings) in shapes.iter().enumerate() {
        for ring in rings {
            for i in 0..ring.len() {
                let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
                let (kp, kq) = (key(p), key(q));
                let owners = &edges[&(kp.min(kq), kp.max(kq))];
                let inner = owners.iter().any(|&o| o != a && together(o, a));
                let shared = owners.iter().any(|&o| o != a);
                // Each shared edge once (from its smaller owner).
                if shared && owners.iter().any(|&o| o < a) {
                    continue;
                }
                let line = if inner { &mut thin } else { &mut heavy };
                line.segs
                    .extend(Path::line(page_point(p), page_point(q)).segs);
            }
        }
    }
    (thin, heavy)
}

/// The shapes of `atlas` scaled into `bounds` (page points), `margin`
/// kept all round.
pub(super) fn shapes_in(atlas: &Atlas, bounds: Rect, margin: f64) -> Vec<Vec<Vec<Pt>>> {
    let all: Vec<Vec<Pt>> = atlas
        .shapes
        .iter()
        .flat_map(|sh| sh.rings.iter())
        .map(|r| r.to_vec())
        .collect();
    let b = polygon::bounds(&all);
    let (bw, bh) = (
        f64::from(bounds.w) - 2.0 * margin,
        f64::from(bounds.h) - 2.0 * margin,
    );
    let k = (bw / (b[2] - b[0]).max(1e-9)).min(bh / (b[3] - b[1]).max(1e-9));
    let ox = f64::from(bounds.x) + (f64::from(bounds.w) - (b[2] - b[0]) * k) / 2.0;
    let oy = f64::from(bounds.y) + (f64::from(bounds.h) - (b[3] - b[1]) * k) / 2.0;
    let to_page = |p: &Pt| [ox + (p[0] - b[0]) * k, oy + (p[1] - b[1]) * k];
    atlas
        .shapes
        .iter()
        .map(|sh| {
            sh.rings
                .iter()
                .map(|r| r.iter().map(to_page).collect())
                .collect()
        })
        .collect()
}

/// Where the writing box of side `s` fits inside each area that `which`
/// says (`None` for the others), in `shapes` (the areas as drawn): its
/// pole (the point of its largest polygon farthest from its border) and
/// the centre of a box inside that polygon, if one fits.
type Poles = Vec<Option<(Pt, Option<Pt>)>>;

/// The [`Poles`] of the areas `which` says.
fn poles(atlas: &Atlas, shapes: &[Vec<Vec<Pt>>], s: f64, which: &[bool]) -> Poles {
    shapes
        .iter()
        .enumerate()
        .map(|(a, rings)| {
            which[a].then(|| {
                // The largest polygon holds the box (its holes with it).
                let main = main_polygon(&atlas.shapes[a], rings);
                polygon::square_place(&main, s / 2.0 * INSIDE, s / 6.0)
            })
        })
        .collect()
}

/// A drawing of the areas that writing boxes are placed on (the main map,
/// or an inset): the areas' `shapes` in page points, the boxes' side, the areas' [`Poles`], and the free places for a
/// callout box's centre, clear of the land.
pub(super) struct Stage<'a> {
    shapes: &'a [Vec<Vec<Pt>>],
    s: f64,
    poles: Poles,
    free: Vec<Pt>,
}

impl<'a> Stage<'a> {
    /// The drawing of `shapes` in `bounds` (callouts are placed within it)
    /// with boxes of side `s`, the poles found for the areas `which` says.
    pub(super) fn new(
        atlas: &Atlas,
        shapes: &'a [Vec<Vec<Pt>>],
        bounds: Rect,
        s: f64,
        which: &[bool],
    ) -> Self {
        let h = s / 2.0;
        let area_rect = (
            f64::from(bounds.x) + h,
            f64::from(bounds.y) + h,
            f64::from(bounds.right()) - h,
            f64::from(bounds.bottom()) - h,
        );
        let clear = h * (1.0 + 2.0 * GAP);
        let step = s / 4.0;
        let boxes: Vec<[f64; 4]> = shapes.iter().map(|r| polygon::bounds(r)).collect();
        let mut free: Vec<Pt> = Vec::new();
        let mut y = area_rect.1;
        while y <= area_rect.3 {
            let mut x = area_rect.0;
            while x <= area_rect.2 {
                // Only the shapes whose bounds come near the square matter.
                let near = |b: &[f64; 4]| {
                    b[0] <= x + clear && b[2] >= x - clear && b[1] <= y + clear && b[3] >= y - clear
                };
                if shapes
                    .iter()
                    .zip(&boxes)
                    .filter(|(_, b)| near(b))
                    .all(|(rings, _)| polygon::square_outside(rings, [x, y], clear))
                {
                    free.push([x, y]);
                }
                x += step;
            }
            y += step;
        }
        Self {
            shapes,
            s,
            poles: poles(atlas, shapes, s, which),
            free,
        }
    }

    /// The free places for a callout box's centre clear of the
    /// rectangles `keep_out`.
    fn free_of(&self, keep_out: &[[f64; 4]]) -> Vec<Pt> {
        let clear = self.s / 2.0 * (1.0 + 2.0 * GAP);
        self.free
            .iter()
            .copied()
            .filter(|&[x, y]| {
                !keep_out.iter().any(|r| {
                    x + clear > r[0] && x - clear < r[2] && y + clear > r[1] && y - clear < r[3]
                })
            })
            .collect()
    }

    /// Each area's anchor: its pole (NaN for areas without poles).
    pub(super) fn anchors(&self) -> Vec<Pt> {
        self.poles
            .iter()
            .map(|p| p.map_or([f64::NAN; 2], |(pole, _)| pole))
            .collect()
    }
}

/// Where the writing box of each area that `boxed` says goes on `stage`
/// (its poles known for every boxed area): inside the area where it
/// fits, else a callout in free space, clear of the rectangles `keep_out`
/// (`[x0, y0, x1, y1]`: an inset's frame).
pub(super) fn place_boxes(
    stage: &Stage<'_>,
    boxed: &[bool],
    keep_out: &[[f64; 4]],
) -> Vec<Option<Place>> {
    let (shapes, s) = (stage.shapes, stage.s);
    let n = shapes.len();
    let h = s / 2.0;
    let mut places: Vec<Option<Place>> = vec![None; n];
    let anchors = stage.anchors();
    for a in 0..n {
        if let (true, Some((_, Some(c)))) = (boxed[a], stage.poles[a]) {
            places[a] = Some(Place::Inside(c));
        }
    }
    let mut taken: Vec<Pt> = places
        .iter()
        .flatten()
        .map(|p| match *p {
            Place::Inside(c) | Place::Callout { at: c, .. } => c,
        })
        .collect();
    let mut leaders: Vec<(Pt, Pt)> = Vec::new();
    let free = stage.free_of(keep_out);
    let borders = Borders::new(shapes);
    let apart = s * (1.0 + GAP);
    // The free places too close to a box already placed, kept up to date
    // as boxes are placed (each box marks its neighbourhood once).
    let mut blocked = vec![false; free.len()];
    let block = |blocked: &mut [bool], t: Pt| {
        for (b, c) in blocked.iter_mut().zip(&free) {
            if (c[0] - t[0]).abs() < apart && (c[1] - t[1]).abs() < apart {
                *b = true;
            }
        }
    };
    for &t in &taken {
        block(&mut blocked, t);
    }
    let dist = distance;
    let max_leader = MAX_LEADER;
    // The areas nearest to free space first, so that most leaders are
    // short; ties by id order.
    let mut waiting: Vec<(f64, usize)> = (0..n)
        .filter(|&a| boxed[a] && places[a].is_none())
        .map(|a| {
            let near = free
                .iter()
                .map(|&c| dist(c, anchors[a]))
                .fold(f64::INFINITY, f64::min);
            (near, a)
        })
        .collect();
    waiting.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    for (_, a) in waiting {
        let anchor = anchors[a];
        let mut near: Vec<(f64, Pt)> = free
            .iter()
            .zip(&blocked)
            .filter(|&(_, &b)| !b)
            .map(|(&c, _)| (dist(c, anchor), c))
            .collect();
        // Only the nearest few are tried.
        nearest(&mut near, TRIES);
        // A place whose leader would cross another leader, or run longer
        // than the print checks allow, is taken only when there is no
        // other.
        // The best a place can be: 0 short and crossing no leader, 1
        // crossing none, 2 crossing one or running under the inset.
        let grade = |c: Pt| {
            let end = nearest_on_square(c, h, anchor);
            if leaders
                .iter()
                .any(|&(p, q)| polygon::segments_cross(p, q, anchor, end))
                || keep_out
                    .iter()
                    .any(|&r| polygon::segment_hits_rect(anchor, end, r))
            {
                2
            } else if dist(anchor, end) > max_leader {
                1
            } else {
                0
            }
        };
        // Graded nearest first up to the first place of the best grade
        // (the rest as the search below reaches them).
        let mut grades: Vec<Option<u8>> = vec![None; near.len()];
        let mut least: Option<u8> = None;
        for (g, &(_, c)) in grades.iter_mut().zip(&near) {
            let got = grade(c);
            *g = Some(got);
            least = Some(least.map_or(got, |l| l.min(got)));
            if got == 0 {
                break;
            }
        }
        let order = |x: (f64, Pt), y: (f64, Pt)| {
            x.0.total_cmp(&y.0)
                .then(x.1[0].total_cmp(&y.1[0]))
                .then(x.1[1].total_cmp(&y.1[1]))
        };
        let mut best: Option<(f64, Pt)> = None;
        for (&(d, c), g) in near.iter().zip(&grades) {
            if Some(g.unwrap_or_else(|| grade(c))) != least {
                continue;
            }
            // What is added to the distance is never negative, and the
            // places come nearest first: one farther than the best cost
            // so far cannot beat it.
            if best.is_some_and(|(b, _)| d > b) {
                break;
            }
            let end = nearest_on_square(c, h, anchor);
            let mut cost = d;
            // Leaders that cross other borders, other leaders or
            // boxes read badly.
            cost += CROSSING * s * borders.crossings(anchor, end, a) as f64;
            if leaders
                .iter()
                .any(|&(p, q)| polygon::segments_cross(p, q, anchor, end))
            {
                cost += 6.0 * s;
            }
            if taken
                .iter()
                .any(|&t| polygon::segment_hits_square(anchor, end, t, h))
                || keep_out
                    .iter()
                    .any(|&r| polygon::segment_hits_rect(anchor, end, r))
            {
                cost += 6.0 * s;
            }
            if best.is_none_or(|b| order((cost, c), b).is_lt()) {
                best = Some((cost, c));
            }
        }
        // No free space at all: the box goes on the area (the print
        // checks report any overlap).
        let at = best.map_or(anchor, |(_, c)| c);
        places[a] = Some(Place::Callout { at, anchor });
        taken.push(at);
        block(&mut blocked, at);
        leaders.push((anchor, nearest_on_square(at, h, anchor)));
    }
    places
}

/// [`place_boxes`]'s layout on `stage` (clear of `keep_out`) made to
/// read better: the callouts' boxes swapped where that shortens their
/// leaders or uncrosses them ([`untangle`]), then moved while two leaders
/// still cross ([`uncross`]). Which areas have callouts stays the same.
pub(super) fn polish(stage: &Stage<'_>, keep_out: &[[f64; 4]], places: &mut [Option<Place>]) {
    let h = stage.s / 2.0;
    let apart = stage.s * (1.0 + GAP);
    untangle(places, &Borders::new(stage.shapes), h, keep_out);
    uncross(
        places,
        &stage.free_of(keep_out),
        h,
        apart,
        MAX_LEADER,
        keep_out,
    );
}

/// The last pass: while two leaders cross, swaps the boxes of the first
/// such pair whose swap leaves both leaders crossing none; else moves the
/// box of the later
/// area of the first such pair (by area order; else the earlier one, else
/// those of the next pair) to the nearest free place
/// (of `free`, clear of every other box by `apart`) whose leader crosses
/// no other leader, at most `max_leader` long and over no box if one is,
/// else over no box, else any. Stops when no move helps (the print
/// check `print-leaders-cross` reports what is left).
fn uncross(
    places: &mut [Option<Place>],
    free: &[Pt],
    h: f64,
    apart: f64,
    max_leader: f64,
    keep_out: &[[f64; 4]],
) {
    let leader = |p: &Option<Place>| p.and_then(|p| p.leader(h));
    let dist = distance;
    // Each move ends a crossing and makes none, so this ends; the bound
    // is a guard.
    for _ in 0..places.len() * 2 {
        let lines: Vec<Option<(Pt, Pt)>> = places.iter().map(leader).collect();
        let pairs: Vec<(usize, usize)> = (0..lines.len())
            .flat_map(|a| (a + 1..lines.len()).map(move |b| (a, b)))
            .filter(|&(a, b)| match (lines[a], lines[b]) {
                (Some((p, q)), Some((u, v))) => polygon::segments_cross(p, q, u, v),
                _ => false,
            })
            .collect();
        // Swapping the two boxes of a pair, if that leaves both leaders
        // crossing none.
        let swap = pairs.iter().copied().find(|&(a, b)| {
            let (
                Some(Place::Callout { at: pa, anchor: xa }),
                Some(Place::Callout { at: pb, anchor: xb }),
            ) = (places[a], places[b])
            else {
                return false;
            };
            let (la, lb) = (
                (xa, nearest_on_square(pb, h, xa)),
                (xb, nearest_on_square(pa, h, xb)),
            );
            !polygon::segments_cross(la.0, la.1, lb.0, lb.1)
                && (0..lines.len()).filter(|&o| o != a && o != b).all(|o| {
                    lines[o].is_none_or(|(p, q)| {
                        !polygon::segments_cross(p, q, la.0, la.1)
                            && !polygon::segments_cross(p, q, lb.0, lb.1)
                    })
                })
        });
        if let Some((a, b)) = swap
            && let (
                Some(Place::Callout { at: pa, anchor: xa }),
                Some(Place::Callout { at: pb, anchor: xb }),
            ) = (places[a], places[b])
        {
            places[a] = Some(Place::Callout { at: pb, anchor: xa });
            places[b] = Some(Place::Callout { at: pa, anchor: xb });
            continue;
        }
        let moved = pairs.iter().flat_map(|&(a, b)| [b, a]).find_map(|m| {
            let Some(Place::Callout { anchor, .. }) = places[m] else {
                return None;
            };
            let others: Vec<usize> = (0..places.len())
                .filter(|&o| o != m && places[o].is_some())
                .collect();
            let centre = |o: usize| places[o].map_or([0.0; 2], |p| p.centre());
            let mut near: Vec<(f64, Pt)> = free
                .iter()
                .filter(|&&c| {
                    others.iter().all(|&o| {
                        let t = centre(o);
                        (c[0] - t[0]).abs() >= apart || (c[1] - t[1]).abs() >= apart
                    })
                })
                .map(|&c| (dist(c, anchor), c))
                .collect();
            by_distance(&mut near);
            let clear = |c: Pt, longest: f64, over_boxes: bool| {
                let end = nearest_on_square(c, h, anchor);
                dist(anchor, end) <= longest
                    && (over_boxes
                        || !keep_out
                            .iter()
                            .any(|&r| polygon::segment_hits_rect(anchor, end, r)))
                    && others.iter().all(|&o| {
                        lines[o].is_none_or(|(p, q)| !polygon::segments_cross(p, q, anchor, end))
                            && (over_boxes
                                || !polygon::segment_hits_square(anchor, end, centre(o), h))
                    })
            };
            // Short and over no box if it can be, else any length, else
            // over other boxes.
            [
                (max_leader, false),
                (f64::INFINITY, false),
                (f64::INFINITY, true),
            ]
            .into_iter()
            .find_map(|(longest, over)| {
                near.iter()
                    .map(|&(_, c)| c)
                    .find(|&c| clear(c, longest, over))
            })
            .map(|c| (m, c))
        });
        let Some((m, c)) = moved else { return };
        if let Some(Place::Callout { anchor, .. }) = places[m] {
            places[m] = Some(Place::Callout { at: c, anchor });
        }
    }
}

/// Swaps the boxes of any two callouts when that makes their leaders
/// cheaper: shorter, across fewer borders of other areas ([`CROSSING`]
/// box sides each), under the inset's frame or crossing other leaders
/// ([`LEADERS_CROSSING`] each); a few passes. Both places were free, so
/// the boxes stay clear of the land and each other.
fn untangle(places: &mut [Option<Place>], borders: &Borders, h: f64, keep_out: &[[f64; 4]]) {
    let s = 2.0 * h;
    let leader = |anchor: Pt, at: Pt| (anchor, nearest_on_square(at, h, anchor));
    // The callouts: area, anchor, box.
    let mut callouts: Vec<(usize, Pt, Pt)> = places
        .iter()
        .enumerate()
        .filter_map(|(a, p)| match *p {
            Some(Place::Callout { at, anchor }) => Some((a, anchor, at)),
            _ => None,
        })
        .collect();
    let bounds = |l: (Pt, Pt)| {
        [
            l.0[0].min(l.1[0]),
            l.0[1].min(l.1[1]),
            l.0[0].max(l.1[0]),
            l.0[1].max(l.1[1]),
        ]
    };
    let cross = |l: (Pt, Pt), lb: &[f64; 4], m: (Pt, Pt), mb: &[f64; 4]| {
        lb[0] <= mb[2]
            && mb[0] <= lb[2]
            && lb[1] <= mb[3]
            && mb[1] <= lb[3]
            && polygon::segments_cross(l.0, l.1, m.0, m.1)
    };
    let mut lines: Vec<(Pt, Pt)> = callouts.iter().map(|&(_, x, at)| leader(x, at)).collect();
    let mut boxes: Vec<[f64; 4]> = lines.iter().map(|&l| bounds(l)).collect();
    // The borders of other areas each area's leader crosses, by where
    // its box is: the boxes only trade places, so each is counted once.
    let mut crossed: std::collections::HashMap<(usize, [u64; 2]), usize> = Default::default();
    let mut border_cost = |a: usize, l: (Pt, Pt)| {
        CROSSING
            * s
            * *crossed
                .entry((a, [l.1[0].to_bits(), l.1[1].to_bits()]))
                .or_insert_with(|| borders.crossings(l.0, l.1, a)) as f64
    };
    let frame_cost = |l: (Pt, Pt)| {
        if keep_out
            .iter()
            .any(|&r| polygon::segment_hits_rect(l.0, l.1, r))
        {
            LEADERS_CROSSING * s
        } else {
            0.0
        }
    };
    // Each callout's cost but for the leaders it crosses, and how many
    // other leaders it crosses (kept up to date as boxes trade places).
    let mut own: Vec<f64> = (0..callouts.len())
        .map(|i| {
            let l = lines[i];
            distance(l.0, l.1) + border_cost(callouts[i].0, l) + frame_cost(l)
        })
        .collect();
    let mut crossings: Vec<usize> = (0..lines.len())
        .map(|i| {
            (0..lines.len())
                .filter(|&k| k != i && cross(lines[i], &boxes[i], lines[k], &boxes[k]))
                .count()
        })
        .collect();
    let lc = LEADERS_CROSSING * s;
    for _ in 0..UNTANGLE_PASSES {
        let mut changed = false;
        for i in 0..callouts.len() {
            for j in i + 1..callouts.len() {
                let ((a, xa, pa), (b, xb, pb)) = (callouts[i], callouts[j]);
                let both = cross(lines[i], &boxes[i], lines[j], &boxes[j]);
                // The pair as it is: each leader's cost with the other
                // leaders, their own crossing counted once.
                let now =
                    own[i] + own[j] + lc * (crossings[i] + crossings[j] - usize::from(both)) as f64;
                // Swapped, cheapest parts first: a swap whose leaders are
                // already as long as the pair costs now cannot gain.
                let (sa, sb) = (leader(xa, pb), leader(xb, pa));
                let mut swapped = distance(sa.0, sa.1) + distance(sb.0, sb.1);
                if swapped + 1e-9 >= now {
                    continue;
                }
                let (ba, bb) = (bounds(sa), bounds(sb));
                let mut with_others = usize::from(cross(sa, &ba, sb, &bb));
                for k in 0..lines.len() {
                    if k != i && k != j {
                        with_others += usize::from(cross(sa, &ba, lines[k], &boxes[k]))
                            + usize::from(cross(sb, &bb, lines[k], &boxes[k]));
                    }
                }
                swapped += lc * with_others as f64 + frame_cost(sa) + frame_cost(sb);
                if swapped + 1e-9 >= now {
                    continue;
                }
                swapped += border_cost(a, sa) + border_cost(b, sb);
                if swapped + 1e-9 >= now {
                    continue;
                }
                // Swap, and count the crossings again where they changed.
                places[a] = Some(Place::Callout { at: pb, anchor: xa });
                places[b] = Some(Place::Callout { at: pa, anchor: xb });
                let (la, lb) = (lines[i], lines[j]);
                let (oa, ob) = (boxes[i], boxes[j]);
                callouts[i].2 = pb;
                callouts[j].2 = pa;
                lines[i] = sa;
                lines[j] = sb;
                boxes[i] = ba;
                boxes[j] = bb;
                own[i] = distance(sa.0, sa.1) + border_cost(a, sa) + frame_cost(sa);
                own[j] = distance(sb.0, sb.1) + border_cost(b, sb) + frame_cost(sb);
                crossings[i] = 0;
                crossings[j] = 0;
                for k in 0..lines.len() {
                    if k == i || k == j {
                        continue;
                    }
                    let (m, mb) = (lines[k], boxes[k]);
                    let was =
                        usize::from(cross(la, &oa, m, &mb)) + usize::from(cross(lb, &ob, m, &mb));
                    let (ci, cj) = (cross(sa, &ba, m, &mb), cross(sb, &bb, m, &mb));
                    crossings[k] = crossings[k] + usize::from(ci) + usize::from(cj) - was;
                    crossings[i] += usize::from(ci);
                    crossings[j] += usize::from(cj);
                }
                let now_both = usize::from(cross(sa, &ba, sb, &bb));
                crossings[i] += now_both;
                crossings[j] += now_both;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The bends tried for a link's curve, least first: how far its two
/// control points stand off the straight line, as a share of the line's
/// length (the curve's middle stands off three quarters of that).
const BENDS: [f64; 10] = [0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.9, 1.05, 1.2];
/// The first bends of [`BENDS`], tried before a stronger curve.
const GENTLE: usize = 4;
/// The longest a gentle curve is drawn where a straight line between the
/// two coasts could be instead, in points (60 mm).
const LONG_CURVE: f32 = 60.0 / 25.4 * 72.0;
/// Straight pieces a link's curve is checked as.
const BEND_STEPS: usize = 48;

/// A link's line between the anchors `p` and `q` of its two areas
/// (`ends`): straight when that crosses no other area; else the least
/// bent curve, to either side (the left first at equal bends), that
/// crosses no other area and stays within `bounds` (round a third area
/// through the sea, as Lake Michigan's link from Illinois to Michigan goes
/// round Indiana); else straight, with the areas it crosses (the print
/// check `print-link-crosses` names them).
fn link_route(
    borders: &Borders,
    ends: [usize; 2],
    p: Pt,
    q: Pt,
    bounds: Rect,
) -> (Path, Vec<usize>) {
    let straight = borders.crossed(&[p, q], ends);
    if straight.is_empty() {
        return (Path::line(page_point(p), page_point(q)), straight);
    }
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    let inside = |c: Pt| {
        c[0] >= f64::from(bounds.x)
            && c[0] <= f64::from(bounds.right())
            && c[1] >= f64::from(bounds.y)
            && c[1] <= f64::from(bounds.bottom())
    };
    let curve = |bends: &[f64]| {
        for &bend in bends {
            for side in [1.0, -1.0] {
                // The normal (-dy, dx) scaled by the bend: the line's
                // length times the bend.
                let (nx, ny) = (-dy * bend * side, dx * bend * side);
                let c1 = [p[0] + dx / 3.0 + nx, p[1] + dy / 3.0 + ny];
                let c2 = [p[0] + dx * 2.0 / 3.0 + nx, p[1] + dy * 2.0 / 3.0 + ny];
                let pts: Vec<Pt> = (0..=BEND_STEPS)
                    .map(|k| {
                        let t = k as f64 / BEND_STEPS as f64;
                        let u = 1.0 - t;
                        let (w0, w1, w2, w3) =
                            (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                        [
                            w0 * p[0] + w1 * c1[0] + w2 * c2[0] + w3 * q[0],
                            w0 * p[1] + w1 * c1[1] + w2 * c2[1] + w3 * q[1],
                        ]
                    })
                    .collect();
                if pts.iter().all(|&c| inside(c)) && borders.crossed(&pts, ends).is_empty() {
                    let mut path = Path::new();
                    path.segs.push(Seg::MoveTo(page_point(p)));
                    path.segs
                        .push(Seg::CubicTo(page_point(c1), page_point(c2), page_point(q)));
                    return Some(path);
                }
            }
        }
        None
    };
    // A gentle curve, unless it runs long (round a peninsula) where a
    // straight line across the water joins the nearest points of the two
    // coasts without crossing a third area (the short sea route); else
    // that line; else a stronger curve.
    let (gentle, strong) = BENDS.split_at(GENTLE);
    let coast = borders.coast_line(ends);
    if let Some(path) = curve(gentle)
        && (coast.is_none() || super::draw::visible_length(&path, &[]).0 <= LONG_CURVE)
    {
        return (path, Vec::new());
    }
    if let Some((u, v)) = coast {
        return (Path::line(page_point(u), page_point(v)), Vec::new());
    }
    if let Some(path) = curve(strong) {
        return (path, Vec::new());
    }
    (Path::line(page_point(p), page_point(q)), straight)
}

/// Vertices of an area's border tried as a link's end, at most.
const COAST_POINTS: usize = 240;
/// The least length of a link's line between two coasts, in points
/// (3 mm: the print checks want 2 mm of it seen).
const COAST_LINE_LEAST: f64 = 3.0 / 25.4 * 72.0;

/// Whether the segments `a`-`b` and `c`-`d` have a point in common
/// (touching counts: a line through a border's corner meets it).
fn segments_meet(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let orient =
        |p: Pt, q: Pt, r: Pt| (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
    let (d1, d2) = (orient(c, d, a), orient(c, d, b));
    let (d3, d4) = (orient(a, b, c), orient(a, b, d));
    if d1 == 0.0 && d2 == 0.0 {
        // On one line: whether their extents overlap.
        let overlap =
            |i: usize| a[i].min(b[i]) <= c[i].max(d[i]) && c[i].min(d[i]) <= a[i].max(b[i]);
        return overlap(0) && overlap(1);
    }
    d1 * d2 <= 0.0 && d3 * d4 <= 0.0
}

/// Places with their distance, nearest first (ties: by x, then y), so
/// that the order never depends on how they were found.
fn by_distance(near: &mut [(f64, Pt)]) {
    near.sort_by(nearer);
}

/// The order of [`by_distance`]: a total order, so the nearest few are the
/// same however they are picked.
fn nearer(x: &(f64, Pt), y: &(f64, Pt)) -> std::cmp::Ordering {
    x.0.total_cmp(&y.0)
        .then(x.1[0].total_cmp(&y.1[0]))
        .then(x.1[1].total_cmp(&y.1[1]))
}

/// The `count` nearest of `near`, as [`by_distance`] orders them (the
/// others dropped): picked, then sorted, which is quicker than sorting all.
fn nearest(near: &mut Vec<(f64, Pt)>, count: usize) {
    if near.len() > count && count > 0 {
        near.select_nth_unstable_by(count - 1, nearer);
        near.truncate(count);
    }
    by_distance(near);
}

/// The rings of a shape's largest polygon (its outer ring and the holes
/// inside it), in page points.
pub(super) fn main_polygon(shape: &crate::geom::geojson::Shape, rings: &[Vec<Pt>]) -> Vec<Vec<Pt>> {
    // The page is the file scaled evenly: the largest ring is the same.
    let area = |i: usize| ring_area(&shape.rings[i]).abs();
    let Some(&outer) = shape
        .outers
        .iter()
        .max_by(|&&x, &&y| area(x).total_cmp(&area(y)))
    else {
        return rings.to_vec();
    };
    let next = shape
        .outers
        .iter()
        .copied()
        .filter(|&o| o > outer)
        .min()
        .unwrap_or(rings.len());
    rings[outer..next].to_vec()
}

/// The point of the square of half-side `h` around `c` nearest to `p`.
fn nearest_on_square(c: Pt, h: f64, p: Pt) -> Pt {
    [
        p[0].clamp(c[0] - h, c[0] + h),
        p[1].clamp(c[1] - h, c[1] + h),
    ]
}

/// Every border edge of the shapes with its area, for counting the
/// borders a leader line crosses.
struct Borders {
    /// Each area's bounding box and edges.
    areas: Vec<AreaEdges>,
    /// The bounding boxes of each area's edges in runs of [`RUN`], so
    /// that a short segment is tested against few of them.
    runs: Vec<Vec<[f64; 4]>>,
}

/// How many consecutive edges one bounding box of [`Borders`] covers.
const RUN: usize = 16;

impl Borders {
    fn new(shapes: &[Vec<Vec<Pt>>]) -> Self {
        let areas: Vec<AreaEdges> = shapes
            .iter()
            .map(|rings| {
                let edges = rings
                    .iter()
                    .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
                    .collect();
                (polygon::bounds(rings), edges)
            })
            .collect();
        let runs = areas
            .iter()
            .map(|(_, edges)| {
                edges
                    .chunks(RUN)
                    .map(|run| {
                        let ends: Vec<Pt> = run.iter().flat_map(|&(u, v)| [u, v]).collect();
                        polygon::bounds(&[ends])
                    })
                    .collect()
            })
            .collect();
        Self { areas, runs }
    }

    /// The areas but `ends` whose borders the line through `pts` crosses
    /// or touches, in id order.
    fn crossed(&self, pts: &[Pt], ends: [usize; 2]) -> Vec<usize> {
        (0..self.areas.len())
            .filter(|&c| !ends.contains(&c))
            .filter(|&c| {
                let (b, edges) = &self.areas[c];
                pts.windows(2).any(|w| {
                    let (p, q) = (w[0], w[1]);
                    p[0].min(q[0]) <= b[2]
                        && p[0].max(q[0]) >= b[0]
                        && p[1].min(q[1]) <= b[3]
                        && p[1].max(q[1]) >= b[1]
                        && edges.iter().any(|&(u, v)| segments_meet(u, v, p, q))
                })
            })
            .collect()
    }

    /// The shortest line, at least [`COAST_LINE_LEAST`] long, between a
    /// border vertex of each of the two areas `ends` (up to
    /// [`COAST_POINTS`] of each, evenly spread) that crosses no other
    /// area's border, if any; ties by the vertices'
    /// order.
    fn coast_line(&self, ends: [usize; 2]) -> Option<(Pt, Pt)> {
        let points = |a: usize| -> Vec<Pt> {
            let edges = &self.areas[a].1;
            let step = edges.len().div_ceil(COAST_POINTS).max(1);
            edges.iter().step_by(step).map(|&(u, _)| u).collect()
        };
        let (us, vs) = (points(ends[0]), points(ends[1]));
        let mut pairs: Vec<(f64, usize, usize)> = Vec::with_capacity(us.len() * vs.len());
        for (i, u) in us.iter().enumerate() {
            for (j, v) in vs.iter().enumerate() {
                pairs.push(((u[0] - v[0]).hypot(u[1] - v[1]), i, j));
            }
        }
        pairs.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
        pairs
            .into_iter()
            .filter(|&(d, _, _)| d >= COAST_LINE_LEAST)
            .map(|(_, i, j)| (us[i], vs[j]))
            .find(|&(u, v)| self.crossed(&[u, v], ends).is_empty())
    }

    /// How many border edges of areas other than `own` the segment
    /// `p`-`q` crosses.
    fn crossings(&self, p: Pt, q: Pt, own: usize) -> usize {
        let (x0, x1) = (p[0].min(q[0]), p[0].max(q[0]));
        let (y0, y1) = (p[1].min(q[1]), p[1].max(q[1]));
        let meets = |b: &[f64; 4]| b[0] <= x1 && b[2] >= x0 && b[1] <= y1 && b[3] >= y0;
        self.areas
            .iter()
            .zip(&self.runs)
            .enumerate()
            .filter(|&(a, ((b, _), _))| a != own && meets(b))
            .map(|(_, ((_, edges), runs))| {
                edges
                    .chunks(RUN)
                    .zip(runs)
                    .filter(|(_, b)| meets(b))
                    .map(|(run, _)| {
                        run.iter()
                            .filter(|&&(a, b)| polygon::segments_cross(a, b, p, q))
                            .count()
                    })
                    .sum::<usize>()
            })
            .sum()
    }
}

/// Counties shaped like real ones, for the tests.
#[cfg(test)]
#[path = "../../../../tests/common/counties.rs"]
mod counties;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rolling::map::{Layout, Map, load};

    fn atlas_of(file: &str) -> (Map, Atlas) {
        let map = load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
        let Layout::Atlas(atlas) = map.layout.clone() else {
            panic!("an atlas map")
        };
        (map, atlas)
    }

    /// A Letter sheet's map place, and 9 mm boxes.
    const BOUNDS: Rect = Rect {
        x: 18.0,
        y: 90.0,
        w: 756.0,
        h: 430.0,
    };
    const SIDE: f64 = 9.0 / 25.4 * 72.0;

    /// Places the boxes of an atlas map on a Letter sheet's map area with
    /// 9 mm boxes; checks every box is readable (inside its area or clear
    /// of all land, in its drawing's place, overlapping nothing, each
    /// area's box once, no two leaders crossing) and returns the plan and
    /// the areas given callouts.
    fn laid_out(map: &Map, atlas: &Atlas) -> (Plan, Vec<String>) {
        let s = SIDE;
        let h = s / 2.0;
        let plan = plan(atlas, BOUNDS, s);
        let shapes = plan.shapes.clone();
        let drawn: Vec<Vec<Vec<Vec<Pt>>>> = plan
            .insets
            .iter()
            .map(|i| i.inset.shapes(&shapes))
            .collect();
        // Each area's box, and the inset it is in (`None`: the main map).
        let mut boxes: Vec<(usize, Place, Option<usize>)> = Vec::new();
        for a in 0..map.areas.len() {
            let mut found: Vec<(Place, Option<usize>)> =
                plan.places[a].map(|p| (p, None)).into_iter().collect();
            for (k, shown) in plan.insets.iter().enumerate() {
                if let Some(p) = shown.places[a] {
                    found.push((p, Some(k)));
                }
            }
            match found[..] {
                [(p, k)] => boxes.push((a, p, k)),
                _ => panic!("{}: {found:?}", map.areas[a].id),
            }
        }
        // No two inset frames overlap.
        for (i, x) in plan.insets.iter().enumerate() {
            for y in &plan.insets[i + 1..] {
                assert!(x.inset.frame_rect().overlap(&y.inset.frame_rect()) <= 0.0);
            }
        }
        let mut out = Vec::new();
        for (i, &(a, place, within)) in boxes.iter().enumerate() {
            let id = &map.areas[a].id;
            let c = place.centre();
            let r = Rect::new((c[0] - h) as f32, (c[1] - h) as f32, s as f32, s as f32);
            let (own, place_rect) = match within {
                Some(k) => (&drawn[k], plan.insets[k].inset.frame_rect()),
                None => (&shapes, BOUNDS),
            };
            assert!(place_rect.contains(&r), "{id}: box off its place");
            if within.is_none() {
                for shown in &plan.insets {
                    assert!(
                        shown.inset.frame_rect().overlap(&r) <= 0.0,
                        "{id}: box on an inset"
                    );
                }
            }
            for &(b, other, _) in &boxes[i + 1..] {
                let o = other.centre();
                assert!(
                    (c[0] - o[0]).abs() >= s || (c[1] - o[1]).abs() >= s,
                    "the boxes of {id} and {} overlap",
                    map.areas[b].id
                );
            }
            match place {
                Place::Inside(c) => {
                    assert!(polygon::square_inside(&own[a], c, h), "{id}")
                }
                Place::Callout { at, .. } => {
                    assert!(
                        own.iter()
                            .all(|rings| polygon::square_outside(rings, at, h)),
                        "{id}: a callout on land"
                    );
                    out.push(id.clone());
                }
            }
        }
        // No two leader lines cross: a reader follows each to its box.
        let leaders: Vec<(usize, Pt, Pt)> = boxes
            .iter()
            .filter_map(|&(a, p, _)| match p {
                Place::Callout { at, anchor } => {
                    Some((a, anchor, nearest_on_square(at, h, anchor)))
                }
                Place::Inside(_) => None,
            })
            .collect();
        for (i, &(a, p, q)) in leaders.iter().enumerate() {
            for &(b, u, v) in &leaders[i + 1..] {
                assert!(
                    !polygon::segments_cross(p, q, u, v),
                    "the leaders of {} and {} cross",
                    map.areas[a].id,
                    map.areas[b].id
                );
            }
        }
        (plan, out)
    }

    /// The areas of a shipped atlas map given callouts without an inset
    /// (see [`laid_out`]).
    fn callouts(file: &str) -> Vec<String> {
        let (map, mut atlas) = atlas_of(file);
        atlas.inset = InsetChoice::None;
        laid_out(&map, &atlas).1
    }

    #[test]
    fn small_states_get_readable_callouts_and_large_ones_boxes_inside() {
        let out = callouts("maps/usa-atlas.toml");
        for id in ["RI", "DE", "CT", "NJ", "MD", "MA"] {
            assert!(out.iter().any(|o| o == id), "{id} has no callout: {out:?}");
        }
        for id in ["TX", "CA", "MT", "NE"] {
            assert!(
                !out.iter().any(|o| o == id),
                "{id} should fit its box: {out:?}"
            );
        }
    }

    /// The shipped links whose straight line crosses a third area are
    /// drawn round it: the line as drawn crosses no area but its own two.
    #[test]
    fn links_go_round_the_areas_they_do_not_join() {
        for (file, a, b, across) in [
            ("maps/usa-atlas.toml", "IL", "MI", "IN"),
            ("maps/usa-atlas.toml", "NY", "RI", "CT"),
            ("maps/japan-atlas.toml", "CHB", "KNG", "TKY"),
        ] {
            let (map, atlas) = atlas_of(file);
            let bounds = Rect::new(18.0, 90.0, 756.0, 430.0);
            let s = 9.0 / 25.4 * 72.0;
            let shapes = page_shapes(&atlas, bounds, s);
            let all = vec![true; map.areas.len()];
            let anchors: Vec<Pt> = poles(&atlas, &shapes, s, &all)
                .into_iter()
                .flatten()
                .map(|(pole, _)| pole)
                .collect();
            let id = |x: &str| map.areas.iter().position(|r| r.id == x).unwrap();
            let (ia, ib) = (id(a), id(b));
            let borders = Borders::new(&shapes);
            let straight = borders.crossed(&[anchors[ia], anchors[ib]], [ia, ib]);
            assert!(straight.contains(&id(across)), "{a}-{b}: {straight:?}");
            let (path, crossed) = link_route(&borders, [ia, ib], anchors[ia], anchors[ib], bounds);
            assert!(crossed.is_empty(), "{a}-{b}: {crossed:?}");
            let drawn: Vec<Pt> = path.flatten(BEND_STEPS)[0]
                .iter()
                .map(|p| [f64::from(p.x), f64::from(p.y)])
                .collect();
            assert!(
                borders.crossed(&drawn, [ia, ib]).is_empty(),
                "{a}-{b} is drawn across {:?}",
                borders.crossed(&drawn, [ia, ib])
            );
            for p in &drawn {
                assert!(
                    bounds.contains_point(page_point(*p)),
                    "{a}-{b} leaves the map"
                );
            }
        }
    }

    /// Two areas with a wall of land between them that reaches past the
    /// map's place: no line joins them, and the wall is named.
    #[test]
    fn a_link_with_land_all_round_is_straight_and_names_what_it_crosses() {
        let square =
            |x0: f64, y0: f64, x1: f64, y1: f64| vec![vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]];
        let shapes = vec![
            square(0.0, 0.0, 10.0, 10.0),
            square(30.0, 0.0, 40.0, 10.0),
            square(15.0, -100.0, 25.0, 100.0),
        ];
        let borders = Borders::new(&shapes);
        let bounds = Rect::new(-5.0, -50.0, 50.0, 100.0);
        let (path, crossed) = link_route(&borders, [0, 1], [5.0, 5.0], [35.0, 5.0], bounds);
        assert_eq!(crossed, [2], "{path:?}");
        assert_eq!(path.segs.len(), 2, "a straight line: {path:?}");
    }

    #[test]
    fn tokyo_osaka_and_kanagawa_get_callouts() {
        let out = callouts("maps/japan-atlas.toml");
        for id in ["TKY", "OSK", "KNG"] {
            assert!(out.iter().any(|o| o == id), "{id} has no callout: {out:?}");
        }
        assert!(!out.iter().any(|o| o == "HKD"), "Hokkaido fits its box");
    }

    fn ids(map: &Map, areas: &[usize]) -> Vec<String> {
        areas.iter().map(|&a| map.areas[a].id.clone()).collect()
    }

    /// Crowded central Japan: the sheet chooses an inset in a free corner,
    /// clear of the land, that spares callouts, and every box is still
    /// readable.
    #[test]
    fn japan_gets_an_inset_that_spares_callouts() {
        let (map, atlas) = atlas_of("maps/japan-atlas.toml");
        let before = callouts("maps/japan-atlas.toml");
        let (plan, after) = laid_out(&map, &atlas);
        assert_eq!(plan.insets.len(), 1, "one inset is enough");
        let inset = &plan.insets[0].inset;
        let held = ids(&map, &inset.areas);
        // Central Japan, whose small prefectures had callouts.
        let spared = held.iter().filter(|id| before.contains(id)).count();
        assert!(spared >= inset::MIN_GAIN, "{held:?} of {before:?}");
        assert!(
            after.len() + inset::MIN_GAIN <= before.len(),
            "{} callouts with the inset, {} without",
            after.len(),
            before.len()
        );
        assert!(inset.zoom >= 1.6, "{}", inset.zoom);
        // In a corner of the map's place, clear of the land it does not
        // enlarge.
        let f = inset.frame;
        let b = BOUNDS;
        assert!(
            (f[0] - f64::from(b.x)).abs() < 1e-6 || (f[2] - f64::from(b.right())).abs() < 1e-6,
            "{f:?}"
        );
        let shapes = &plan.shapes;
        for (a, rings) in shapes.iter().enumerate() {
            for ring in rings {
                for p in ring {
                    assert!(
                        !(p[0] > f[0] && p[0] < f[2] && p[1] > f[1] && p[1] < f[3]),
                        "{} under the inset",
                        map.areas[a].id
                    );
                }
            }
        }
        // What the main map marks is what the inset shows, enlarged.
        let w = inset.window;
        let corner = inset.to_frame([w[2], w[3]]);
        assert!((corner[0] - f[2]).abs() < 1e-6 && (corner[1] - f[3]).abs() < 1e-6);
    }

    /// An inset the map names holds those areas' boxes (and those of any
    /// other area wholly inside it); `inset = []` draws none.
    #[test]
    fn a_named_inset_is_drawn_and_an_empty_one_is_none() {
        let (map, mut atlas) = atlas_of("maps/usa-atlas.toml");
        let id = |x: &str| AreaId(map.areas.iter().position(|r| r.id == x).unwrap() as u16);
        atlas.inset = InsetChoice::Areas(vec![vec![id("RI"), id("CT"), id("MA")]]);
        let (plan, out) = laid_out(&map, &atlas);
        assert_eq!(plan.insets.len(), 1, "the named inset");
        let inset = &plan.insets[0].inset;
        let held = ids(&map, &inset.areas);
        for x in ["RI", "CT", "MA"] {
            assert!(held.iter().any(|h| h == x), "{x}: {held:?}");
        }
        assert!(inset.zoom >= 1.0);
        assert!(plan.refused.is_none());
        assert!(
            !out.iter().any(|o| o == "CT"),
            "CT fits when enlarged: {out:?}"
        );

        atlas.inset = InsetChoice::None;
        let (plan, _) = laid_out(&map, &atlas);
        assert!(plan.insets.is_empty());
    }

    /// Areas from coast to coast cannot be enlarged in any corner: the
    /// sheet says so, with the most room there is, and draws every box on
    /// the main map.
    #[test]
    fn a_named_inset_with_no_room_is_refused() {
        let (map, mut atlas) = atlas_of("maps/usa-atlas.toml");
        let id = |x: &str| AreaId(map.areas.iter().position(|r| r.id == x).unwrap() as u16);
        atlas.inset = InsetChoice::Areas(vec![vec![id("WA"), id("FL")]]);
        let (plan, _) = laid_out(&map, &atlas);
        assert!(plan.insets.is_empty());
        let (d, about) = plan.refused.expect("refused");
        assert_eq!(d.code, "print-inset-no-room");
        assert!(
            d.message.contains("the inset of WA and FL"),
            "{}",
            d.message
        );
        assert_eq!(about, About::Area(id("WA")));
    }

    use super::counties;

    /// The atlas of generated counties (the shapes as an atlas map reads
    /// them).
    fn generated(n: usize, states: usize, seed: u64) -> Atlas {
        let text = counties::geojson(&counties::counties(n, states, seed));
        let props = crate::geom::geojson::Properties {
            id: Some("GEOID"),
            ..Default::default()
        };
        let collection = crate::geom::geojson::read(&text, &props).unwrap();
        let (shapes, _) = collection.into_page(Default::default()).unwrap();
        Atlas {
            file: String::new(),
            shapes,
            inset: InsetChoice::Auto,
        }
    }

    /// Whether the rectangle `r` meets the shapes: an edge runs into it, or
    /// it lies inside an area.
    fn covers_land(r: [f64; 4], shapes: &[Vec<Vec<Pt>>]) -> Option<usize> {
        let centre = [(r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0];
        shapes.iter().position(|rings| {
            polygon::contains(rings, centre)
                || rings.iter().any(|ring| {
                    (0..ring.len())
                        .any(|i| polygon::segment_hits_rect(ring[i], ring[(i + 1) % ring.len()], r))
                })
        })
    }

    /// A property over generated maps of every size that gets an inset
    /// (crowded and sparse, one state to several, on Letter and on the
    /// half-page of a4-2up): no inset the sheet chooses covers land of the
    /// main map or another inset, each lies in the map's place, holds the
    /// areas it enlarges, and no area is in two.
    #[test]
    fn an_automatic_inset_never_covers_land() {
        let half = Rect::new(18.0, 60.0, 380.0, 420.0);
        let mut insets = 0;
        for seed in 1..=4u64 {
            for (n, states) in [(45, 3), (60, 5)] {
                let atlas = generated(n, states, seed);
                for bounds in [BOUNDS, half] {
                    let plan = plan(&atlas, bounds, SIDE);
                    for (k, shown) in plan.insets.iter().enumerate() {
                        let inset = &shown.inset;
                        insets += 1;
                        let f = inset.frame;
                        for other in &plan.insets[k + 1..] {
                            assert!(
                                inset.frame_rect().overlap(&other.inset.frame_rect()) <= 0.0,
                                "seed {seed}, {n} counties: two insets overlap"
                            );
                            assert!(
                                !inset.areas.iter().any(|a| other.inset.holds(*a)),
                                "seed {seed}, {n} counties: an area in two insets"
                            );
                        }
                        assert!(
                            bounds.contains(&inset.frame_rect()),
                            "seed {seed}, {n} counties: the inset {f:?} leaves {bounds:?}"
                        );
                        if let Some(a) = covers_land(f, &plan.shapes) {
                            panic!(
                                "seed {seed}, {n} counties in {bounds:?}: the inset {f:?} covers {}",
                                atlas.shapes[a].id
                            );
                        }
                        for &a in &inset.areas {
                            let e =
                                polygon::bounds(&main_polygon(&atlas.shapes[a], &plan.shapes[a]));
                            let w = inset.window;
                            assert!(
                                e[0] >= w[0] && e[1] >= w[1] && e[2] <= w[2] && e[3] <= w[3],
                                "seed {seed}: {} outside the window",
                                atlas.shapes[a].id
                            );
                        }
                    }
                }
            }
        }
        // The property is about insets: enough of the maps get one.
        assert!(insets >= 5, "only {insets} insets");
    }
}
