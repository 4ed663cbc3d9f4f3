//! `rollx draw`: a grid drawing for a map from its neighbours alone.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

use super::load_template;
use super::numbers::{above, whole};
use super::output::{self, Output};
use rollx::diag::{Diagnostic, Failure};
use rollx::print::{Template, template};
use rollx::rolling::{AreaId, Map, check_bytes_undrawn};
use rollx::rolling::{
    DrawOptions, MapDrawing, OldGrid, diagram_capacity, draw_telling, grid_capacity, grid_room,
    layout_toml, rewrite, wished_positions, without_layout,
};
use rollx::source::DiskFiles;
use rollx::text::{and_list, plural};

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Draw a map as a grid of square cells from its neighbours alone: \
every declared neighbour pair shares a cell edge, no other pair does, each area is one piece of \
cells, with sea between. The grid fits the template's page at its least writing box (about 25 x \
16 cells on Letter and A4), and each area lies near where it would like to be: its `x`/`y` \
(written by `rollx import`), else where the map's old grid drew it, else where the neighbour \
graph puts it. A variant (`extends`) is drawn without the grid it inherits, so one that adds \
areas can be drawn. A pair the grid cannot show becomes a [[links]] entry (drawn as a line) and is \
reported, and so is a link that no sea joins (the sheet could only draw it across another area). \
Only the file's [layout] table is rewritten (and links added); comments and order \
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
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Where to write the map with its new drawing (`-` for standard
    /// output) [default: the map file itself].
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Stop the search after this many seconds with the best drawing found.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = above("a number of seconds", 0.0))]
    pub time_limit: f64,
}

/// Runs `rollx draw`.
pub fn run(args: &DrawArgs) -> Result<(), Failure> {
    let target = args.output.as_deref().unwrap_or(&args.map);
    let out = Output::check_arg(Some(target), true)?.expect("a path was given");
    let template = load_template(&args.template)?;
    let text = std::fs::read_to_string(&args.map)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", args.map.display())))?;
    let drawn = match draw_text(&args.map, &text, &template, args.seed, args.time_limit) {
        Ok(d) => d,
        Err(NotDrawn::Failed(f)) => return Err(f),
        Err(NotDrawn::NoDrawing(d)) => {
            // The best drawing found, to show what is wrong with it.
            eprintln!("{}", d.layout);
            return Err(Failure::invalid(format!(
                "{}\n  help: try another --seed or a longer --time-limit; the map file was not \
                 changed",
                d.failure()
            )));
        }
    };
    let new_text = drawn.text.clone();
    output::write(&out, new_text.as_bytes())?;
    eprintln!("{}", drawn.summary(args.seed));
    for w in drawn.warnings() {
        eprintln!("warning: {w}");
    }
    if !out.is_stdout() {
        eprintln!("wrote {}", out.path().display());
    }
    Ok(())
}

/// The map without its drawing (nor the drawing of a map it extends), and
/// the grid it inherits, if any; invalid input, with its errors as `rollx
/// check` shows them, when it is not a valid map apart from its drawing.
fn read_map(path: &std::path::Path, bare: String) -> Result<(Map, Option<OldGrid>), Failure> {
    let (sources, diagnostics) = match rollx::families::family_of_text(&DiskFiles, path, &bare) {
        Some(f) if f == rollx::rolling::FAMILY => {
            let (checked, inherited) = check_bytes_undrawn(&DiskFiles, path, bare.into_bytes());
            if let Some(map) = checked.map {
                return Ok((map, inherited.as_deref().map(OldGrid::of_grid)));
            }
            (checked.sources, checked.diagnostics)
        }
        Some(family) => {
            // Where the family's new files come from: its generator, or
            // its starter file.
            let make = if family.face().generator().is_some() {
                format!(
                    "`rollx generate {}` makes new {}s",
                    family.name(),
                    family.noun()
                )
            } else {
                format!(
                    "`rollx new {}` starts a new {}",
                    family.name(),
                    family.noun()
                )
            };
            return Err(Failure::usage(format!(
                "{} is {}, and `rollx draw` draws Rolling maps: a board's grid is the \
                 board itself\n  help: {make}",
                path.display(),
                family.a_file(),
            )));
        }
        // A family rollx does not know: its error, as `check` shows it.
        None => {
            let checked = rollx::families::check_bytes(&DiskFiles, path, bare.into_bytes());
            (checked.sources, checked.diagnostics)
        }
    };
    let errors = diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    Err(
        Failure::located(true, sources, errors).with_message(format!(
            "{} is invalid apart from its drawing: fix the errors above, then draw it",
            path.display()
        )),
    )
}

/// A map file's text with a new drawing, and what it shows.
pub struct Drawn {
    /// The new text of the file.
    pub text: String,
    /// The map (without a layout).
    pub map: Map,
    /// The drawing.
    pub drawing: MapDrawing,
    /// Its `[layout]` table.
    pub layout: String,
    /// Seconds spent.
    pub seconds: f64,
}

/// Why no drawing was written.
pub enum NotDrawn {
    /// The map cannot be drawn: why.
    Failed(Failure),
    /// The search found no usable drawing: the best one.
    NoDrawing(Box<Drawn>),
}

impl Drawn {
    fn name(&self, a: AreaId) -> &str {
        self.map.areas[a.index()].id.as_str()
    }

    fn list(&self, pairs: &[(AreaId, AreaId)]) -> String {
        pairs
            .iter()
            .map(|&(a, b)| format!("{}-{}", self.name(a), self.name(b)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// One line on what the drawing shows.
    pub fn summary(&self, seed: u64) -> String {
        let pairs = self.map.edges().len() - self.map.links.len();
        let links = &self.drawing.new_links;
        format!(
            "drew {}: {} x {} cells, {} of {} share an edge{} ({:.1} s, seed {seed})",
            self.map.info.id,
            self.drawing.grid.columns,
            self.drawing.grid.rows,
            pairs - links.len(),
            plural(pairs, "neighbour pair", "neighbour pairs"),
            if links.is_empty() {
                String::new()
            } else {
                format!(
                    "; {}: {}",
                    plural(links.len(), "drawn as a new link", "drawn as new links"),
                    self.list(links)
                )
            },
            self.seconds,
        )
    }

    /// What the user should know about the drawing.
    pub fn warnings(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .drawing
            .touching_links
            .iter()
            .map(|&(a, b)| {
                format!(
                    "{} and {} are joined by a link and also touch in the drawing",
                    self.name(a),
                    self.name(b)
                )
            })
            .collect();
        for ((a, b), crossed) in &self.drawing.crossing_links {
            let names: Vec<&str> = crossed.iter().map(|&x| self.name(x)).collect();
            out.push(format!(
                "no sea joins {} and {}: the sheet can only draw their link across {}, and `rollx print` refuses it; another --seed may draw it better",
                self.name(*a),
                self.name(*b),
                and_list(&names)
            ));
        }
        if self.drawing.timed_out {
            out.push(
                "the time limit stopped the search; another --seed or a longer --time-limit may draw it better"
                    .into(),
            );
        }
        out
    }

    /// Why the drawing cannot be used, in a sentence.
    pub fn failure(&self) -> String {
        let d = &self.drawing;
        format!(
            "no drawing found{}: the best one makes {} pair{} touch that are not neighbours ({}){}",
            if d.timed_out {
                format!(
                    " (the time limit stopped the search after {:.1} s)",
                    self.seconds
                )
            } else {
                format!(" in {:.1} s", self.seconds)
            },
            d.extra.len(),
            if d.extra.len() == 1 { "" } else { "s" },
            self.list(&d.extra),
            if d.new_links.is_empty() {
                String::new()
            } else {
                format!(
                    " and misses {} ({})",
                    plural(d.new_links.len(), "neighbour pair", "neighbour pairs"),
                    self.list(&d.new_links)
                )
            }
        )
    }
}

/// A spinner on standard error while the search for a drawing of `map`
/// runs, with the time spent, the time limit and (after the first round)
/// the round and its best drawing so far: hidden when standard
/// error is not a terminal.
fn searching(map: &str, time_limit: f64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} drawing {{msg}} ({{elapsed}}, at most {time_limit} s)"
        ))
        .expect("valid template"),
    );
    bar.set_message(map.to_string());
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// Draws the map whose file at `path` holds `text`: the map is read
/// without its old drawing, drawn, and the text returned with only its
/// `[layout]` replaced (and links added for pairs the grid cannot show).
pub fn draw_text(
    path: &std::path::Path,
    text: &str,
    template: &Template,
    seed: u64,
    time_limit: f64,
) -> Result<Drawn, NotDrawn> {
    let bare = without_layout(text).map_err(|e| {
        NotDrawn::Failed(Failure::invalid(format!(
            "{}: {e}\n  help: write the layout as a `[layout]` table",
            path.display()
        )))
    })?;
    let (map, inherited) = read_map(path, bare).map_err(NotDrawn::Failed)?;
    let started = Instant::now();
    let max_grid = grid_capacity(&map, template);
    let room = grid_room(max_grid);
    if map.areas.len() > room {
        // A diagram is offered only where one would print.
        let diagram = diagram_capacity(&map, template);
        let help = if map.areas.len() <= diagram {
            "use a larger page (--template), or print the map as a diagram: it needs no [layout]"
                .to_string()
        } else {
            format!(
                "a diagram on {} holds at most {diagram} areas, so neither prints: use a larger \
                 page (--template), or make the map smaller (`rollx import --where` imports a \
                 part of a file, `--dissolve` merges its features into larger areas, `--no-draw` \
                 keeps a map this size for check, solve and simulate only)",
                template.name
            )
        };
        return Err(NotDrawn::Failed(Failure::invalid(format!(
            "{} has {} areas, but a grid that {} prints ({} x {} cells at its least writing \
             box) holds at most {room} areas (an area needs about 3.5 cells, sea included)\n  help: {help}",
            path.display(),
            map.areas.len(),
            template.name,
            max_grid.0,
            max_grid.1
        ))));
    }
    let mut opts = DrawOptions::new(seed, max_grid, map.areas.len());
    opts.deadline = Some(started + Duration::from_secs_f64(time_limit));
    // Where the areas were: the file's own grid, else the one it inherits.
    let old = OldGrid::read(text).or(inherited);
    let positions = wished_positions(&map, old.as_ref());
    let spinner = searching(&map.info.id, time_limit);
    let drawing = draw_telling(&map, &positions, &opts, &mut |r| {
        spinner.set_message(format!(
            "{}: round {} of at most {}, best so far {} touching, {} missing",
            map.info.id,
            r.round + 1,
            r.rounds,
            plural(r.extra, "pair", "pairs"),
            plural(r.missing, "pair", "pairs")
        ))
    });
    spinner.finish_and_clear();
    let comment = format!(
        "Drawn by `rollx draw --seed {seed}` to fit {} at its least writing box ({} x {} cells at most).\n\
         One token per cell: an area code or `.` for sea; cells that share an edge make neighbours.",
        template.name, max_grid.0, max_grid.1
    );
    let layout = layout_toml(&map, &drawing.grid, &comment);
    let links: Vec<(String, String)> = drawing
        .new_links
        .iter()
        .map(|&(a, b)| {
            (
                map.areas[a.index()].id.clone(),
                map.areas[b.index()].id.clone(),
            )
        })
        .collect();
    let new_text = rewrite(text, &layout, &links)
        .map_err(|e| NotDrawn::Failed(Failure::invalid(format!("{}: {e}", path.display()))))?;
    let drawn = Drawn {
        text: new_text,
        map,
        drawing,
        layout,
        seconds: started.elapsed().as_secs_f64(),
    };
    if drawn.drawing.is_usable() {
        Ok(drawn)
    } else {
        Err(NotDrawn::NoDrawing(Box::new(drawn)))
    }
}
