//! `rollx print`: printable pads as PDF, with SVG and PNG previews.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use super::locale::LocaleArgs;
use super::numbers::{between, whole};
use super::output::{self, Output};
use super::{Outcome, Ran, load_model, load_template};
use rollx::diag::render::{Style, report};
use rollx::diag::{Failure, SourceMap};
use rollx::families::Topic;
use rollx::print::{PrintOptions, template};
use rollx::render::{pdf, png, svg};
use rollx::text::count;

/// The long description `--help` shows, with what each family's sheet
/// prints.
pub fn long_about() -> String {
    format!(
        "Print a pad of sheets for a map or board: a PDF with one sheet per page (or two, with \
         the a4-2up template) that prints correctly at 100 % on a home printer, plus SVG and PNG \
         previews of the first page. Before anything is written the sheet is checked: nothing \
         outside the printable area, writing boxes big enough, text that fits, colours that can \
         be told apart. Every output path is checked before the work, and the files are written \
         whole or not at all: a run that fails writes none of them. {} docs/templates.md says \
         what each sheet shows; --mono prints for black-and-white printers and colour-blind \
         players on all of them. The same file prints the same bytes: the PDF's title and author \
         are the file's name and author, and it records a date only when SOURCE_DATE_EPOCH gives \
         one (seconds since 1970). --duplex long|short prints both faces of the paper (several \
         files of one family: a board set, fronts and backs in file order); the shop templates \
         write TrimBox, bleed and crop marks for a copy shop or a pad printer; --calibration \
         writes a page to check the printer (rulers, margins, front/back registration) before a \
         pad.",
        super::family::paragraphs(Topic::Print, " ")
    )
}

/// The templates, examples and exit codes `--help` shows after the
/// options.
pub fn after_help() -> String {
    format!(
        "Templates: letter (default), a4, a4-2up; for a print shop a5-bleed, half-letter-bleed, \
         a4-2up-crop, letter-2up-crop, a3-4up-crop, tabloid-4up-crop; or a template file \
         (docs/templates.md).\n\n{}\n\n\
         Exit codes: 0 written, 1 the map, board or template is invalid or a print check failed, \
         2 usage or I/O error.",
        super::family::examples(
            &[
                "rollx print maps/usa.toml                      # output/usa.pdf, 100 sheets",
                "rollx print maps/japan.toml --template a4 --sheets 20",
                "rollx print maps/usa.toml --png output/usa.png  # just a preview",
                "rollx print maps/usa.toml --mono -o usa-bw.pdf",
                "rollx print maps/usa.toml --lang es             # in Spanish (docs/languages.md)",
                "rollx print maps/japan.toml --lang ja --font-path fonts/",
                "rollx print maps/usa.toml --sheets 10 -o - | lp   # straight to the printer",
                "rollx print --calibration --template a4 -o check.pdf  # check the printer first",
                "rollx print maps/usa.toml --duplex long         # the same sheet on both faces",
            ],
            Topic::Print
        )
    )
}

/// Arguments of `rollx print`.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The map or board file; with --duplex, several files of one family
    /// make a board set (fronts and backs in file order).
    #[arg(value_name = "FILE", required_unless_present = "calibration")]
    pub files: Vec<PathBuf>,
    /// Print on both faces of the paper, which flips on its long or short
    /// edge (as the printer is set): one file prints the same sheet on
    /// both faces, several files print as a board set, the first on the
    /// front of a sheet and the second on its back, and so on. Each back
    /// is turned so that its top meets the same edge as its front's.
    #[arg(long, value_name = "EDGE", value_parser = ["long", "short"])]
    pub duplex: Option<String>,
    /// Write the calibration page of the template instead of a pad: a
    /// 100 mm ruler each way, each sheet's cut and margins, and
    /// registration crosses on a front and a back, to print once
    /// (double-sided) at 100 % before a pad. To -o (PDF, or SVG/PNG of the
    /// front by the extension), else output/calibration-<template>.pdf.
    #[arg(long, conflicts_with_all = ["files", "rules", "svg", "png", "mono", "sheets", "duplex"])]
    pub calibration: bool,
    /// A shipped template (letter, a4, a4-2up, or a shop template: docs/templates.md) or a template file.
    #[arg(long, short = 't', value_name = "NAME|FILE", default_value = template::DEFAULT)]
    pub template: String,
    /// Number of sheets in the pad.
    #[arg(long, default_value_t = 100, value_parser = whole::<u32>(1, 10_000))]
    pub sheets: u32,
    /// The PDF to write (default output/<map id>.pdf; written unless only
    /// previews are asked for); `-` writes it to standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write page 1 as SVG (`-`: to standard output); the PDF too only
    /// with -o.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write page 1 as PNG (`-`: to standard output); the PDF too only
    /// with -o.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Resolution of the PNG preview in dots per inch.
    #[arg(long, default_value_t = 100.0, value_parser = between("a resolution in dots per inch", 10.0, 1200.0))]
    pub dpi: f64,
    /// Black and white: regions told apart by hatching and letters, not colour.
    #[arg(long)]
    pub mono: bool,
    /// Write a one-page summary of the rules the file plays by (the
    /// rounds, dice, powers and options; in the sheet's language) as PDF,
    /// SVG or PNG, by the file's extension; the pad too only with -o.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    #[command(flatten)]
    pub locale: LocaleArgs,
}

/// Runs `rollx print`: the pad is written, or nothing is when a print
/// check fails (the checks' findings shown).
pub fn run(args: &PrintArgs, color: bool) -> Ran {
    let start = Instant::now();
    args.locale.check()?;
    let style = Style { color, width: 100 };
    let Some(map) = args.files.first() else {
        return calibration(args, style);
    };
    let flip = args.duplex.as_deref().map(|d| {
        if d == "long" {
            rollx::print::Flip::Long
        } else {
            rollx::print::Flip::Short
        }
    });
    if args.files.len() > 1 && flip.is_none() {
        return Err(Failure::usage(format!(
            "{} files: several files print as a board set, fronts and backs\n  help: add --duplex long or --duplex short (the edge your printer flips the paper on), or print one file at a time",
            args.files.len()
        )));
    }
    if args.files.len() > 1 && args.rules.is_some() {
        return Err(Failure::usage(
            "--rules writes the rules page of one file\n  help: print the board set and each file's rules page apart",
        ));
    }
    // -o writes the pad as PDF: a preview's extension there is a mistake
    // said before anything is written, not a PDF under a wrong name.
    if let Some(out) = &args.output {
        let ext = out
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if let Some(flag) = ext.as_deref().filter(|e| ["svg", "png"].contains(e)) {
            return Err(Failure::usage(format!(
                "-o {} would hold the PDF pad under a .{flag} name\n  help: write page 1 as {} with --{flag} {}, and the pad with -o FILE.pdf",
                out.display(),
                flag.to_ascii_uppercase(),
                out.display()
            )));
        }
    }
    let model = load_model(map)?;
    // The other boards of a set: of the same family.
    let mut others = Vec::new();
    for path in &args.files[1..] {
        let other = load_model(path)?;
        if other.family() != model.family() {
            return Err(Failure::usage(format!(
                "{} is a {} file and {} a {} file: a board set is of one family\n  help: print them apart",
                map.display(),
                model.family().name(),
                path.display(),
                other.family().name()
            )));
        }
        others.push(other);
    }

    // Every output is checked before the work, and each that cannot be
    // written is said, one `error:` line each.
    // The PDF goes to -o, else (unless only previews are asked for) to
    // output/<id>.pdf, whose folder is made when missing.
    let default_pdf =
        (args.output.is_none() && args.svg.is_none() && args.png.is_none() && args.rules.is_none())
            .then(|| {
                let set = if others.is_empty() { "" } else { "-set" };
                Path::new("output").join(format!("{}{set}.pdf", model.id()))
            });
    let pdf = match &default_pdf {
        Some(path) => Some(Output::check_default(path)),
        None => args.output.as_deref().map(|p| Output::check(p, true)),
    };
    let checked = [
        pdf.transpose(),
        args.svg
            .as_deref()
            .map(|p| Output::check(p, true))
            .transpose(),
        args.png
            .as_deref()
            .map(|p| Output::check(p, true))
            .transpose(),
        args.rules
            .as_deref()
            .map(|p| Output::check(p, true))
            .transpose(),
    ];
    let unwritable: Vec<String> = checked
        .iter()
        .filter_map(|c| c.as_ref().err())
        .map(ToString::to_string)
        .collect();
    if !unwritable.is_empty() {
        return Err(Failure::usage(unwritable.join("\nerror: ")));
    }
    let [pdf_out, svg_out, png_out, rules_out] =
        checked.map(|c| c.expect("every output checked above"));
    let outputs: Vec<&Output> = [&pdf_out, &svg_out, &png_out, &rules_out]
        .into_iter()
        .flatten()
        .collect();
    output::distinct(&outputs)?;
    // With a file on standard output, what rollx says goes to stderr.
    let to_stdout = outputs.iter().any(|o| o.is_stdout());
    let say = |line: String| {
        if to_stdout {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    };

    let created = source_date_epoch()?;
    let template = load_template(&args.template)?;
    let options = PrintOptions {
        sheets: args.sheets,
        mono: args.mono,
        locale: args.locale.locale(),
    };
    let mut pad = match model.print(&template, &options) {
        Ok(p) => p,
        Err(problems) => {
            show(&problems, style);
            eprintln!(
                "nothing written: {} failed",
                count(problems.len(), "print check")
            );
            return Ok(Outcome::Failed);
        }
    };

    // The other boards of a set, each checked like the first.
    let mut backs = Vec::new();
    for (other, path) in others.iter().zip(&args.files[1..]) {
        match other.print(&template, &options) {
            Ok(p) => backs.push(p.document),
            Err(problems) => {
                show(&problems, style);
                eprintln!(
                    "nothing written: {} does not print ({} failed)",
                    path.display(),
                    count(problems.len(), "print check")
                );
                return Ok(Outcome::Failed);
            }
        }
    }
    if let Some(flip) = flip {
        let front = std::mem::take(&mut pad.document);
        pad.document = if backs.is_empty() {
            rollx::print::both_faces(front, flip)
        } else {
            backs.insert(0, front);
            rollx::print::board_set(backs, flip)
        };
    }
    pad.document.created = created;

    // Render everything first, then write: a failure leaves no file behind.
    let mut files: Vec<(&Output, Vec<u8>, String)> = Vec::new();
    if let Some(out) = &pdf_out {
        match pdf::to_pdf(&pad.document) {
            Ok(bytes) => {
                let what = format!(
                    "{} {}, {} {} on {}{}",
                    pad.document.pages.len(),
                    if pad.document.pages.len() == 1 {
                        "page"
                    } else {
                        "pages"
                    },
                    args.sheets,
                    if args.sheets == 1 { "sheet" } else { "sheets" },
                    template.description,
                    match flip {
                        Some(f) if others.is_empty() =>
                            format!(", double-sided (the paper flips on its {} edge)", f.name()),
                        Some(f) => format!(
                            ", a set of {} boards on {} double-sided tableaux (the paper flips on its {} edge)",
                            args.files.len(),
                            args.files.len().div_ceil(2),
                            f.name()
                        ),
                        None => String::new(),
                    }
                );
                files.push((out, bytes, what));
            }
            Err(e) => return Err(Failure::invalid(e.to_string())),
        }
    }
    if let Some(out) = &svg_out {
        match svg::to_svg(&pad.document, 1) {
            Ok(text) => files.push((out, text.into_bytes(), "page 1 as SVG".into())),
            Err(e) => return Err(Failure::invalid(e.to_string())),
        }
    }
    if let Some(out) = &png_out {
        match png::to_png(&pad.document, 1, args.dpi as f32) {
            Ok(bytes) => files.push((out, bytes, format!("page 1 at {} dpi", args.dpi))),
            Err(e) => return Err(Failure::invalid(e.to_string())),
        }
    }
    if let (Some(out), Some(path)) = (&rules_out, &args.rules) {
        let page = match model.rules_page(&template, &args.locale.locale()) {
            Ok(page) => page,
            Err(problems) => {
                show(&problems, style);
                return Err(Failure::invalid(
                    "nothing written: the rules page cannot be printed",
                ));
            }
        };
        let kind = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let (bytes, what) = match kind.as_deref() {
            Some("svg") => {
                svg::to_svg(&page, 1).map(|s| (s.into_bytes(), "the rules page as SVG".to_string()))
            }
            Some("png") => png::to_png(&page, 1, args.dpi as f32)
                .map(|b| (b, format!("the rules page at {} dpi", args.dpi))),
            _ => pdf::to_pdf(&page).map(|b| (b, "the rules page".to_string())),
        }
        .map_err(|e| Failure::invalid(e.to_string()))?;
        files.push((out, bytes, what));
    }
    let all: Vec<(&Output, &[u8])> = files.iter().map(|(o, b, _)| (*o, b.as_slice())).collect();
    output::write_all(&all).map_err(|e| Failure::usage(format!("{e}; nothing written")))?;
    for (out, bytes, what) in &files {
        let place = if out.is_stdout() {
            "standard output".to_string()
        } else {
            out.path().display().to_string()
        };
        say(format!(
            "wrote {place} ({what}, {} KB)",
            bytes.len().div_ceil(1024)
        ));
    }
    let box_mm = pad.box_size * 25.4 / 72.0;
    show(&pad.warnings, style);
    say(format!(
        "{}: {} {box_mm:.1} mm, print checks passed{} ({:.0} ms)",
        model.name(),
        pad.box_noun,
        match pad.warnings.len() {
            0 => String::new(),
            n => format!(" with {}", count(n, "warning")),
        },
        start.elapsed().as_secs_f64() * 1e3
    ));
    Ok(Outcome::Ok)
}

/// Shows the print checks' findings (no file has them) on standard error.
fn show(findings: &[rollx::diag::Diagnostic], style: Style) {
    let sources = SourceMap::new();
    for d in findings {
        eprint!("{}", report(d, &sources, style));
    }
}

/// `rollx print --calibration`: the template's calibration page, front
/// and back, as PDF (or the front as SVG or PNG, by -o's extension).
fn calibration(args: &PrintArgs, style: Style) -> Ran {
    let template = load_template(&args.template)?;
    let default = Path::new("output").join(format!("calibration-{}.pdf", template.name));
    let out = match &args.output {
        Some(path) => Output::check(path, true),
        None => Output::check_default(&default),
    }
    .map_err(|e| Failure::usage(e.to_string()))?;
    let mut doc = match rollx::print::calibration_page(&template, &args.locale.locale()) {
        Ok(doc) => doc,
        Err(problems) => {
            show(&problems, style);
            return Err(Failure::invalid(
                "nothing written: the calibration page cannot be printed",
            ));
        }
    };
    doc.created = source_date_epoch()?;
    let kind = out
        .path()
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let (bytes, what) = match kind.as_deref() {
        Some("svg") => {
            svg::to_svg(&doc, 1).map(|s| (s.into_bytes(), "its front as SVG".to_string()))
        }
        Some("png") => png::to_png(&doc, 1, args.dpi as f32)
            .map(|b| (b, format!("its front at {} dpi", args.dpi))),
        _ => pdf::to_pdf(&doc).map(|b| (b, "front and back".to_string())),
    }
    .map_err(|e| Failure::invalid(e.to_string()))?;
    output::write_all(&[(&out, bytes.as_slice())])
        .map_err(|e| Failure::usage(format!("{e}; nothing written")))?;
    let place = if out.is_stdout() {
        "standard output".to_string()
    } else {
        out.path().display().to_string()
    };
    let line = format!(
        "wrote {place} (the calibration page of {}, {what}, {} KB): print it at 100 %, both sides, and measure the rulers (100 mm)",
        template.name,
        bytes.len().div_ceil(1024)
    );
    if out.is_stdout() {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    Ok(Outcome::Ok)
}

/// The date a PDF records, from `SOURCE_DATE_EPOCH` (seconds since 1970,
/// the reproducible-builds convention), or none when it is not set: the
/// same input then gives the same bytes whenever it is printed.
fn source_date_epoch() -> Result<Option<i64>, Failure> {
    let Some(value) = std::env::var_os("SOURCE_DATE_EPOCH") else {
        return Ok(None);
    };
    let text = value.to_string_lossy();
    match text.trim().parse::<i64>() {
        // printpdf writes years 0 to 9999.
        Ok(s) if (-62_167_219_200..=253_402_300_799).contains(&s) => Ok(Some(s)),
        _ => Err(Failure::usage(format!(
            "SOURCE_DATE_EPOCH is `{text}`, not a number of seconds since 1970 (for example \
1700000000): set it to one, or unset it to write no date"
        ))),
    }
}
