//! PNG export: a page rendered through its SVG with resvg, in-process and
//! with the vendored fonts only, so previews look the same everywhere.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::RenderError;
use super::svg::to_svg;
use crate::scene::{Document, font};

/// The font database with exactly the vendored fonts.
fn fonts() -> Arc<usvg::fontdb::Database> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(font::REGULAR.to_vec());
    db.load_font_data(font::BOLD.to_vec());
    db.set_sans_serif_family(font::FAMILY);
    Arc::new(db)
}

/// Renders page `page` (from 1) at `dpi` dots per inch.
pub fn rasterize(doc: &Document, page: usize, dpi: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let p = super::page(doc, page)?;
    // Scene units are points: 72 per inch.
    let scale = dpi / 72.0;
    rasterize_to(
        doc,
        page,
        (p.width * scale).round() as u32,
        (p.height * scale).round() as u32,
    )
}

/// Renders page `page` (from 1) stretched to exactly `width` x `height` pixels.
pub(crate) fn rasterize_to(
    doc: &Document,
    page: usize,
    width: u32,
    height: u32,
) -> Result<tiny_skia::Pixmap, RenderError> {
    let svg = to_svg(doc, page)?;
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg, &options).map_err(|e| RenderError::Png(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(width.max(1), height.max(1))
        .ok_or_else(|| RenderError::Png("empty page".into()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let size = tree.size();
    let transform = tiny_skia::Transform::from_scale(
        pixmap.width() as f32 / size.width(),
        pixmap.height() as f32 / size.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Renders page `page` (from 1) as a PNG file at `dpi`.
pub fn to_png(doc: &Document, page: usize, dpi: f32) -> Result<Vec<u8>, RenderError> {
    rasterize(doc, page, dpi)?
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
