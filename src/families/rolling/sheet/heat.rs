//! A map drawn as a heat map: each area filled by a value (for example how
//! often it ends as an X), with the region borders of the printed sheet.

use super::atlas::{area_path, border_lines, shapes_in};
use super::grid::{Placement, inner_lines, outline, widest_place};
use crate::geom::polygon;
use crate::rolling::map::{AreaId, Layout, Map};
use crate::scene::font::text_width;
use crate::scene::{
    Anchor, Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Text, Weight,
};

/// Colour of a value in `0..=1`: white, through yellow and orange, to dark red.
pub fn heat_color(t: f32) -> Rgb {
    const STOPS: [(f32, (f32, f32, f32)); 4] = [
        (0.0, (255.0, 255.0, 255.0)),
        (0.33, (254.0, 224.0, 139.0)),
        (0.66, (244.0, 109.0, 67.0)),
        (1.0, (165.0, 0.0, 38.0)),
    ];
    let t = t.clamp(0.0, 1.0);
    let i = STOPS
        .iter()
        .rposition(|(s, _)| *s <= t)
        .unwrap_or(0)
        .min(STOPS.len() - 2);
    let ((s0, a), (s1, b)) = (STOPS[i], STOPS[i + 1]);
    let f = (t - s0) / (s1 - s0);
    let mix = |x: f32, y: f32| (x + (y - x) * f).round() as u8;
    Rgb::new(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

use crate::print::INK;

/// The top of a heat scale that holds every value of `values`: the largest,
/// rounded up to a whole percent (at least 1 %).
pub fn scale_top(values: impl IntoIterator<Item = f64>) -> f64 {
    let max = values.into_iter().fold(0.0f64, f64::max);
    ((max * 100.0 - 1e-9).ceil().max(1.0)) / 100.0
}

/// WCAG relative luminance of a colour, from 0 (black) to 1 (white).
fn luminance(c: Rgb) -> f32 {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
}

/// WCAG contrast ratio of two colours, from 1 to 21.
fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The colour of a label on `fill`: black or white, whichever stands out
/// more (one of them always reaches WCAG's 4.5:1 for text).
pub fn label_ink(fill: Rgb) -> Rgb {
    if contrast(Rgb::BLACK, fill) >= contrast(Rgb::WHITE, fill) {
        Rgb::BLACK
    } else {
        Rgb::WHITE
    }
}

/// One page showing `values[area]` (shares in `0..=1`) as colours, each
/// area labelled with its code and the value as a percentage. Colours run
/// from 0 to `top` (the darkest), which the page's legend states: a report
/// that shows several maps side by side passes them all the same `top`
/// ([`scale_top`] of every value), so that one colour means one rate on
/// all of them.
pub fn heat_map(map: &Map, values: &[f64], width: f32, top: f64) -> Document {
    let max = top.max(1e-9);
    let color = |a: AreaId| heat_color((values[a.index()] / max) as f32);
    let label = |a: AreaId| format!("{:.0}%", values[a.index()] * 100.0);
    let mut items = Vec::new();
    let mut texts = Vec::new();
    let height;
    let mut text = |pos: Point, content: String, size: f32, weight: Weight, on: Rgb| {
        texts.push(Item::Text(Text {
            pos,
            content,
            size,
            weight,
            color: label_ink(on),
            anchor: Anchor::Middle,
            max_width: None,
            fonts: crate::scene::Fonts::default(),
        }));
    };
    match &map.layout {
        Layout::Grid(grid) => {
            let cell = width / grid.columns as f32;
            height = cell * grid.rows as f32 + 24.0;
            let at = Placement {
                origin: Point::new(0.0, 0.0),
                cell,
            };
            for a in map.area_ids() {
                items.push(Item::Path(
                    outline(grid, &at, |c| c == Some(a)),
                    Style::fill(color(a)),
                ));
            }
            items.push(Item::Path(
                inner_lines(map, grid, &at),
                Style::stroke(Stroke::solid(Rgb::grey(110), 0.5)),
            ));
            let mut borders = Path::new();
            for ri in 0..map.regions.len() {
                borders.segs.extend(
                    outline(grid, &at, |c| {
                        c.is_some_and(|a| map.area(a).region.index() == ri)
                    })
                    .segs,
                );
            }
            items.push(Item::Path(borders, Style::stroke(Stroke::solid(INK, 1.4))));
            let size = (cell * 0.28).clamp(5.0, 11.0);
            for a in map.area_ids() {
                let (x, y, _) = widest_place(grid, a);
                let c = at.at(x, y);
                text(
                    Point::new(c.x, c.y - size * 0.15),
                    map.area(a).id.clone(),
                    size,
                    Weight::Bold,
                    color(a),
                );
                text(
                    Point::new(c.x, c.y + size * 1.0),
                    label(a),
                    size * 0.9,
                    Weight::Regular,
                    color(a),
                );
            }
        }
        Layout::Atlas(atlas) => {
            // The real shapes, as the sheet prints them, at the width
            // asked; an area too small for its label is listed below.
            let all: Vec<Vec<crate::geom::Point>> = atlas
                .shapes
                .iter()
                .flat_map(|sh| sh.rings.iter().cloned())
                .collect();
            let b = polygon::bounds(&all);
            let aspect = ((b[3] - b[1]) / (b[2] - b[0]).max(1e-9)).clamp(0.35, 1.0) as f32;
            let map_height = width * aspect;
            let shapes = shapes_in(atlas, Rect::new(0.0, 0.0, width, map_height), 4.0);
            for a in map.area_ids() {
                items.push(Item::Path(
                    area_path(&shapes[a.index()]),
                    Style::fill(color(a)),
                ));
            }
            let region = |a: usize| map.areas[a].region;
            let (thin, heavy) = border_lines(&shapes, |a, b| region(a) == region(b));
            items.push(Item::Path(
                thin,
                Style::stroke(Stroke::solid(Rgb::grey(110), 0.5)),
            ));
            items.push(Item::Path(heavy, Style::stroke(Stroke::solid(INK, 1.2))));
            let size = 7.0f32;
            let mut small = Vec::new();
            for a in map.area_ids() {
                let rings = &shapes[a.index()];
                let (pole, _) = polygon::square_place(rings, 0.0, 1.0);
                let room = polygon::border_distance(rings, pole) as f32;
                let (x, y) = (pole[0] as f32, pole[1] as f32);
                if room >= size * 1.2 {
                    text(
                        Point::new(x, y - size * 0.1),
                        map.area(a).id.clone(),
                        size,
                        Weight::Bold,
                        color(a),
                    );
                    text(
                        Point::new(x, y + size * 0.95),
                        label(a),
                        size * 0.9,
                        Weight::Regular,
                        color(a),
                    );
                } else {
                    small.push(format!("{} {}", map.area(a).id, label(a)));
                }
            }
            // The small areas' rates, in lines under the map.
            let mut lines: Vec<String> = Vec::new();
            let fits = |line: &str| text_width(line, size, Weight::Regular) <= width;
            for (i, entry) in small.iter().enumerate() {
                let lead = if i == 0 { "Small areas: " } else { "" };
                match lines.last_mut() {
                    Some(line) if fits(&format!("{line}, {entry}")) => {
                        line.push_str(", ");
                        line.push_str(entry);
                    }
                    _ => lines.push(format!("{lead}{entry}")),
                }
            }
            for (i, line) in lines.iter().enumerate() {
                texts.push(Item::Text(Text {
                    pos: Point::new(0.0, map_height + 12.0 + i as f32 * size * 1.4),
                    content: line.clone(),
                    size,
                    weight: Weight::Regular,
                    color: INK,
                    anchor: Anchor::Start,
                    max_width: None,
                    fonts: crate::scene::Fonts::default(),
                }));
            }
            height = map_height + 8.0 + lines.len() as f32 * size * 1.4 + 24.0;
        }
        // A map without a drawing: its diagram.
        Layout::None => {
            height = width * 0.6 + 24.0;
            // The printed diagram's slots: circles of radius `r` on a grid
            // of slots 2.6 r apart, smaller when there are many areas.
            let n = map.areas.len();
            let mut r = (width / 30.0).clamp(8.0, 24.0);
            let grid = |r: f32| {
                let pitch = r * 2.6;
                (
                    ((width / pitch).floor() as usize).max(1),
                    ((width * 0.6 / pitch).floor() as usize).max(1),
                )
            };
            while grid(r).0 * grid(r).1 < n && r > 1.0 {
                r *= 0.9;
            }
            let (columns, rows) = grid(r);
            let slots =
                super::auto::slots(map, &super::auto::positions(map), columns, rows, 2.0 / 2.6);
            let (px, py) = (width / columns as f32, width * 0.6 / rows as f32);
            let pos: Vec<Point> = slots
                .at
                .iter()
                .map(|&(c, row)| Point::new((c as f32 + 0.5) * px, (row as f32 + 0.5) * py))
                .collect();
            let mut lines = Path::new();
            for (a, b) in map.edges() {
                lines
                    .segs
                    .extend(Path::line(pos[a.index()], pos[b.index()]).segs);
            }
            items.push(Item::Path(
                lines,
                Style::stroke(Stroke::solid(Rgb::grey(150), 0.6)),
            ));
            for a in map.area_ids() {
                let c = pos[a.index()];
                items.push(Item::Path(
                    Path::circle(c, r),
                    Style::fill_stroke(color(a), Stroke::solid(INK, 0.8)),
                ));
                text(
                    Point::new(c.x, c.y - r * 0.05),
                    map.area(a).id.clone(),
                    r * 0.45,
                    Weight::Bold,
                    color(a),
                );
                text(
                    Point::new(c.x, c.y + r * 0.5),
                    label(a),
                    r * 0.4,
                    Weight::Regular,
                    color(a),
                );
            }
        }
    }
    // Legend: the colour scale from 0 to the largest value.
    let y = height - 14.0;
    let steps = 10;
    let w = (width * 0.4) / steps as f32;
    for i in 0..steps {
        let t = i as f32 / (steps - 1) as f32;
        items.push(Item::Path(
            Path::rect(Rect::new(i as f32 * w, y, w, 8.0)),
            Style::fill(heat_color(t)),
        ));
    }
    items.push(Item::Path(
        Path::rect(Rect::new(0.0, y, w * steps as f32, 8.0)),
        Style::stroke(Stroke::solid(INK, 0.4)),
    ));
    texts.push(Item::Text(Text {
        pos: Point::new(w * steps as f32 + 6.0, y + 7.0),
        content: format!("0 % to {:.0} % of games", max * 100.0),
        size: 8.0,
        weight: Weight::Regular,
        color: INK,
        anchor: Anchor::Start,
        max_width: None,
        fonts: crate::scene::Fonts::default(),
    }));
    items.extend(texts);
    Document {
        title: format!("{}: X rate per area", map.info.name),
        author: None,
        created: None,
        symbols: Vec::new(),
        pages: vec![Page {
            width,
            height,
            items,
            boxes: Default::default(),
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_runs_from_white_to_dark_red() {
        assert_eq!(heat_color(0.0), Rgb::WHITE);
        assert_eq!(heat_color(1.0), Rgb::new(165, 0, 38));
        assert_eq!(heat_color(-1.0), Rgb::WHITE);
        let mid = heat_color(0.5);
        assert!(mid.r > mid.b, "warm in the middle");
    }

    #[test]
    fn labels_stand_out_on_every_colour_of_the_scale() {
        for i in 0..=100 {
            let fill = heat_color(i as f32 / 100.0);
            let ink = label_ink(fill);
            // WCAG asks 4.5:1 for text.
            assert!(
                contrast(ink, fill) >= 4.5,
                "{ink:?} on {fill:?}: {:.2}",
                contrast(ink, fill)
            );
        }
        assert_eq!(label_ink(heat_color(1.0)), Rgb::WHITE);
        // On the drawn map: the most often crossed area is the darkest, and
        // its labels are legible on it.
        let map = crate::rolling::map::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml"),
        )
        .unwrap();
        let mut values = vec![0.1; map.areas.len()];
        values[0] = 0.9;
        let doc = heat_map(&map, &values, 600.0, scale_top(values.iter().copied()));
        let mut seen = 0;
        crate::scene::visit_text(
            &doc.pages[0].items,
            &doc.symbols,
            Point::default(),
            &mut |t, _| {
                if t.content == map.areas[0].id || t.content == "90%" {
                    seen += 1;
                    assert!(contrast(t.color, heat_color(1.0)) >= 4.5, "{:?}", t.color);
                }
            },
        );
        assert_eq!(seen, 2);
        assert_eq!(label_ink(heat_color(0.0)), Rgb::BLACK);
    }

    #[test]
    fn atlas_maps_are_drawn_as_their_shapes_with_every_rate() {
        for file in ["maps/usa-atlas.toml", "maps/japan-atlas.toml"] {
            let map = crate::rolling::map::load(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file),
            )
            .unwrap();
            assert!(matches!(map.layout, Layout::Atlas(_)));
            let values: Vec<f64> = (0..map.areas.len()).map(|i| i as f64 / 100.0).collect();
            let width = 520.0;
            let doc = heat_map(&map, &values, width, scale_top(values.iter().copied()));
            let page = &doc.pages[0];
            // One filled shape per area, no diagram circles.
            let fills = page
                .items
                .iter()
                .filter(|i| matches!(i, Item::Path(_, s) if s.fill.is_some()))
                .count();
            assert!(fills >= map.areas.len(), "{file}: {fills} fills");
            let mut texts = Vec::new();
            crate::scene::visit_text(&page.items, &doc.symbols, Point::default(), &mut |t, _| {
                texts.push(t.clone())
            });
            let small: Vec<&Text> = texts
                .iter()
                .filter(|t| t.anchor == Anchor::Start && t.content.contains('%'))
                .filter(|t| !t.content.contains("of games"))
                .collect();
            for t in &small {
                assert!(
                    text_width(&t.content, t.size, t.weight) <= width,
                    "{file}: {} runs off the page",
                    t.content
                );
                assert!(t.pos.y < page.height);
            }
            // Every area's rate is on the map (its code, then its rate) or
            // in the list of small areas.
            for (i, a) in map.areas.iter().enumerate() {
                let rate = format!("{i}%");
                let on_map = texts
                    .windows(2)
                    .any(|w| w[0].content == a.id && w[1].content == rate);
                let listed = small
                    .iter()
                    .any(|t| t.content.contains(&format!("{} {rate}", a.id)));
                assert!(
                    on_map != listed,
                    "{file}: {} on the map {on_map}, listed {listed}",
                    a.id
                );
            }
        }
    }

    #[test]
    fn every_area_is_labelled_with_its_rate() {
        let map = crate::rolling::map::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml"),
        )
        .unwrap();
        let values: Vec<f64> = (0..map.areas.len()).map(|i| i as f64 / 100.0).collect();
        let doc = heat_map(&map, &values, 600.0, scale_top(values.iter().copied()));
        let mut words = Vec::new();
        crate::scene::visit_text(
            &doc.pages[0].items,
            &doc.symbols,
            Point::default(),
            &mut |t, _| words.push(t.content.clone()),
        );
        for a in &map.areas {
            assert!(words.contains(&a.id));
        }
        assert!(words.contains(&"49%".to_string()));
    }
}
