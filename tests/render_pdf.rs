//! The PDF exporter, checked with independent readers: hayro parses and
//! rasterises the files, printpdf's parser extracts their text.
//!
//! hayro's checks need `--features pdf-render-tests` (its renderer stack is
//! left out of a plain `cargo test`'s build); `.ci/run` runs this file with it.

#[cfg(feature = "pdf-render-tests")]
use hayro::hayro_interpret::InterpreterSettings;
#[cfg(feature = "pdf-render-tests")]
use hayro::hayro_syntax::Pdf;
#[cfg(feature = "pdf-render-tests")]
use hayro::vello_cpu::Pixmap;
#[cfg(feature = "pdf-render-tests")]
use hayro::vello_cpu::color::palette::css::WHITE;
#[cfg(feature = "pdf-render-tests")]
use hayro::{PixmapSettings, RenderCache, RenderSettings, render};
use rollx::render::RenderError;
use rollx::render::pdf::to_pdf;
use rollx::scene::{
    Anchor, Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Symbol, Text, Weight,
};

#[cfg(feature = "pdf-render-tests")]
/// Pixels per point when rasterising.
const SCALE: f32 = 2.0;

const RED: Rgb = Rgb::new(255, 0, 0);
#[cfg(feature = "pdf-render-tests")]
const BLUE: Rgb = Rgb::new(0, 0, 255);
#[cfg(feature = "pdf-render-tests")]
const GREEN: Rgb = Rgb::new(0, 160, 0);

fn page(width: f32, height: f32, items: Vec<Item>) -> Page {
    Page {
        width,
        height,
        items,
        boxes: Default::default(),
    }
}

fn doc(symbols: Vec<Symbol>, pages: Vec<Page>) -> Document {
    Document {
        title: "Test pad".into(),
        author: None,
        created: None,
        symbols,
        pages,
    }
}

fn text(x: f32, y: f32, content: &str, weight: Weight, anchor: Anchor) -> Item {
    Item::Text(Text {
        pos: Point::new(x, y),
        content: content.into(),
        size: 12.0,
        weight,
        color: Rgb::BLACK,
        anchor,
        max_width: None,
        fonts: Default::default(),
    })
}

fn filled(r: Rect, c: Rgb) -> Item {
    Item::Path(Path::rect(r), Style::fill(c))
}

#[cfg(feature = "pdf-render-tests")]
/// Page `n` (from 1) rasterised by hayro on white, `SCALE` pixels a point.
fn raster(pdf: &[u8], n: usize) -> Pixmap {
    let pdf = Pdf::new(pdf.to_vec()).expect("hayro parses the PDF");
    let pages = pdf.pages();
    let settings = PixmapSettings {
        x_scale: SCALE,
        y_scale: SCALE,
        bg_color: WHITE,
    };
    let cache = RenderCache::new();
    render(
        &pages[n - 1],
        &cache,
        &InterpreterSettings::default(),
        &RenderSettings::default(),
        &settings,
    )
}

#[cfg(feature = "pdf-render-tests")]
/// The colour at scene point (x, y), in points from the top left.
fn at(pix: &Pixmap, x: f32, y: f32) -> (u8, u8, u8) {
    let p = pix.sample((x * SCALE) as u16, (y * SCALE) as u16);
    (p.r, p.g, p.b)
}

#[cfg(feature = "pdf-render-tests")]
fn near(got: (u8, u8, u8), want: Rgb) -> bool {
    let d = |a: u8, b: u8| a.abs_diff(b) <= 8;
    d(got.0, want.r) && d(got.1, want.g) && d(got.2, want.b)
}

#[cfg(feature = "pdf-render-tests")]
#[track_caller]
fn assert_color(pix: &Pixmap, x: f32, y: f32, want: Rgb) {
    let got = at(pix, x, y);
    assert!(near(got, want), "at ({x}, {y}): got {got:?}, want {want}");
}

/// The text printpdf's parser finds on each page.
fn extracted_text(pdf: &[u8]) -> Vec<String> {
    let mut warnings = Vec::new();
    let parsed =
        printpdf::PdfDocument::parse(pdf, &printpdf::PdfParseOptions::default(), &mut warnings)
            .expect("printpdf parses its own output");
    parsed
        .extract_text()
        .into_iter()
        .map(|chunks| chunks.join(" "))
        .collect()
}

#[test]
#[cfg(feature = "pdf-render-tests")]
fn the_file_is_a_pdf_with_the_right_pages_and_title() {
    let d = doc(
        vec![],
        vec![
            page(
                612.0,
                792.0,
                vec![filled(Rect::new(10.0, 10.0, 20.0, 20.0), RED)],
            ),
            page(300.5, 200.25, vec![]),
        ],
    );
    let bytes = to_pdf(&d).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let pdf = Pdf::new(bytes.clone()).unwrap();
    let pages = pdf.pages();
    assert_eq!(pages.len(), 2);
    let sizes: Vec<_> = pages
        .iter()
        .map(|p| p.media_box())
        .map(|b| (b.x0, b.y0, b.x1, b.y1))
        .collect();
    assert_eq!(sizes, [(0.0, 0.0, 612.0, 792.0), (0.0, 0.0, 300.5, 200.25)]);
    assert_eq!(pages[1].render_dimensions(), (300.5, 200.25));

    // The title is UTF-16 with a byte order mark.
    let title = pdf.metadata().title.as_deref().expect("a title");
    let units: Vec<u16> = title
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(String::from_utf16(&units).unwrap(), "\u{feff}Test pad");
}

#[test]
#[cfg(feature = "pdf-render-tests")]
fn a_red_rectangle_is_where_the_scene_puts_it() {
    // Near the top left of a wide page: a y axis the wrong way round would
    // put it near the bottom.
    let d = doc(
        vec![],
        vec![page(
            200.0,
            100.0,
            vec![filled(Rect::new(20.0, 10.0, 60.0, 30.0), RED)],
        )],
    );
    let pix = raster(&to_pdf(&d).unwrap(), 1);
    assert_eq!((pix.width(), pix.height()), (400, 200));
    for (x, y) in [(21.0, 11.0), (50.0, 25.0), (79.0, 39.0)] {
        assert_color(&pix, x, y, RED);
    }
    for (x, y) in [
        (18.0, 25.0),
        (50.0, 8.0),
        (82.0, 25.0),
        (50.0, 42.0),
        (50.0, 75.0),
        (150.0, 25.0),
    ] {
        assert_color(&pix, x, y, Rgb::WHITE);
    }
}

#[test]
#[cfg(feature = "pdf-render-tests")]
fn a_symbol_appears_wherever_it_is_used() {
    let dot = Symbol {
        name: "dot".into(),
        width: 20.0,
        height: 20.0,
        items: vec![
            Item::Path(Path::circle(Point::new(10.0, 10.0), 8.0), Style::fill(BLUE)),
            // A bar along the top, to see that the symbol is not upside down.
            filled(Rect::new(0.0, 0.0, 20.0, 3.0), GREEN),
        ],
    };
    let d = doc(
        vec![dot],
        vec![page(
            200.0,
            100.0,
            vec![
                Item::Use {
                    symbol: 0,
                    at: Point::new(10.0, 10.0),
                },
                Item::Use {
                    symbol: 0,
                    at: Point::new(150.0, 60.0),
                },
            ],
        )],
    );
    let bytes = to_pdf(&d).unwrap();
    let pix = raster(&bytes, 1);
    for (x, y) in [(10.0, 10.0), (150.0, 60.0)] {
        assert_color(&pix, x + 10.0, y + 10.0, BLUE);
        assert_color(&pix, x + 10.0, y + 1.5, GREEN);
        assert_color(&pix, x + 10.0, y + 19.5, Rgb::WHITE);
        assert_color(&pix, x + 1.0, y + 18.0, Rgb::WHITE);
    }
    assert_color(&pix, 80.0, 50.0, Rgb::WHITE);
    // One form, used twice.
    let pdf = Pdf::new(bytes).unwrap();
    let mut ops = Vec::new();
    let mut iter = pdf.pages()[0].operations();
    while let Some(op) = iter.next() {
        ops.push(String::from_utf8_lossy(op.operator.as_ref()).into_owned());
    }
    assert_eq!(ops.iter().filter(|o| *o == "Do").count(), 2, "{ops:?}");
}

#[test]
#[cfg(feature = "pdf-render-tests")]
fn nested_symbols_clips_strokes_and_page_order() {
    let inner = Symbol {
        name: "inner".into(),
        width: 10.0,
        height: 10.0,
        items: vec![filled(Rect::new(0.0, 0.0, 10.0, 10.0), RED)],
    };
    let outer = Symbol {
        name: "outer".into(),
        width: 40.0,
        height: 40.0,
        items: vec![
            filled(Rect::new(0.0, 0.0, 40.0, 40.0), GREEN),
            Item::Use {
                symbol: 0,
                at: Point::new(25.0, 25.0),
            },
            // Only the left half of a blue square shows.
            Item::Clip(
                Path::rect(Rect::new(0.0, 0.0, 10.0, 40.0)),
                vec![filled(Rect::new(2.0, 2.0, 16.0, 16.0), BLUE)],
            ),
        ],
    };
    let d = doc(
        vec![inner, outer],
        vec![page(
            200.0,
            100.0,
            vec![
                // Page artwork under the symbol...
                filled(Rect::new(0.0, 0.0, 200.0, 100.0), Rgb::grey(200)),
                Item::Use {
                    symbol: 1,
                    at: Point::new(100.0, 20.0),
                },
                // ... and over it: a thick dashed line across.
                Item::Path(
                    Path::line(Point::new(0.0, 50.0), Point::new(200.0, 50.0)),
                    Style::stroke(Stroke::dashed(Rgb::BLACK, 4.0, &[10.0, 10.0])),
                ),
            ],
        )],
    );
    let pix = raster(&to_pdf(&d).unwrap(), 1);
    assert_color(&pix, 50.0, 20.0, Rgb::grey(200));
    assert_color(&pix, 101.0, 30.0, GREEN);
    assert_color(&pix, 131.0, 46.5, RED);
    assert_color(&pix, 131.0, 54.0, RED);
    assert_color(&pix, 105.0, 30.0, BLUE);
    assert_color(&pix, 115.0, 30.0, GREEN);
    // The dashes: on from 0 to 10, off from 10 to 20, ..., drawn over the
    // symbol (which covers 20..60 down the page).
    assert_color(&pix, 5.0, 50.0, Rgb::BLACK);
    assert_color(&pix, 15.0, 50.0, Rgb::grey(200));
    assert_color(&pix, 105.0, 50.0, Rgb::BLACK);
    assert_color(&pix, 115.0, 50.0, GREEN);
}

#[test]
fn text_is_in_the_file_and_drawn() {
    let label = Symbol {
        name: "label".into(),
        width: 80.0,
        height: 20.0,
        items: vec![
            Item::Path(
                Path::rect(Rect::new(0.0, 0.0, 80.0, 20.0)),
                Style::stroke(Stroke::solid(Rgb::BLACK, 1.0)),
            ),
            text(40.0, 15.0, "Symbolic", Weight::Regular, Anchor::Middle),
        ],
    };
    let d = doc(
        vec![label],
        vec![
            page(
                300.0,
                200.0,
                vec![
                    text(20.0, 40.0, "Rolling", Weight::Regular, Anchor::Start),
                    text(280.0, 40.0, "Dice", Weight::Bold, Anchor::End),
                    Item::Use {
                        symbol: 0,
                        at: Point::new(20.0, 100.0),
                    },
                ],
            ),
            page(
                300.0,
                200.0,
                vec![Item::Use {
                    symbol: 0,
                    at: Point::new(200.0, 150.0),
                }],
            ),
        ],
    );
    let bytes = to_pdf(&d).unwrap();
    let text = extracted_text(&bytes);
    assert_eq!(text.len(), 2);
    for word in ["Rolling", "Dice", "Symbolic"] {
        assert!(text[0].contains(word), "{word} not in {:?}", text[0]);
    }
    assert!(
        text[1].contains("Symbolic") && !text[1].contains("Rolling"),
        "{:?}",
        text[1]
    );

    // The fonts are subsets: the whole of DejaVu Sans is 700 KB.
    assert!(bytes.len() < 60_000, "{} bytes", bytes.len());

    #[cfg(feature = "pdf-render-tests")]
    {
        // hayro draws the glyphs where the scene puts them: ink inside each
        // word's box, none to the left of a word that starts at x = 20 or to the
        // right of one that ends at x = 280.
        let pix = raster(&bytes, 1);
        let ink = |x0: f32, x1: f32, y0: f32, y1: f32| {
            let mut dark = 0;
            let mut x = x0;
            while x < x1 {
                let mut y = y0;
                while y < y1 {
                    if at(&pix, x, y).0 < 100 {
                        dark += 1;
                    }
                    y += 0.5;
                }
                x += 0.5;
            }
            dark
        };
        assert!(ink(20.0, 60.0, 30.0, 41.0) > 20, "no ink for Rolling");
        assert!(ink(10.0, 19.0, 25.0, 45.0) == 0, "ink before Rolling");
        assert!(ink(255.0, 280.0, 30.0, 41.0) > 20, "no ink for Dice");
        assert!(ink(281.5, 295.0, 25.0, 45.0) == 0, "ink after Dice");
        assert!(ink(35.0, 105.0, 106.0, 116.0) > 20, "no ink for Symbolic");
    }
}

/// A symbol of `n` path items: a grid of small squares and circles.
fn big_symbol(n: usize) -> Symbol {
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (10.0 + (i % 50) as f32 * 11.5, 10.0 + (i / 50) as f32 * 17.3);
        items.push(if i % 2 == 0 {
            Item::Path(
                Path::rect(Rect::new(x, y, 9.0, 9.0)),
                Style::stroke(Stroke::solid(Rgb::grey(80), 0.5)),
            )
        } else {
            Item::Path(
                Path::circle(Point::new(x + 4.5, y + 4.5), 3.7),
                Style::fill_stroke(Rgb::new(200, 220, 255), Stroke::solid(Rgb::BLACK, 0.3)),
            )
        });
    }
    Symbol {
        name: "map".into(),
        width: 600.0,
        height: 720.0,
        items,
    }
}

/// A page with the map, a frame and 60 short texts that differ from page to page.
fn pad_page(n: usize) -> Page {
    let mut items = vec![
        Item::Path(
            Path::rect(Rect::new(6.0, 6.0, 600.0, 780.0)),
            Style::stroke(Stroke::solid(Rgb::BLACK, 1.0)),
        ),
        Item::Use {
            symbol: 0,
            at: Point::new(6.0, 40.0),
        },
    ];
    for i in 0..60 {
        let (x, y) = (
            20.0 + (i % 10) as f32 * 58.0,
            60.0 + (i / 10) as f32 * 110.0,
        );
        items.push(text(
            x,
            y,
            &format!("{}", (n * 7 + i * 13) % 100),
            Weight::Regular,
            Anchor::Start,
        ));
    }
    items.push(text(
        306.0,
        30.0,
        &format!("Sheet {n}"),
        Weight::Bold,
        Anchor::Middle,
    ));
    page(612.0, 792.0, items)
}

#[test]
fn a_hundred_pages_hold_the_artwork_once() {
    let one = doc(vec![big_symbol(2000)], vec![pad_page(1)]);
    let hundred = doc(vec![big_symbol(2000)], (1..=100).map(pad_page).collect());
    let (a, b) = (to_pdf(&one).unwrap(), to_pdf(&hundred).unwrap());
    let per_page = (b.len() - a.len()) / 99;
    eprintln!(
        "1 page: {} bytes, 100 pages: {} bytes, {per_page} bytes per extra page",
        a.len(),
        b.len()
    );
    assert!(per_page < 2048, "{per_page} bytes per extra page");
    #[cfg(feature = "pdf-render-tests")]
    assert_eq!(Pdf::new(b.clone()).unwrap().pages().len(), 100);
    // The map and the frame (the same on every page) are stored once each.
    let forms = b
        .windows(10)
        .filter(|w| w == b"/Type/XObj" || w == b"/Type /XOb")
        .count();
    assert_eq!(forms, 2, "one form for the map, one for the frame");
    let text = extracted_text(&b);
    assert_eq!(text.len(), 100);
    assert!(text[99].contains("Sheet 100"), "{:?}", text[99]);
}

#[test]
fn the_same_document_gives_the_same_bytes() {
    let d = doc(vec![big_symbol(50)], vec![pad_page(1), pad_page(2)]);
    let first = to_pdf(&d).unwrap();
    // Another document in between moves printpdf's process-wide counters.
    to_pdf(&doc(vec![big_symbol(3)], vec![pad_page(3)])).unwrap();
    let second = to_pdf(&d).unwrap();
    assert!(first == second, "two renderings differ");
}

#[test]
fn malformed_documents_are_errors() {
    let sym = |items| Symbol {
        name: "s".into(),
        width: 10.0,
        height: 10.0,
        items,
    };
    let use_ = |symbol| Item::Use {
        symbol,
        at: Point::new(0.0, 0.0),
    };
    let cases = [
        doc(vec![], vec![page(100.0, 100.0, vec![use_(0)])]),
        doc(
            vec![sym(vec![use_(1)]), sym(vec![use_(0)])],
            vec![page(100.0, 100.0, vec![])],
        ),
        doc(vec![], vec![page(0.0, 100.0, vec![])]),
        doc(
            vec![],
            vec![page(
                100.0,
                100.0,
                vec![filled(Rect::new(f32::NAN, 0.0, 5.0, 5.0), RED)],
            )],
        ),
    ];
    for d in &cases {
        assert!(matches!(to_pdf(d), Err(RenderError::Pdf(_))), "{d:?}");
    }
}

#[test]
fn documents_without_text_or_pages_still_give_pdfs() {
    let bytes = to_pdf(&doc(vec![], vec![page(100.0, 100.0, vec![])])).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    #[cfg(feature = "pdf-render-tests")]
    assert_eq!(Pdf::new(bytes).unwrap().pages().len(), 1);
    let bytes = to_pdf(&Document::default()).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    #[cfg(feature = "pdf-render-tests")]
    assert_eq!(Pdf::new(bytes).unwrap().pages().len(), 0);
}
