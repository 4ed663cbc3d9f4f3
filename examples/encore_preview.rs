//! Writes the previews of the printed Encore sheet:
//! `cargo run --example encore_preview` writes `docs/images/encore-black.png`
//! and `docs/images/encore-black-mono.png` (the standard board,
//! `maps/encore-black.toml`, on Letter, in colour and in black and white),
//! and prints what the print checks find, if anything.

#[path = "../tests/encore_black/mod.rs"]
mod encore_black;

use rollx::encore::{layout_sheet, print_sheet};
use rollx::print::{PrintOptions, template};
use rollx::render::png::to_png;

fn main() {
    let board = encore_black::black();
    let t = template::load("letter").expect("letter loads");
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    for (mono, name) in [(false, "encore-black.png"), (true, "encore-black-mono.png")] {
        let options = PrintOptions {
            sheets: 1,
            mono,
            ..PrintOptions::default()
        };
        let pad = match print_sheet(&board, &t, &options) {
            Ok(pad) => pad,
            Err(problems) => {
                for p in &problems {
                    eprintln!("{}: {}", p.code, p.message);
                }
                layout_sheet(&board, &t, &options)
            }
        };
        let png = to_png(&pad.document, 1, 90.0).expect("the page renders");
        std::fs::write(out.join(name), png).expect("docs/images is writable");
        println!(
            "wrote docs/images/{name} (boxes {:.1} mm)",
            pad.box_size * 25.4 / 72.0
        );
    }
}
