//! Real shapes read from GeoJSON: the Polygons and MultiPolygons of a
//! FeatureCollection, each feature one named shape, in planar coordinates
//! (longitude and latitude are projected with an equal-area projection
//! centred on the data).

use std::collections::BTreeMap;

use serde_json::Value;

pub use super::Point;

/// One feature's shape: its id, the properties asked for, and every ring
/// of its polygons (outer rings and holes alike, each closed implicitly).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The feature's id.
    pub id: String,
    /// Its display name, when the name property is there.
    pub name: Option<String>,
    /// Its names in other languages: each `name_<tag>` property (`name_ja`)
    /// whose tag is a language rollx prints in, by tag, in the order of
    /// the languages.
    pub names: Vec<(crate::lang::Lang, String)>,
    /// Its region, when the region property is there.
    pub region: Option<String>,
    /// Every ring of its polygons, without the repeated closing point.
    pub rings: Vec<Vec<Point>>,
    /// The outer ring of each polygon (indices into `rings`).
    pub outers: Vec<usize>,
}

impl Shape {
    /// The area enclosed by the outer rings less the holes.
    pub fn area(&self) -> f64 {
        let mut total = 0.0;
        for (i, ring) in self.rings.iter().enumerate() {
            let a = ring_area(ring).abs();
            total += if self.outers.contains(&i) { a } else { -a };
        }
        total
    }

    /// The centroid of the largest polygon (where a label goes first).
    pub fn centre(&self) -> Point {
        let outer = self
            .outers
            .iter()
            .copied()
            .max_by(|&a, &b| {
                ring_area(&self.rings[a])
                    .abs()
                    .total_cmp(&ring_area(&self.rings[b]).abs())
            })
            .unwrap_or(0);
        ring_centroid(&self.rings[outer])
    }
}

/// The signed area of a ring (shoelace formula).
pub(crate) fn ring_area(ring: &[Point]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum::<f64>()
        / 2.0
}

/// The centroid of a ring (its mean vertex when it encloses nothing).
fn ring_centroid(ring: &[Point]) -> Point {
    let a = ring_area(ring);
    let n = ring.len();
    if a.abs() < 1e-12 {
        let k = n.max(1) as f64;
        return [
            ring.iter().map(|p| p[0]).sum::<f64>() / k,
            ring.iter().map(|p| p[1]).sum::<f64>() / k,
        ];
    }
    let (mut cx, mut cy) = (0.0, 0.0);
    for i in 0..n {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        let c = p[0] * q[1] - q[0] * p[1];
        cx += (p[0] + q[0]) * c;
        cy += (p[1] + q[1]) * c;
    }
    [cx / (6.0 * a), cy / (6.0 * a)]
}

/// Which feature properties hold what.
#[derive(Clone, Debug, Default)]
pub struct Properties<'a> {
    /// The id (default: the feature's own `id`, else the property `id`).
    pub id: Option<&'a str>,
    /// The display name (default: `name`).
    pub name: Option<&'a str>,
    /// The region, if regions come from the file.
    pub region: Option<&'a str>,
    /// Only the features whose properties have these values (property,
    /// value); the others are left out and counted.
    pub only: &'a [(String, String)],
    /// Merge the features with the same value of this property into one
    /// shape, whose id is the value (counties into states): their shared
    /// borders are dissolved (`polygon::dissolve`).
    pub dissolve: Option<&'a str>,
}

/// Why a GeoJSON file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeoJsonError {
    /// Not JSON at all.
    #[error("not JSON: {0}")]
    Json(String),
    /// JSON, but not a FeatureCollection of polygons.
    #[error("{0}")]
    Shape(String),
}

/// The shapes of a GeoJSON file.
#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    /// One shape per feature, in the file's order.
    pub shapes: Vec<Shape>,
    /// Whether the file says its y axis points down (`"y_axis": "down"`,
    /// as screen coordinates do); planar coordinates point up otherwise.
    pub y_down: bool,
    /// Whether the file says which way its y axis points (`"y_axis"`).
    pub y_said: bool,
    /// The coordinate reference system the file names (`"crs"`, as
    /// GeoJSON files before RFC 7946 and GDAL's give it: `EPSG:4326`).
    pub crs: Option<String>,
    /// Whether the file gives a viewport (`"viewBox"` or `"viewport"`, as
    /// drawings exported from SVG carry): screen coordinates.
    pub viewport: bool,
    /// The features skipped because their geometry is null, missing or
    /// empty (legal GeoJSON: a feature whose shape is unknown), by id, or
    /// as `feature N` (counted from 1) when they have none.
    pub skipped: Vec<String>,
    /// The same features as a person finds them in the file: by id, or
    /// with [`Properties::dissolve`] by their own id (else name, else
    /// number) and the value they would merge by (`51059 (STATEFP 51)`).
    pub skipped_names: Vec<String>,
    /// The features left out by [`Properties::only`].
    pub left_out: usize,
    /// Their ids (as the import would make them).
    pub left_out_ids: std::collections::BTreeSet<String>,
    /// With [`Properties::dissolve`], how many features were merged into
    /// the shapes.
    pub dissolved: usize,
    /// The properties on every feature kept, each with how many different
    /// values it takes, when that is more than one and fewer than the
    /// features (properties to import a part by, or to dissolve by), the
    /// most values first.
    pub groupings: Vec<Grouping>,
    /// The properties on every feature kept whose values would do as
    /// short ids (text or numbers, all different, of letters, digits, `_`
    /// and `-`), each with its longest value's length, the shortest first
    /// (then by name): what to offer when the ids are too long to print.
    pub id_properties: Vec<(String, usize)>,
    /// When the ids were not given by a property and mix numbers and text:
    /// one of each, and a property whose values would do as ids (text,
    /// on every feature, all different; the shortest), if there is one.
    pub mixed_ids: Option<MixedIds>,
}

/// How a file's coordinates are read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Longitudes and latitudes (projected), else planar.
    pub degrees: bool,
    /// Why they are taken so, in words.
    pub why: String,
    /// For planar coordinates, whether y points down.
    pub y_down: bool,
    /// Why y is taken so, in words; `None` when nothing says (y is taken
    /// pointing up, a guess).
    pub y_why: Option<String>,
}

impl Reading {
    /// The reading in words: `planar, y pointing down (as the file's
    /// y_axis says)`, `longitudes and latitudes (as the file's crs,
    /// EPSG:4326, says)`.
    pub fn describe(&self) -> String {
        let y = format!(
            "y pointing {} ({})",
            if self.y_down { "down" } else { "up" },
            self.y_why.as_deref().unwrap_or("the default")
        );
        match (self.degrees, self.why.as_str()) {
            (true, why) => format!("longitudes and latitudes ({why})"),
            // The y axis the file gives says both.
            (false, Y_SAID) => format!("planar, {y}"),
            (false, why) => format!("planar ({why}), {y}"),
        }
    }
}

/// Why coordinates are planar when the file says which way y points.
const Y_SAID: &str = "the file says which way y points";

/// What the command line (or a map's atlas table) says of the
/// coordinates, over what the file says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// `Some(true)`: longitudes and latitudes; `Some(false)`: planar.
    pub degrees: Option<bool>,
    /// Whether planar y points down.
    pub y_down: Option<bool>,
}

/// Whether a coordinate reference system's name is one of longitudes and
/// latitudes (`urn:ogc:def:crs:OGC:1.3:CRS84`, `EPSG:4326`, NAD83's 4269,
/// ETRS89's 4258, ...).
fn geographic(crs: &str) -> bool {
    let code = crs
        .rsplit(':')
        .next()
        .unwrap_or(crs)
        .trim()
        .to_ascii_uppercase();
    [
        "CRS84", "CRS83", "CRS27", "84", "4326", "4269", "4258", "4283", "4167", "4612", "6668",
        "4019",
    ]
    .contains(&code.as_str())
}

/// Feature ids that mix numbers and text (`"id": 6` beside `"id": "CA"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedIds {
    /// A number id and a text id met.
    pub number: String,
    /// A text id met.
    pub text: String,
    /// A property that would make good ids.
    pub suggested: Option<String>,
}

impl Collection {
    /// One line naming the skipped features, the first few by id, when
    /// there are any.
    pub fn skipped_warning(&self) -> Option<String> {
        let n = self.skipped.len();
        if n == 0 {
            return None;
        }
        const SHOWN: usize = 5;
        let mut names: Vec<String> = self
            .skipped_names
            .iter()
            .take(SHOWN)
            .map(|s| format!("`{s}`"))
            .collect();
        if n > SHOWN {
            names.push(format!("{} more", n - SHOWN));
        }
        Some(format!(
            "{} skipped: {} (their geometry is null or empty, so they have no shape to import)",
            if n == 1 {
                "1 feature".to_string()
            } else {
                format!("{n} features")
            },
            names.join(", ")
        ))
    }
}

/// Values of a `--where` property named when none matches, at most.
const VALUES_SAID: usize = 12;

/// A property that would do as the ids of `features`: text on every one,
/// all different and none empty; of those, the one with the shortest
/// longest value (then the first by name).
fn id_property(features: &[&Value]) -> Option<String> {
    let text = |f: &Value, k: &str| f.get("properties")?.get(k)?.as_str().map(str::to_string);
    let first = features.first()?.get("properties")?.as_object()?;
    first
        .keys()
        .filter_map(|k| {
            let values: Vec<String> = features.iter().map(|f| text(f, k)).collect::<Option<_>>()?;
            let distinct: std::collections::BTreeSet<&String> = values.iter().collect();
            (distinct.len() == values.len() && values.iter().all(|v| !v.is_empty())).then(|| {
                let longest = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
                (longest, k.clone())
            })
        })
        .min()
        .map(|(_, k)| k)
}

/// The properties that would do as ids of `features` (text or numbers on
/// every one, all different, each a valid id: letters, digits, `_` and
/// `-`, at most 32), each with its longest value's length, the shortest
/// first (then by name).
fn id_properties(features: &[&Value]) -> Vec<(String, usize)> {
    let value = |f: &Value, k: &str| text_of(f.get("properties")?.get(k)?);
    let valid = |v: &String| crate::source::toml::valid_id(v);
    let Some(first) = features
        .first()
        .and_then(|f| f.get("properties")?.as_object())
    else {
        return Vec::new();
    };
    let mut found: Vec<(String, usize)> = first
        .keys()
        .filter_map(|k| {
            let values: Vec<String> = features
                .iter()
                .map(|f| value(f, k))
                .collect::<Option<_>>()?;
            let distinct: std::collections::HashSet<&String> = values.iter().collect();
            (distinct.len() == values.len() && values.iter().all(valid)).then(|| {
                let longest = values.iter().map(String::len).max().unwrap_or(0);
                (k.clone(), longest)
            })
        })
        .collect();
    found.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    found
}

/// A property's value as text: a string, or a number written out.
fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The properties on every one of `features` with more than one value and
/// fewer values than features, each with its number of values and the
/// value most features have, the most values first (then by name).
fn groupings(features: &[&Value]) -> Vec<Grouping> {
    let value = |f: &Value, k: &str| text_of(f.get("properties")?.get(k)?);
    let Some(first) = features
        .first()
        .and_then(|f| f.get("properties")?.as_object())
    else {
        return Vec::new();
    };
    let mut found: Vec<Grouping> = first
        .keys()
        .filter_map(|k| {
            let mut values: BTreeMap<String, usize> = BTreeMap::new();
            for f in features {
                *values.entry(value(f, k)?).or_default() += 1;
            }
            if values.len() < 2 || values.len() >= features.len() {
                return None;
            }
            // The value most features have (the first of those in order).
            let (example, count) =
                values
                    .iter()
                    .fold(None::<(&String, usize)>, |best, (v, &n)| match best {
                        Some((_, m)) if m >= n => best,
                        _ => Some((v, n)),
                    })?;
            Some(Grouping {
                property: k.clone(),
                values: values.len(),
                example: example.clone(),
                example_features: count,
            })
        })
        .collect();
    found.sort_by(|a, b| {
        b.values
            .cmp(&a.values)
            .then_with(|| a.property.cmp(&b.property))
    });
    found
}

/// A property that groups a file's features: what `--where` and
/// `--dissolve` can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grouping {
    /// Its name.
    pub property: String,
    /// How many different values it takes.
    pub values: usize,
    /// The value the most features have.
    pub example: String,
    /// How many features have it.
    pub example_features: usize,
}

/// Whether a feature's geometry is null, missing or has no coordinates:
/// a feature without a known shape, which GeoJSON allows.
fn geometry_is_empty(geometry: Option<&Value>) -> bool {
    let Some(g) = geometry else {
        return true;
    };
    if g.is_null() {
        return true;
    }
    match g.get("type").and_then(Value::as_str) {
        Some("GeometryCollection") => g
            .get("geometries")
            .and_then(Value::as_array)
            .is_none_or(|a| a.iter().all(|g| geometry_is_empty(Some(g)))),
        Some(_) => g
            .get("coordinates")
            .is_none_or(|c| c.is_null() || c.as_array().is_some_and(Vec::is_empty)),
        None => false,
    }
}

impl Collection {
    /// The shapes on a page: y pointing down, longitudes and latitudes
    /// projected (equal-area); whether they were degrees.
    ///
    /// How they are read is decided from the file where it says (a `crs`,
    /// a `y_axis`, a viewport, points outside the degrees' ranges) and
    /// from what `told` says over it: [`Collection::reading`].
    pub fn into_page(self, told: Told) -> Result<(Vec<Shape>, Reading), String> {
        let reading = self.reading(told)?;
        let mut shapes = self.shapes;
        if reading.degrees {
            project_degrees(&mut shapes);
        } else if !reading.y_down {
            for p in shapes.iter_mut().flat_map(|s| s.rings.iter_mut().flatten()) {
                p[1] = -p[1];
            }
        }
        Ok((shapes, reading))
    }

    /// How the coordinates are read: what `told` says, else the file's
    /// `crs`, else planar when the file says which way y points or gives
    /// a viewport, or when a point lies outside ±180° and ±90°; else
    /// longitudes and latitudes. Planar y points as `told` says, else as the file's
    /// `y_axis`, else down for a viewport (screen coordinates), else up.
    /// An error when told to read as degrees what cannot be.
    pub fn reading(&self, told: Told) -> Result<Reading, String> {
        let fits = looks_like_degrees(&self.shapes);
        let (degrees, why) = match (told.degrees, &self.crs) {
            (Some(true), _) if !fits => {
                return Err(
                    "the coordinates cannot be longitudes and latitudes: some lie outside ±180° and ±90°"
                        .to_string(),
                );
            }
            (Some(d), _) => (d, "as --coordinates says".to_string()),
            (None, Some(crs)) if geographic(crs) && fits => {
                (true, format!("as the file's crs, {crs}, says"))
            }
            (None, Some(crs)) if geographic(crs) => (
                false,
                format!(
                    "the file's crs, {crs}, is of degrees, but some points lie outside ±180° and ±90°"
                ),
            ),
            (None, Some(crs)) => (false, format!("the file's crs, {crs}, is a projection")),
            (None, None) if self.y_said => (false, Y_SAID.to_string()),
            (None, None) if self.viewport => (false, "the file gives a viewport".to_string()),
            (None, None) if !fits => (false, "some points lie outside ±180° and ±90°".to_string()),
            (None, None) => (
                true,
                "every point lies within ±180° and ±90° and the file names no crs".to_string(),
            ),
        };
        let (y_down, y_why) = match told.y_down {
            Some(d) => (d, Some("as --y-axis says".to_string())),
            None if self.y_said => (self.y_down, Some("as the file's `y_axis` says".to_string())),
            None if self.viewport => (
                true,
                Some("the file gives a viewport: screen coordinates".to_string()),
            ),
            None => (false, None),
        };
        Ok(Reading {
            degrees,
            why,
            y_down,
            y_why,
        })
    }
}

/// The shapes of a GeoJSON FeatureCollection. Features whose geometry is
/// null, missing or empty are skipped (and named in
/// [`Collection::skipped`]); other geometries than a Polygon or
/// MultiPolygon are an error, as are features without an id, ids given
/// twice, and a file whose every feature is skipped.
pub fn read(text: &str, props: &Properties) -> Result<Collection, GeoJsonError> {
    // A byte order mark, which some Windows tools write, is not part of
    // the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let doc: Value = serde_json::from_str(text).map_err(|e| GeoJsonError::Json(e.to_string()))?;
    let bad = |m: String| GeoJsonError::Shape(m);
    if doc.get("type").and_then(Value::as_str) != Some("FeatureCollection") {
        return Err(bad("the file is not a GeoJSON FeatureCollection".into()));
    }
    let features = doc
        .get("features")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("the FeatureCollection has no `features` list".into()))?;
    let mut shapes: Vec<Shape> = Vec::new();
    // Each shape by its id, and how many features make it.
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    let mut parts: Vec<usize> = Vec::new();
    let mut dissolved = 0;
    let mut skipped = Vec::new();
    let mut skipped_names = Vec::new();
    let mut left_out = 0;
    let mut left_out_ids = std::collections::BTreeSet::new();
    let (mut number_id, mut text_id) = (None, None);
    // The features `only` keeps, for a property to suggest as ids.
    let mut kept_features = Vec::new();
    // Per condition of `only`, a few of the values met, to say what there
    // is when nothing matches.
    let mut met: Vec<std::collections::BTreeSet<String>> =
        vec![Default::default(); props.only.len()];
    for (k, f) in features.iter().enumerate() {
        let empty = serde_json::Map::new();
        let properties = f
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let mut kept = true;
        for ((p, v), met) in props.only.iter().zip(&mut met) {
            let value = properties.get(p).and_then(text_of);
            if let Some(value) = &value
                && met.len() < VALUES_SAID
            {
                met.insert(value.clone());
            }
            kept &= value.as_deref() == Some(v.as_str());
        }
        if !kept {
            left_out += 1;
            let own = match (props.dissolve, props.id) {
                (Some(p), _) | (None, Some(p)) => properties.get(p),
                (None, None) => f.get("id").or_else(|| properties.get("id")),
            };
            if let Some(id) = own.and_then(text_of) {
                left_out_ids.insert(id);
            }
            continue;
        }
        kept_features.push(f);
        let raw_id = f.get("id").or_else(|| properties.get("id"));
        let id = match (props.dissolve, props.id) {
            (Some(p), _) | (None, Some(p)) => properties.get(p).and_then(text_of),
            (None, None) => raw_id.and_then(text_of),
        };
        if props.id.is_none() {
            match raw_id {
                Some(Value::Number(n)) if number_id.is_none() => number_id = Some(n.to_string()),
                Some(Value::String(s)) if text_id.is_none() => text_id = Some(s.clone()),
                _ => {}
            }
        }
        if geometry_is_empty(f.get("geometry")) {
            let number = || format!("feature {}", k + 1);
            skipped_names.push(match props.dissolve {
                Some(p) => {
                    let own = props
                        .id
                        .and_then(|i| properties.get(i))
                        .or(raw_id)
                        .or_else(|| properties.get(props.name.unwrap_or("name")))
                        .and_then(text_of)
                        .unwrap_or_else(number);
                    match &id {
                        Some(v) => format!("{own} ({p} {v})"),
                        None => own,
                    }
                }
                None => id.clone().unwrap_or_else(number),
            });
            skipped.push(id.unwrap_or_else(number));
            continue;
        }
        let id = id.ok_or_else(|| {
            bad(match props.dissolve {
                Some(p) => format!("feature {} has no property `{p}` to dissolve by", k + 1),
                None => format!(
                    "feature {} has no id{}",
                    k + 1,
                    props
                        .id
                        .map(|p| format!(" (property `{p}`)"))
                        .unwrap_or_default()
                ),
            })
        })?;
        let merged_into = index.get(&id).copied();
        if merged_into.is_some() && props.dissolve.is_none() {
            return Err(bad(format!("the id `{id}` is given to two features")));
        }
        let name = properties
            .get(props.name.unwrap_or("name"))
            .and_then(text_of);
        let mut names: Vec<(crate::lang::Lang, String)> = properties
            .iter()
            .filter_map(|(k, v)| {
                let lang = crate::lang::Lang::parse(k.strip_prefix("name_")?).ok()?;
                Some((lang, text_of(v)?))
            })
            .collect();
        names.sort();
        names.dedup_by_key(|(l, _)| *l);
        let region = match props.region {
            Some(p) => Some(
                properties
                    .get(p)
                    .and_then(text_of)
                    .ok_or_else(|| bad(format!("feature `{id}` has no region property `{p}`")))?,
            ),
            None => None,
        };
        let geometry = &f["geometry"];
        let polygons: Vec<&Value> = match geometry.get("type").and_then(Value::as_str) {
            Some("Polygon") => vec![&geometry["coordinates"]],
            Some("MultiPolygon") => geometry["coordinates"]
                .as_array()
                .map(|a| a.iter().collect())
                .unwrap_or_default(),
            other => {
                return Err(bad(format!(
                    "feature `{id}` is a {}, not a Polygon or MultiPolygon",
                    other.unwrap_or("geometry without a type")
                )));
            }
        };
        let mut shape = Shape {
            id: id.clone(),
            // A merged shape is named by its parts' name when they agree,
            // else by its id.
            name: if props.dissolve.is_some() {
                name.or_else(|| Some(id.clone()))
            } else {
                name
            },
            region,
            names,
            rings: Vec::new(),
            outers: Vec::new(),
        };
        for polygon in polygons {
            let rings = polygon
                .as_array()
                .ok_or_else(|| bad(format!("feature `{id}`: a polygon is not a list of rings")))?;
            for (r, ring) in rings.iter().enumerate() {
                let mut points: Vec<Point> = ring
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|p| {
                        let x = p.get(0).and_then(Value::as_f64);
                        let y = p.get(1).and_then(Value::as_f64);
                        x.zip(y).map(|(x, y)| [x, y])
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| bad(format!("feature `{id}`: a point is not two numbers")))?;
                if points.len() > 1 && points.first() == points.last() {
                    points.pop();
                }
                if points.len() < 3 {
                    return Err(bad(format!(
                        "feature `{id}`: a ring has fewer than 3 points"
                    )));
                }
                if r == 0 {
                    shape.outers.push(shape.rings.len());
                }
                shape.rings.push(points);
            }
        }
        if shape.outers.is_empty() {
            return Err(bad(format!("feature `{id}` has no polygon")));
        }
        dissolved += 1;
        match merged_into {
            // Another part of a shape: its rings join the shape's, its
            // region and name too where the first part had none.
            Some(i) => {
                let into = &mut shapes[i];
                let base = into.rings.len();
                into.outers.extend(shape.outers.iter().map(|o| o + base));
                into.rings.append(&mut shape.rings);
                if into.name != shape.name {
                    into.name = Some(into.id.clone());
                }
                parts[i] += 1;
            }
            None => {
                index.insert(id, shapes.len());
                shapes.push(shape);
                parts.push(1);
            }
        }
    }
    // Shapes of several parts lose the borders between them.
    for (shape, &n) in shapes.iter_mut().zip(&parts) {
        if n > 1 {
            (shape.rings, shape.outers) = super::polygon::dissolve(&shape.rings, &shape.outers);
        }
    }
    if shapes.is_empty() && !props.only.is_empty() && skipped.is_empty() {
        let said: Vec<String> = props
            .only
            .iter()
            .zip(&met)
            .map(|((p, v), met)| {
                if met.is_empty() {
                    format!("no feature has the property `{p}`")
                } else {
                    format!(
                        "`{p}` is never `{v}` (it is {}{})",
                        met.iter()
                            .map(|m| format!("`{m}`"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        if met.len() >= VALUES_SAID {
                            ", ..."
                        } else {
                            ""
                        }
                    )
                }
            })
            .collect();
        return Err(bad(format!(
            "no feature is left to import: {}",
            said.join("; ")
        )));
    }
    if shapes.is_empty() {
        return Err(bad(if skipped.is_empty() {
            "the FeatureCollection has no features".into()
        } else {
            format!(
                "every feature's geometry is null or empty ({} features), so there is no shape to import",
                skipped.len()
            )
        }));
    }
    Ok(Collection {
        shapes,
        y_down: doc.get("y_axis").and_then(Value::as_str) == Some("down"),
        y_said: doc.get("y_axis").and_then(Value::as_str).is_some(),
        crs: doc.get("crs").and_then(|c| {
            c.get("properties")
                .and_then(|p| p.get("name"))
                .and_then(Value::as_str)
                .or_else(|| c.as_str())
                .map(str::to_string)
        }),
        viewport: ["viewBox", "viewbox", "viewport"]
            .iter()
            .any(|k| doc.get(k).is_some()),
        skipped,
        skipped_names,
        left_out,
        left_out_ids,
        dissolved: if props.dissolve.is_some() {
            dissolved
        } else {
            0
        },
        groupings: groupings(&kept_features),
        id_properties: id_properties(&kept_features),
        mixed_ids: number_id.zip(text_id).map(|(number, text)| MixedIds {
            number,
            text,
            suggested: id_property(&kept_features),
        }),
    })
}

/// The smallest box holding every point: `[x0, y0, x1, y1]`.
pub fn bounds(shapes: &[Shape]) -> [f64; 4] {
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for p in shapes.iter().flat_map(|s| s.rings.iter().flatten()) {
        b = [
            b[0].min(p[0]),
            b[1].min(p[1]),
            b[2].max(p[0]),
            b[3].max(p[1]),
        ];
    }
    b
}

/// Whether every point could be a longitude and latitude in degrees.
pub fn looks_like_degrees(shapes: &[Shape]) -> bool {
    let b = bounds(shapes);
    b[0] >= -180.0 && b[2] <= 180.0 && b[1] >= -90.0 && b[3] <= 90.0
}

/// The longest piece, in degrees, an edge is cut into before it is
/// projected: [`project_degrees`].
const PIECE_DEGREES: f64 = 0.05;

/// Cuts the edges of `ring` longer than `step` into equal pieces no
/// longer than it.
fn densify(ring: &mut Vec<Point>, step: f64) {
    let long = |p: Point, q: Point| ((q[0] - p[0]).hypot(q[1] - p[1]) / step).ceil() as usize;
    let n = ring.len();
    if (0..n).all(|i| long(ring[i], ring[(i + 1) % n]) <= 1) {
        return;
    }
    let mut out = Vec::with_capacity(n * 2);
    for i in 0..n {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        out.push(p);
        let pieces = long(p, q);
        for k in 1..pieces {
            let t = k as f64 / pieces as f64;
            out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
        }
    }
    *ring = out;
}

/// Projects longitudes and latitudes (degrees) in place with the Lambert
/// azimuthal equal-area projection centred on the data, y pointing down
/// (south) like a page, in kilometres.
///
/// An edge of a GeoJSON ring is straight in degrees (a border along a
/// parallel or a meridian), which the projection bends: long edges are
/// first cut into pieces of at most 0.05° (or a two-thousandth
/// of the data's span, if more), so that a straight border drawn with two
/// points on one side and with more on the other (a T-junction, as real
/// files have them everywhere) still lies on one line after projection.
pub(crate) fn project_degrees(shapes: &mut [Shape]) {
    let b = bounds(shapes);
    let step = ((b[2] - b[0]).hypot(b[3] - b[1]) / 2000.0).max(PIECE_DEGREES);
    for ring in shapes.iter_mut().flat_map(|s| s.rings.iter_mut()) {
        densify(ring, step);
    }
    let (lon0, lat0) = (
        ((b[0] + b[2]) / 2.0).to_radians(),
        ((b[1] + b[3]) / 2.0).to_radians(),
    );
    const EARTH_KM: f64 = 6371.0;
    for p in shapes.iter_mut().flat_map(|s| s.rings.iter_mut().flatten()) {
        let (lon, lat) = (p[0].to_radians(), p[1].to_radians());
        let d = lon - lon0;
        let k = (2.0 / (1.0 + lat0.sin() * lat.sin() + lat0.cos() * lat.cos() * d.cos())).sqrt();
        let x = k * lat.cos() * d.sin();
        let y = k * (lat0.cos() * lat.sin() - lat0.sin() * lat.cos() * d.cos());
        *p = [x * EARTH_KM, -y * EARTH_KM];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = r#"{"type":"FeatureCollection","features":[
      {"type":"Feature","id":"A","properties":{"name":"Aland","r":"x"},
       "geometry":{"type":"Polygon","coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]]]}},
      {"type":"Feature","properties":{"id":"B","r":"y"},
       "geometry":{"type":"MultiPolygon","coordinates":[[[[2,0],[4,0],[4,2],[2,2],[2,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}}
    ]}"#;

    #[test]
    fn features_become_named_shapes() {
        let props = Properties {
            region: Some("r"),
            ..Properties::default()
        };
        let shapes = read(TWO, &props).unwrap().shapes;
        assert_eq!(shapes.len(), 2);
        assert_eq!(shapes[0].id, "A");
        assert_eq!(shapes[0].name.as_deref(), Some("Aland"));
        assert_eq!(shapes[1].region.as_deref(), Some("y"));
        assert_eq!(shapes[1].rings.len(), 2);
        assert_eq!(shapes[0].rings[0].len(), 4, "the closing point is dropped");
        assert!((shapes[0].area() - 4.0).abs() < 1e-9);
        assert!((shapes[1].area() - 4.5).abs() < 1e-9);
        let c = shapes[0].centre();
        assert!((c[0] - 1.0).abs() < 1e-9 && (c[1] - 1.0).abs() < 1e-9);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let err = |t: &str| read(t, &Properties::default()).unwrap_err().to_string();
        assert!(err("{").starts_with("not JSON"));
        assert!(err(r#"{"type":"Feature"}"#).contains("FeatureCollection"));
        let point = r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"P","geometry":{"type":"Point","coordinates":[0,0]}}]}"#;
        assert!(err(point).contains("`P` is a Point"));
        let twice = TWO.replace("\"B\"", "\"A\"");
        assert!(err(&twice).contains("`A` is given to two features"));
    }

    #[test]
    fn features_without_a_shape_are_skipped_and_named() {
        let with_nulls = TWO.replace(
            "\n    ]}",
            r#",
      {"type":"Feature","id":"N1","properties":{},"geometry":null},
      {"type":"Feature","properties":{"id":"N2"}},
      {"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[]}},
      {"type":"Feature","id":"N4","geometry":{"type":"GeometryCollection","geometries":[]}}
    ]}"#,
        );
        assert_ne!(with_nulls, TWO);
        let c = read(&with_nulls, &Properties::default()).unwrap();
        assert_eq!(c.shapes.len(), 2);
        assert_eq!(c.skipped, ["N1", "N2", "feature 5", "N4"]);
        let w = c.skipped_warning().unwrap();
        assert!(
            w.starts_with("4 features skipped: `N1`, `N2`, `feature 5`, `N4`"),
            "{w}"
        );
        assert_eq!(
            read(TWO, &Properties::default()).unwrap().skipped_warning(),
            None
        );
        // Only features without a shape: nothing to import, said once.
        let none = r#"{"type":"FeatureCollection","features":[
          {"type":"Feature","id":"A","geometry":null},{"type":"Feature","id":"B","geometry":null}]}"#;
        let e = read(none, &Properties::default()).unwrap_err().to_string();
        assert!(
            e.contains("every feature's geometry is null or empty (2 features)"),
            "{e}"
        );
        // Many: the first five by id, and how many more.
        let many: Vec<String> = (0..9)
            .map(|i| format!(r#"{{"type":"Feature","id":"Z{i}","geometry":null}}"#))
            .collect();
        let many = TWO.replace("\n    ]}", &format!(",{}]}}", many.join(",")));
        let w = read(&many, &Properties::default())
            .unwrap()
            .skipped_warning()
            .unwrap();
        assert!(
            w.starts_with("9 features skipped: `Z0`, `Z1`, `Z2`, `Z3`, `Z4`, 4 more"),
            "{w}"
        );
    }

    #[test]
    fn ids_that_mix_numbers_and_text_are_noticed_with_a_property_to_use() {
        let square = r#""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#;
        let text = format!(
            r#"{{"type":"FeatureCollection","features":[
              {{"type":"Feature","id":6,"properties":{{"code":"CA","name":"California","kind":"state"}},{square}}},
              {{"type":"Feature","id":"NV","properties":{{"code":"NV","name":"Nevada","kind":"state"}},{square}}},
              {{"type":"Feature","id":41,"properties":{{"code":"OR","name":"Oregon","kind":"state"}},{square}}}
            ]}}"#
        );
        let c = read(&text, &Properties::default()).unwrap();
        let m = c.mixed_ids.unwrap();
        assert_eq!((m.number.as_str(), m.text.as_str()), ("6", "NV"));
        // `kind` repeats and `name` is longer: `code`.
        assert_eq!(m.suggested.as_deref(), Some("code"));
        // Given a property, or ids of one kind: nothing to say.
        let by_code = Properties {
            id: Some("code"),
            ..Properties::default()
        };
        assert_eq!(read(&text, &by_code).unwrap().mixed_ids, None);
        assert_eq!(read(TWO, &Properties::default()).unwrap().mixed_ids, None);
    }

    #[test]
    fn degrees_are_projected_to_kilometres_keeping_areas() {
        // A one-degree square on the equator is about 111 km a side.
        let t = r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"Q",
          "geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}]}"#;
        let mut shapes = read(t, &Properties::default()).unwrap().shapes;
        assert!(looks_like_degrees(&shapes));
        project_degrees(&mut shapes);
        let a = shapes[0].area();
        assert!((a - 111.2 * 111.2).abs() / a < 0.01, "{a}");
    }
}
