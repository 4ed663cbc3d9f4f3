//! What `rollx import` reads and writes besides the shapes: the links
//! file (pairs of areas joined across water), the map's id from the
//! file's name, the `[layout]` table of an atlas of the shapes, and the
//! messages about a file of too many areas or of ids too long to print.
//! The command line reads the files, prints and writes; the rules are
//! here.

use std::collections::BTreeSet;
use std::path::Path;

use crate::geom::geojson::{Collection, Grouping};
use crate::text::count;

use super::MAX_AREAS;

/// The pairs a links file gives, and how many it names an area that
/// `--where` leaves out (left aside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Links {
    /// The pairs of area ids, in the file's order.
    pub pairs: Vec<(String, String)>,
    /// Pairs left aside: they name an area left out.
    pub outside: usize,
}

/// The pairs of a links file (CSV as people write them: a header row or
/// none, quoted fields, extra columns, `#` comments, commas, semicolons or
/// tabs), or every line that is wrong with it. The first row is a header
/// when `header` says so or when neither of its first two fields is an
/// area id (`ids`). `path` names the file in the messages; `collection`
/// is what was read of the shapes, to tell a pair that names an area
/// `--where` leaves out (left aside) from one no feature has.
pub fn read_links(
    path: &Path,
    bytes: &[u8],
    ids: &BTreeSet<&str>,
    collection: &Collection,
    header: bool,
) -> Result<Links, String> {
    let mut outside = 0;
    // The delimiter: a comma, unless the first line has none and has a
    // semicolon or a tab.
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let delimiter = if first_line.contains(&b',') {
        b','
    } else if first_line.contains(&b';') {
        b';'
    } else if first_line.contains(&b'\t') {
        b'\t'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .delimiter(delimiter)
        .from_reader(bytes);
    let mut pairs = Vec::new();
    let mut problems = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        // The line from the byte offset (the reader's own line count
        // skips comment lines).
        let line = record.position().map_or(i + 1, |p| {
            1 + bytes[..(p.byte() as usize).min(bytes.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
        });
        // A field quoted after a space (`"HI", "CA"`) keeps its quotes.
        let fields: Vec<&str> = record
            .iter()
            .map(|f| {
                f.strip_prefix('"')
                    .and_then(|f| f.strip_suffix('"'))
                    .map_or(f, str::trim)
            })
            .collect();
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        let (a, b) = (
            fields.first().copied().unwrap_or(""),
            fields.get(1).copied().unwrap_or(""),
        );
        if i == 0 && (header || (!ids.contains(a) && !ids.contains(b))) {
            continue;
        }
        if a.is_empty() || b.is_empty() {
            problems.push(format!(
                "{}:{line}: `{}` is not a pair of area ids",
                path.display(),
                fields.join(&char::from(delimiter).to_string())
            ));
            continue;
        }
        let unknown: Vec<&str> = [a, b].into_iter().filter(|x| !ids.contains(x)).collect();
        // An area --where leaves out: the pair is left aside (a links
        // file for the whole country, read for one state).
        if !unknown.is_empty() && unknown.iter().all(|x| collection.left_out_ids.contains(*x)) {
            outside += 1;
            continue;
        }
        // An area whose feature has no shape: said so, not "no feature".
        if let Some(x) = unknown
            .iter()
            .find(|x| collection.skipped.iter().any(|s| s == *x))
        {
            problems.push(format!(
                "{}:{line}: the pair {a}-{b} names `{x}`, whose feature has no shape in the file \
                 (its geometry is null or empty, so it was skipped)",
                path.display(),
            ));
            continue;
        }
        if !unknown.is_empty() {
            problems.push(format!(
                "{}:{line}: the pair {a}-{b} names {} that no feature has",
                path.display(),
                unknown
                    .iter()
                    .map(|x| format!("`{x}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ));
            continue;
        }
        pairs.push((a.to_string(), b.to_string()));
    }
    if problems.is_empty() {
        return Ok(Links { pairs, outside });
    }
    Err(format!(
        "{} in {}:\n  {}\n  help: write one pair of area ids a line, e.g. `HI,CA` (a header row, \
         quoted fields and further columns are fine; --links-header says the first row is a \
         header)",
        count(problems.len() as u64, "bad line"),
        path.display(),
        problems.join("\n  ")
    ))
}

/// The map's id when none is given: the file's name without its
/// extension (`stem`), each character other than an ASCII letter, digit
/// or `-` made a `-`, at most 32 characters.
pub fn default_id(stem: &str) -> String {
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .take(32)
        .collect()
}

/// The shapes an atlas sheet reads, as the import read them.
#[derive(Clone, Copy, Debug)]
pub struct AtlasOf<'a> {
    /// The GeoJSON file.
    pub file: &'a Path,
    /// The map file written (the atlas names the shapes relative to it).
    pub output: &'a Path,
    /// The property the ids come from, when given.
    pub id_property: Option<&'a str>,
    /// The property features are merged by, when given.
    pub dissolve: Option<&'a str>,
    /// The least shared border, when given.
    pub min_border: Option<f64>,
    /// Which way y points, when given (`up`, `down`).
    pub y_axis: Option<&'a str>,
    /// How the coordinates are read, when given (`degrees`, `planar`).
    pub coordinates: Option<&'a str>,
    /// Whether they were read as longitudes and latitudes.
    pub degrees: bool,
}

/// A note on the coordinates for the atlas table.
fn degrees_note(degrees: bool) -> String {
    if degrees {
        "longitudes and latitudes, projected as the import does".into()
    } else {
        "planar coordinates".into()
    }
}

/// The `[layout]` table of an atlas of the imported file: its path
/// relative to the map file, and how its shapes were read, so that the
/// atlas reads them as the import did.
pub fn atlas_table(a: &AtlasOf) -> String {
    let coordinates = degrees_note(a.degrees);
    let out_dir = a
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let path = crate::source::files::path_from(out_dir, a.file);
    let mut s = format!(
        "[layout]\nkind = \"atlas\"\n# The shapes ({coordinates}).\ngeojson = {}\n",
        toml::Value::String(path.to_string_lossy().replace('\\', "/"))
    );
    if let Some(p) = a.id_property {
        s.push_str(&format!(
            "id_property = {}\n",
            toml::Value::String(p.to_string())
        ));
    }
    if let Some(p) = a.dissolve {
        s.push_str(&format!(
            "dissolve = {}\n",
            toml::Value::String(p.to_string())
        ));
    }
    if let Some(m) = a.min_border {
        s.push_str(&format!("min_border = {m}\n"));
    }
    if let Some(y) = a.y_axis {
        s.push_str(&format!("y_axis = \"{y}\"\n"));
    }
    if let Some(c) = a.coordinates {
        s.push_str(&format!("coordinates = \"{c}\"\n"));
    }
    s
}

/// How the ids of an import were asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct IdsAsked<'a> {
    /// The property given with `--id-property`.
    pub id_property: Option<&'a str>,
    /// Whether features are merged (`--dissolve`).
    pub dissolve: bool,
}

/// A warning when some ids, printed as the areas' codes, are too long for
/// the smallest writing box of the default template (the map might not
/// print), with a property of short ids to take instead when the file has
/// one. `asked` says how the ids were asked for.
pub fn long_ids(file: &Path, collection: &Collection, asked: &IdsAsked) -> Option<String> {
    let t = crate::print::template::load(crate::print::template::DEFAULT).ok()?;
    let fits = |id: &str| crate::rolling::id_fits(id, &t);
    let long: Vec<&str> = collection
        .shapes
        .iter()
        .map(|s| s.id.as_str())
        .filter(|id| !fits(id))
        .collect();
    let first = long.first()?;
    let shown: Vec<&str> = long.iter().take(4).copied().collect();
    let more = match long.len() - shown.len() {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let how = if asked.dissolve {
        "merge by a property of short codes with --dissolve".to_string()
    } else {
        match collection.id_properties.iter().find(|(p, longest)| {
            Some(p.as_str()) != asked.id_property
                && *longest < first.len()
                && collection.shapes.len() > 1
        }) {
            Some((p, longest)) => format!(
                "--id-property {p} takes ids of at most {} from the file",
                count(*longest, "character")
            ),
            None => "give the features a property of short codes (2 to 4 letters) and take it \
with --id-property"
                .to_string(),
        }
    };
    Some(format!(
        "warning: {}: {} {} too long to print in the smallest writing box (the id is the code \
each area's box prints): {}{more}\n  help: {how}, or shorten them in the map afterwards",
        file.display(),
        count(long.len(), "id"),
        if long.len() == 1 { "is" } else { "are" },
        shown.join(", ")
    ))
}

/// Properties named in the message about too many areas, at most.
const GROUPINGS_SAID: usize = 4;

/// The message refusing a file of `n` areas, more than a map can have,
/// with the ways forward on this file: a part of it (`--where`), or
/// larger areas (`--dissolve`), by the properties it has that can do
/// either, with an example value.
pub fn too_many(file: &Path, n: usize, groupings: &[Grouping]) -> String {
    // Properties whose values could be areas (no more than a map holds).
    let fit: Vec<&Grouping> = groupings
        .iter()
        .filter(|g| g.values <= MAX_AREAS)
        .take(GROUPINGS_SAID)
        .collect();
    let help = match fit.first() {
        Some(g) => format!(
            "import a part with --where PROPERTY=VALUE (--where {p}={v} keeps the {} whose {p} is \
             {v}), or merge features into larger areas along their shared borders with \
             --dissolve PROPERTY (--dissolve {p} makes {}); properties of this file with fewer \
             values than features: {}",
            count(g.example_features, "feature"),
            count(g.values, "area"),
            fit.iter()
                .map(|g| format!("{} ({} values)", g.property, g.values))
                .collect::<Vec<_>>()
                .join(", "),
            p = g.property,
            v = g.example,
        ),
        None => "no property of this file groups its features (each takes a different value on \
                 every feature, or one for all): give the features a property to group them by \
                 (a state's or a country's code), then import a part with --where \
                 PROPERTY=VALUE or merge them with --dissolve PROPERTY"
            .to_string(),
    };
    format!(
        "{}: {n} features, and a map has at most {MAX_AREAS} areas (on a page of more, the \
         writing boxes are too small to write a number in)\n  help: {help}",
        file.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::geojson::{Properties, read};

    /// Three square areas in a row, and one feature without a shape.
    fn collection() -> Collection {
        let square = |id: &str, x: u32| {
            format!(
                r#"{{"type":"Feature","id":"{id}","properties":{{"name":"{id}"}},"geometry":{{"type":"Polygon","coordinates":[[[{x},0],[{x1},0],[{x1},1],[{x},1],[{x},0]]]}}}}"#,
                x1 = x + 1
            )
        };
        let text = format!(
            r#"{{"type":"FeatureCollection","features":[{},{},{},{{"type":"Feature","id":"NL","properties":{{"name":"NL"}},"geometry":null}}]}}"#,
            square("AA", 0),
            square("BB", 1),
            square("CC", 2)
        );
        read(
            &text,
            &Properties {
                id: None,
                name: Some("name"),
                region: None,
                only: &[],
                dissolve: None,
            },
        )
        .unwrap()
    }

    fn links(text: &str, header: bool) -> Result<Links, String> {
        let c = collection();
        let ids: BTreeSet<&str> = c.shapes.iter().map(|s| s.id.as_str()).collect();
        read_links(Path::new("links.csv"), text.as_bytes(), &ids, &c, header)
    }

    #[test]
    fn links_files_are_read_as_people_write_them() {
        let pairs = |l: Links| l.pairs;
        let want = vec![
            ("AA".to_string(), "CC".to_string()),
            ("BB".to_string(), "CC".to_string()),
        ];
        // A header, a comment, a blank line, extra columns.
        let text = "from,to,why\n# the straits\nAA,CC,ferry\n\nBB,CC,bridge\n";
        assert_eq!(pairs(links(text, false).unwrap()), want);
        // Semicolons, quoted fields after a space, no header.
        let text = "\"AA\"; \"CC\"\nBB;CC\n";
        assert_eq!(pairs(links(text, false).unwrap()), want);
        // A first row of ids is a pair unless --links-header says otherwise.
        assert_eq!(pairs(links("AA\tCC\nBB\tCC\n", true).unwrap()), want[1..]);
    }

    #[test]
    fn every_bad_line_of_a_links_file_is_reported_with_its_line() {
        let text = "AA,CC\nAA\nAA,ZZ\nNL,BB\n";
        let why = links(text, false).unwrap_err();
        assert!(why.starts_with("3 bad lines in links.csv"), "{why}");
        assert!(why.contains("links.csv:2: `AA` is not a pair"), "{why}");
        assert!(
            why.contains("links.csv:3: the pair AA-ZZ names `ZZ`"),
            "{why}"
        );
        assert!(why.contains("links.csv:4: the pair NL-BB names `NL`, whose feature has no shape"));
        assert!(
            why.contains("help: write one pair of area ids a line"),
            "{why}"
        );
    }

    #[test]
    fn a_default_id_is_the_file_name_made_an_id() {
        assert_eq!(default_id("usa-2024"), "usa-2024");
        assert_eq!(default_id("Länder 2024"), "L-nder-2024");
        assert_eq!(default_id(&"x".repeat(40)).len(), 32);
    }

    #[test]
    fn an_atlas_table_names_the_shapes_from_the_map_and_how_they_were_read() {
        let table = atlas_table(&AtlasOf {
            file: Path::new("shapes/states.geojson"),
            output: Path::new("maps/states.toml"),
            id_property: Some("STUSPS"),
            dissolve: None,
            min_border: Some(0.5),
            y_axis: Some("down"),
            coordinates: None,
            degrees: false,
        });
        assert!(table.starts_with("[layout]\nkind = \"atlas\"\n"), "{table}");
        assert!(
            table.contains("geojson = \"../shapes/states.geojson\"\n"),
            "{table}"
        );
        assert!(table.contains("id_property = \"STUSPS\"\nmin_border = 0.5\ny_axis = \"down\"\n"));
        assert!(table.contains("planar coordinates"), "{table}");
        assert!(!table.contains("dissolve"), "{table}");
    }
}
