//! Checks a pad must pass before it is printed: nothing outside the
//! printable area, writing boxes big enough, text that fits, and region
//! colours that can be told apart.

use super::layout::Pad;
use super::template::Template;
use crate::diag::Diagnostic;
use crate::scene::{Item, Point, Rect, Rgb, Text, items_bounds, visit_text};

/// Colours closer than this (CIE76 ΔE in CIELAB) are too close to tell apart
/// on paper. ΔE 2.3 is the just-noticeable difference; printed tints and
/// dim light need a good margin.
pub const MIN_COLOR_DISTANCE: f32 = 10.0;

fn points_to_mm(v: f32) -> f32 {
    v * 25.4 / 72.0
}

/// CIELAB (D65) of an sRGB colour.
pub fn lab(c: Rgb) -> (f32, f32, f32) {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c.r), lin(c.g), lin(c.b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))
}

/// CIE76 colour difference.
pub fn delta_e(a: Rgb, b: Rgb) -> f32 {
    let (l1, a1, b1) = lab(a);
    let (l2, a2, b2) = lab(b);
    ((l1 - l2).powi(2) + (a1 - a2).powi(2) + (b1 - b2).powi(2)).sqrt()
}

/// Every reason the pad should not be printed.
pub fn check(pad: &Pad, t: &Template, mono: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let doc = &pad.document;

    // Inside the printable area (sheets by their declared box: content that
    // spills out of a sheet is reported once, below), and each sheet inside
    // its own place.
    let mut reported: Vec<String> = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        let pm = t.printer_margin;
        let printable = Rect::new(pm, pm, page.width - 2.0 * pm, page.height - 2.0 * pm);
        let bounds = page
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Use { symbol, at } => doc
                    .symbols
                    .get(*symbol)
                    .map(|s| Rect::new(at.x, at.y, s.width, s.height)),
                other => other.bounds(&doc.symbols),
            })
            .reduce(|a, b| a.union(&b));
        let Some(b) = bounds.filter(|b| !printable.contains(b)) else {
            continue;
        };
        let closest = [b.x, b.y, page.width - b.right(), page.height - b.bottom()]
            .into_iter()
            .fold(f32::MAX, f32::min);
        let place = if closest < 0.0 {
            format!(
                "reaches {:.1} mm past the paper's edge",
                points_to_mm(-closest)
            )
        } else {
            format!(
                "comes within {:.1} mm of the paper's edge",
                points_to_mm(closest)
            )
        };
        if reported.contains(&place) {
            continue;
        }
        out.push(
            Diagnostic::error(
                "print-outside",
                format!(
                    "page {}: the drawing {place}, but printers need {:.1} mm",
                    i + 1,
                    points_to_mm(pm)
                ),
            )
            .with_help("give the template wider margins (page.margins_mm)"),
        );
        reported.push(place);
    }
    for s in &doc.symbols {
        if let Some(b) = items_bounds(&s.items, &doc.symbols) {
            let own = Rect::new(0.0, 0.0, s.width, s.height);
            if !own.contains(&b) {
                out.push(
                    Diagnostic::error(
                        "print-outside",
                        format!(
                            "the sheet's drawing ({:.0} x {:.0} mm) spills out of its {:.0} x {:.0} mm place on the page",
                            points_to_mm(b.w),
                            points_to_mm(b.h),
                            points_to_mm(s.width),
                            points_to_mm(s.height)
                        ),
                    )
                    .with_help("use a larger page or smaller fonts in the template"),
                );
            }
        }
    }

    // Writing boxes.
    if pad.box_size + 1e-3 < t.min_box {
        out.push(
            Diagnostic::error(
                "print-box-too-small",
                format!(
                    "writing boxes would be {:.1} mm across, but the template asks for at least {:.1} mm",
                    points_to_mm(pad.box_size),
                    points_to_mm(t.min_box)
                ),
            )
            .with_help("use a larger page or smaller margins, make the map's grid smaller, or lower sheet.min_box_mm"),
        );
    }

    // Text that does not fit.
    let mut seen: Vec<String> = Vec::new();
    let mut report = |message: String, out: &mut Vec<Diagnostic>| {
        if !seen.contains(&message) {
            seen.push(message.clone());
            out.push(
                Diagnostic::error("print-text-overflow", message)
                    .with_help("use smaller fonts in the template, or shorter names"),
            );
        }
    };
    for page in doc.pages.iter().take(1) {
        let mut texts: Vec<&Text> = Vec::new();
        visit_text(&page.items, &doc.symbols, Point::default(), &mut |t, _| {
            texts.push(t)
        });
        for text in texts {
            if let Some(max) = text.max_width {
                let w = text.width();
                if w > max + 0.01 {
                    report(
                        format!(
                            "\"{}\" is {:.1} mm wide but has {:.1} mm of room",
                            text.content,
                            points_to_mm(w),
                            points_to_mm(max)
                        ),
                        &mut out,
                    );
                }
            }
        }
    }
    for o in &pad.overflows {
        report(o.clone(), &mut out);
    }

    // Region colours.
    if !mono {
        let colors = &pad.region_colors;
        for i in 0..colors.len() {
            for j in i + 1..colors.len() {
                let d = delta_e(colors[i].1, colors[j].1);
                if d < MIN_COLOR_DISTANCE {
                    out.push(
                        Diagnostic::error(
                            "print-colors-too-close",
                            format!(
                                "regions `{}` ({}) and `{}` ({}) print in colours too close to tell apart (ΔE {:.1}, at least {} needed)",
                                colors[i].0, colors[i].1, colors[j].0, colors[j].1, d, MIN_COLOR_DISTANCE
                            ),
                        )
                        .with_help("give the regions more different colours (in the map or the template's [palette]), raise sheet.tint, or print with --mono"),
                    );
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_differences_follow_cielab() {
        assert!(delta_e(Rgb::WHITE, Rgb::BLACK) > 99.0);
        assert!(delta_e(Rgb::new(255, 0, 0), Rgb::new(254, 0, 0)) < 1.0);
        let (l, a, b) = lab(Rgb::WHITE);
        assert!((l - 100.0).abs() < 0.1 && a.abs() < 0.1 && b.abs() < 0.1);
    }
}
