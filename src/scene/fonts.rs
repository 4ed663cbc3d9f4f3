//! The fonts a text is drawn with: the vendored DejaVu Sans first, then,
//! for what it lacks (Japanese, Chinese, Korean, Thai, Devanagari, ...), an
//! ordered list ([`FontConfig`]): the font files a map or board names,
//! then its print template, those in `--font-path` folders, then the
//! system's fonts (unless
//! `--no-system-fonts`). Each character is drawn with the first face in
//! that order that has it, a face of the text's weight before one of
//! another; among the system's fonts, the faces made for the sheet's
//! language come first (a Japanese face before a Chinese or Korean one for
//! `ja`: Han characters take Japanese forms). `docs/languages.md` gives
//! the order.
//!
//! Fonts are found without being read: a face's file is read (once per
//! process) only when a character asks for it, so a sheet that DejaVu Sans
//! draws whole reads no other font.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::font::{self, Weight};
use super::shape::{self, Glyph};
use crate::lang::Lang;

/// Where the fonts beyond the vendored one come from: what a file and the
/// command line name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FontConfig {
    /// Font files the map, board or template names, in order.
    pub files: Vec<PathBuf>,
    /// Folders of fonts (`--font-path`), in order.
    pub dirs: Vec<PathBuf>,
    /// Whether the system's fonts are looked at (not with
    /// `--no-system-fonts`).
    pub system: bool,
}

impl Default for FontConfig {
    fn default() -> Self {
        Self {
            files: Vec::new(),
            dirs: Vec::new(),
            system: true,
        }
    }
}

/// Where a face comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FontSource {
    /// Built into rollx (DejaVu Sans).
    Vendored,
    /// Named by the file or template.
    Named(PathBuf),
    /// In a `--font-path` folder.
    Folder(PathBuf),
    /// One of the system's fonts.
    System(PathBuf),
}

impl FontSource {
    /// The font file, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            FontSource::Vendored => None,
            FontSource::Named(p) | FontSource::Folder(p) | FontSource::System(p) => Some(p),
        }
    }
}

/// A face that may draw text: its names, and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FaceRef {
    /// Its family (`Noto Sans CJK JP`).
    pub family: String,
    /// Whether it is bold.
    pub bold: bool,
    /// Where it comes from.
    pub source: FontSource,
    /// Its index in a collection (`.ttc`).
    pub index: u32,
}

impl fmt::Display for FaceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let weight = if self.bold { " Bold" } else { "" };
        match self.source.path() {
            None => write!(f, "{}{weight} (built in)", self.family),
            Some(p) => write!(f, "{}{weight} ({})", self.family, p.display()),
        }
    }
}

/// A face read from its file: its bytes and the metrics text needs.
pub struct Loaded {
    bytes: Arc<Vec<u8>>,
    index: u32,
    units_per_em: f32,
}

impl Loaded {
    fn read(r: &FaceRef) -> Option<Loaded> {
        let bytes: Arc<Vec<u8>> = match r.source.path() {
            None => Arc::new(if r.bold { font::BOLD } else { font::REGULAR }.to_vec()),
            Some(p) => file_bytes(p)?,
        };
        let face = ttf_parser::Face::parse(&bytes, r.index).ok()?;
        let units_per_em = f32::from(face.units_per_em());
        Some(Loaded {
            bytes,
            index: r.index,
            units_per_em,
        })
    }

    /// The font file's bytes (a collection holds several faces).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The face's index in its file.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The parsed face.
    pub fn face(&self) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.bytes, self.index).expect("parsed when read")
    }

    /// Whether it draws `c`.
    fn has(&self, c: char) -> bool {
        self.face().glyph_index(c).is_some()
    }

    /// The advance of `c` in ems.
    fn advance(&self, c: char) -> f32 {
        let face = self.face();
        face.glyph_index(c)
            .and_then(|g| face.glyph_hor_advance(g))
            .map_or(0.6, |a| f32::from(a) / self.units_per_em)
    }
}

/// A font file's bytes, read once per process.
fn file_bytes(path: &Path) -> Option<Arc<Vec<u8>>> {
    type Files = Mutex<HashMap<PathBuf, Option<Arc<Vec<u8>>>>>;
    static FILES: OnceLock<Files> = OnceLock::new();
    let files = FILES.get_or_init(Default::default);
    if let Some(found) = files.lock().expect("not poisoned").get(path) {
        return found.clone();
    }
    let read = std::fs::read(path).ok().map(Arc::new);
    files
        .lock()
        .expect("not poisoned")
        .insert(path.to_path_buf(), read.clone());
    read
}

/// The faces of the font files in `paths`, in order (each file's faces by
/// index), as `source` makes their source.
fn faces_of(paths: &[PathBuf], source: impl Fn(PathBuf) -> FontSource) -> Vec<FaceRef> {
    let mut db = resvg::usvg::fontdb::Database::new();
    let mut out = Vec::new();
    for path in paths {
        let before = db.len();
        if db.load_font_file(path).is_err() {
            continue;
        }
        let mut faces: Vec<FaceRef> = db
            .faces()
            .skip(before)
            .map(|f| FaceRef {
                family: f
                    .families
                    .first()
                    .map_or_else(|| f.post_script_name.clone(), |(n, _)| n.clone()),
                bold: f.weight.0 >= 600,
                source: source(path.clone()),
                index: f.index,
            })
            .collect();
        faces.sort_by_key(|f| f.index);
        out.extend(faces);
    }
    out
}

/// The font files in a folder and the folders in it, sorted by path.
fn font_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            out.extend(font_files(&p));
        } else if p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            ["ttf", "otf", "ttc", "otc"].contains(&e.to_ascii_lowercase().as_str())
        }) {
            out.push(p);
        }
    }
    out
}

/// The system's fonts, found once per process, sorted by path and index.
fn system_faces() -> &'static [FaceRef] {
    static SYSTEM: OnceLock<Vec<FaceRef>> = OnceLock::new();
    SYSTEM.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_system_fonts();
        let mut faces: Vec<FaceRef> = db
            .faces()
            .filter_map(|f| {
                let path = match &f.source {
                    resvg::usvg::fontdb::Source::File(p)
                    | resvg::usvg::fontdb::Source::SharedFile(p, _) => p.clone(),
                    resvg::usvg::fontdb::Source::Binary(_) => return None,
                };
                Some(FaceRef {
                    family: f
                        .families
                        .first()
                        .map_or_else(|| f.post_script_name.clone(), |(n, _)| n.clone()),
                    bold: f.weight.0 >= 600,
                    source: FontSource::System(path),
                    index: f.index,
                })
            })
            .collect();
        faces.sort_by(|a, b| (a.source.path(), a.index).cmp(&(b.source.path(), b.index)));
        faces.dedup();
        faces
    })
}

/// How well a face suits `lang`: 0 a face made for it (a `JP` face for
/// Japanese), 1 any other, 2 a face made for another language of the
/// same script family (a Chinese or Korean face for Japanese).
fn suits(face: &FaceRef, lang: Lang) -> u8 {
    const REGIONS: [(&str, &[&str]); 3] = [
        ("ja", &["JP", "Japanese"]),
        ("ko", &["KR", "Korean"]),
        ("zh", &["SC", "TC", "HK", "Chinese"]),
    ];
    let marks = |tags: &[&str]| face.family.split([' ', '-']).any(|w| tags.contains(&w));
    match REGIONS.iter().find(|(code, _)| *code == lang.code()) {
        Some((_, tags)) if marks(tags) => 0,
        Some(_) if REGIONS.iter().any(|(_, tags)| marks(tags)) => 2,
        _ => 1,
    }
}

/// The faces texts are drawn with, in order, for one sheet: what
/// [`FontConfig`] names and a language asks for. Cheap to clone.
#[derive(Clone)]
pub struct Fonts(Arc<Book>);

struct Book {
    config: FontConfig,
    lang: Lang,
    /// The vendored faces, the named ones and the folders' ones.
    first: Vec<Slot>,
    /// The system's faces, found when a character asks for them.
    system: OnceLock<Vec<Slot>>,
    /// Which slot draws a character at a weight (`None`: none does).
    chosen: Mutex<HashMap<(char, bool), Option<usize>>>,
    /// Texts shaped so far, by face, text and direction.
    shaped: Mutex<HashMap<(usize, String, bool), Shaped>>,
}

/// A shaped text: its glyphs and advance in ems (`None`: the face could
/// not be read).
type Shaped = Option<(Vec<Glyph>, f32)>;

struct Slot {
    face: FaceRef,
    loaded: OnceLock<Option<Arc<Loaded>>>,
}

impl Slot {
    fn new(face: FaceRef) -> Slot {
        Slot {
            face,
            loaded: OnceLock::new(),
        }
    }

    fn loaded(&self) -> Option<&Arc<Loaded>> {
        self.loaded.get_or_init(|| loaded(&self.face)).as_ref()
    }
}

/// A face read once per process.
fn loaded(face: &FaceRef) -> Option<Arc<Loaded>> {
    type Cache = Mutex<HashMap<(Option<PathBuf>, u32, bool), Option<Arc<Loaded>>>>;
    static FACES: OnceLock<Cache> = OnceLock::new();
    let key = (
        face.source.path().map(Path::to_path_buf),
        face.index,
        face.bold && face.source == FontSource::Vendored,
    );
    let faces = FACES.get_or_init(Default::default);
    if let Some(found) = faces.lock().expect("not poisoned").get(&key) {
        return found.clone();
    }
    let read = Loaded::read(face).map(Arc::new);
    faces
        .lock()
        .expect("not poisoned")
        .insert(key, read.clone());
    read
}

impl fmt::Debug for Fonts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fonts({:?}, {})", self.0.config, self.0.lang)
    }
}

/// Two handles are equal when they draw with the same fonts.
impl PartialEq for Fonts {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.config == other.0.config && self.0.lang == other.0.lang)
    }
}

impl Default for Fonts {
    /// The vendored fonts, then the system's.
    fn default() -> Self {
        static DEFAULT: OnceLock<Fonts> = OnceLock::new();
        DEFAULT
            .get_or_init(|| Fonts::shared(&FontConfig::default(), Lang::ENGLISH))
            .clone()
    }
}

/// A run of a text drawn with one face.
#[derive(Clone, Debug, PartialEq)]
pub struct Run<'t> {
    /// The text.
    pub text: &'t str,
    /// The face: its index in [`Fonts::face`]; `None` when no face has
    /// the run's characters.
    pub face: Option<usize>,
    /// Its width at the size asked for.
    pub width: f32,
    /// Its glyphs, placed, when it is shaped (a text of a script whose
    /// letters join or run right to left, [`super::shape`]); `None` when
    /// it is drawn a glyph a character, left to right.
    pub glyphs: Option<Vec<Glyph>>,
}

impl Fonts {
    /// The fonts of `config` for a sheet in `lang`.
    pub fn new(config: &FontConfig, lang: Lang) -> Fonts {
        let mut first: Vec<Slot> = [false, true]
            .into_iter()
            .map(|bold| {
                Slot::new(FaceRef {
                    family: font::FAMILY.to_string(),
                    bold,
                    source: FontSource::Vendored,
                    index: 0,
                })
            })
            .collect();
        first.extend(
            faces_of(&config.files, FontSource::Named)
                .into_iter()
                .map(Slot::new),
        );
        let folder: Vec<PathBuf> = config.dirs.iter().flat_map(|d| font_files(d)).collect();
        first.extend(
            faces_of(&folder, FontSource::Folder)
                .into_iter()
                .map(Slot::new),
        );
        Fonts(Arc::new(Book {
            config: config.clone(),
            lang,
            first,
            system: OnceLock::new(),
            chosen: Mutex::default(),
            shaped: Mutex::default(),
        }))
    }

    /// The fonts of `config` for `lang`, made once per process.
    pub fn shared(config: &FontConfig, lang: Lang) -> Fonts {
        type Cache = Mutex<HashMap<(FontConfig, Lang), Fonts>>;
        static MADE: OnceLock<Cache> = OnceLock::new();
        let made = MADE.get_or_init(Default::default);
        let key = (config.clone(), lang);
        if let Some(f) = made.lock().expect("not poisoned").get(&key) {
            return f.clone();
        }
        let fonts = Fonts::new(config, lang);
        made.lock()
            .expect("not poisoned")
            .entry(key)
            .or_insert(fonts)
            .clone()
    }

    /// The language the faces are ordered for.
    pub fn lang(&self) -> Lang {
        self.0.lang
    }

    /// The system's faces, in order for the language.
    fn system(&self) -> &[Slot] {
        self.0.system.get_or_init(|| {
            if !self.0.config.system {
                return Vec::new();
            }
            let mut faces: Vec<&FaceRef> = system_faces().iter().collect();
            faces.sort_by_key(|f| suits(f, self.0.lang));
            faces.into_iter().cloned().map(Slot::new).collect()
        })
    }

    /// The slot of index `i` (the first ones, then the system's).
    fn slot(&self, i: usize) -> Option<&Slot> {
        let first = &self.0.first;
        if i < first.len() {
            first.get(i)
        } else {
            self.system().get(i - first.len())
        }
    }

    /// The face of index `i`, as [`Run::face`] names it.
    pub fn face(&self, i: usize) -> Option<&FaceRef> {
        self.slot(i).map(|s| &s.face)
    }

    /// The face of index `i`, read.
    pub fn loaded(&self, i: usize) -> Option<&Arc<Loaded>> {
        self.slot(i).and_then(Slot::loaded)
    }

    /// Which face draws `c` at `weight`: the first that has it of that
    /// weight, else the first of any weight.
    pub fn face_for(&self, c: char, weight: Weight) -> Option<usize> {
        let bold = weight == Weight::Bold;
        if let Some(found) = self.0.chosen.lock().expect("not poisoned").get(&(c, bold)) {
            return *found;
        }
        let search = |want: Option<bool>| -> Option<usize> {
            let firsts = self.0.first.len();
            let try_slot = |i: usize, s: &Slot| {
                (want.is_none_or(|b| s.face.bold == b) && s.loaded().is_some_and(|l| l.has(c)))
                    .then_some(i)
            };
            if let Some(i) = self
                .0
                .first
                .iter()
                .enumerate()
                .find_map(|(i, s)| try_slot(i, s))
            {
                return Some(i);
            }
            self.system()
                .iter()
                .enumerate()
                .find_map(|(i, s)| try_slot(firsts + i, s))
        };
        // Spaces and marks that draw nothing are drawn by the vendored face.
        let found = if c.is_whitespace() || c.is_control() {
            Some(usize::from(bold))
        } else {
            search(Some(bold)).or_else(|| search(None))
        };
        self.0
            .chosen
            .lock()
            .expect("not poisoned")
            .insert((c, bold), found);
        found
    }

    /// The characters of `text` no face draws.
    pub fn missing(&self, text: &str, weight: Weight) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for c in text.chars() {
            if self.face_for(c, weight).is_none() && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// `text` cut into runs each drawn by one face, in the order they are
    /// drawn left to right, with their widths at `size`. A text of a
    /// script whose letters join or run right to left is shaped
    /// ([`Run::glyphs`]).
    pub fn runs<'t>(&self, text: &'t str, size: f32, weight: Weight) -> Vec<Run<'t>> {
        if shape::needs_shaping(text) {
            return self.shaped_runs(text, size, weight);
        }
        let mut runs: Vec<Run<'t>> = Vec::new();
        let mut start = 0;
        let mut current: Option<Option<usize>> = None;
        let mut width = 0.0;
        for (i, c) in text.char_indices() {
            let face = self.face_for(c, weight);
            if current.is_some_and(|f| f != face) {
                runs.push(Run {
                    text: &text[start..i],
                    face: current.flatten(),
                    width,
                    glyphs: None,
                });
                start = i;
                width = 0.0;
            }
            current = Some(face);
            width += self.advance(face, c, weight) * size;
        }
        if let Some(face) = current {
            runs.push(Run {
                text: &text[start..],
                face,
                width,
                glyphs: None,
            });
        }
        runs
    }

    /// [`Fonts::runs`] for a text that is shaped: its pieces in visual
    /// order (bidirectional algorithm), each cut where the face changes
    /// (a character the face before it also has stays with it: a mark
    /// with its letter, a space between words) and shaped with its face.
    fn shaped_runs<'t>(&self, text: &'t str, size: f32, weight: Weight) -> Vec<Run<'t>> {
        let mut runs = Vec::new();
        for (piece, rtl) in shape::visual_pieces(text) {
            let mut parts: Vec<(usize, usize, Option<usize>)> = Vec::new();
            for (i, c) in text[piece.clone()].char_indices() {
                let at = piece.start + i;
                let keep = parts
                    .last()
                    .and_then(|p| p.2)
                    .is_some_and(|f| self.loaded(f).is_some_and(|l| l.has(c)) || c.is_whitespace());
                match parts.last_mut() {
                    Some(p) if keep || p.2 == self.face_for(c, weight) => p.1 = at + c.len_utf8(),
                    _ => parts.push((at, at + c.len_utf8(), self.face_for(c, weight))),
                }
            }
            if rtl {
                parts.reverse();
            }
            for (start, end, face) in parts {
                let part = &text[start..end];
                let shaped = face.and_then(|f| self.shaped(f, part, rtl));
                runs.push(match shaped {
                    Some((glyphs, em)) => Run {
                        text: part,
                        face,
                        width: em * size,
                        glyphs: Some(glyphs),
                    },
                    None => Run {
                        text: part,
                        face,
                        width: part
                            .chars()
                            .map(|c| self.advance(face, c, weight))
                            .sum::<f32>()
                            * size,
                        glyphs: None,
                    },
                });
            }
        }
        runs
    }

    /// `text` shaped with face `face`, once per handle.
    fn shaped(&self, face: usize, text: &str, rtl: bool) -> Shaped {
        let key = (face, text.to_string(), rtl);
        if let Some(found) = self.0.shaped.lock().expect("not poisoned").get(&key) {
            return found.clone();
        }
        let made = self
            .loaded(face)
            .and_then(|l| shape::shape(l.bytes(), l.index(), text, rtl, self.0.lang.code()));
        self.0
            .shaped
            .lock()
            .expect("not poisoned")
            .insert(key, made.clone());
        made
    }

    /// The advance of `c` in ems drawn with `face`.
    fn advance(&self, face: Option<usize>, c: char, weight: Weight) -> f32 {
        match face {
            // The vendored faces: the measured table.
            Some(i) if i < 2 => font::text_width(c.encode_utf8(&mut [0; 4]), 1.0, weight),
            Some(i) => self.loaded(i).map_or(0.6, |l| l.advance(c)),
            None => 0.6,
        }
    }

    /// The width of `text` at `size` points.
    pub fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        // The vendored faces draw most texts whole: measure them at once.
        if !shape::needs_shaping(text)
            && text
                .chars()
                .all(|c| self.face_for(c, weight).is_some_and(|f| f < 2))
        {
            return font::text_width(text, size, weight);
        }
        self.runs(text, size, weight).iter().map(|r| r.width).sum()
    }

    /// The outlines of `run` (drawn by face `face`) at `size` points, its
    /// baseline starting at `origin`: the glyphs as a path, for exporters
    /// that cannot count on the face being where the file is read (SVG).
    pub fn outline(&self, face: usize, run: &str, size: f32, origin: super::Point) -> super::Path {
        self.outlined(face, size, origin, |f, out| {
            for c in run.chars() {
                if let Some(g) = f.glyph_index(c) {
                    f.outline_glyph(g, out);
                    let advance = f.glyph_hor_advance(g).map_or(0.0, f32::from);
                    out.origin.x += advance * out.scale;
                }
            }
        })
    }

    /// The outlines of the shaped glyphs `glyphs` of face `face` at `size`
    /// points, the run's baseline starting at `origin`.
    pub fn outline_glyphs(
        &self,
        face: usize,
        glyphs: &[Glyph],
        size: f32,
        origin: super::Point,
    ) -> super::Path {
        self.outlined(face, size, origin, |f, out| {
            for g in glyphs {
                out.origin = super::Point::new(origin.x + g.x * size, origin.y - g.y * size);
                f.outline_glyph(ttf_parser::GlyphId(g.id), out);
            }
        })
    }

    /// The path `draw` outlines with face `face` at `size` points from
    /// `origin` (empty when the face cannot be read).
    fn outlined(
        &self,
        face: usize,
        size: f32,
        origin: super::Point,
        draw: impl FnOnce(&ttf_parser::Face<'_>, &mut Outline),
    ) -> super::Path {
        let mut out = Outline {
            path: super::Path::new(),
            scale: 0.0,
            origin,
            last: origin,
        };
        if let Some(loaded) = self.loaded(face) {
            out.scale = size / loaded.units_per_em;
            draw(&loaded.face(), &mut out);
        }
        out.path
    }

    /// Every face looked at so far for a character, in order: the
    /// vendored ones, those named and in folders, and the system's when
    /// any was needed.
    pub fn tried(&self) -> Vec<&FaceRef> {
        let mut out: Vec<&FaceRef> = self.0.first.iter().map(|s| &s.face).collect();
        if let Some(system) = self.0.system.get() {
            out.extend(system.iter().map(|s| &s.face));
        }
        out
    }

    /// The faces beyond the vendored ones that drew something so far, each
    /// with the scripts of what it drew (`Han`, `Katakana`), in the order
    /// of the faces.
    pub fn served(&self) -> Vec<(FaceRef, Vec<&'static str>)> {
        use unicode_script::UnicodeScript;
        let chosen = self.0.chosen.lock().expect("not poisoned");
        let mut by_face: std::collections::BTreeMap<usize, Vec<&'static str>> = Default::default();
        for (&(c, _), face) in chosen.iter() {
            if let Some(i) = face.filter(|&i| i >= 2) {
                let script = c.script().full_name();
                let scripts = by_face.entry(i).or_default();
                if !scripts.contains(&script) {
                    scripts.push(script);
                }
            }
        }
        by_face
            .into_iter()
            .filter_map(|(i, mut scripts)| {
                scripts.sort_unstable();
                self.face(i).map(|f| (f.clone(), scripts))
            })
            .collect()
    }

    /// Where the faces are looked for, in order, in words: the same on
    /// every machine (`the built-in DejaVu Sans, fonts/a.otf, the fonts in
    /// fonts/ and the system's fonts`).
    pub fn sources(&self) -> String {
        let c = &self.0.config;
        let mut parts = vec!["the built-in DejaVu Sans".to_string()];
        parts.extend(c.files.iter().map(|f| f.display().to_string()));
        parts.extend(
            c.dirs
                .iter()
                .map(|d| format!("the fonts in {}", d.display())),
        );
        parts.push(if c.system {
            "the system's fonts".to_string()
        } else {
            "not the system's fonts (--no-system-fonts)".to_string()
        });
        crate::text::and_list(&parts)
    }
}

/// Glyph outlines collected into a scene path (font units scaled, y
/// flipped to point down).
struct Outline {
    path: super::Path,
    scale: f32,
    origin: super::Point,
    last: super::Point,
}

impl Outline {
    fn at(&self, x: f32, y: f32) -> super::Point {
        super::Point::new(
            self.origin.x + x * self.scale,
            self.origin.y - y * self.scale,
        )
    }
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.last = self.at(x, y);
        self.path.segs.push(super::Seg::MoveTo(self.last));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.last = self.at(x, y);
        self.path.segs.push(super::Seg::LineTo(self.last));
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        // A quadratic curve as the cubic that draws it.
        let (p0, c, p) = (self.last, self.at(x1, y1), self.at(x, y));
        let third = |a: f32, b: f32| a + (b - a) * 2.0 / 3.0;
        let c1 = super::Point::new(third(p0.x, c.x), third(p0.y, c.y));
        let c2 = super::Point::new(third(p.x, c.x), third(p.y, c.y));
        self.path.segs.push(super::Seg::CubicTo(c1, c2, p));
        self.last = p;
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (c1, c2, p) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
        self.path.segs.push(super::Seg::CubicTo(c1, c2, p));
        self.last = p;
    }

    fn close(&mut self) {
        self.path.segs.push(super::Seg::Close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vendored_only() -> Fonts {
        Fonts::new(
            &FontConfig {
                system: false,
                ..FontConfig::default()
            },
            Lang::ENGLISH,
        )
    }

    #[test]
    fn the_vendored_faces_draw_latin_and_measure_as_before() {
        let f = vendored_only();
        assert_eq!(f.face_for('A', Weight::Regular), Some(0));
        assert_eq!(f.face_for('A', Weight::Bold), Some(1));
        let w = f.width("Número de X", 10.0, Weight::Bold);
        assert!((w - font::text_width("Número de X", 10.0, Weight::Bold)).abs() < 1e-4);
        assert!(f.missing("Ronda", Weight::Regular).is_empty());
    }

    #[test]
    fn a_character_no_face_has_is_missing_and_has_its_own_run() {
        let f = vendored_only();
        assert_eq!(f.missing("Tokyo 東京", Weight::Regular), vec!['東', '京']);
        let runs = f.runs("Tokyo 東京", 10.0, Weight::Regular);
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].text, "Tokyo ");
        assert_eq!((runs[1].text, runs[1].face), ("東京", None));
    }

    #[test]
    fn a_right_to_left_text_is_shaped_in_visual_order() {
        let f = vendored_only();
        let text = "ديسيا Round 2 שלום";
        let runs = f.runs(text, 10.0, Weight::Regular);
        // An Arabic paragraph: the Hebrew word is leftmost, the Arabic
        // one rightmost, the Latin words between them as written.
        let order: Vec<&str> = runs.iter().map(|r| r.text.trim()).collect();
        assert_eq!(order.first(), Some(&"שלום"), "{order:?}");
        assert_eq!(order.last(), Some(&"ديسيا"), "{order:?}");
        assert!(order.contains(&"Round 2"), "{order:?}");
        assert!(runs.iter().all(|r| r.glyphs.is_some() && r.face == Some(0)));
        let total: f32 = runs.iter().map(|r| r.width).sum();
        assert!((f.width(text, 10.0, Weight::Regular) - total).abs() < 1e-4);
        // The Hebrew word is drawn right to left: its first letter last.
        let hebrew = &runs[0];
        let glyphs = hebrew.glyphs.as_ref().unwrap();
        let first = glyphs
            .iter()
            .find(|g| g.text.as_deref() == Some("ש"))
            .unwrap();
        let letters = glyphs.iter().filter(|g| g.text.as_deref() != Some(" "));
        assert!(letters.clone().count() >= 4);
        assert!(letters.into_iter().all(|g| g.x <= first.x), "{glyphs:?}");
    }

    #[test]
    fn texts_of_other_scripts_are_not_shaped() {
        let f = vendored_only();
        let runs = f.runs("Cambio de Color", 10.0, Weight::Bold);
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].glyphs, None);
    }

    #[test]
    fn faces_for_the_language_come_first() {
        let face = |family: &str| FaceRef {
            family: family.into(),
            bold: false,
            source: FontSource::System("x".into()),
            index: 0,
        };
        let ja = Lang::parse("ja").unwrap();
        assert_eq!(suits(&face("Noto Sans CJK JP"), ja), 0);
        assert_eq!(suits(&face("Noto Sans CJK SC"), ja), 2);
        assert_eq!(suits(&face("Droid Sans Fallback"), ja), 1);
        assert_eq!(suits(&face("Noto Sans CJK JP"), Lang::ENGLISH), 1);
    }
}
