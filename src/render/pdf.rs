//! PDF export: every page of a [`Document`] in one file, written with
//! printpdf 0.12 (pinned: its API changes between releases).
//!
//! How the display list is mapped:
//!
//! - Each [`Symbol`] drawn on a page becomes one form XObject, stored once
//!   however many pages use it. Its content stream is written here by hand
//!   (printpdf's own `XObject::Form` is broken) from the symbol's vector
//!   items: paths, clips, and the vector items of nested symbols, inlined
//!   with their offset. The stream starts with a flip (`1 0 0 -1 0 h cm`),
//!   so scene coordinates (y down) are written as they are.
//! - Vector items drawn directly on a page go, run by run between symbol
//!   uses, into forms too, deduplicated by content: a pad whose pages share
//!   their decorations holds them once.
//! - Text never goes into a form (printpdf renumbers the embedded font's
//!   glyphs when it subsets the font, which only page operations follow).
//!   Every text of a page, including those of the symbols it uses, is a
//!   page-level text operation drawn after, so on top of, all the vector
//!   artwork of the page, and it is not clipped by [`Item::Clip`].
//! - The fonts are the vendored DejaVu Sans and DejaVu Sans Bold (only the
//!   weights the document uses), subset to the glyphs it uses.
//!
//! # Determinism
//!
//! The same [`Document`] gives the same bytes, within a process and across
//! processes. printpdf draws resource names (fonts, XObjects) and the
//! trailer `/ID` from a process-wide counter, so that its output depends on
//! how many PDFs the process wrote before; this module names fonts and
//! forms itself and replaces the `/ID` with a digest of the file. The
//! document's dates are its [`Document::created`] when it has one (the
//! command line takes it from `SOURCE_DATE_EPOCH`, the reproducible-builds
//! convention), and are left out otherwise (printpdf always writes them, as
//! 1 January 1970, so the entries are blanked, see `blank_entries`); no XMP
//! metadata (which would carry a random instance id) is written. What is
//! left is printpdf's own output: another printpdf (or allsorts, its font
//! subsetter) version may write other bytes.
//!
//! # No PDF/X claim
//!
//! printpdf writes an empty `/GTS_PDFXVersion` into the document
//! information of every file, and some readers then call the file PDF/X.
//! The pads are ordinary PDFs in DeviceRGB and DeviceGray (greys, and so
//! every black and white sheet, in DeviceGray: black ink alone) without an
//! output intent, so the entry is blanked (see `no_pdfx_marker`).
//!
//! # One drawing for many pages
//!
//! A page that draws what an earlier page draws is not written again: its
//! PDF page shares the earlier one's content stream and resources (see
//! `every_page`), so a pad of 100 identical sheets costs one drawing and
//! 100 small page entries. Each page carries its own boxes: the TrimBox
//! (the cut sheet, or the whole page) and, with bleed, the BleedBox.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::OnceLock;

use printpdf::{
    Codepoint, Color, DictItem, ExternalStream, ExternalXObject, FontId, Op, ParsedFont,
    PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfParseErrorSeverity, PdfSaveOptions,
    PdfWarnMsg, Pt, TextItem, TextMatrix, XObject, XObjectId, XObjectTransform,
};
use sha2::{Digest, Sha256};

use super::RenderError;
use crate::scene::fonts::{FaceRef, FontSource};
use crate::scene::{
    Document, Item, Page, Path, Point, Rect, Rgb, Seg, Style, Symbol, Text, Weight, font,
    items_bounds, visit_text,
};

/// Renders every page of a document as one PDF.
///
/// Fails if the document is malformed (a [`Item::Use`] of a symbol that
/// does not exist or that uses itself, a page without area, a coordinate
/// that is not a finite number) or if printpdf reports an error.
pub fn to_pdf(doc: &Document) -> Result<Vec<u8>, RenderError> {
    check(doc)?;

    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.creator = "rollx".to_string();
    if let Some(author) = &doc.author {
        pdf.metadata.info.author = author.clone();
    }
    if let Some(seconds) = doc.created {
        let date = printpdf::OffsetDateTime::from_unix_timestamp(seconds)
            .map_err(|_| RenderError::Pdf(format!("{seconds} is not a date printpdf can write")))?;
        let info = &mut pdf.metadata.info;
        (
            info.creation_date,
            info.modification_date,
            info.metadata_date,
        ) = (date, date, date);
    }

    // The fonts the document uses, under fixed resource names: the
    // vendored faces as RXSANS and RXBOLD, any other face (a font for what
    // they lack) RXFAAA, RXFAAB, ... in the order texts first use them. The
    // first six letters of a font's name become its subset tag
    // (`RXSANS+DejaVuSans`).
    let mut fonts = PdfFonts::default();
    for page in &doc.pages {
        let mut result = Ok(());
        visit_text(&page.items, &doc.symbols, Point::default(), &mut |t, _| {
            if result.is_ok() && drawable(t) {
                for run in t.fonts.runs(&t.content, t.size, t.weight) {
                    if let Err(e) = fonts.id(t, run.face, &mut pdf) {
                        result = Err(e);
                    }
                }
            }
        });
        result?;
    }

    // A page that draws what an earlier one draws is written once: the
    // PDF's later pages share its content stream (a pad of 100 sheets is
    // one drawing). `order` holds, for every page, its drawing's place
    // among the pages written.
    // `written` holds each drawing's page number and page.
    let mut written: Vec<(usize, &Page)> = Vec::new();
    let mut order = Vec::with_capacity(doc.pages.len());
    for (n, page) in doc.pages.iter().enumerate() {
        let same = |(_, w): &(usize, &Page)| {
            w.width == page.width && w.height == page.height && w.items == page.items
        };
        match written.iter().position(same) {
            Some(k) => order.push(k),
            None => {
                order.push(written.len());
                written.push((n + 1, page));
            }
        }
    }

    let mut forms = Forms::default();
    let mut pages = Vec::with_capacity(written.len());
    for (page_no, page) in written {
        // Page sizes come from millimetres through f32 (Letter's 279.4 mm is
        // 791.99994 pt): round to 1/1000 pt so that the MediaBox holds the
        // paper's exact size (792 x 612 pt), as printers expect.
        let (pw, ph) = (round3(page.width), round3(page.height));
        let mut ops = Vec::new();

        // Vector artwork, in scene order: runs of page-level items between
        // symbol uses, and the symbols.
        let mut run: Vec<&Item> = Vec::new();
        for item in &page.items {
            match item {
                Item::Use { symbol, at } => {
                    forms.page_run(&mut run, doc, pw, ph, &mut ops, page_no)?;
                    if let Some(id) = forms.symbol(doc, *symbol)? {
                        let h = doc.symbols[*symbol].height;
                        ops.push(Op::UseXobject {
                            id,
                            transform: translate(at.x, ph - at.y - h),
                        });
                    }
                }
                Item::Text(_) => {}
                Item::Path(..) | Item::Clip(..) => run.push(item),
            }
        }
        forms.page_run(&mut run, doc, pw, ph, &mut ops, page_no)?;

        // Then every text of the page, on top.
        let mut texts = Vec::new();
        visit_text(
            &page.items,
            &doc.symbols,
            Point::default(),
            &mut |t, off| texts.push((t, off)),
        );
        for (t, off) in texts {
            if !drawable(t) {
                continue;
            }
            let (mut x, y) = (t.left() + off.x, ph - (t.pos.y + off.y));
            if !x.is_finite() || !y.is_finite() {
                return Err(RenderError::Pdf(format!(
                    "page {page_no}: text {:?} has no finite position",
                    t.content
                )));
            }
            // One text section per run of one face, each placed where the
            // runs before it end.
            for run in t.fonts.runs(&t.content, t.size, t.weight) {
                let font = fonts.id(t, run.face, &mut pdf)?;
                ops.extend([
                    Op::StartTextSection,
                    Op::SetFont {
                        font: PdfFontHandle::External(font),
                        size: Pt(round3(t.size)),
                    },
                    Op::SetFillColor {
                        col: color(t.color),
                    },
                ]);
                if let Some(glyphs) = &run.glyphs {
                    // A shaped run: each glyph placed where the shaper put
                    // it (printpdf joins those on one baseline into one
                    // TJ), standing for its cluster's text.
                    for g in glyphs {
                        ops.extend([
                            Op::SetTextMatrix {
                                matrix: TextMatrix::Translate(
                                    Pt(round3(x + g.x * t.size)),
                                    Pt(round3(y + g.y * t.size)),
                                ),
                            },
                            Op::ShowText {
                                items: vec![TextItem::GlyphIds(vec![Codepoint {
                                    gid: g.id,
                                    offset: 0.0,
                                    cid: g.text.clone(),
                                }])],
                            },
                        ]);
                    }
                } else {
                    ops.extend([
                        Op::SetTextCursor {
                            pos: printpdf::Point {
                                x: Pt(round3(x)),
                                y: Pt(round3(y)),
                            },
                        },
                        Op::ShowText {
                            items: vec![TextItem::Text(run.text.to_string())],
                        },
                    ]);
                }
                ops.push(Op::EndTextSection);
                x += run.width;
            }
        }

        let media = printpdf::Rect::from_wh(Pt(pw), Pt(ph));
        pages.push(PdfPage {
            media_box: media.clone(),
            trim_box: media.clone(),
            crop_box: media,
            ops,
        });
    }
    pdf.resources.xobjects.map = forms.xobjects;

    let mut warnings: Vec<PdfWarnMsg> = Vec::new();
    let options = PdfSaveOptions::default();
    let mut lo = pdf
        .with_pages(pages)
        .to_lopdf_document(&options, &mut warnings);
    every_page(&mut lo, &order, &doc.pages)?;
    // What printpdf's own `save` does with the document.
    if options.optimize {
        lo.compress();
    }
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)
        .map_err(|e| RenderError::Pdf(format!("the PDF could not be written: {e}")))?;
    // printpdf reports what it noticed while writing as messages of three
    // severities. `Error` means the file is wrong or incomplete (text
    // outside a text section, a colour out of range, a font that could not
    // be subset or embedded): fail. `Warning` and `Info` are notes about
    // choices printpdf made on its own and leave a valid file (e.g. a
    // builtin font not emitted because an embedded one has its name): they
    // are ignored rather than turned into failures of a usable file. In
    // practice, for the operations written here, printpdf reports nothing
    // at all, and neither does the parser of the vendored fonts.
    let errors: Vec<&str> = warnings
        .iter()
        .filter(|w| w.severity == PdfParseErrorSeverity::Error)
        .map(|w| w.msg.as_str())
        .collect();
    if !errors.is_empty() {
        return Err(RenderError::Pdf(errors.join("; ")));
    }
    // printpdf ignores write errors: check that a whole file came out.
    if !bytes.starts_with(b"%PDF-") || !bytes.trim_ascii_end().ends_with(b"%%EOF") {
        return Err(RenderError::Pdf(
            "printpdf wrote an incomplete file".to_string(),
        ));
    }
    no_pdfx_marker(&mut bytes);
    if doc.created.is_none() {
        blank_entries(&mut bytes, b"/CreationDate(");
        blank_entries(&mut bytes, b"/ModDate(");
    }
    stable_id(&mut bytes);
    Ok(bytes)
}

/// The page tree of `lo` (printpdf's pages, one for each drawing) made
/// into every page of the document: page `i` draws printed page
/// `order[i]`, sharing its content stream and resources, with the boxes
/// of `pages[i]` (PDF rectangles from the bottom left).
fn every_page(
    lo: &mut lopdf::Document,
    order: &[usize],
    pages: &[Page],
) -> Result<(), RenderError> {
    use lopdf::Object;
    let broken = |what: &str| RenderError::Pdf(format!("printpdf wrote {what}"));
    let pages_id = lo
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(|_| broken("no page tree"))?;
    let drawn: Vec<lopdf::ObjectId> = lo
        .get_dictionary(pages_id)
        .and_then(|d| d.get(b"Kids"))
        .and_then(Object::as_array)
        .map_err(|_| broken("a page tree without pages"))?
        .iter()
        .map(Object::as_reference)
        .collect::<Result<_, _>>()
        .map_err(|_| broken("a page tree with a page that is not a reference"))?;
    let mut used = vec![false; drawn.len()];
    let mut kids = Vec::with_capacity(order.len());
    for (&k, page) in order.iter().zip(pages) {
        let source = *drawn
            .get(k)
            .ok_or_else(|| broken("fewer pages than asked"))?;
        let id = if std::mem::replace(&mut used[k], true) {
            let copy = lo
                .get_dictionary(source)
                .map_err(|_| broken("a page that is not a dictionary"))?
                .clone();
            lo.add_object(copy)
        } else {
            source
        };
        let h = round3(page.height);
        let rect = |r: Rect| {
            Object::Array(
                [r.x, h - r.bottom(), r.right(), h - r.y]
                    .into_iter()
                    .map(|v| Object::Real(round3(v)))
                    .collect(),
            )
        };
        let media = Rect::new(0.0, 0.0, round3(page.width), h);
        let dict = lo
            .get_dictionary_mut(id)
            .map_err(|_| broken("a page that is not a dictionary"))?;
        dict.set("TrimBox", rect(page.boxes.trim.unwrap_or(media)));
        if let Some(bleed) = page.boxes.bleed {
            dict.set("BleedBox", rect(bleed));
        }
        if page.boxes.turned {
            dict.set("Rotate", Object::Integer(180));
        }
        kids.push(Object::Reference(id));
    }
    let tree = lo
        .get_dictionary_mut(pages_id)
        .map_err(|_| broken("a page tree that is not a dictionary"))?;
    tree.set("Count", Object::Integer(kids.len() as i64));
    tree.set("Kids", Object::Array(kids));
    Ok(())
}

/// Blanks every entry `key` (`/CreationDate(`, the key and its opening
/// parenthesis) up to its closing parenthesis with spaces, as
/// `no_pdfx_marker` does: no byte moves, and a reader finds no such entry.
fn blank_entries(bytes: &mut [u8], key: &[u8]) {
    let mut from = 0;
    while let Some(at) = bytes[from..]
        .windows(key.len())
        .position(|w| w == key)
        .map(|i| from + i)
    {
        let Some(close) = bytes[at..].iter().position(|&b| b == b')') else {
            return;
        };
        bytes[at..=at + close].fill(b' ');
        from = at + close + 1;
    }
}

/// Blanks the empty `/GTS_PDFXVersion()` that printpdf writes into every
/// document information dictionary. The key claims PDF/X conformance (some
/// readers show "PDF/X" for it, empty as it is); the pads do not conform
/// (no output intent, RGB colours), so they carry no marker. The entry is
/// overwritten with as many spaces, which PDF reads as whitespace between
/// the dictionary's entries, so no byte moves and the cross-reference
/// offsets stay right. A non-empty version (a file that does conform) is
/// kept.
fn no_pdfx_marker(bytes: &mut [u8]) {
    const EMPTY: &[u8] = b"/GTS_PDFXVersion()";
    let mut from = 0;
    while let Some(at) = bytes[from..]
        .windows(EMPTY.len())
        .position(|w| w == EMPTY)
        .map(|i| from + i)
    {
        bytes[at..at + EMPTY.len()].fill(b' ');
        from = at + EMPTY.len();
    }
}

/// Whether a text draws anything.
fn drawable(t: &Text) -> bool {
    !t.content.is_empty() && round3(t.size) > 0.0
}

/// The fonts a PDF embeds, by resource name.
#[derive(Default)]
struct PdfFonts {
    /// Each face embedded, and its name.
    named: Vec<(FaceRef, FontId)>,
    /// How many faces beyond the vendored ones.
    others: usize,
}

impl PdfFonts {
    /// The resource name of the face `face` of `t`'s fonts (embedded in
    /// `pdf` on first use); a character no face has is drawn, if ever, with
    /// the vendored face (the print checks refuse such a sheet first).
    fn id(
        &mut self,
        t: &Text,
        face: Option<usize>,
        pdf: &mut PdfDocument,
    ) -> Result<FontId, RenderError> {
        let index = face.unwrap_or(usize::from(t.weight == Weight::Bold));
        let Some(r) = t.fonts.face(index) else {
            return Err(RenderError::Pdf(format!(
                "no font {index} for {:?}",
                t.content
            )));
        };
        if let Some((_, id)) = self.named.iter().find(|(f, _)| f == r) {
            return Ok(id.clone());
        }
        let (id, parsed) = if r.source == FontSource::Vendored {
            let weight = if r.bold {
                Weight::Bold
            } else {
                Weight::Regular
            };
            let id = match weight {
                Weight::Regular => "RXSANS",
                Weight::Bold => "RXBOLD",
            };
            (FontId(id.to_string()), parsed_font(weight)?.clone())
        } else {
            self.others += 1;
            let loaded = t
                .fonts
                .loaded(index)
                .ok_or_else(|| RenderError::Pdf(format!("the font {r} cannot be read")))?;
            let parsed =
                ParsedFont::from_bytes(loaded.bytes(), loaded.index() as usize, &mut Vec::new())
                    .ok_or_else(|| RenderError::Pdf(format!("the font {r} does not parse")))?;
            (FontId(format!("RXF{}", letters(self.others))), parsed)
        };
        pdf.resources
            .fonts
            .map
            .insert(id.clone(), PdfFont::new(parsed));
        self.named.push((r.clone(), id.clone()));
        Ok(id)
    }
}

/// `n` (from 1) as three capital letters (`AAA`, `AAB`, ...): a font's
/// resource name is its subset tag, which readers take for one only when
/// it is six capital letters.
fn letters(n: usize) -> String {
    let n = n - 1;
    [n / 676 % 26, n / 26 % 26, n % 26]
        .iter()
        .map(|&d| char::from(b'A' + d as u8))
        .collect()
}

/// The vendored font of a weight, parsed once per process.
fn parsed_font(weight: Weight) -> Result<&'static ParsedFont, RenderError> {
    static REGULAR: OnceLock<Option<ParsedFont>> = OnceLock::new();
    static BOLD: OnceLock<Option<ParsedFont>> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR, font::REGULAR),
        Weight::Bold => (&BOLD, font::BOLD),
    };
    cell.get_or_init(|| ParsedFont::from_bytes(bytes, 0, &mut Vec::new()))
        .as_ref()
        .ok_or_else(|| RenderError::Pdf(format!("the vendored {weight:?} font does not parse")))
}

/// A colour as a PDF RGB colour (components 0..1, three decimals).
/// A text's colour: grey in DeviceGray (black ink alone), others in
/// DeviceRGB.
fn color(c: Rgb) -> Color {
    let f = |v: u8| round3(f32::from(v) / 255.0);
    if c.r == c.g && c.g == c.b {
        return Color::Greyscale(printpdf::Greyscale::new(f(c.r), None));
    }
    Color::Rgb(printpdf::Rgb::new(f(c.r), f(c.g), f(c.b), None))
}

/// `v` rounded to three decimals.
fn round3(v: f32) -> f32 {
    (v * 1000.0).round() / 1000.0
}

/// A translation of a form XObject.
fn translate(x: f32, y: f32) -> XObjectTransform {
    XObjectTransform {
        translate_x: Some(Pt(round3(x))),
        translate_y: Some(Pt(round3(y))),
        ..Default::default()
    }
}

/// Checks what the exporter relies on: symbol uses resolve, symbols do not
/// use themselves, pages and symbols have finite sizes.
fn check(doc: &Document) -> Result<(), RenderError> {
    fn uses(items: &[Item], out: &mut Vec<usize>) {
        for item in items {
            match item {
                Item::Use { symbol, .. } => out.push(*symbol),
                Item::Clip(_, inner) => uses(inner, out),
                Item::Path(..) | Item::Text(_) => {}
            }
        }
    }
    let n = doc.symbols.len();
    let missing = |s: usize, whose: &str| {
        RenderError::Pdf(format!(
            "{whose} uses symbol {s}, but the document has {n} symbols"
        ))
    };
    let mut deps = Vec::with_capacity(n);
    for s in &doc.symbols {
        if !(s.width.is_finite() && s.height.is_finite()) {
            return Err(RenderError::Pdf(format!(
                "symbol {:?} has no finite size",
                s.name
            )));
        }
        let mut d = Vec::new();
        uses(&s.items, &mut d);
        if let Some(&bad) = d.iter().find(|&&u| u >= n) {
            return Err(missing(bad, &format!("symbol {:?}", s.name)));
        }
        deps.push(d);
    }
    // Depth-first search for a cycle: 0 unvisited, 1 on the stack, 2 done.
    fn visit(
        s: usize,
        deps: &[Vec<usize>],
        mark: &mut [u8],
        symbols: &[Symbol],
    ) -> Result<(), RenderError> {
        match mark[s] {
            1 => {
                return Err(RenderError::Pdf(format!(
                    "symbol {:?} uses itself",
                    symbols[s].name
                )));
            }
            2 => return Ok(()),
            _ => {}
        }
        mark[s] = 1;
        for &d in &deps[s] {
            visit(d, deps, mark, symbols)?;
        }
        mark[s] = 2;
        Ok(())
    }
    let mut mark = vec![0u8; n];
    for s in 0..n {
        visit(s, &deps, &mut mark, &doc.symbols)?;
    }
    for (i, p) in doc.pages.iter().enumerate() {
        if !(p.width.is_finite() && p.height.is_finite() && p.width > 0.0 && p.height > 0.0) {
            return Err(RenderError::Pdf(format!(
                "page {} is {} x {} points",
                i + 1,
                p.width,
                p.height
            )));
        }
        let mut d = Vec::new();
        uses(&p.items, &mut d);
        if let Some(&bad) = d.iter().find(|&&u| u >= n) {
            return Err(missing(bad, &format!("page {}", i + 1)));
        }
    }
    Ok(())
}

/// The form XObjects of the document, by content.
#[derive(Default)]
struct Forms {
    /// Every form, under the names `X0`, `X1`, ... in order of first use.
    xobjects: BTreeMap<XObjectId, XObject>,
    /// The form of a content stream and bounding box.
    by_content: HashMap<(String, [i64; 4]), XObjectId>,
    /// The form of each symbol once known (`None` inside: nothing to draw).
    symbols: HashMap<usize, Option<XObjectId>>,
}

impl Forms {
    /// The form with this content and bounding box (in thousandths of a
    /// point), added if new.
    fn form(&mut self, content: String, bbox: [i64; 4]) -> XObjectId {
        let key = (content, bbox);
        if let Some(id) = self.by_content.get(&key) {
            return id.clone();
        }
        let id = XObjectId(format!("X{}", self.by_content.len()));
        let mut dict = BTreeMap::new();
        dict.insert("Type".to_string(), DictItem::Name(b"XObject".to_vec()));
        dict.insert("Subtype".to_string(), DictItem::Name(b"Form".to_vec()));
        dict.insert(
            "BBox".to_string(),
            DictItem::Array(bbox.iter().map(|&v| real(v)).collect()),
        );
        dict.insert(
            "Resources".to_string(),
            DictItem::Dict {
                map: BTreeMap::new(),
            },
        );
        let stream = ExternalStream {
            dict,
            content: key.0.as_bytes().to_vec(),
            compress: true,
        };
        self.xobjects.insert(
            id.clone(),
            XObject::External(ExternalXObject {
                stream,
                width: None,
                height: None,
                dpi: None,
            }),
        );
        self.by_content.insert(key, id.clone());
        id
    }

    /// The form of symbol `s`, or `None` if it draws no vectors.
    fn symbol(&mut self, doc: &Document, s: usize) -> Result<Option<XObjectId>, RenderError> {
        if let Some(id) = self.symbols.get(&s) {
            return Ok(id.clone());
        }
        let sym = &doc.symbols[s];
        let mut w = Writer::new(&doc.symbols, sym.height);
        w.items(&sym.items, Point::default());
        let id = match w.finish(&format!("symbol {:?}", sym.name))? {
            None => None,
            Some(content) => {
                // The box the form may paint, in its own (y up) space: the
                // symbol's nominal box and whatever its items reach beyond it
                // (strokes on its edges), with room for mitred corners: the
                // box only clips, so a generous one costs nothing.
                let nominal = crate::scene::Rect::new(0.0, 0.0, sym.width, sym.height);
                let b = items_bounds(&sym.items, &doc.symbols)
                    .map_or(nominal, |b| b.union(&nominal))
                    .inflate(10.0);
                let bbox = [
                    thou(b.x),
                    thou(sym.height - b.bottom()),
                    thou(b.right()),
                    thou(sym.height - b.y),
                ];
                Some(self.form(content, bbox))
            }
        };
        self.symbols.insert(s, id.clone());
        Ok(id)
    }

    /// Turns a run of page-level vector items into a form drawn on the page
    /// (one already stored if another page drew the same), and empties it.
    fn page_run(
        &mut self,
        run: &mut Vec<&Item>,
        doc: &Document,
        width: f32,
        height: f32,
        ops: &mut Vec<Op>,
        page_no: usize,
    ) -> Result<(), RenderError> {
        if run.is_empty() {
            return Ok(());
        }
        let mut w = Writer::new(&doc.symbols, height);
        for item in run.drain(..) {
            w.items(std::slice::from_ref(item), Point::default());
        }
        if let Some(content) = w.finish(&format!("page {page_no}"))? {
            let id = self.form(content, [0, 0, thou(width), thou(height)]);
            ops.push(Op::UseXobject {
                id,
                transform: XObjectTransform::default(),
            });
        }
        Ok(())
    }
}

/// A number in thousandths as a PDF real.
fn real(v: i64) -> DictItem {
    if v % 1000 == 0 {
        DictItem::Int(v / 1000)
    } else {
        DictItem::Real(v as f32 / 1000.0)
    }
}

/// `v` in thousandths (non-finite values give 0: [`Writer`] rejects them).
fn thou(v: f32) -> i64 {
    (f64::from(v) * 1000.0).round() as i64
}

/// What the graphics state holds, as far as the stream being written knows
/// (`None`: not set yet, whatever the form inherited).
#[derive(Clone, Default)]
struct GState {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    width: Option<i64>,
    dash: Option<Vec<i64>>,
}

/// Writes the content stream of a form from vector items.
struct Writer<'a> {
    symbols: &'a [Symbol],
    out: String,
    /// The graphics state, with one entry per open `q`.
    state: Vec<GState>,
    /// Whether every coordinate was a finite number.
    finite: bool,
}

impl<'a> Writer<'a> {
    /// A stream for a form `height` points high, in scene coordinates.
    fn new(symbols: &'a [Symbol], height: f32) -> Self {
        let mut w = Self {
            symbols,
            out: String::new(),
            state: vec![GState::default()],
            finite: true,
        };
        w.out.push_str("1 0 0 -1 0 ");
        w.num(height);
        w.out.push_str(" cm\n");
        w
    }

    /// The stream, or `None` if it draws nothing.
    fn finish(self, what: &str) -> Result<Option<String>, RenderError> {
        if !self.finite {
            return Err(RenderError::Pdf(format!(
                "{what} has a coordinate that is not a finite number"
            )));
        }
        Ok(if self.out.lines().count() > 1 {
            Some(self.out)
        } else {
            None
        })
    }

    fn num(&mut self, v: f32) {
        self.finite &= v.is_finite();
        push_thou(&mut self.out, thou(v));
    }

    fn point(&mut self, p: Point, off: Point, op: &str) {
        self.num(p.x + off.x);
        self.out.push(' ');
        self.num(p.y + off.y);
        self.out.push(' ');
        self.out.push_str(op);
        self.out.push('\n');
    }

    fn items(&mut self, items: &[Item], off: Point) {
        for item in items {
            match item {
                Item::Path(path, style) => self.path(path, style, off),
                Item::Text(_) => {}
                Item::Clip(clip, inner) => {
                    if clip.segs.is_empty() {
                        continue; // clipped to nothing
                    }
                    let start = self.out.len();
                    self.out.push_str("q\n");
                    let saved = self.state.last().cloned().unwrap_or_default();
                    self.state.push(saved);
                    self.segs(clip, off);
                    self.out.push_str("W n\n");
                    let body = self.out.len();
                    self.items(inner, off);
                    self.state.pop();
                    if self.out.len() == body {
                        self.out.truncate(start); // nothing drawn inside
                    } else {
                        self.out.push_str("Q\n");
                    }
                }
                Item::Use { symbol, at } => {
                    // Forms written here have no resources, so a nested
                    // symbol cannot be called by name: draw its items here.
                    let symbols = self.symbols;
                    if let Some(s) = symbols.get(*symbol) {
                        self.items(&s.items, Point::new(off.x + at.x, off.y + at.y));
                    }
                }
            }
        }
    }

    fn path(&mut self, path: &Path, style: &Style, off: Point) {
        let stroke = style.stroke.as_ref().filter(|s| s.width > 0.0);
        let paint = match (style.fill, stroke) {
            (Some(_), Some(_)) => "B",
            (Some(_), None) => "f",
            (None, Some(_)) => "S",
            (None, None) => return,
        };
        if path.segs.is_empty() {
            return;
        }
        // The state first: colour and line operators may not stand between
        // the path and its painting.
        let mut cur = self.state.pop().unwrap_or_default();
        if let Some(fill) = style.fill
            && cur.fill != Some(fill)
        {
            self.rgb(fill, "rg");
            cur.fill = Some(fill);
        }
        if let Some(s) = stroke {
            if cur.stroke != Some(s.color) {
                self.rgb(s.color, "RG");
                cur.stroke = Some(s.color);
            }
            let width = thou(s.width);
            if cur.width != Some(width) {
                push_thou(&mut self.out, width);
                self.out.push_str(" w\n");
                cur.width = Some(width);
            }
            // Like SVG, a pattern with a negative length or no length at
            // all means a solid line.
            let mut dash: Vec<i64> = s.dash.iter().map(|&d| thou(d)).collect();
            if dash.iter().any(|&d| d < 0) || dash.iter().sum::<i64>() == 0 {
                dash.clear();
            }
            if cur.dash.as_ref() != Some(&dash) {
                self.out.push('[');
                for (i, &d) in dash.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    push_thou(&mut self.out, d);
                }
                self.out.push_str("] 0 d\n");
                cur.dash = Some(dash);
            }
            self.finite &= s.width.is_finite() && s.dash.iter().all(|d| d.is_finite());
        }
        self.state.push(cur);
        self.segs(path, off);
        self.out.push_str(paint);
        self.out.push('\n');
    }

    /// Sets a colour: `rg`/`RG` in DeviceRGB, or, for a grey, `g`/`G` in
    /// DeviceGray, so that black and grey print from the black ink alone
    /// (a black and white sheet is all grey).
    fn rgb(&mut self, c: Rgb, op: &str) {
        if c.r == c.g && c.g == c.b {
            push_thou(&mut self.out, (i64::from(c.r) * 1000 + 127) / 255);
            self.out.push(' ');
            self.out.push_str(if op == "rg" { "g" } else { "G" });
            self.out.push('\n');
            return;
        }
        for v in [c.r, c.g, c.b] {
            push_thou(&mut self.out, (i64::from(v) * 1000 + 127) / 255);
            self.out.push(' ');
        }
        self.out.push_str(op);
        self.out.push('\n');
    }

    /// The path construction operators of a path.
    fn segs(&mut self, path: &Path, off: Point) {
        let segs = &path.segs;
        let mut current = false; // whether there is a current point
        let mut i = 0;
        while i < segs.len() {
            // A rectangle as drawn by `Path::rect` becomes `re`, which
            // builds the same subpath in the same direction.
            if let [
                Seg::MoveTo(a),
                Seg::LineTo(b),
                Seg::LineTo(c),
                Seg::LineTo(d),
                Seg::Close,
                ..,
            ] = segs[i..]
                && a.y == b.y
                && b.x == c.x
                && c.y == d.y
                && d.x == a.x
                && a.x < b.x
                && a.y < d.y
            {
                let (x0, y0) = (thou(a.x + off.x), thou(a.y + off.y));
                let (x1, y1) = (thou(b.x + off.x), thou(c.y + off.y));
                self.finite &= [a.x, a.y, b.x, c.y].iter().all(|v| v.is_finite());
                for v in [x0, y0, x1 - x0, y1 - y0] {
                    push_thou(&mut self.out, v);
                    self.out.push(' ');
                }
                self.out.push_str("re\n");
                current = true;
                i += 5;
                continue;
            }
            match segs[i] {
                Seg::MoveTo(p) => self.point(p, off, "m"),
                // A segment with no current point starts the subpath instead.
                Seg::LineTo(p) => self.point(p, off, if current { "l" } else { "m" }),
                Seg::CubicTo(a, b, c) => {
                    if current {
                        for p in [a, b] {
                            self.num(p.x + off.x);
                            self.out.push(' ');
                            self.num(p.y + off.y);
                            self.out.push(' ');
                        }
                        self.point(c, off, "c");
                    } else {
                        self.point(c, off, "m");
                    }
                }
                Seg::Close => {
                    if current {
                        self.out.push_str("h\n");
                    }
                }
            }
            current = current || !matches!(segs[i], Seg::Close);
            i += 1;
        }
    }
}

/// Writes a number given in thousandths with at most three decimals and no
/// trailing zeros.
fn push_thou(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    let _ = write!(out, "{}", a / 1000);
    let mut frac = a % 1000;
    if frac != 0 {
        let mut digits = 3;
        while frac.is_multiple_of(10) {
            frac /= 10;
            digits -= 1;
        }
        let _ = write!(out, ".{frac:0digits$}");
    }
}

/// Replaces the trailer's `/ID`, which printpdf draws from a process-wide
/// counter, by one derived from the file's content (the same length, so no
/// offset moves). Leaves the file alone if the trailer is not as expected.
fn stable_id(bytes: &mut [u8]) {
    // printpdf writes `/ID[(32 letters)(32 letters)]` in the trailer, at
    // the end of the file.
    let Some(start) = bytes.windows(5).rposition(|w| w == b"/ID[(") else {
        return;
    };
    let ids = start + 5;
    let ok = bytes.len() >= ids + 68
        && bytes[ids + 32..ids + 34] == *b")("
        && bytes[ids + 66..ids + 68] == *b")]"
        && bytes[ids..ids + 32]
            .iter()
            .chain(&bytes[ids + 34..ids + 66])
            .all(u8::is_ascii_uppercase);
    if !ok {
        return;
    }
    bytes[ids..ids + 32].fill(b'0');
    bytes[ids + 34..ids + 66].fill(b'0');
    let digest = Sha256::digest(&*bytes);
    let mut hex = String::with_capacity(32);
    for b in &digest[..16] {
        let _ = write!(hex, "{b:02X}");
    }
    // The same value twice: the file has never been updated since written.
    bytes[ids..ids + 32].copy_from_slice(hex.as_bytes());
    bytes[ids + 34..ids + 66].copy_from_slice(hex.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: f32) -> String {
        let mut s = String::new();
        push_thou(&mut s, thou(v));
        s
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(0.5), "0.5");
        assert_eq!(n(115.259_995), "115.26");
        assert_eq!(n(-0.0004), "0");
        assert_eq!(n(-2.125), "-2.125");
        assert_eq!(n(0.05), "0.05");
        assert_eq!(n(1234.001), "1234.001");
    }

    #[test]
    fn the_empty_pdfx_marker_is_blanked_in_place() {
        let mut info = b"<</Trapped/False/GTS_PDFXVersion()/Title(t)>>".to_vec();
        let before = info.len();
        no_pdfx_marker(&mut info);
        assert_eq!(info.len(), before, "no byte moves");
        assert_eq!(
            String::from_utf8(info).unwrap(),
            "<</Trapped/False                  /Title(t)>>"
        );
        // A real version (a file that conforms) is left alone.
        let mut x3 = b"/GTS_PDFXVersion(PDF/X-3:2002)".to_vec();
        no_pdfx_marker(&mut x3);
        assert_eq!(x3, b"/GTS_PDFXVersion(PDF/X-3:2002)");
    }

    #[test]
    fn the_document_names_its_author_and_a_date_only_when_given_one() {
        let mut doc = Document {
            title: "Rolling Dicia".into(),
            author: Some("Ana Pérez".into()),
            created: None,
            symbols: Vec::new(),
            pages: vec![crate::scene::Page {
                width: 100.0,
                height: 100.0,
                items: Vec::new(),
                boxes: Default::default(),
            }],
        };
        let read = |bytes: &[u8]| {
            let mut warnings = Vec::new();
            printpdf::PdfDocument::parse(
                bytes,
                &printpdf::PdfParseOptions::default(),
                &mut warnings,
            )
            .expect("printpdf reads the file back")
            .metadata
            .info
        };
        let bytes = to_pdf(&doc).unwrap();
        let info = read(&bytes);
        assert_eq!(info.document_title, "Rolling Dicia");
        assert_eq!(info.author, "Ana Pérez");
        assert!(!bytes.windows(13).any(|w| w == b"/CreationDate"));
        assert!(!bytes.windows(8).any(|w| w == b"/ModDate"));
        // 2023-11-14 22:13:20 UTC.
        doc.created = Some(1_700_000_000);
        let dated = to_pdf(&doc).unwrap();
        let stamp = b"/CreationDate(D:20231114221320+00'00')";
        assert!(
            dated.windows(stamp.len()).any(|w| w == stamp),
            "{}",
            String::from_utf8_lossy(&dated)
        );
        assert_eq!(
            dated,
            to_pdf(&doc).unwrap(),
            "the same date, the same bytes"
        );
    }

    #[test]
    fn a_pdf_carries_no_pdfx_marker() {
        let doc = Document {
            title: "t".into(),
            author: None,
            created: None,
            symbols: Vec::new(),
            pages: vec![crate::scene::Page {
                width: 100.0,
                height: 100.0,
                items: Vec::new(),
                boxes: Default::default(),
            }],
        };
        let bytes = to_pdf(&doc).unwrap();
        assert!(!bytes.windows(8).any(|w| w == b"GTS_PDFX"));
        // The information dictionary is still there, and the file parses.
        assert!(bytes.windows(6).any(|w| w == b"/Title"));
        let mut warnings = Vec::new();
        printpdf::PdfDocument::parse(&bytes, &printpdf::PdfParseOptions::default(), &mut warnings)
            .expect("printpdf reads the file back");
    }
}
