//! `rollx draw`: a grid drawing for a map from its neighbours alone.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use super::output::{self, Output};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, stderr_color};
use rollx::print::template;
use rollx::rolling::draw::{
    DrawOptions, MapDrawing, OldGrid, draw, grid_capacity, layout_toml, rewrite, wished_positions,
    without_layout,
};
use rollx::rolling::map::{Map, check_bytes};
use rollx::source::DiskFiles;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Draw a map as a grid of square cells from its neighbours alone: \
every declared neighbour pair shares a cell edge, no other pair does, each area is one piece of \
cells, with sea between. The grid fits the template's page at its least writing box (about 25 x \
16 cells on Letter and A4), and each area lies near where it would like to be: its `x`/`y` \
(written by `rollx import`), else where the map's old grid drew it, else where the neighbour \
graph puts it. A pair the grid cannot show becomes a [[links]] entry (drawn as a line) and is \
reported. Only the file's [layout] table is rewritten (and links added); comments and order \
elsewhere are kept. The same seed gives the same drawing. See docs/draw.md.";

/// Arguments of `rollx draw`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 drawn, 1 the map is invalid or no drawing was found \
(the best one is shown, with the pairs it gets wrong), 2 usage or I/O error.\n\n\
Examples:\n  rollx draw my-map.toml                 # rewrites my-map.toml's [layout]\n  \
rollx draw maps/usa.toml -o usa-redrawn.toml --seed 7\n  rollx draw europe.toml --template a4 -o -"
)]
pub struct DrawArgs {
    /// The map file.
    #[arg(value_name = "MAP.toml")]
    pub map: PathBuf,
    /// The template whose page the grid must fit: letter, a4, a4-2up or a
    /// template file.
    #[arg(long, short = 't', value_name = "NAME|FILE", default_value = template::DEFAULT)]
    pub template: String,
    /// The seed of the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the map with its new drawing (`-` for standard
    /// output) [default: the map file itself].
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Stop the search after this many seconds with the best drawing found.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub time_limit: f64,
}

/// Runs `rollx draw`.
pub fn run(args: &DrawArgs) -> u8 {
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) {
        eprintln!("error: --time-limit: give a number of seconds above 0");
        return EXIT_USAGE;
    }
    let target = args.output.as_deref().unwrap_or(&args.map);
    let out = match Output::check_arg(Some(target), true) {
        Ok(Some(o)) => o,
        Ok(None) => unreachable!("a path was given"),
        Err(code) => return code,
    };
    let template = match template::load(&args.template) {
        Ok(t) => t,
        Err(e) => {
            let style = rollx::diag::render::Style {
                color: stderr_color(),
                width: 100,
            };
            for d in &e.diagnostics {
                eprint!("{}", rollx::diag::render::report(d, &e.sources, style));
            }
            let missing = e.diagnostics.iter().any(|d| d.code == "template-not-found");
            return if missing { EXIT_USAGE } else { EXIT_INVALID };
        }
    };
    let text = match std::fs::read_to_string(&args.map) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.map.display());
            return EXIT_USAGE;
        }
    };
    let bare = match without_layout(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "error: {}: {e}\n  help: write the layout as a `[layout]` table",
                args.map.display()
            );
            return EXIT_INVALID;
        }
    };
    let map = match read_map(&args.map, bare) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if map.areas.iter().all(|a| a.neighbors.is_empty()) && map.areas.len() > 1 {
        eprintln!("note: no area has neighbours: the drawing only keeps the areas apart");
    }
    let started = Instant::now();
    let max_grid = grid_capacity(&map, &template);
    let mut opts = DrawOptions::new(args.seed, max_grid, map.areas.len());
    opts.deadline = Some(started + Duration::from_secs_f64(args.time_limit));
    let positions = wished_positions(&map, OldGrid::read(&text).as_ref());
    let drawing = draw(&map, &positions, &opts);
    let seconds = started.elapsed().as_secs_f64();
    let name = |a: rollx::rolling::map::AreaId| map.areas[a.index()].id.clone();
    let comment = format!(
        "Drawn by `rollx draw --seed {}` to fit {} at its least writing box ({} x {} cells at most).\n\
         One token per cell: an area code or `.` for sea; cells that share an edge make neighbours.",
        args.seed, template.name, max_grid.0, max_grid.1
    );
    let layout = layout_toml(&map, &drawing.grid, &comment);
    if !drawing.is_usable() {
        report_failure(&map, &drawing, &layout, seconds);
        return EXIT_INVALID;
    }
    let links: Vec<(String, String)> = drawing
        .new_links
        .iter()
        .map(|&(a, b)| (name(a), name(b)))
        .collect();
    let new_text = match rewrite(&text, &layout, &links) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", args.map.display());
            return EXIT_INVALID;
        }
    };
    if let Err(e) = output::write(&out, new_text.as_bytes()) {
        eprintln!("error: {e}");
        return EXIT_USAGE;
    }
    let pairs = map.edges().len() - map.links.len();
    eprintln!(
        "drew {}: {} x {} cells, {} of {} neighbour pairs share an edge{} ({:.1} s, seed {})",
        map.info.id,
        drawing.grid.columns,
        drawing.grid.rows,
        pairs - links.len(),
        pairs,
        if links.is_empty() {
            String::new()
        } else {
            format!(
                "; {} drawn as new links: {}",
                links.len(),
                links
                    .iter()
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
        seconds,
        args.seed
    );
    for &(a, b) in &drawing.touching_links {
        eprintln!(
            "warning: {} and {} are joined by a link and also touch in the drawing",
            name(a),
            name(b)
        );
    }
    if drawing.timed_out {
        eprintln!(
            "warning: the time limit stopped the search; another --seed or a longer --time-limit may draw it better"
        );
    }
    if !out.is_stdout() {
        eprintln!("wrote {}", out.path().display());
    }
    EXIT_OK
}

/// The map without its drawing, or the exit code (its errors shown).
fn read_map(path: &std::path::Path, bare: String) -> Result<Map, u8> {
    let checked = check_bytes(&DiskFiles, path, bare.into_bytes());
    if let Some(map) = checked.map {
        return Ok(map);
    }
    let style = rollx::diag::render::Style {
        color: stderr_color(),
        width: 100,
    };
    for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
        eprintln!(
            "{}",
            rollx::diag::render::report(d, &checked.sources, style)
        );
    }
    eprintln!(
        "error: {} is invalid apart from its drawing: fix the errors above, then draw it",
        path.display()
    );
    Err(EXIT_INVALID)
}

/// Says why no usable drawing was found, with the best one.
fn report_failure(map: &Map, drawing: &MapDrawing, layout: &str, seconds: f64) {
    let name = |a: rollx::rolling::map::AreaId| map.areas[a.index()].id.as_str();
    let list = |pairs: &[(rollx::rolling::map::AreaId, rollx::rolling::map::AreaId)]| {
        pairs
            .iter()
            .map(|&(a, b)| format!("{}-{}", name(a), name(b)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    eprintln!("{layout}");
    eprintln!(
        "error: no drawing found in {seconds:.1} s: the best one above makes {} pair{} touch that are not neighbours ({}){}",
        drawing.extra.len(),
        if drawing.extra.len() == 1 { "" } else { "s" },
        list(&drawing.extra),
        if drawing.new_links.is_empty() {
            String::new()
        } else {
            format!(
                " and misses {} neighbour pairs ({})",
                drawing.new_links.len(),
                list(&drawing.new_links)
            )
        }
    );
    eprintln!(
        "  help: try another --seed or a longer --time-limit; a map whose neighbours cannot be drawn flat (more crossings than links) needs [[links]] for the pairs that cross; the map file was not changed"
    );
}
