//! Pads for a print shop: the shop templates print a sheet of every family,
//! in colour and black and white, with the page boxes a shop reads (TrimBox
//! the cut sheet, BleedBox the bleed round it, both inside the MediaBox),
//! crop marks outside every cut, and the same placement on every page.
//! The boxes are read back from the written PDF; `.ci/run` also reads them
//! with poppler's `pdfinfo` and checks the files with `qpdf` (the ignored
//! tests at the end).

mod common;
use common::{root, run, tool};

use std::path::{Path, PathBuf};

use lopdf::{Document as Pdf, Object};
use rollx::print::{Imposition, SHOP, template};

/// A sheet of each family.
const FILES: [&str; 3] = [
    "maps/usa.toml",
    "maps/encore-black.toml",
    "maps/diceland-1.toml",
];

/// Prints `file` on template `t` (`mono` or not), `sheets` sheets, into
/// `dir`; the PDF's path.
fn print(dir: &Path, file: &str, t: &str, mono: bool, sheets: u32) -> PathBuf {
    let out = dir.join(format!(
        "{}-{t}{}.pdf",
        Path::new(file).file_stem().unwrap().to_string_lossy(),
        if mono { "-mono" } else { "" }
    ));
    let o = out.to_str().unwrap();
    let sheets = sheets.to_string();
    let mut args = vec!["print", file, "-t", t, "--sheets", &sheets, "-o", o];
    if mono {
        args.push("--mono");
    }
    ok(&args);
    out
}

/// A page box, `[x0, y0, x1, y1]` in points.
fn page_box(pdf: &Pdf, page: lopdf::ObjectId, key: &[u8]) -> Option<[f32; 4]> {
    let dict = pdf.get_dictionary(page).unwrap();
    let array = dict.get(key).ok()?.as_array().unwrap();
    let v: Vec<f32> = array
        .iter()
        .map(|o| match o {
            Object::Integer(i) => *i as f32,
            Object::Real(r) => *r,
            other => panic!("{other:?} in a page box"),
        })
        .collect();
    Some([v[0], v[1], v[2], v[3]])
}

fn inside(a: [f32; 4], b: [f32; 4]) -> bool {
    a[0] >= b[0] - 0.01 && a[1] >= b[1] - 0.01 && a[2] <= b[2] + 0.01 && a[3] <= b[3] + 0.01
}

const MM: f32 = 72.0 / 25.4;

#[test]
fn shop_templates_print_every_family_with_its_boxes() {
    let dir = tempfile::tempdir().unwrap();
    for (name, _) in SHOP {
        let t = template::load(name).unwrap();
        let imposition = Imposition::of(&t);
        for file in FILES {
            for mono in [false, true] {
                let path = print(dir.path(), file, name, mono, 5);
                let pdf = Pdf::load(&path).unwrap();
                let pages = pdf.get_pages();
                assert_eq!(
                    pages.len(),
                    5usize.div_ceil(usize::from(t.sheets_per_page)),
                    "{name} {file}"
                );
                for (&n, &id) in &pages {
                    let what = format!("{name} {file} mono {mono} page {n}");
                    let media = page_box(&pdf, id, b"MediaBox").unwrap();
                    let trim = page_box(&pdf, id, b"TrimBox").expect("a TrimBox");
                    let bleed = page_box(&pdf, id, b"BleedBox");
                    assert!(inside(trim, bleed.unwrap_or(media)), "{what}");
                    assert!(inside(bleed.unwrap_or(media), media), "{what}");
                    if t.sheets_per_page == 1 {
                        // The trim is the cut sheet: the template's page.
                        let (w, h) = (trim[2] - trim[0], trim[3] - trim[1]);
                        assert!(
                            (w - t.page_width).abs() / MM < 0.1
                                && (h - t.page_height).abs() / MM < 0.1,
                            "{what}: trim {w} x {h} pt"
                        );
                        let bleed = bleed.expect("a BleedBox with bleed");
                        for k in 0..2 {
                            assert!((trim[k] - bleed[k] - t.bleed).abs() < 0.01, "{what}");
                            assert!(
                                (bleed[k + 2] - trim[k + 2] - t.bleed).abs() < 0.01,
                                "{what}"
                            );
                        }
                    } else {
                        // Several sheets: the paper leaves the printer
                        // whole, its marks show the cuts.
                        assert_eq!(trim, media, "{what}");
                        assert!(bleed.is_none() || bleed == Some(media), "{what}");
                    }
                    assert!(
                        (media[2] - imposition.width).abs() < 0.01
                            && (media[3] - imposition.height).abs() < 0.01,
                        "{what}"
                    );
                }
            }
        }
    }
}

/// What a person sees: every cut's corners are the sheet's own paper
/// (white), no crop mark reaches inside a cut, and the marks are there,
/// outside the sheets and inside what a home printer prints.
#[test]
fn crop_marks_lie_outside_every_cut() {
    let map = rollx::rolling::load(&root().join("maps/usa.toml")).unwrap();
    for name in ["a4-2up-crop", "a3-4up-crop", "a5-bleed-marks"] {
        let t = match name {
            // The bleed template with marks: the page grows for them.
            "a5-bleed-marks" => {
                let dir = tempfile::tempdir().unwrap();
                let p = dir.path().join("t.toml");
                std::fs::write(&p, "extends = \"a5-bleed\"\n[page]\ncrop_marks = true\n").unwrap();
                template::load(p.to_str().unwrap()).unwrap()
            }
            n => template::load(n).unwrap(),
        };
        let pad = rollx::rolling::print_sheet(
            &map,
            &t,
            &rollx::print::PrintOptions {
                sheets: 4,
                ..Default::default()
            },
        )
        .unwrap();
        let doc = &pad.document;
        let dpi = 150.0;
        let px = |pt: f32| (pt * dpi / 72.0).round() as i64;
        let image = rollx::render::png::rasterize(doc, 1, dpi).unwrap();
        let dark = |x: i64, y: i64| {
            let p = image.pixel(x as u32, y as u32).unwrap();
            p.red() < 200 || p.green() < 200 || p.blue() < 200
        };
        let imposition = Imposition::of(&t);
        let corner = 2.5 * MM;
        for r in &imposition.trims {
            // The corners just inside the cut: nothing drawn there.
            for (cx, cy) in [
                (r.x, r.y),
                (r.right() - corner, r.y),
                (r.x, r.bottom() - corner),
                (r.right() - corner, r.bottom() - corner),
            ] {
                for y in px(cy) + 1..px(cy + corner) - 1 {
                    for x in px(cx) + 1..px(cx + corner) - 1 {
                        assert!(!dark(x, y), "{name}: a mark inside a cut at {x}, {y} px");
                    }
                }
            }
        }
        // Marks outside the block of sheets, within the printable area.
        let block = imposition
            .trims
            .iter()
            .copied()
            .reduce(|a, b| a.union(&b))
            .unwrap();
        let (w, h) = (image.width() as i64, image.height() as i64);
        let pm = px(t.printer_margin);
        let mut outside = 0;
        for y in 0..h {
            for x in 0..w {
                let out_of_block = x < px(block.x) - 1
                    || x > px(block.right()) + 1
                    || y < px(block.y) - 1
                    || y > px(block.bottom()) + 1;
                if out_of_block && dark(x, y) {
                    outside += 1;
                    assert!(
                        x >= pm && y >= pm && x < w - pm && y < h - pm,
                        "{name}: a mark in the printer's margin at {x}, {y} px"
                    );
                    // At least 3 mm from the block (a mark's own width
                    // aside).
                    let dx = (px(block.x) - x).max(x - px(block.right())).max(0);
                    let dy = (px(block.y) - y).max(y - px(block.bottom())).max(0);
                    assert!(
                        dx.max(dy) as f32 >= 3.0 * dpi / 25.4 - 2.0,
                        "{name}: a mark {dx}, {dy} px from the cut"
                    );
                }
            }
        }
        assert!(outside > 0, "{name}: no crop marks");
        // Every page places its sheets the same way.
        let first = &doc.pages[0].items;
        for page in &doc.pages[1..] {
            assert_eq!(&page.items, first, "{name}");
        }
    }
}

/// The colour operators of every content stream (pages and forms) of a
/// PDF: `rg`/`RG` for DeviceRGB, `g`/`G` for DeviceGray.
fn colour_operators(path: &Path) -> Vec<String> {
    let pdf = Pdf::load(path).unwrap();
    let mut streams: Vec<Vec<u8>> = pdf
        .get_pages()
        .values()
        .map(|&id| pdf.get_page_content(id))
        .collect();
    for object in pdf.objects.values() {
        if let Object::Stream(stream) = object
            && stream
                .dict
                .get(b"Subtype")
                .is_ok_and(|s| s.as_name().ok() == Some(&b"Form"[..]))
        {
            streams.push(
                stream
                    .decompressed_content()
                    .unwrap_or_else(|_| stream.content.clone()),
            );
        }
    }
    let mut ops = Vec::new();
    for bytes in streams {
        for op in lopdf::content::Content::decode(&bytes).unwrap().operations {
            if ["rg", "RG", "g", "G"].contains(&op.operator.as_str()) {
                ops.push(op.operator);
            }
        }
    }
    ops
}

/// A black and white sheet is written in DeviceGray only, so that a
/// printer prints it from the black ink alone; a colour sheet writes its
/// greys (ink, lines) in DeviceGray too and its tints in DeviceRGB.
#[test]
fn mono_sheets_are_written_in_grey_only() {
    let dir = tempfile::tempdir().unwrap();
    for file in FILES {
        let mono = colour_operators(&print(dir.path(), file, "letter", true, 2));
        assert!(
            mono.iter().any(|o| o == "g" || o == "G"),
            "{file}: {mono:?}"
        );
        assert!(
            !mono.iter().any(|o| o == "rg" || o == "RG"),
            "{file}: {mono:?}"
        );
        let colour = colour_operators(&print(dir.path(), file, "letter", false, 2));
        assert!(colour.iter().any(|o| o == "rg"), "{file}: {colour:?}");
    }
}

/// `Name:   x0 y0 x1 y1` lines of `pdfinfo -box`, for page 1.
fn pdfinfo_box(out: &str, name: &str) -> [f32; 4] {
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no {name} in {out}"));
    let v: Vec<f32> = line
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    [v[0], v[1], v[2], v[3]]
}

#[test]
#[ignore = "needs qpdf and poppler; run by .ci/run"]
fn qpdf_and_pdfinfo_accept_every_shop_file() {
    let dir = tempfile::tempdir().unwrap();
    for (name, _) in SHOP {
        let t = template::load(name).unwrap();
        for file in FILES {
            for mono in [false, true] {
                let path = print(dir.path(), file, name, mono, 3);
                let p = path.to_str().unwrap();
                let (fine, out, err) = tool("qpdf", &["--check", p]);
                assert!(
                    fine && out.contains("No syntax or stream encoding errors"),
                    "{p}: {out}{err}"
                );
                let (fine, out, err) = tool("pdfinfo", &["-box", p]);
                assert!(fine && err.is_empty(), "{p}: {err}");
                let media = pdfinfo_box(&out, "MediaBox");
                let trim = pdfinfo_box(&out, "TrimBox");
                let bleed = pdfinfo_box(&out, "BleedBox");
                assert!(inside(trim, bleed) && inside(bleed, media), "{p}: {out}");
                // The same double-sided: qpdf finds it sound too.
                let two = dir.path().join(format!("{name}-two-sided.pdf"));
                ok(&[
                    "print",
                    file,
                    "-t",
                    name,
                    "--duplex",
                    "long",
                    "--sheets",
                    "3",
                    "-o",
                    two.to_str().unwrap(),
                ]);
                let (fine, out2, err) = tool("qpdf", &["--check", two.to_str().unwrap()]);
                assert!(
                    fine && out2.contains("No syntax or stream encoding errors"),
                    "{out2}{err}"
                );
                if t.sheets_per_page == 1 {
                    let (w, h) = ((trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM);
                    assert!(
                        (w - t.page_width / MM).abs() < 0.1 && (h - t.page_height / MM).abs() < 0.1,
                        "{p}: trim {w} x {h} mm"
                    );
                }
            }
        }
    }
}

/// The calibration page of every shipped template: two pages (front and
/// back), a 100 mm ruler each way on the front, registration crosses
/// that fall on each other whichever edge the paper flips on, and its
/// words in the asked language, read back from the PDF.
#[test]
fn the_calibration_page_has_100_mm_rulers_and_crosses_that_meet_after_either_flip() {
    use rollx::print::{BUILTIN_NAMES, Locale, calibration_page, crosses};
    use rollx::scene::{Item, Seg};
    for name in BUILTIN_NAMES
        .iter()
        .copied()
        .chain(SHOP.iter().map(|(n, _)| *n))
    {
        let t = template::load(name).unwrap();
        let doc = calibration_page(&t, &Locale::default()).unwrap();
        assert_eq!(doc.pages.len(), 2, "{name}");
        // The rulers: the path of ticks (the front's path with the most
        // segments); its longest lines across and down, 100 mm each.
        let (mut across, mut down) = (0.0f32, 0.0f32);
        let ticks = doc.pages[0]
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Path(path, _) => Some(path),
                _ => None,
            })
            .max_by_key(|p| p.segs.len())
            .unwrap();
        let mut at = None;
        for seg in &ticks.segs {
            match *seg {
                Seg::MoveTo(p) => at = Some(p),
                Seg::LineTo(p) => {
                    let a = at.unwrap();
                    if (a.y - p.y).abs() < 0.001 {
                        across = across.max((p.x - a.x).abs());
                    }
                    if (a.x - p.x).abs() < 0.001 {
                        down = down.max((p.y - a.y).abs());
                    }
                    at = Some(p);
                }
                _ => {}
            }
        }
        assert!(
            (across / MM - 100.0).abs() < 0.01,
            "{name}: {} mm",
            across / MM
        );
        assert!((down / MM - 100.0).abs() < 0.01, "{name}: {} mm", down / MM);
        // Flipped on the long or the short edge, every cross of the back
        // lands on one of the front's, within 0.1 mm.
        let (w, h) = (doc.pages[0].width, doc.pages[0].height);
        let marks = crosses(&t);
        for flip in [true, false] {
            for c in &marks {
                let seen = if flip { (w - c.x, c.y) } else { (c.x, h - c.y) };
                assert!(
                    marks
                        .iter()
                        .any(|d| (d.x - seen.0).abs() / MM < 0.1 && (d.y - seen.1).abs() / MM < 0.1),
                    "{name}: a cross at {c:?} meets none after the flip"
                );
            }
        }
    }
    // Through the command, in Spanish: the words read back from the PDF.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cal.pdf");
    ok(&[
        "print",
        "--calibration",
        "--lang",
        "es",
        "-t",
        "a4",
        "-o",
        out.to_str().unwrap(),
    ]);
    let pdf = Pdf::load(&out).unwrap();
    assert_eq!(pdf.get_pages().len(), 2);
    let text = pdf.extract_text(&[1, 2]).unwrap();
    for words in ["Prueba de impresora", "100 mm", "Reverso"] {
        assert!(text.contains(words), "{words} in {text}");
    }
    // A file and --calibration together is a usage error.
    assert_eq!(run(&["print", "maps/usa.toml", "--calibration"]).0, 2);
}

/// Runs `rollx` with `args` from the repository, which must succeed; its
/// standard output.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Double-sided pads on every shipped template, both flips, a sheet of
/// every family: pages alternate front and back; read back from the PDF,
/// each back (turned or not, as its `/Rotate` says) lands behind a front
/// sheet after the paper's flip, within 0.1 mm, with its top at the same
/// edge as the front's top; and the back shares the front's drawing.
#[test]
fn double_sided_pads_put_each_back_behind_its_front_with_the_tops_together() {
    use rollx::print::BUILTIN_NAMES;
    let dir = tempfile::tempdir().unwrap();
    for name in BUILTIN_NAMES
        .iter()
        .copied()
        .chain(SHOP.iter().map(|(n, _)| *n))
    {
        let t = template::load(name).unwrap();
        let imposition = Imposition::of(&t);
        for file in FILES {
            for flip in ["long", "short"] {
                let out = dir.path().join(format!("{name}-{flip}.pdf"));
                let o = out.to_str().unwrap();
                ok(&[
                    "print", file, "-t", name, "--sheets", "2", "--duplex", flip, "-o", o,
                ]);
                let pdf = Pdf::load(&out).unwrap();
                let pages: Vec<_> = pdf.get_pages().into_values().collect();
                let per_page = usize::from(t.sheets_per_page);
                assert_eq!(pages.len(), 2 * 2usize.div_ceil(per_page), "{name} {file}");
                for pair in pages.chunks(2) {
                    let (front, back) = (pair[0], pair[1]);
                    let dict = |id| pdf.get_dictionary(id).unwrap();
                    let rotate = |id| dict(id).get(b"Rotate").ok().and_then(|r| r.as_i64().ok());
                    assert_eq!(rotate(front), None);
                    assert_eq!(
                        dict(back).get(b"Contents").unwrap(),
                        dict(front).get(b"Contents").unwrap(),
                        "one drawing"
                    );
                    let media = page_box(&pdf, back, b"MediaBox").unwrap();
                    let (w, h) = (media[2], media[3]);
                    // The paper's flip: over a horizontal axis when it
                    // flips on an edge that runs across the page.
                    let landscape = w > h;
                    let horizontal = (flip == "long") == landscape;
                    let turned = rotate(back) == Some(180);
                    assert!(matches!(rotate(back), None | Some(180)));
                    // A point of the back page (y down) where it lies on
                    // the paper as the front sees it.
                    let physical = |x: f32, y: f32| {
                        let (x, y) = if turned { (w - x, h - y) } else { (x, y) };
                        if horizontal { (x, h - y) } else { (w - x, y) }
                    };
                    // After the flip the back's top left corner is on the
                    // right (seen from the front) and its top right on the
                    // left; both on the line of a front sheet's top.
                    for r in &imposition.trims {
                        let (ax, ay) = physical(r.x, r.y);
                        let (bx, by) = physical(r.right(), r.y);
                        let front_sheet = imposition.trims.iter().find(|f| {
                            (f.right() - ax).abs() / MM < 0.1
                                && (f.x - bx).abs() / MM < 0.1
                                && (f.y - ay).abs() / MM < 0.1
                                && (f.y - by).abs() / MM < 0.1
                        });
                        assert!(
                            front_sheet.is_some(),
                            "{name} {file} {flip}: the back of {r:?} lands at {ax},{ay}-{bx},{by}, behind no front with its top at the same edge"
                        );
                    }
                }
            }
        }
    }
}

/// Diceland's four boards as two double-sided tableaux: board 1 on the
/// front of the first sheet, board 2 on its back, and so on, each side
/// showing its own board's name.
#[test]
fn four_diceland_boards_print_as_two_double_sided_tableaux() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set.pdf");
    let files = [
        "maps/diceland-1.toml",
        "maps/diceland-2.toml",
        "maps/diceland-3.toml",
        "maps/diceland-4.toml",
    ];
    let mut args = vec!["print"];
    args.extend(files);
    args.extend([
        "--duplex",
        "short",
        "--sheets",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    let said = ok(&args);
    assert!(
        said.contains("a set of 4 boards on 2 double-sided tableaux"),
        "{said}"
    );
    let pdf = Pdf::load(&out).unwrap();
    assert_eq!(pdf.get_pages().len(), 4);
    for (k, file) in files.iter().enumerate() {
        let name = rollx::families::load(&root().join(file))
            .unwrap()
            .name()
            .to_string();
        let text = pdf.extract_text(&[k as u32 + 1]).unwrap();
        assert!(
            text.contains(&name),
            "page {} should show {name}: {text}",
            k + 1
        );
    }
    // Several files need --duplex; files of two families are refused.
    let (code, _, err) = run(&["print", files[0], files[1]]);
    assert_eq!(code, 2);
    assert!(err.contains("--duplex"), "{err}");
    let (code, _, err) = run(&["print", files[0], "maps/usa.toml", "--duplex", "long"]);
    assert_eq!(code, 2);
    assert!(err.contains("one family"), "{err}");
}
