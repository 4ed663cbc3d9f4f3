//! Double-sided pads and board sets: each page followed by its back, the
//! back turned (PDF's `/Rotate 180`) where the paper's flip would
//! otherwise bring its top to the front's bottom edge, so that both faces'
//! tops meet the same edge (the glued edge of a pad).
//!
//! A printer prints the back so that it reads upright once the paper is
//! flipped on the edge it is told: on the long edge a landscape page
//! flips over its top (like a calendar), which brings the back's top to
//! the front's bottom edge, so the back is turned; on the short edge it
//! flips sideways (like a book), and the back's top stays at the top. For
//! a portrait page the other way round. Every page of one side shows one
//! sheet (or one board) in every place, and the places are symmetric about
//! the middle of the page, so each back lands behind its front after
//! either flip.

use crate::scene::{Document, Item, Page};

/// The edge the paper flips on between its two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// The long edge.
    Long,
    /// The short edge.
    Short,
}

impl Flip {
    /// Whether the backs of `width` x `height` pages are turned.
    pub fn turns(self, width: f32, height: f32) -> bool {
        let landscape = width > height;
        matches!((self, landscape), (Flip::Long, true) | (Flip::Short, false))
    }

    /// `long` or `short`.
    pub fn name(self) -> &'static str {
        match self {
            Flip::Long => "long",
            Flip::Short => "short",
        }
    }
}

/// `page` as the back of a sheet flipped on `flip`.
fn back(mut page: Page, flip: Flip) -> Page {
    page.boxes.turned = flip.turns(page.width, page.height);
    page
}

/// A pad printed on both faces: every page of `doc` followed by itself as
/// its back (the same drawing, so the PDF holds it once).
pub fn both_faces(mut doc: Document, flip: Flip) -> Document {
    let pages = std::mem::take(&mut doc.pages);
    for page in pages {
        doc.pages.push(page.clone());
        doc.pages.push(back(page, flip));
    }
    doc
}

/// A set of boards printed as fronts and backs: `sides` in order, the
/// first on the front of the first sheet, the second on its back, and so
/// on; a last board without a partner has a blank back. Each pad must be
/// laid out on the same template (the same pages).
pub fn board_set(sides: Vec<Document>, flip: Flip) -> Document {
    let mut out = Document::default();
    let mut docs = sides.into_iter();
    let mut titles = Vec::new();
    while let Some(front) = docs.next() {
        let rest = docs.next();
        titles.push(front.title.clone());
        let front_pages = take(&mut out, front);
        let back_pages = match rest {
            Some(b) => {
                titles.push(b.title.clone());
                take(&mut out, b)
            }
            None => front_pages
                .iter()
                .map(|p| Page {
                    items: Vec::new(),
                    ..p.clone()
                })
                .collect(),
        };
        for (f, b) in front_pages.into_iter().zip(back_pages) {
            out.pages.push(f);
            out.pages.push(back(b, flip));
        }
    }
    out.title = titles.join(" / ");
    out
}

/// `doc`'s pages, its symbols moved into `into` (their uses renumbered),
/// and its author and date kept when `into` has none.
fn take(into: &mut Document, doc: Document) -> Vec<Page> {
    let by = into.symbols.len();
    into.author = into.author.take().or(doc.author);
    into.created = into.created.or(doc.created);
    for mut symbol in doc.symbols {
        shift(&mut symbol.items, by);
        into.symbols.push(symbol);
    }
    doc.pages
        .into_iter()
        .map(|mut p| {
            shift(&mut p.items, by);
            p
        })
        .collect()
}

/// Renumbers the symbols `items` use by `by`.
fn shift(items: &mut [Item], by: usize) {
    for item in items {
        match item {
            Item::Use { symbol, .. } => *symbol += by,
            Item::Clip(_, inner) => shift(inner, by),
            Item::Path(..) | Item::Text(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Point, Symbol};

    fn pad(title: &str, w: f32, h: f32, pages: usize) -> Document {
        Document {
            title: title.into(),
            symbols: vec![Symbol {
                name: "s".into(),
                width: 10.0,
                height: 10.0,
                items: Vec::new(),
            }],
            pages: (0..pages)
                .map(|_| Page {
                    width: w,
                    height: h,
                    items: vec![Item::Use {
                        symbol: 0,
                        at: Point::new(1.0, 1.0),
                    }],
                    boxes: Default::default(),
                })
                .collect(),
            ..Document::default()
        }
    }

    #[test]
    fn backs_are_turned_when_the_flip_brings_the_top_down() {
        assert!(Flip::Long.turns(792.0, 612.0));
        assert!(!Flip::Short.turns(792.0, 612.0));
        assert!(!Flip::Long.turns(595.0, 842.0));
        assert!(Flip::Short.turns(595.0, 842.0));
        let two = both_faces(pad("a", 792.0, 612.0, 2), Flip::Long);
        assert_eq!(two.pages.len(), 4);
        let turned: Vec<bool> = two.pages.iter().map(|p| p.boxes.turned).collect();
        assert_eq!(turned, [false, true, false, true]);
        assert_eq!(two.pages[1].items, two.pages[0].items, "one drawing");
    }

    #[test]
    fn a_board_set_pairs_files_in_order_with_a_blank_back_for_the_last() {
        let set = board_set(
            vec![
                pad("A", 792.0, 612.0, 1),
                pad("B", 792.0, 612.0, 1),
                pad("C", 792.0, 612.0, 1),
            ],
            Flip::Short,
        );
        assert_eq!(set.title, "A / B / C");
        assert_eq!(set.symbols.len(), 3);
        assert_eq!(set.pages.len(), 4);
        let uses: Vec<Vec<usize>> = set
            .pages
            .iter()
            .map(|p| {
                p.items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Use { symbol, .. } => Some(*symbol),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        assert_eq!(uses, [vec![0], vec![1], vec![2], vec![]]);
    }
}
