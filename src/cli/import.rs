//! `rollx import`: a map from real geography, a GeoJSON file of shapes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::numbers::{above, whole};
use super::output::{self, Output};
use rollx::diag::Failure;
use rollx::geom::geojson::{Properties, Told, looks_like_degrees, read};
use rollx::rolling::{
    AtlasOf, IdsAsked, ImportError, ImportOptions as Options, Links, MAX_AREAS, Regions,
    atlas_table, border_findings, default_id, import, long_ids, read_links, too_many,
};
use rollx::text::count;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Make a map from real geography: a GeoJSON FeatureCollection of \
Polygons and MultiPolygons, one feature per area. Longitudes and latitudes are projected with an \
equal-area projection centred on the data; planar coordinates are taken as they are (y up, unless \
the file says \"y_axis\": \"down\" or gives a viewport); the first line says which reading was \
taken and why, and --coordinates overrides it. Two areas are neighbours when their borders share at least \
--min-border; corner-only contacts, short borders and near misses across small gaps are reported \
as warnings naming both areas and where, never fixed silently. No area is dropped, however \
small. Regions come from a property (--region-property) or are split from the neighbour graph \
(--regions K: K contiguous regions within one area of each other in size, the same every time). Areas that touch \
nothing are joined by --links (a CSV of area pairs across water), else made immune (--islands). The map is written \
with each area's position and a grid drawing made as `rollx draw` makes it, with each area near \
its real place (--no-draw leaves it a diagram laid out like the real map); `rollx check` accepts \
it. See docs/import.md.";

/// How long the grid drawing of an imported map may take, in seconds.
const DRAW_SECONDS: f64 = 120.0;

/// Arguments of `rollx import`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 written, 1 the shapes cannot make a map (the message says \
why), 2 usage or I/O error.\n\n\
Examples:\n  rollx import states.geojson --region-property division -o my-map.toml\n  rollx import \
countries.geojson --id-property iso_a3 --name-property name --regions 6 --links ferries.csv -o \
europe.toml"
)]
pub struct ImportArgs {
    /// The GeoJSON file.
    #[arg(value_name = "FILE.geojson")]
    pub file: PathBuf,
    /// The property holding each area's id [default: the feature's id, else
    /// the property `id`].
    #[arg(long, value_name = "P")]
    pub id_property: Option<String>,
    /// The property holding each area's name.
    #[arg(long, value_name = "P", default_value = "name")]
    pub name_property: String,
    /// Import only the features whose property P has the value V (one
    /// state's counties: `--where STATEFP=06`); repeat for more conditions,
    /// all of which must hold.
    #[arg(long = "where", value_name = "P=V", value_parser = property_value)]
    pub only: Vec<(String, String)>,
    /// Merge the features with the same value of property P into one area,
    /// named by the value, along their shared borders (counties into
    /// states: `--dissolve STATEFP`). Replaces --id-property.
    #[arg(long, value_name = "P", conflicts_with = "id_property")]
    pub dissolve: Option<String>,
    /// The property holding each area's region.
    #[arg(long, value_name = "P", conflicts_with = "regions")]
    pub region_property: Option<String>,
    /// Split the areas into K contiguous regions whose sizes differ by at
    /// most one area where the map allows (a warning says when it does
    /// not) [default: 6, when --region-property is not given].
    #[arg(long, value_name = "K", value_parser = whole::<u16>(1, 12))]
    pub regions: Option<u16>,
    /// A CSV file of neighbour pairs across water (`a,b` a line, area ids),
    /// drawn as links.
    #[arg(long, value_name = "FILE.csv")]
    pub links: Option<PathBuf>,
    /// The links file's first row is a header (without it, a first row
    /// that names no area is taken as one).
    #[arg(long, requires = "links")]
    pub links_header: bool,
    /// Least length of shared border for two areas to be neighbours, in the
    /// file's units (kilometres for longitudes and latitudes) [default:
    /// 0.08 % of the map's diagonal].
    #[arg(long, value_name = "LEN", value_parser = above("a length", 0.0))]
    pub min_border: Option<f64>,
    /// Which way the y axis of planar coordinates points: `up` (north at
    /// larger y, as maps are drawn) or `down` (screen coordinates, as SVG
    /// and image editors write them) [default: the file's own `y_axis`,
    /// else up]. Longitudes and latitudes need none.
    #[arg(long, value_name = "DIR", value_parser = ["up", "down"])]
    pub y_axis: Option<String>,
    /// How the coordinates are read: `degrees` (longitudes and latitudes,
    /// projected) or `planar` (a drawing's, as they are) [default: as the
    /// file says (its `crs`, `y_axis` or viewport), else planar when a
    /// point lies outside ±180° and ±90°, else degrees]. The import's first line says which reading
    /// it took.
    #[arg(long, value_name = "HOW", value_parser = ["degrees", "planar"])]
    pub coordinates: Option<String>,
    /// What becomes of areas that touch nothing and have no link: immune
    /// (they ignore the neighbour rule, as Alaska and Hawaii do on Rolling
    /// America; a warning names them), or an error.
    #[arg(long, value_name = "WHAT", default_value = "immune", value_parser = ["immune", "error"])]
    pub islands: String,
    /// The map's id [default: the file's name].
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,
    /// The map's title [default: the id].
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The template whose page the grid drawing must fit (see `rollx
    /// draw`).
    #[arg(long, short = 't', value_name = "NAME|FILE", default_value = rollx::print::template::DEFAULT)]
    pub template: String,
    /// Write no grid drawing: the map prints as a diagram until `rollx draw`
    /// draws it.
    #[arg(long, conflicts_with = "atlas")]
    pub no_draw: bool,
    /// Print the real shapes: the map's layout is an atlas naming the
    /// GeoJSON file (writing boxes inside the areas, callouts for small
    /// ones) instead of a grid drawing.
    #[arg(long)]
    pub atlas: bool,
    /// List every contact that is not a border (by default the five of each
    /// kind nearest to being neighbours, and how many more).
    #[arg(long)]
    pub all_warnings: bool,
    /// The map file to write.
    #[arg(short = 'o', long, value_name = "MAP.toml")]
    pub output: PathBuf,
    /// Output format: `json` puts one JSON report on stdout with every
    /// warning and, when the map falls apart, every group in full (the
    /// messages stay on stderr).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Output formats of `import`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// A few lines.
    Text,
    /// One JSON object.
    Json,
}

/// A contact that is not a border, in the JSON report.
#[derive(Serialize)]
struct JsonWarning<'a> {
    kind: &'a str,
    areas: [&'a str; 2],
    /// Where, in the map's coordinates (kilometres, projected, for
    /// longitudes and latitudes).
    at: [f64; 2],
    message: &'a str,
}

/// What `--format json` prints when the map is written.
#[derive(Serialize)]
struct Report<'a> {
    written: String,
    areas: usize,
    neighbour_pairs: Vec<[&'a str; 2]>,
    min_border: f64,
    /// `km` for longitudes and latitudes, else the file's own units.
    units: &'a str,
    coordinates: String,
    warnings: Vec<JsonWarning<'a>>,
    islands: &'a [String],
    skipped: &'a [String],
    left_out: usize,
    /// The smallest and largest region, when split regions could not be
    /// evened out.
    uneven: Option<[usize; 2]>,
    drawing: Option<String>,
}

/// What `--format json` prints when nothing is imported.
#[derive(Serialize)]
struct Refusal {
    error: String,
    /// Every group of a map that falls apart, largest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<Vec<String>>>,
    /// Every area that touches nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    islands: Option<Vec<String>>,
}

/// Warnings of one kind shown without `--all-warnings`.
const WARNINGS_SHOWN: usize = 5;

/// `P=V`: a property and its value, for `--where`.
fn property_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((p, v)) if !p.trim().is_empty() => Ok((p.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("`{s}` is not PROPERTY=VALUE (e.g. STATEFP=06)")),
    }
}

/// The contacts that are not borders, by kind: the few of each nearest to
/// being neighbours unless every one is asked for, then how many more of
/// each.
fn print_findings(findings: &[rollx::rolling::ImportFinding], all: bool, degrees: bool) {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for f in rollx::rolling::ImportFinding::nearest_first(findings) {
        let n = seen.entry(f.kind).or_default();
        *n += 1;
        if *n > WARNINGS_SHOWN && !all {
            continue;
        }
        eprintln!(
            "warning[{}]: {} and {} {} (near {:.1}, {:.1}{})",
            f.kind,
            f.areas.0,
            f.areas.1,
            f.message,
            f.at[0],
            f.at[1],
            if degrees { " km, projected" } else { "" }
        );
    }
    for (kind, n) in seen {
        if n > WARNINGS_SHOWN && !all {
            eprintln!(
                "warning[{kind}]: ... and {} more like these (--all-warnings or --format json lists every one)",
                n - WARNINGS_SHOWN
            );
        }
    }
}

/// Runs `rollx import`.
pub fn run(args: &ImportArgs) -> Result<(), Failure> {
    let json = args.format == Format::Json;
    imported(args, json).map_err(|refused| {
        // With --format json, a refusal is a JSON report too (the message
        // goes to stderr as always).
        if json {
            let report = Refusal {
                error: refused.failure.message.clone().unwrap_or_default(),
                groups: refused.groups,
                islands: refused.islands,
            };
            println!(
                "{}",
                serde_json::to_string_pretty(&report).expect("serialises")
            );
        }
        *refused.failure
    })
}

/// Why the shapes were not imported, with what the JSON report lists in
/// full.
struct Refused {
    failure: Box<Failure>,
    groups: Option<Vec<Vec<String>>>,
    islands: Option<Vec<String>>,
}

impl From<Failure> for Refused {
    fn from(failure: Failure) -> Refused {
        Refused {
            failure: Box::new(failure),
            groups: None,
            islands: None,
        }
    }
}

/// Imports as `args` say and writes the map (`json`: the report on stdout).
fn imported(args: &ImportArgs, json: bool) -> Result<(), Refused> {
    let out = Output::check_arg(Some(&args.output), false)?.expect("a path was given");
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", args.file.display())))?;
    let props = Properties {
        id: args.id_property.as_deref(),
        name: Some(&args.name_property),
        region: args.region_property.as_deref(),
        only: &args.only,
        dissolve: args.dissolve.as_deref(),
    };
    let collection = read(&text, &props)
        .map_err(|e| Failure::invalid(format!("{}: {e}", args.file.display())))?;
    // A map has at most MAX_AREAS areas: refused before the long work,
    // and before anything else is said.
    if collection.shapes.len() > MAX_AREAS {
        return Err(Failure::invalid(too_many(
            &args.file,
            collection.shapes.len(),
            &collection.groupings,
        ))
        .into());
    }
    // Every warning printed is counted in the summary line.
    let mut warned = 0usize;
    macro_rules! warn {
        ($($t:tt)*) => {{
            warned += 1;
            eprintln!($($t)*);
        }};
    }
    // How the coordinates are read, said first, with how to read them
    // the other way.
    let told = Told {
        degrees: args.coordinates.as_deref().map(|c| c == "degrees"),
        y_down: args.y_axis.as_deref().map(|y| y == "down"),
    };
    let reading = collection.reading(told).map_err(|e| {
        Failure::invalid(format!(
            "{}: {e}\n  help: leave out --coordinates degrees",
            args.file.display()
        ))
    })?;
    let file = args.file.display();
    if reading.degrees {
        if args.y_axis.is_some() {
            warn!(
                "warning: {file}: --y-axis is left aside: the coordinates are longitudes and \
                 latitudes, whose north is known"
            );
        }
        let guessed = told.degrees.is_none() && collection.crs.is_none();
        eprintln!(
            "note: {file}: coordinates read as {}, projected{}",
            reading.describe(),
            if guessed {
                "; --coordinates planar reads them as a drawing's"
            } else {
                ""
            }
        );
    } else if reading.y_why.is_none() {
        warn!(
            "warning: {file}: coordinates read as {}: the file does not say which way y points, \
             so y is taken pointing up (north at the top)\n  help: if the map comes out upside \
             down (screen coordinates), import it again with --y-axis down{}",
            reading.describe(),
            if told.degrees.is_none() && looks_like_degrees(&collection.shapes) {
                "; if they are longitudes and latitudes, with --coordinates degrees"
            } else {
                ""
            }
        );
    } else {
        eprintln!("note: {file}: coordinates read as {}", reading.describe());
    }
    if let Some(m) = &collection.mixed_ids {
        warn!(
            "warning: {}: the features' ids mix numbers and text (`{}` and `{}`), as files \
             merged from several sources do\n  help: {}",
            args.file.display(),
            m.number,
            m.text,
            match &m.suggested {
                Some(p) => format!(
                    "the property `{p}` has a different text on every feature: --id-property {p}"
                ),
                None => "choose a property of short codes with --id-property".to_string(),
            }
        );
    }
    let asked = IdsAsked {
        id_property: args.id_property.as_deref(),
        dissolve: args.dissolve.is_some(),
    };
    if let Some(w) = long_ids(&args.file, &collection, &asked) {
        warn!("{w}");
    }
    if collection.left_out > 0 {
        let conditions: Vec<String> = args.only.iter().map(|(p, v)| format!("{p}={v}")).collect();
        eprintln!(
            "note: --where {} keeps {} of {} features",
            conditions.join(" --where "),
            collection.shapes.len(),
            collection.shapes.len() + collection.left_out + collection.skipped.len()
        );
    }
    if let Some(p) = &args.dissolve {
        eprintln!(
            "note: --dissolve {p} merges {} into {}",
            count(collection.dissolved, "feature"),
            count(collection.shapes.len(), "area")
        );
    }
    let links = match &args.links {
        Some(path) => {
            let ids: BTreeSet<&str> = collection.shapes.iter().map(|s| s.id.as_str()).collect();
            let bytes = std::fs::read(path)
                .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
            let Links { pairs, outside } =
                read_links(path, &bytes, &ids, &collection, args.links_header)
                    .map_err(Failure::invalid)?;
            if outside > 0 {
                eprintln!(
                    "note: {}: {} name{} an area --where leaves out: left aside",
                    path.display(),
                    count(outside, "pair"),
                    if outside == 1 { "s" } else { "" }
                );
            }
            pairs
        }
        None => Vec::new(),
    };
    let skipped = collection.skipped_warning();
    let skipped_ids = collection.skipped.clone();
    let left_out = collection.left_out;
    let (shapes, reading) = collection
        .into_page(told)
        .map_err(|e| Failure::invalid(format!("{file}: {e}")))?;
    let degrees = reading.degrees;
    if let Some(w) = skipped {
        warn!(
            "warning: {}: {w}\n  help: the map is made of the other features; give those areas a \
             shape in the file to import them",
            args.file.display()
        );
    }
    let stem = args
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "imported".into());
    let id = args.id.clone().unwrap_or_else(|| default_id(&stem));
    let options = Options {
        name: args.name.clone().unwrap_or_else(|| id.clone()),
        id,
        source: args
            .file
            .file_name()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default(),
        min_border: args.min_border,
        regions: match (args.region_property.is_some(), args.regions) {
            (true, _) => Regions::FromProperty,
            (false, k) => Regions::Split(usize::from(k.unwrap_or(6)).min(shapes.len())),
        },
        links,
        immune_islands: args.islands == "immune",
    };
    let imported = import(&shapes, &options).map_err(|e| {
        // What explains a map that falls apart or has islands: the near
        // misses and corners between its areas.
        if matches!(e, ImportError::Islands(_) | ImportError::Apart(_)) {
            let findings = border_findings(&shapes, options.min_border);
            print_findings(&findings, args.all_warnings, degrees);
        }
        let help = match &e {
            ImportError::Islands(_) => {
                "give --links FILE.csv with a pair `ISLAND,NEIGHBOUR` a line, or \
                     --islands immune to make them immune"
            }
            ImportError::BadId(_) => "choose a property of short codes with --id-property",
            ImportError::UnknownLink(..) => "the links file names areas by their ids",
            ImportError::RegionCount(..) => "ask for fewer --regions",
            ImportError::Apart(_) => {
                "give --links FILE.csv with pairs `A,B` that join the groups (a strait, a \
                     bridge)"
            }
        };
        let mut groups = match &e {
            ImportError::Apart(g) => Some(g.clone()),
            _ => None,
        };
        if let Some(g) = &mut groups {
            g.sort_by_key(|g| std::cmp::Reverse(g.len()));
        }
        Refused {
            failure: Box::new(Failure::invalid(format!(
                "{}: {e}\n  help: {help}",
                args.file.display()
            ))),
            groups,
            islands: match e {
                ImportError::Islands(i) => Some(i),
                _ => None,
            },
        }
    })?;
    print_findings(&imported.findings, args.all_warnings, degrees);
    if !imported.islands.is_empty() {
        warn!(
            "warning: {} touch{} no other area and no link joins {}: immune (they ignore the \
             neighbour rule)\n  help: give --links FILE.csv to join them across water, or \
             --islands error to refuse them",
            imported.islands.join(", "),
            if imported.islands.len() == 1 {
                "es"
            } else {
                ""
            },
            if imported.islands.len() == 1 {
                "it"
            } else {
                "them"
            },
        );
    }
    if let Some((least, most)) = imported.uneven {
        warn!(
            "warning: the regions could not be evened out to within one area of each other \
             (they have {least} to {most} areas): moving more areas would cut a region in two\n  \
             help: try another --regions, or give the regions in the file with --region-property"
        );
    }
    let long: Vec<&str> = shapes
        .iter()
        .map(|s| s.id.as_str())
        .filter(|id| id.chars().count() > 5)
        .collect();
    if let Some(first) = long.first() {
        warn!(
            "warning: {} area ids are longer than 5 characters (`{first}`, ...): the sheet writes \
             them in the writing boxes, where they may not fit\n  help: choose a property of short \
             codes with --id-property",
            long.len()
        );
    }
    let mut text = imported.toml.clone();
    let mut drew = None;
    let atlas = atlas_table(&AtlasOf {
        file: &args.file,
        output: &args.output,
        id_property: args.id_property.as_deref(),
        dissolve: args.dissolve.as_deref(),
        min_border: args.min_border,
        y_axis: args.y_axis.as_deref(),
        coordinates: args.coordinates.as_deref(),
        degrees,
    });
    if args.atlas {
        text.push('\n');
        text.push_str(&atlas);
    } else if !args.no_draw {
        let template = super::load_template(&args.template)?;
        match super::draw::draw_text(&args.output, &text, &template, 1, DRAW_SECONDS) {
            Ok(drawn) => {
                for w in drawn.warnings() {
                    warn!("warning: {w}");
                }
                drew = Some(drawn.summary(1));
                text = drawn.text;
            }
            Err(super::draw::NotDrawn::NoDrawing(d)) => warn!(
                "warning: {}\n  help: the map is written without a grid and prints as a diagram; \
                 try `rollx draw {} --seed 2`",
                d.failure(),
                args.output.display()
            ),
            Err(super::draw::NotDrawn::Failed(f)) => return Err(f.into()),
        }
    }
    if !args.atlas {
        // The shapes stay at hand for an atlas sheet.
        text.push_str(
            "\n# The real shapes: to print them instead (an atlas sheet, see\n# docs/map-format.md), replace [layout] with:\n",
        );
        for line in atlas.lines() {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
    }
    output::write(&out, text.as_bytes()).map_err(Failure::from)?;
    super::say(
        json,
        &format!(
            "{} written: {}, {} (shared border at least {:.3}{}), {}",
            args.output.display(),
            count(shapes.len(), "area"),
            count(imported.pairs.len(), "neighbour pair"),
            imported.min_border,
            if degrees { " km" } else { "" },
            count(imported.findings.len() + warned, "warning")
        ),
    );
    super::say(json, &format!("coordinates: {}", reading.describe()));
    if let Some(line) = &drew {
        super::say(json, line);
    }
    super::say(
        json,
        &format!("next: rollx check {}", args.output.display()),
    );
    if json {
        let report = Report {
            written: args.output.display().to_string(),
            areas: shapes.len(),
            neighbour_pairs: imported
                .pairs
                .iter()
                .map(|(a, b)| [a.as_str(), b.as_str()])
                .collect(),
            min_border: imported.min_border,
            units: if degrees { "km" } else { "file" },
            coordinates: reading.describe(),
            warnings: imported
                .findings
                .iter()
                .map(|f| JsonWarning {
                    kind: f.kind,
                    areas: [&f.areas.0, &f.areas.1],
                    at: f.at,
                    message: &f.message,
                })
                .collect(),
            islands: &imported.islands,
            skipped: &skipped_ids,
            left_out,
            uneven: imported.uneven.map(|(a, b)| [a, b]),
            drawing: drew,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("serialises")
        );
    }
    Ok(())
}
