//! The validated, immutable map model.
//!
//! Areas and regions are addressed by dense indices ([`AreaId`],
//! [`RegionId`]) so that the rules engine and the renderers index plain
//! vectors instead of looking up strings.

use super::rules::Rules;
use crate::lang::Lang;

/// Index of an area in [`Map::areas`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct AreaId(pub u16);

impl AreaId {
    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index of a region in [`Map::regions`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct RegionId(pub u8);

impl RegionId {
    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An sRGB colour (the scene's colour type).
pub type Color = crate::scene::Rgb;

/// A colour region; the bag holds one die of the region's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Identifier, also the name of its die (`red`).
    pub id: String,
    /// Display name (`Red`).
    pub name: String,
    /// Print colour.
    pub color: Color,
    /// The letter that marks the region on black-and-white sheets, when
    /// the map chooses one (an upper-case letter or a digit); the sheet
    /// picks one from the name otherwise.
    pub mono_letter: Option<char>,
    /// The region's areas in declaration order.
    pub areas: Vec<AreaId>,
}

impl Region {
    /// Which die fills the region, in words: `red die` when the region is
    /// named for its die, `gold die: Outback` when it is not. The sheet's
    /// dice key and the terminal's region list both say it so.
    pub fn die_text(&self) -> String {
        self.die_text_in(Lang::ENGLISH, &crate::lang::Names::default())
    }

    /// [`Region::die_text`] in `lang` (`dado rojo`): the die's colour in
    /// the catalogue's words when it has the region's id as a colour, and
    /// the region's name as the file gives it in `lang` (`names`), else
    /// its own.
    pub fn die_text_in(&self, lang: Lang, names: &crate::lang::Names) -> String {
        use crate::rolling::sheet::words;
        let colour = lang.colour(&self.id).unwrap_or(&self.id);
        if self.name.eq_ignore_ascii_case(&self.id) {
            lang.fill(words::DIE, &[("colour", &colour)])
        } else {
            let name = names.get(lang, "regions", &self.id).unwrap_or(&self.name);
            lang.fill(words::DIE_NAMED, &[("colour", &colour), ("region", &name)])
        }
    }
}

/// The wild die in words, for the same key, in `lang`: `clear die: any
/// region`.
pub fn wild_die_text(wild: &str, lang: Lang) -> String {
    let colour = lang.colour(wild).unwrap_or(wild);
    lang.fill(
        crate::rolling::sheet::words::WILD_DIE,
        &[("colour", &colour)],
    )
}

/// One space on the sheet that takes a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Short code (`PA`).
    pub id: String,
    /// Display name (`Pennsylvania`).
    pub name: String,
    /// The region it belongs to.
    pub region: RegionId,
    /// Immune areas ignore the neighbour rule (Alaska, Hawaii).
    pub immune: bool,
    /// Neighbours, sorted by index, without duplicates.
    pub neighbors: Vec<AreaId>,
    /// Where the map puts the area (`x`, `y`), for maps without a grid:
    /// the printed diagram is oriented to match.
    pub position: Option<Position>,
}

/// A point given in a map file: `x` grows to the right, `y` downwards, in
/// any unit. Always finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    /// Across.
    pub x: f32,
    /// Down.
    pub y: f32,
}

// Positions are finite (checked when the map is read), so equality is total.
impl Eq for Position {}

/// A neighbour pair that does not touch on paper (a strait or bridge),
/// drawn as a line between the two areas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// One end (the smaller index).
    pub a: AreaId,
    /// The other end.
    pub b: AreaId,
    /// Optional name (`Tsugaru Strait`).
    pub name: Option<String>,
}

/// A rectangular grid of square cells; each cell is sea or part of an area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of columns.
    pub columns: usize,
    /// Number of rows.
    pub rows: usize,
    /// Row-major cells; `None` is sea or water.
    pub cells: Vec<Option<AreaId>>,
    /// Row-major: which cells are water (a lake or sea drawn as water);
    /// the others without an area are blank paper.
    pub water: Vec<bool>,
}

impl Grid {
    /// The cell at a column and row.
    pub fn cell(&self, column: usize, row: usize) -> Option<AreaId> {
        self.cells[row * self.columns + column]
    }

    /// Whether the cell at a column and row is water.
    pub fn is_water(&self, column: usize, row: usize) -> bool {
        self.water[row * self.columns + column]
    }

    /// The `(column, row)` of every cell of an area, in row-major order.
    pub fn cells_of(&self, area: AreaId) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| **c == Some(area))
            .map(|(i, _)| (i % self.columns, i / self.columns))
    }
}

/// Where a map's geometry comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// No geometry: a printed sheet uses an automatic node-and-link layout.
    None,
    /// Areas are unions of square cells.
    Grid(Grid),
    /// Areas are real shapes from a GeoJSON file.
    Atlas(Atlas),
}

/// Real shapes drawn on the sheet (`[layout] kind = "atlas"`).
#[derive(Clone, Debug)]
pub struct Atlas {
    /// The GeoJSON file, as the map names it.
    pub file: String,
    /// Each area's shape, by area index, in page units with y down.
    pub shapes: Vec<crate::geom::geojson::Shape>,
    /// Which areas the sheet draws again, enlarged, in an inset.
    pub inset: InsetChoice,
}

/// Which areas of an atlas the sheet draws again at a larger scale, in a
/// free corner, with their writing boxes there (`[layout] inset`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum InsetChoice {
    /// The sheet chooses the most crowded cluster of callouts, if an inset
    /// spares enough of them (`inset` not written).
    #[default]
    Auto,
    /// No inset (`inset = []`).
    None,
    /// Insets of these areas, one for each list (`inset = ["RI", "CT"]`,
    /// or `inset = [["RI", "CT"], ["DE", "MD"]]` for two).
    Areas(Vec<Vec<AreaId>>),
}

impl PartialEq for Atlas {
    fn eq(&self, other: &Self) -> bool {
        let same_ring = |a: &Vec<[f64; 2]>, b: &Vec<[f64; 2]>| {
            a.len() == b.len()
                && a.iter().zip(b).all(|(p, q)| {
                    p[0].to_bits() == q[0].to_bits() && p[1].to_bits() == q[1].to_bits()
                })
        };
        self.file == other.file
            && self.inset == other.inset
            && self.shapes.len() == other.shapes.len()
            && self.shapes.iter().zip(&other.shapes).all(|(a, b)| {
                a.id == b.id
                    && a.outers == b.outers
                    && a.rings.len() == b.rings.len()
                    && a.rings.iter().zip(&b.rings).all(|(r, q)| same_ring(r, q))
            })
    }
}

impl Eq for Atlas {}

/// Descriptive fields of a map.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MapInfo {
    /// Identifier (`usa`), used for output file names.
    pub id: String,
    /// Title (`Rolling America`).
    pub name: String,
    /// One paragraph for people choosing a map.
    pub description: String,
    /// Who made it.
    pub author: Option<String>,
    /// Licence of the map file.
    pub licence: Option<String>,
    /// Version of the map file.
    pub version: Option<String>,
    /// The language its sheets print in unless `--lang` says otherwise.
    pub lang: Option<Lang>,
    /// Font files its sheets may draw with, before any other.
    pub fonts: Vec<std::path::PathBuf>,
    /// Its names in other languages (`[names.<lang>]`): the title, and
    /// `regions`, `areas` and `labels` by id.
    pub names: crate::lang::Names,
}

impl MapInfo {
    /// The map's credit, for its sheets.
    pub fn credit(&self) -> crate::print::Credit<'_> {
        crate::print::Credit {
            id: &self.id,
            name: &self.name,
            version: self.version.as_deref(),
            author: self.author.as_deref(),
            licence: self.licence.as_deref(),
        }
    }
}

/// A validated map: immutable after loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Descriptive fields.
    pub info: MapInfo,
    /// The rules preset with overrides applied.
    pub rules: Rules,
    /// Regions, indexed by `RegionId`.
    pub regions: Vec<Region>,
    /// Areas, indexed by [`AreaId`].
    pub areas: Vec<Area>,
    /// Neighbour pairs drawn as lines.
    pub links: Vec<Link>,
    /// Geometry.
    pub layout: Layout,
}

impl Map {
    /// The area with this index.
    #[inline]
    pub fn area(&self, id: AreaId) -> &Area {
        &self.areas[id.index()]
    }

    /// The region with this index.
    #[inline]
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }

    /// Looks an area up by its code.
    pub fn area_by_code(&self, code: &str) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|a| a.id == code)
            .map(|i| AreaId(i as u16))
    }

    /// Every area index.
    pub fn area_ids(&self) -> impl Iterator<Item = AreaId> + use<> {
        (0..self.areas.len() as u16).map(AreaId)
    }

    /// Every neighbour pair once, `a < b`, sorted.
    pub fn edges(&self) -> Vec<(AreaId, AreaId)> {
        let mut edges = Vec::new();
        for (i, area) in self.areas.iter().enumerate() {
            let a = AreaId(i as u16);
            edges.extend(area.neighbors.iter().filter(|&&b| a < b).map(|&b| (a, b)));
        }
        edges
    }
}
