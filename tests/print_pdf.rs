//! Printed pads as independent readers see them: hayro (a pure-Rust PDF
//! renderer) against resvg's rendering of the SVG preview, printpdf's parser
//! for the text layer, and, in tests that `.ci/run` runs with `--ignored`
//! after installing them, qpdf and poppler.
//!
//! hayro's checks need `--features pdf-render-tests` (its renderer stack is
//! left out of a plain `cargo test`'s build); `.ci/run` runs this file with it.

mod common;
use common::{root, tool};
mod encore_black;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
#[cfg(feature = "pdf-render-tests")]
use hayro::hayro_interpret::InterpreterSettings;
#[cfg(feature = "pdf-render-tests")]
use hayro::hayro_syntax::Pdf;
#[cfg(feature = "pdf-render-tests")]
use hayro::vello_cpu::color::palette::css::WHITE;
#[cfg(feature = "pdf-render-tests")]
use hayro::{PixmapSettings, RenderCache, RenderSettings, render};

use rollx::print::{PrintOptions, template};
use rollx::render::{pdf::to_pdf, png::rasterize};
use rollx::rolling::load;
#[cfg(feature = "pdf-render-tests")]
use rollx::scene::Document;

fn pad(map: &str, template_name: &str, options: PrintOptions) -> rollx::rolling::Pad {
    let map = load(&root().join(map)).unwrap();
    let t = template::load(template_name).unwrap();
    rollx::rolling::print_sheet(&map, &t, &options).unwrap()
}

fn text_layer(pdf: &[u8]) -> Vec<String> {
    let mut warnings = Vec::new();
    let doc =
        printpdf::PdfDocument::parse(pdf, &printpdf::PdfParseOptions::default(), &mut warnings)
            .expect("printpdf parses it");
    doc.extract_text()
        .into_iter()
        .map(|page| page.join(" "))
        .collect()
}

#[cfg(feature = "pdf-render-tests")]
/// Page 1 as hayro and as resvg (via the SVG) see it, at `dpi`, compared
/// in blocks of 4 x 4 pixels (so that anti-aliasing, which the two draw a
/// little differently, averages out): the mean difference per channel
/// (0-255) and the share of blocks that differ a lot.
fn compare(document: &Document, dpi: f32) -> (f64, f64) {
    const BLOCK: u32 = 4;
    let bytes = to_pdf(document).unwrap();
    let pdf = Pdf::new(bytes).expect("hayro parses the PDF");
    let scale = dpi / 72.0;
    let settings = PixmapSettings {
        x_scale: scale,
        y_scale: scale,
        bg_color: WHITE,
    };
    let from_pdf = render(
        &pdf.pages()[0],
        &RenderCache::new(),
        &InterpreterSettings::default(),
        &RenderSettings::default(),
        &settings,
    );
    // hayro rounds the page size down, resvg to the nearest pixel: compare
    // the pixels both have, at the same scale.
    let from_svg = rasterize(document, 1, dpi).unwrap();
    let (w, h) = (
        u32::from(from_pdf.width()).min(from_svg.width()),
        u32::from(from_pdf.height()).min(from_svg.height()),
    );
    assert!(
        u32::from(from_pdf.width()).abs_diff(from_svg.width()) <= 1,
        "the PDF page has the scene's size"
    );
    assert!(w > 100 && h > 100);
    let (mut total, mut big, mut blocks) = (0.0f64, 0u64, 0u64);
    for by in 0..h / BLOCK {
        for bx in 0..w / BLOCK {
            let mut sum = [0i64; 3];
            for y in by * BLOCK..(by + 1) * BLOCK {
                for x in bx * BLOCK..(bx + 1) * BLOCK {
                    let a = from_pdf.sample(x as u16, y as u16);
                    let b = from_svg.pixel(x, y).unwrap().demultiply();
                    sum[0] += i64::from(a.r) - i64::from(b.red());
                    sum[1] += i64::from(a.g) - i64::from(b.green());
                    sum[2] += i64::from(a.b) - i64::from(b.blue());
                }
            }
            let d = sum.map(|v| v.unsigned_abs() as f64 / f64::from(BLOCK * BLOCK));
            total += d.iter().sum::<f64>() / 3.0;
            if d.iter().any(|&v| v > 48.0) {
                big += 1;
            }
            blocks += 1;
        }
    }
    (total / blocks as f64, big as f64 / blocks as f64)
}

#[test]
#[cfg(feature = "pdf-render-tests")]
fn the_pdf_looks_like_the_svg_preview() {
    for (map, t, mono) in [
        ("maps/usa.toml", "letter", false),
        ("maps/japan.toml", "a4", false),
        ("maps/usa.toml", "a4-2up", false),
        ("maps/usa.toml", "letter", true),
    ] {
        let p = pad(
            map,
            t,
            PrintOptions {
                sheets: 1,
                mono,
                ..PrintOptions::default()
            },
        );
        // Hatching is drawn with 0.3 pt hairlines, which PDF renderers widen
        // to a whole device pixel and resvg does not: compare mono pages at a
        // resolution where a hairline is about a pixel wide.
        let dpi = if mono { 200.0 } else { 72.0 };
        let (mean, share) = compare(&p.document, dpi);
        // Anti-aliasing and glyph rasterisation differ a little; a missing or
        // misplaced shape would differ a lot.
        assert!(mean < 3.0, "{map} {t}: mean difference {mean:.2}");
        assert!(
            share < 0.005,
            "{map} {t}: {:.2} % of blocks differ strongly",
            share * 100.0
        );
    }
}

#[test]
fn a_broken_pdf_would_not_pass_the_comparison() {
    // The comparison is not vacuous: page 1 of the USA against Japan's.
    let usa = pad(
        "maps/usa.toml",
        "letter",
        PrintOptions {
            sheets: 1,
            mono: false,
            ..PrintOptions::default()
        },
    );
    let japan = pad(
        "maps/japan.toml",
        "letter",
        PrintOptions {
            sheets: 1,
            mono: false,
            ..PrintOptions::default()
        },
    );
    let mut mixed = usa.clone();
    mixed.document = japan.document.clone();
    mixed.document.pages[0] = usa.document.pages[0].clone();
    mixed.document.symbols = japan.document.symbols.clone();
    let svg_usa = rasterize(&usa.document, 1, 30.0).unwrap();
    let svg_japan = rasterize(&mixed.document, 1, 30.0).unwrap();
    let differing = svg_usa
        .pixels()
        .iter()
        .zip(svg_japan.pixels())
        .filter(|(a, b)| a.red().abs_diff(b.red()) > 96)
        .count();
    assert!(differing as f64 / svg_usa.pixels().len() as f64 > 0.05);
}

#[test]
fn page_count_equals_sheets_and_area_codes_are_in_the_text_layer() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("usa.pdf");
    let status = Command::cargo_bin("rollx")
        .unwrap()
        .current_dir(root())
        .args([
            "print",
            "maps/usa.toml",
            "--sheets",
            "7",
            "-o",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    // Landscape US Letter is exactly 11 x 8.5 in: 792 x 612 pt, not the
    // 791.99994 that millimetres through f32 would give.
    #[cfg(feature = "pdf-render-tests")]
    {
        let pdf = Pdf::new(bytes.clone()).unwrap();
        assert_eq!(pdf.pages().len(), 7);
        for page in pdf.pages().iter() {
            let b = page.media_box();
            assert_eq!((b.x0, b.y0, b.x1, b.y1), (0.0, 0.0, 792.0, 612.0));
        }
    }
    assert!(
        bytes.windows(22).any(|w| w == b"/MediaBox[0 0 792 612]"),
        "the MediaBox is written with exact numbers"
    );
    let map = load(&root().join("maps/usa.toml")).unwrap();
    let pages = text_layer(&bytes);
    assert_eq!(pages.len(), 7);
    for page in &pages {
        for area in &map.areas {
            assert!(
                page.split_whitespace().any(|w| w == area.id),
                "{} missing",
                area.id
            );
        }
        for label in [
            "Rolling America",
            "Name",
            "Round",
            "Color Change",
            "Guard",
            "Dupe",
            "Number of X's",
        ] {
            assert!(page.contains(label), "{label} missing");
        }
    }
}

#[test]
fn the_japan_pad_has_no_guard_or_dupe_boxes() {
    let p = pad(
        "maps/japan.toml",
        "letter",
        PrintOptions {
            sheets: 2,
            mono: false,
            ..PrintOptions::default()
        },
    );
    let pages = text_layer(&to_pdf(&p.document).unwrap());
    assert!(pages[0].contains("Color Change"));
    assert!(
        !pages[0].contains("Guard") && !pages[0].contains("Dupe"),
        "{}",
        pages[0]
    );
}

#[test]
fn the_default_pad_is_100_sheets_in_output() {
    let dir = tempfile::tempdir().unwrap();
    // Run from a copy of the map in an empty directory: output/ is created.
    std::fs::copy(root().join("maps/usa.toml"), dir.path().join("usa.toml")).unwrap();
    let out = Command::cargo_bin("rollx")
        .unwrap()
        .current_dir(dir.path())
        .args(["print", "usa.toml"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = std::fs::read(dir.path().join("output/usa.pdf")).unwrap();
    #[cfg(feature = "pdf-render-tests")]
    assert_eq!(Pdf::new(pdf.clone()).unwrap().pages().len(), 100);
    let pages = text_layer(&pdf);
    assert_eq!(pages.len(), 100);
    assert_eq!(pages[99], pages[0], "every sheet is the same sheet");
    // The sheet is drawn once and every page shows that drawing: 100
    // sheets cost little more than one (about 32 KB).
    assert!(pdf.len() < 70 * 1024, "{} bytes", pdf.len());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("wrote output/usa.pdf (100 pages"),
        "{stdout}"
    );
}

#[test]
fn pdf_bytes_are_the_same_for_the_same_input() {
    let p = pad(
        "maps/usa.toml",
        "letter",
        PrintOptions {
            sheets: 3,
            mono: false,
            ..PrintOptions::default()
        },
    );
    assert_eq!(to_pdf(&p.document).unwrap(), to_pdf(&p.document).unwrap());
}

/// Writes the USA and Japan pads, and pads of the standard Encore board
/// (`encore-…`), for the external-tool tests.
fn pads_on_disk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for (map, t) in [
        ("maps/usa.toml", "letter"),
        ("maps/japan.toml", "a4-2up"),
        ("maps/usa.toml", "a4"),
    ] {
        let p = pad(
            map,
            t,
            PrintOptions {
                sheets: 4,
                mono: false,
                ..PrintOptions::default()
            },
        );
        let path = dir.join(format!(
            "{}-{t}.pdf",
            Path::new(map).file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(&path, to_pdf(&p.document).unwrap()).unwrap();
        out.push(path);
    }
    for (t, mono) in [("letter", false), ("a4", true), ("a4-2up", false)] {
        let p = encore_pad(
            t,
            PrintOptions {
                sheets: 4,
                mono,
                ..PrintOptions::default()
            },
        );
        let path = dir.join(format!("encore-{t}-{mono}.pdf"));
        std::fs::write(&path, to_pdf(&p.document).unwrap()).unwrap();
        out.push(path);
    }
    out
}

#[test]
#[ignore = "needs qpdf; run by .ci/run"]
fn qpdf_finds_no_errors() {
    let dir = tempfile::tempdir().unwrap();
    for pdf in pads_on_disk(dir.path()) {
        let (ok, out, err) = tool("qpdf", &["--check", pdf.to_str().unwrap()]);
        assert!(ok, "{}: {out}{err}", pdf.display());
        assert!(
            out.contains("No syntax or stream encoding errors found"),
            "{out}"
        );
    }
}

/// Page 1 of `pdf` as poppler sees it: `pdftoppm` renders it (into
/// `dir`) and `pdftotext` reads its text, both without a warning.
fn poppler_page_1(pdf: &Path, dir: &Path) -> String {
    let p = pdf.to_str().unwrap();
    let prefix = dir.join("page");
    let (ok, _, err) = tool(
        "pdftoppm",
        &[
            "-r",
            "50",
            "-f",
            "1",
            "-l",
            "1",
            "-png",
            p,
            prefix.to_str().unwrap(),
        ],
    );
    assert!(ok && err.trim().is_empty(), "pdftoppm on {p}: {err}");
    let png = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with("page"));
    assert!(png.is_some(), "pdftoppm wrote a page");
    let (ok, text, err) = tool("pdftotext", &["-f", "1", "-l", "1", p, "-"]);
    assert!(ok && err.trim().is_empty(), "pdftotext on {p}: {err}");
    text
}

#[test]
#[ignore = "needs poppler-utils; run by .ci/run"]
fn poppler_renders_without_warnings_and_reads_the_text() {
    let dir = tempfile::tempdir().unwrap();
    for pdf in pads_on_disk(dir.path()) {
        let p = pdf.to_str().unwrap();
        let text = poppler_page_1(&pdf, dir.path());
        if p.contains("encore-") {
            encore_words_are_in(&text, p);
            if p.contains("true") {
                assert!(
                    text.contains("Colours: G Green, Y Yellow, B Blue, R Red, O Orange."),
                    "{p}"
                );
            }
            continue;
        }
        let map = if p.contains("japan") {
            "maps/japan.toml"
        } else {
            "maps/usa.toml"
        };
        for area in load(&root().join(map)).unwrap().areas {
            assert!(
                text.split_whitespace().any(|w| w == area.id),
                "{p}: {} not in the text",
                area.id
            );
        }
        for label in ["Name", "Round", "Color Change", "Number of X's"] {
            assert!(text.contains(label), "{p}: {label} not in the text");
        }
    }
}

/// A pad of the standard Encore board.
fn encore_pad(template_name: &str, options: PrintOptions) -> rollx::encore::Pad {
    let t = template::load(template_name).unwrap();
    rollx::encore::print_sheet(&encore_black::black(), &t, &options).unwrap()
}

/// What a player reads on an Encore sheet: the column letters, the
/// labels, the points (each value at least once), in the text of a page
/// (of its first sheet, when it has two).
fn encore_words_are_in(page: &str, what: &str) {
    let second = page
        .find("Encore!")
        .and_then(|i| page[i + 1..].find("Encore!").map(|j| i + 1 + j));
    let text = &page[..second.unwrap_or(page.len())];
    let words: Vec<&str> = text.split_whitespace().collect();
    for c in 'A'..='O' {
        assert!(
            words.contains(&c.to_string().as_str()),
            "{what}: column {c}"
        );
    }
    for v in encore_black::FIRST.iter().chain(&encore_black::LATER) {
        assert!(
            words.contains(&v.to_string().as_str()),
            "{what}: {v} points"
        );
    }
    for label in encore_black::LABELS {
        assert!(text.contains(label), "{what}: {label} not in the text");
    }
    assert_eq!(
        text.matches('!').count(),
        8 + 2 + 1,
        "{what}: the 8 joker boxes, the legend's two and the title's"
    );
}

#[test]
fn encore_pdfs_look_like_their_svg_previews_and_carry_their_text() {
    for (t, mono) in [("letter", false), ("a4-2up", false), ("letter", true)] {
        let p = encore_pad(
            t,
            PrintOptions {
                sheets: 2,
                mono,
                ..PrintOptions::default()
            },
        );
        // The grid's thin lines lie over colour everywhere: PDF renderers
        // widen them to a whole device pixel, resvg does not, so compare at
        // resolutions where they are about a pixel wide.
        #[cfg(feature = "pdf-render-tests")]
        {
            let dpi = if mono { 200.0 } else { 150.0 };
            let (mean, share) = compare(&p.document, dpi);
            assert!(
                mean < 3.0,
                "encore {t} mono {mono}: mean difference {mean:.2}"
            );
            assert!(
                share < 0.005,
                "encore {t} mono {mono}: {:.2} % of blocks differ strongly",
                share * 100.0
            );
        }
        let pages = text_layer(&to_pdf(&p.document).unwrap());
        assert_eq!(
            pages.len(),
            2usize.div_ceil(usize::from(template::load(t).unwrap().sheets_per_page))
        );
        encore_words_are_in(&pages[0], t);
    }
}
