//! The HTML page of a simulation report and its bar charts, as
//! self-contained text (no scripts, no files beside it).

use std::fmt::Write;

use crate::render::svg::escape as esc;

/// Colours of the series in charts, in order.
pub const SERIES: [&str; 4] = ["#1e88e5", "#e53935", "#43a047", "#8e24aa"];

/// The style sheet every report shares.
const STYLE: &str = "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{margin-bottom:.2em}h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{padding:.25em .7em;border-bottom:1px solid #e5e5e5;text-align:right}
th:first-child,td:first-child{text-align:left}thead th{border-bottom:2px solid #999}
svg{max-width:100%;height:auto}svg text{font-family:inherit}
.heat{display:flex;flex-wrap:wrap;gap:1.5em}.heat figure{margin:0;flex:1 1 500px}figcaption{font-size:.9em;color:#555}
.details{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
code{background:#f4f4f4;padding:.1em .3em}
";

/// A whole page titled `title` around `body` (HTML, already escaped).
pub fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        esc(title)
    )
}

/// One series of a bar chart: its name in the legend and its share of
/// the whole (0 to 1) at each slot.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend.
    pub name: String,
    /// The share at each slot of the chart.
    pub shares: Vec<f64>,
}

/// A grouped bar chart of shares (each series' bars side by side in each
/// slot), with the y axis in percent.
#[derive(Clone, Debug)]
pub struct BarChart {
    /// What the chart shows, for screen readers.
    pub title: String,
    /// The value of the first slot; slot `i` is `first + i`.
    pub first: i64,
    /// The caption of the x axis, also the unit of a slot in tooltips
    /// (`"X per game"`: "3 X per game").
    pub x_caption: String,
    /// What a share is a share of, in tooltips (`"games"`).
    pub of: String,
    /// The series, one colour each.
    pub series: Vec<Series>,
}

/// The step between the 4 grid lines of a percent axis whose highest bar
/// is `peak` percent: the smallest of a few round whole numbers that
/// reaches it, so every label is a whole number.
fn percent_step(peak: f64) -> f64 {
    [
        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 15.0, 20.0, 25.0,
    ]
    .into_iter()
    .find(|s| 4.0 * s >= peak - 1e-9)
    .unwrap_or(25.0)
}

impl BarChart {
    /// The chart as an SVG element.
    pub fn svg(&self) -> String {
        let (w, h) = (720.0f64, 260.0f64);
        let (left, right, top, bottom) = (44.0, 12.0, 28.0, 34.0);
        let slots = self
            .series
            .iter()
            .map(|s| s.shares.len())
            .max()
            .unwrap_or(0)
            .max(1);
        let peak = self
            .series
            .iter()
            .flat_map(|s| s.shares.iter())
            .fold(0.0f64, |a, &b| a.max(b * 100.0));
        let step = percent_step(peak);
        let scale_top = 4.0 * step;
        let plot_w = w - left - right;
        let plot_h = h - top - bottom;
        let slot = plot_w / slots as f64;
        let bar = slot * 0.8 / self.series.len().max(1) as f64;
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\">",
            esc(&self.title)
        );
        for k in 0..=4 {
            let y = top + plot_h - plot_h * f64::from(k) / 4.0;
            let _ = write!(
                s,
                "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{} %</text>",
                w - right,
                left - 4.0,
                y + 4.0,
                step * f64::from(k)
            );
        }
        for (j, series) in self.series.iter().enumerate() {
            for (k, &share) in series.shares.iter().enumerate() {
                let v = share * 100.0;
                if v <= 0.0 {
                    continue;
                }
                let bh = plot_h * v / scale_top;
                let x = left + slot * k as f64 + slot * 0.1 + bar * j as f64;
                let _ = write!(
                    s,
                    "<rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{bar:.2}\" height=\"{bh:.2}\" fill=\"{}\"><title>{}: {} {}, {v:.1} % of {}</title></rect>",
                    top + plot_h - bh,
                    SERIES[j % SERIES.len()],
                    esc(&series.name),
                    self.first + k as i64,
                    esc(&self.x_caption),
                    esc(&self.of)
                );
            }
        }
        let every = (slots / 20).max(1);
        for k in (0..slots).step_by(every) {
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
                left + slot * (k as f64 + 0.5),
                h - bottom + 14.0,
                self.first + k as i64
            );
        }
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            left + plot_w / 2.0,
            h - 4.0,
            esc(&self.x_caption)
        );
        let mut x = left;
        for (j, series) in self.series.iter().enumerate() {
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"8\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.1}\" y=\"18\" font-size=\"12\">{}</text>",
                SERIES[j % SERIES.len()],
                x + 16.0,
                esc(&series.name)
            );
            // Room for the text at about 6.5 units a character.
            x += 36.0 + 6.5 * series.name.chars().count() as f64;
        }
        s.push_str("</svg>");
        s
    }
}

/// The heat colour of `t` in 0..=1 (0: early, dark red; 1: late, pale
/// yellow).
pub fn heat(t: f64) -> String {
    let (r, g, b) = heat_rgb(t);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn heat_rgb(t: f64) -> (u8, u8, u8) {
    let t = t.clamp(0.0, 1.0);
    let lerp = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    (lerp(178.0, 255.0), lerp(24.0, 237.0), lerp(43.0, 160.0))
}

/// WCAG relative luminance of a colour, from 0 (black) to 1 (white).
fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// The ink of a label on the heat colour of `t`: black or white, whichever
/// contrasts more with the fill (one always reaches WCAG's 4.5:1).
pub fn heat_ink(t: f64) -> &'static str {
    let l = luminance(heat_rgb(t));
    // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05).
    if (l + 0.05) * (l + 0.05) >= 0.05 * 1.05 {
        "#000"
    } else {
        "#fff"
    }
}

/// A heat scale shared by every map of a report: `lo` maps to the darkest
/// colour (0) and `hi` to the palest (1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatScale {
    /// The value of the darkest colour.
    pub lo: f64,
    /// The value of the palest colour.
    pub hi: f64,
}

impl HeatScale {
    /// The scale from the smallest to the largest of `values` (0 to 1 when
    /// there are none).
    pub fn of(values: impl IntoIterator<Item = f64>) -> HeatScale {
        let (lo, hi) = values
            .into_iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        if lo > hi {
            HeatScale { lo: 0.0, hi: 1.0 }
        } else {
            HeatScale { lo, hi }
        }
    }

    /// Where `v` lies on the scale, from 0 to 1.
    pub fn at(&self, v: f64) -> f64 {
        ((v - self.lo) / (self.hi - self.lo).max(1e-9)).clamp(0.0, 1.0)
    }

    /// The fill and the label ink of `v`.
    pub fn colors(&self, v: f64) -> (String, &'static str) {
        let t = self.at(v);
        (heat(t), heat_ink(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_stand_out_on_every_heat_colour() {
        let contrast = |a: f64, b: f64| (a.max(b) + 0.05) / (a.min(b) + 0.05);
        let mut inks = std::collections::BTreeSet::new();
        for i in 0..=100 {
            let t = f64::from(i) / 100.0;
            let fill = luminance(heat_rgb(t));
            let ink = if heat_ink(t) == "#000" { 0.0 } else { 1.0 };
            inks.insert(heat_ink(t));
            assert!(contrast(fill, ink) >= 4.5, "t {t}: {}", contrast(fill, ink));
        }
        // Dark red takes white, pale yellow black.
        assert_eq!(heat_ink(0.0), "#fff");
        assert_eq!(heat_ink(1.0), "#000");
        assert_eq!(inks.len(), 2);
    }

    #[test]
    fn one_scale_spans_every_value() {
        let s = HeatScale::of([3.0, 9.0, 5.0]);
        assert_eq!((s.lo, s.hi), (3.0, 9.0));
        assert_eq!(s.at(3.0), 0.0);
        assert_eq!(s.at(9.0), 1.0);
        assert_eq!(s.at(6.0), 0.5);
        assert_eq!(HeatScale::of([]), HeatScale { lo: 0.0, hi: 1.0 });
        assert_eq!(HeatScale::of([2.0]).at(2.0), 0.0);
    }

    #[test]
    fn axis_labels_are_whole_percentages_above_the_highest_bar() {
        for (peak, step) in [
            (0.0, 1.0),
            (2.5, 1.0),
            (4.0, 1.0),
            (7.9, 2.0),
            (10.0, 3.0),
            (12.5, 4.0),
            (33.0, 10.0),
            (100.0, 25.0),
        ] {
            assert_eq!(percent_step(peak), step, "peak {peak}");
        }
        let chart = BarChart {
            title: "t".into(),
            first: -2,
            x_caption: "points".into(),
            of: "sheets".into(),
            series: vec![Series {
                name: "a <b>".into(),
                shares: vec![0.025, 0.0, 0.1],
            }],
        };
        let svg = chart.svg();
        for label in [">0 %<", ">3 %<", ">6 %<", ">9 %<", ">12 %<"] {
            assert!(svg.contains(label), "{label} in {svg}");
        }
        assert!(svg.contains("a &lt;b&gt;: -2 points, 2.5 % of sheets"));
        assert!(svg.contains(">0</text>"), "the slot labels start at first");
        assert_eq!(svg.matches("<rect").count(), 3, "two bars and a legend key");
    }
}
