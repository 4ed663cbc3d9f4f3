//! Exporters from a [`crate::scene::Document`] to files: PDF, SVG, PNG.
//! They know nothing about games or maps.

pub mod pdf;
pub mod png;
pub mod svg;

/// Why a document could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PDF library reported a problem.
    #[error("PDF: {0}")]
    Pdf(String),
    /// The SVG could not be turned into a picture.
    #[error("PNG: {0}")]
    Png(String),
    /// The document has no such page.
    #[error("the document has {}, there is no page {wanted}", crate::text::count(*pages, "page"))]
    NoPage {
        /// Pages in the document.
        pages: usize,
        /// The page asked for (from 1).
        wanted: usize,
    },
}

/// Page `n` (from 1) of a document.
fn page(doc: &crate::scene::Document, n: usize) -> Result<&crate::scene::Page, RenderError> {
    n.checked_sub(1)
        .and_then(|i| doc.pages.get(i))
        .ok_or(RenderError::NoPage {
            pages: doc.pages.len(),
            wanted: n,
        })
}
