//! The heat maps of `rollx simulate --report`, in every family: one colour
//! scale for the whole report (every map, table and policy side by side
//! compare), stated in each legend, and labels in black or white by the
//! fill they sit on.

mod common;
use common::run;

/// Runs `rollx simulate ... --report` and returns the page and what the
/// command printed.
fn report(args: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--report", html.to_str().unwrap(), "-q"]);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    (std::fs::read_to_string(&html).unwrap(), out)
}

/// Every number written between `before` and `after` in `page`.
fn numbers(page: &str, before: &str, after: &str) -> Vec<f64> {
    page.split(before)
        .skip(1)
        .filter_map(|s| s.split(after).next()?.parse().ok())
        .collect()
}

/// All of `values` are equal, and there are at least `n` of them.
fn one_value(values: &[f64], n: usize) -> f64 {
    assert!(values.len() >= n, "{values:?}");
    assert!(values.iter().all(|v| *v == values[0]), "{values:?}");
    values[0]
}

/// The labels drawn on heat cells: for each cell (a `<g>` with a
/// tooltip), the fill of its first shape, the heat colour, and the ink of
/// its labels (`#000` or `#fff`).
fn inks(page: &str) -> Vec<(&str, &str)> {
    page.split("<g><title>")
        .skip(1)
        .filter_map(|g| {
            let g = g.split("</g>").next()?;
            let fill = g.split("fill=\"#").nth(1)?.get(..6)?;
            let ink = g.split("style=\"fill:").nth(1)?.get(..4)?;
            Some((fill, ink))
        })
        .collect()
}

/// The luminance of `#rrggbb` (WCAG).
fn luminance(hex: &str) -> f64 {
    let c = |i: usize| {
        let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * c(0) + 0.7152 * c(2) + 0.0722 * c(4)
}

fn readable(cells: &[(&str, &str)]) {
    assert!(!cells.is_empty());
    let mut white = 0;
    for (fill, ink) in cells {
        let l = luminance(fill);
        let contrast = if *ink == "#fff" {
            white += 1;
            1.05 / (l + 0.05)
        } else {
            (l + 0.05) / 0.05
        };
        assert!(contrast >= 4.5, "{ink} on #{fill}: {contrast:.2}");
    }
    assert!(white > 0, "the darkest cells take white labels");
}

#[test]
fn rolling_maps_and_policies_share_one_scale() {
    let (page, out) = report(&[
        "maps/usa.toml",
        "maps/examples/tutorial.toml",
        "--games",
        "60",
        "--policy",
        "random,greedy",
        "--no-power-value",
        "--format",
        "json",
    ]);
    // Four heat maps (two maps, two policies), one scale in their legends.
    let top = one_value(&numbers(&page, ">0 % to ", " % of games</text>"), 4);
    // It reaches the highest X rate of the report, and no further than the
    // next whole percent.
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let highest = json["maps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["policies"].as_array().unwrap())
        .flat_map(|p| p["areas"].as_array().unwrap())
        .map(|a| a["x_rate"].as_f64().unwrap() * 100.0)
        .fold(0.0, f64::max);
    assert!(
        highest > 0.0 && highest <= top && top < highest + 1.0,
        "{highest} {top}"
    );
}

#[test]
fn encore_tables_and_policies_share_one_scale() {
    let (page, _) = report(&[
        "maps/encore-black.toml",
        "--games",
        "40",
        "--policy",
        "random,greedy",
    ]);
    // Two policies, two heat maps, one scale.
    let early = one_value(&numbers(&page, ">roll ", " (early)</text>"), 2);
    let late = one_value(&numbers(&page, ">roll ", " (late)</text>"), 2);
    // The scale spans every box's mean roll of both policies (in the
    // tooltips).
    let rolls = numbers(&page, "mean roll ", ",");
    let lo = rolls.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = rolls.iter().copied().fold(0.0, f64::max);
    assert_eq!((early, late), (lo, hi));
    readable(&inks(&page));
}

#[test]
fn diceland_tables_share_one_scale() {
    let args = [
        "maps/diceland-1.toml",
        "--games",
        "40",
        "--policy",
        "random,greedy",
    ];
    let (page, _) = report(&args);
    // Two tables, two heat maps, one scale.
    let early = one_value(&numbers(&page, "font-size=\"11\">turn ", "</text>"), 2);
    let late = one_value(&numbers(&page, "text-anchor=\"end\">turn ", "</text>"), 2);
    let turns = numbers(&page, "mean turn ", ",");
    let lo = turns.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = turns.iter().copied().fold(0.0, f64::max);
    assert_eq!((early, late), (lo, hi));
    readable(&inks(&page));
    // The same run, the same page.
    assert_eq!(page, report(&args).0);
}

/// What a browser draws: every label of the page, in the colour headless
/// Chromium computes for it (the page's style sheet included), stands out
/// at least 4.5:1 from the cell beneath it, and the hottest cells carry
/// white labels.
fn drawn_readable(args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--report", html.to_str().unwrap(), "-q"]);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    let labels = common::drawn_labels(&html);
    assert!(labels.len() > 20, "{labels:?}");
    for l in &labels {
        assert!(
            l.contrast() >= 4.5,
            "{args:?}: {:?} drawn in {:?} on {:?}: contrast {:.2}",
            l.text,
            l.ink,
            l.under,
            l.contrast()
        );
    }
    assert!(
        labels
            .iter()
            .any(|l| l.ink == [255, 255, 255] && l.under != [255, 255, 255]),
        "{args:?}: the hottest cells take white labels"
    );
}

#[test]
#[ignore = "needs Debian's chromium; run by .ci/run"]
fn rolling_heat_labels_are_readable_in_a_browser() {
    drawn_readable(&["maps/usa.toml", "--games", "60", "--policy", "random"]);
}

#[test]
#[ignore = "needs Debian's chromium; run by .ci/run"]
fn encore_heat_labels_are_readable_in_a_browser() {
    drawn_readable(&[
        "maps/encore-black.toml",
        "--games",
        "40",
        "--policy",
        "random,greedy",
    ]);
}

#[test]
#[ignore = "needs Debian's chromium; run by .ci/run"]
fn diceland_heat_labels_are_readable_in_a_browser() {
    drawn_readable(&[
        "maps/diceland-1.toml",
        "--games",
        "40",
        "--policy",
        "random,greedy",
    ]);
}
