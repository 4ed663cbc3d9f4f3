//! `--lang`, `--font-path` and `--no-system-fonts`: defined once, flattened
//! into every command that lays out sheets (`print`, `check`, `watch`).

use std::path::PathBuf;

use clap::Args;
use rollx::lang::Lang;
use rollx::print::Locale;
use rollx::scene::FontConfig;

/// The language sheets print in, and the fonts they may draw with.
#[derive(Clone, Debug, Default, Args)]
pub struct LocaleArgs {
    /// The language of the sheet's words: a BCP 47 tag (en, es, de, fr,
    /// ja; docs/languages.md). Default: the file's `lang`, else English.
    #[arg(long, value_name = "CODE", value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// A folder of fonts (.ttf, .otf, .ttc) for the characters DejaVu Sans
    /// lacks, tried after the fonts the file names and before the
    /// system's; may be given more than once.
    #[arg(long, value_name = "DIR")]
    pub font_path: Vec<PathBuf>,
    /// Never draw with the system's fonts: only the built-in font, the
    /// file's fonts and --font-path (the same bytes on every machine).
    #[arg(long)]
    pub no_system_fonts: bool,
}

impl LocaleArgs {
    /// The locale asked for.
    pub fn locale(&self) -> Locale {
        Locale {
            lang: self.lang,
            fonts: FontConfig {
                files: Vec::new(),
                dirs: self.font_path.clone(),
                system: !self.no_system_fonts,
            },
        }
    }

    /// A `--font-path` that is not a folder, said as an error.
    pub fn check(&self) -> Result<(), rollx::diag::Failure> {
        for dir in &self.font_path {
            if !dir.is_dir() {
                return Err(rollx::diag::Failure::usage(format!(
                    "--font-path {}: no such folder (give a folder of .ttf, .otf or .ttc files)",
                    dir.display()
                )));
            }
        }
        Ok(())
    }
}

/// A language tag rollx has words for, or what to give instead.
fn parse_lang(tag: &str) -> Result<Lang, String> {
    Lang::parse(tag).map_err(|e| format!("{e}; {}", e.help()))
}
