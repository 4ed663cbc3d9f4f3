//! Printed Encore pads: every template in colour and black and white
//! passes the print checks; the sheet holds what a player needs (column
//! letters, points, bonuses, jokers, the score block, the solo tally);
//! nothing overlaps; boxes of 7 mm are enough whatever the template asks
//! of map writing boxes.

mod encore_black;
use encore_black::{black, board_from};

use rollx::encore::{About, MIN_BOX_MM, Pad, layout_sheet, print_sheet, shipped_findings};
use rollx::encore::{Board, ColorId, Points};
use rollx::print::{MarkKind, PrintOptions, Template, findings, template};
use rollx::render::pdf::to_pdf;
use rollx::render::svg::to_svg;
use rollx::scene::{Item, Rect, Rgb, Text};

const TEMPLATES: [&str; 3] = ["letter", "a4", "a4-2up"];

fn load(name: &str) -> Template {
    template::load(name).unwrap()
}

fn options(sheets: u32, mono: bool) -> PrintOptions {
    PrintOptions {
        sheets,
        mono,
        ..PrintOptions::default()
    }
}

fn pad(board: &Board, t: &str, options: PrintOptions) -> Pad {
    print_sheet(board, &load(t), &options).unwrap_or_else(|p| panic!("{t}: {p:#?}"))
}

/// Every text of the sheet, in the sheet's coordinates (as its marks).
fn texts(pad: &Pad) -> Vec<&Text> {
    pad.document.symbols[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t),
            _ => None,
        })
        .collect()
}

fn words(pad: &Pad) -> Vec<String> {
    texts(pad).into_iter().map(|t| t.content.clone()).collect()
}

fn codes(board: &Board, t: &Template, mono: bool) -> Vec<&'static str> {
    let p = layout_sheet(board, t, &options(1, mono));
    findings(&p, t, mono)
        .into_iter()
        .map(|f| f.diagnostic.code)
        .collect()
}

fn mm(points: f32) -> f32 {
    points * 25.4 / 72.0
}

/// The black board's pad of `sheets` sheets on every shipped template, in
/// colour and black and white.
fn every_pad(sheets: u32) -> Vec<(&'static str, bool, Pad)> {
    let board = black();
    TEMPLATES
        .iter()
        .flat_map(|&t| [false, true].map(|mono| (t, mono)))
        .map(|(t, mono)| (t, mono, pad(&board, t, options(sheets, mono))))
        .collect()
}

#[test]
fn the_black_board_prints_on_every_shipped_template_in_colour_and_mono() {
    for (t, _, p) in every_pad(3) {
        assert!(mm(p.box_size) >= MIN_BOX_MM, "{t}: {}", mm(p.box_size));
        let per_page = load(t).sheets_per_page as usize;
        assert_eq!(p.document.pages.len(), 3usize.div_ceil(per_page), "{t}");
    }
    let board = black();
    assert!(
        shipped_findings(&board, &Default::default()).is_empty(),
        "{:#?}",
        shipped_findings(&board, &Default::default())
    );
}

#[test]
fn sheets_match_their_snapshots() {
    let board = black();
    for (mono, name) in [
        (false, "svg-encore-black-letter"),
        (true, "svg-encore-black-letter-mono"),
    ] {
        let p = pad(&board, "letter", options(1, mono));
        insta::assert_snapshot!(name, to_svg(&p.document, 1).unwrap());
    }
}

#[test]
fn the_sheet_shows_the_columns_their_points_and_the_score() {
    let board = black();
    for t in TEMPLATES {
        let p = pad(&board, t, options(1, false));
        let words = words(&p);
        let count = |w: &str| words.iter().filter(|x| *x == w).count();
        for c in 0..board.columns {
            assert_eq!(count(&Board::column_name(c)), 1, "{t}: column {c}");
        }
        // Each column's points, the first player's and everyone else's,
        // and each colour's bonus.
        for v in 0..=5u8 {
            let first = encore_black::FIRST.iter().filter(|&&x| x == v).count()
                + if v == 5 { board.colors.len() } else { 0 };
            let later = encore_black::LATER.iter().filter(|&&x| x == v).count()
                + if v == 3 { board.colors.len() } else { 0 };
            assert_eq!(count(&v.to_string()), first + later, "{t}: {v}s");
        }
        let operators = ["+", "\u{2212} 2 \u{d7}", "="];
        for label in encore_black::LABELS.iter().chain(&operators) {
            assert!(words.iter().any(|w| w == label), "{t}: {label} missing");
        }
        assert_eq!(count("!"), 8, "{t}: the joker boxes");
    }
}

/// The marks of one kind whose names start with `what`.
fn marks<'a>(p: &'a Pad, kind: MarkKind, what: &str) -> Vec<&'a Rect> {
    p.marks
        .iter()
        .filter(|m| m.kind == kind && m.what.starts_with(what))
        .map(|m| &m.rect)
        .collect()
}

#[test]
fn every_box_and_text_is_a_mark_and_none_overlaps_another() {
    for (t, mono, p) in every_pad(1) {
        // Boxes: the grid, the letters, two rows of points, a swatch and
        // two bonus boxes per colour, the jokers, the score and the tally.
        assert_eq!(marks(&p, MarkKind::WritingBox, "the box at ").len(), 105);
        assert_eq!(marks(&p, MarkKind::Box, "the letter box").len(), 15);
        assert_eq!(marks(&p, MarkKind::Box, "the first points").len(), 15);
        assert_eq!(marks(&p, MarkKind::Box, "the later points").len(), 15);
        assert_eq!(marks(&p, MarkKind::Box, "the swatch of").len(), 5);
        assert_eq!(marks(&p, MarkKind::Box, "the first bonus").len(), 5);
        assert_eq!(marks(&p, MarkKind::Box, "joker box").len(), 8);
        assert_eq!(marks(&p, MarkKind::Box, "the \"").len(), 5);
        assert_eq!(marks(&p, MarkKind::Box, "solo roll box").len(), 30);
        // Every text drawn is a label mark.
        let labels = p.marks.iter().filter(|m| m.kind == MarkKind::Label).count();
        assert_eq!(labels, texts(&p).len(), "{t}");
        // No two marks overlap, but for what is drawn inside a box.
        for (i, a) in p.marks.iter().enumerate() {
            for b in &p.marks[i + 1..] {
                let inside = |m: &rollx::print::Mark<About>, o: &rollx::print::Mark<About>| {
                    m.inside.is_some_and(|k| p.marks[k] == *o)
                };
                if inside(a, b) || inside(b, a) {
                    continue;
                }
                assert!(
                    a.rect.inflate(-0.05).overlap(&b.rect.inflate(-0.05)) == 0.0,
                    "{t} mono {mono}: {} and {}",
                    a.what,
                    b.what
                );
            }
        }
    }
}

#[test]
fn the_start_column_is_marked() {
    let p = pad(&black(), "letter", options(1, false));
    let sheet = &p.document.symbols[0];
    let letter = marks(&p, MarkKind::Box, "the letter box of column H")[0];
    // Its box is filled with ink, its letter white, "start" over it.
    let same = |a: Rect, b: &Rect| {
        (a.x - b.x).abs() + (a.y - b.y).abs() + (a.w - b.w).abs() + (a.h - b.h).abs() < 0.01
    };
    let dark = sheet.items.iter().any(|i| {
        matches!(i, Item::Path(path, style)
            if path.bounds().is_some_and(|b| same(b, letter)) && style.fill == Some(rollx::print::INK))
    });
    assert!(dark, "column H's letter box is dark");
    let texts = texts(&p);
    let h = texts.iter().find(|t| t.content == "H").unwrap();
    assert_eq!(h.color, Rgb::WHITE);
    let start = texts.iter().find(|t| t.content == "start").unwrap();
    assert!((start.pos.x - letter.center().x).abs() < 0.01);
    assert!(start.pos.y < letter.y);
    // No other letter box is dark.
    let dark_boxes = sheet
        .items
        .iter()
        .filter(|i| matches!(i, Item::Path(_, style) if style.fill == Some(rollx::print::INK)))
        .count();
    assert_eq!(dark_boxes, 1);
}

#[test]
fn star_boxes_have_a_star() {
    let board = black();
    let p = pad(&board, "letter", options(1, false));
    // The stars are one white path of ten-pointed polygons.
    let stars = p.document.symbols[0]
        .items
        .iter()
        .find_map(|i| match i {
            Item::Path(path, style)
                if style.fill == Some(Rgb::WHITE)
                    && path.segs.len() % 11 == 0
                    && path.segs.len() > 11 =>
            {
                Some(path)
            }
            _ => None,
        })
        .expect("a path of stars");
    let count = stars.segs.len() / 11;
    assert_eq!(count, board.cells.iter().filter(|c| c.star).count());
    assert_eq!(count, 15);
}

#[test]
fn mono_sheets_use_no_colour_and_give_every_colour_a_letter() {
    let board = black();
    let p = pad(&board, "letter", options(1, true));
    // Every shape and text is drawn in a grey.
    let grey = |c: &Rgb| c.r == c.g && c.g == c.b;
    fn visit(items: &[Item], f: &mut impl FnMut(&Item)) {
        for item in items {
            f(item);
            if let Item::Clip(_, inner) = item {
                visit(inner, f);
            }
        }
    }
    let mut colours = 0;
    visit(&p.document.symbols[0].items, &mut |item| match item {
        Item::Path(_, style) => {
            colours += usize::from(style.fill.as_ref().is_some_and(|c| !grey(c)));
            colours += usize::from(style.stroke.as_ref().is_some_and(|s| !grey(&s.color)));
        }
        Item::Text(t) => colours += usize::from(!grey(&t.color)),
        _ => {}
    });
    assert_eq!(colours, 0, "only greys in --mono");
    let words = words(&p);
    assert!(
        words
            .iter()
            .any(|w| w.contains("Colours: G Green, Y Yellow, B Blue, R Red, O Orange.")),
        "the legend explains the letters"
    );
    // Each box carries its colour's letter: pink-red and orange, orange and
    // yellow are told apart without colour.
    for (letter, id) in [
        ('R', "red"),
        ('O', "orange"),
        ('Y', "yellow"),
        ('G', "green"),
        ('B', "blue"),
    ] {
        let color = color_of(&board, id);
        let boxes = board.cells.iter().filter(|c| c.color == color).count();
        let shown = words.iter().filter(|w| **w == letter.to_string()).count();
        // And B, G and O are column letters too.
        let column = usize::from(letter <= 'O');
        assert_eq!(
            shown,
            boxes + 1 + column,
            "{letter}: its boxes and its swatch"
        );
    }
    // In colour there are no letters.
    let colour = words_of(&board, false);
    assert!(!colour.iter().any(|w| w == "R" || w == "Y"));
}

/// The colour with this id.
fn color_of(board: &Board, id: &str) -> ColorId {
    ColorId(board.colors.iter().position(|c| c.id == id).unwrap() as u8)
}

fn words_of(board: &Board, mono: bool) -> Vec<String> {
    words(&pad(board, "letter", options(1, mono)))
}

#[test]
fn boxes_need_7_mm_on_every_template_not_the_maps_9() {
    // 30 columns: about 8.3 mm boxes on Letter, under the 9 mm the
    // template asks of map writing boxes, and enough for a cross.
    let wide: Vec<String> = encore_black::ROWS.iter().map(|r| r.repeat(2)).collect();
    let rows: Vec<&str> = wide.iter().map(String::as_str).collect();
    let points = vec![Points { first: 2, later: 1 }; 30];
    let board = board_from(&rows, points);
    let t = load("letter");
    let p = print_sheet(&board, &t, &options(1, false)).unwrap_or_else(|e| panic!("{e:#?}"));
    let side = mm(p.box_size);
    assert!((MIN_BOX_MM..9.0).contains(&side), "{side}");

    // 34 columns: just over 7 mm, and the letters of black and white still
    // fit beside the stars.
    let wide: Vec<String> = encore_black::ROWS
        .iter()
        .map(|r| r.repeat(3)[..34].to_string())
        .collect();
    let rows: Vec<&str> = wide.iter().map(String::as_str).collect();
    let board = board_from(&rows, vec![Points { first: 2, later: 1 }; 34]);
    for mono in [false, true] {
        let p = print_sheet(&board, &t, &options(1, mono)).unwrap_or_else(|e| panic!("{e:#?}"));
        assert!(mm(p.box_size) < 7.5, "{}", mm(p.box_size));
    }

    // 45 columns do not fit at 7 mm: the check says so, and why.
    let wider: Vec<String> = encore_black::ROWS.iter().map(|r| r.repeat(3)).collect();
    let rows: Vec<&str> = wider.iter().map(String::as_str).collect();
    let board = board_from(&rows, vec![Points { first: 2, later: 1 }; 45]);
    let problems = print_sheet(&board, &t, &options(1, false)).unwrap_err();
    let d = problems
        .iter()
        .find(|d| d.code == "print-box-too-small")
        .unwrap_or_else(|| panic!("{problems:#?}"));
    assert!(
        d.message.starts_with("boxes would be ")
            && d.message
                .contains("but a board's boxes must be at least 7.0 mm: at 7.0 mm this sheet holds a grid of at most")
            && d.message.contains("the board's grid has 45 columns and 7 rows"),
        "{}",
        d.message
    );
    assert_eq!(
        d.help.as_deref(),
        Some("use a larger page or smaller margins, or draw the board's grid with fewer cells")
    );
}

#[test]
fn colours_that_print_alike_are_refused_in_colour_only() {
    let mut board = black();
    let (red, orange) = (color_of(&board, "red"), color_of(&board, "orange"));
    board.colors[orange.index()].color = board.colors[red.index()].color;
    let t = load("letter");
    let problems = print_sheet(&board, &t, &options(1, false)).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].code, "print-colors-too-close");
    assert!(
        problems[0].message.starts_with("colours `red` (")
            && problems[0].message.contains("and `orange`"),
        "{}",
        problems[0].message
    );
    // The template's palette mends it, and so does black and white.
    let mut mended = t.clone();
    mended
        .palette
        .push(("orange".into(), Rgb::parse("#f39325").unwrap()));
    assert!(print_sheet(&board, &mended, &options(1, false)).is_ok());
    assert!(print_sheet(&board, &t, &options(1, true)).is_ok());
}

#[test]
fn what_does_not_fit_is_a_print_finding() {
    let t = load("a4-2up");
    // A name too long for the header.
    let mut board = black();
    board.info.name =
        "An Encore board with a name far too long to print in the header of its sheet".into();
    assert!(codes(&board, &t, false).contains(&"print-text-overflow"));
    // Too many colours for the bonus row beside the jokers.
    let mut board = black();
    for (i, color) in ["#555555", "#8e24aa", "#00897b"].into_iter().enumerate() {
        let mut c = board.colors[0].clone();
        c.id = format!("extra{i}");
        c.name = format!("Extra {i}");
        c.color = Rgb::parse(color).unwrap();
        board.colors.push(c);
        board.color_bonus.push(Points { first: 5, later: 3 });
    }
    // (a4-2up's lowered floor on type is a warning on every sheet.)
    let found: Vec<_> = findings(&layout_sheet(&board, &t, &options(1, false)), &t, false)
        .into_iter()
        .filter(|f| f.diagnostic.code != rollx::print::FLOOR_LOWERED)
        .collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].diagnostic.code, "print-text-overflow");
    assert!(
        found[0]
            .diagnostic
            .message
            .starts_with("the colour bonus boxes and the 8 joker boxes need"),
        "{}",
        found[0].diagnostic.message
    );
    assert_eq!(found[0].about, [About::Jokers]);
    assert_eq!(
        found[0].diagnostic.help.as_deref(),
        Some(
            "use smaller fonts in the template, or shorter names (or fewer colours, jokers or solo rolls)"
        )
    );
}

#[test]
fn a_100_sheet_pad_is_small_and_the_same_every_time() {
    let board = black();
    let p = pad(&board, "letter", PrintOptions::default());
    assert_eq!(p.document.pages.len(), 100);
    let pdf = to_pdf(&p.document).unwrap();
    assert!(pdf.len() < 300 * 1024, "{} bytes", pdf.len());
    let again = pad(&board, "letter", PrintOptions::default());
    assert_eq!(
        to_svg(&p.document, 1).unwrap(),
        to_svg(&again.document, 1).unwrap()
    );
}
