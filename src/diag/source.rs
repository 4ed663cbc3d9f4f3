//! Source files and positions in them.

use std::ops::Range;
use std::path::{Path, PathBuf};

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceId(pub u32);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    /// The file.
    pub source: SourceId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Loc {
    /// A location covering `range` in `source`.
    pub fn new(source: SourceId, range: Range<usize>) -> Self {
        Self {
            source,
            start: range.start as u32,
            end: range.end.max(range.start) as u32,
        }
    }

    /// The byte range.
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A 1-based line and column (the column counts characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Position {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in characters.
    pub column: u32,
}

/// One loaded text file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as the user gave it (or as resolved from an `extends`).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    line_starts: Vec<u32>,
}

impl SourceFile {
    fn new(path: PathBuf, text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        Self {
            path,
            text,
            line_starts,
        }
    }

    /// The byte offset of a 1-based line and column (clamped to the text).
    pub fn offset(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let start = start as usize;
        self.text[start..]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| start + i)
    }

    /// The line and column of a byte offset (clamped to the text).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s as usize <= offset) - 1;
        let start = self.line_starts[line] as usize;
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let column = self.text[start..end].chars().count() + 1;
        Position {
            line: line as u32 + 1,
            column: column as u32,
        }
    }
}

/// Every file read while loading one input, addressed by [`SourceId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, path: impl Into<PathBuf>, text: String) -> SourceId {
        self.files.push(SourceFile::new(path.into(), text));
        SourceId(self.files.len() as u32 - 1)
    }

    /// The ids of the files, in the order they were read.
    pub fn ids(&self) -> impl Iterator<Item = SourceId> + use<> {
        (0..self.files.len() as u32).map(SourceId)
    }

    /// The file with this id.
    pub fn get(&self, id: SourceId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The id of an already loaded file with this path.
    pub fn find(&self, path: &Path) -> Option<SourceId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| SourceId(i as u32))
    }

    /// The position of the start of a location.
    pub fn position(&self, loc: Loc) -> Position {
        self.get(loc.source).position(loc.start as usize)
    }

    /// `path:line:column` of a location.
    pub fn describe(&self, loc: Loc) -> String {
        let p = self.position(loc);
        format!(
            "{}:{}:{}",
            self.get(loc.source).path.display(),
            p.line,
            p.column
        )
    }

    /// The text a location covers.
    pub fn snippet(&self, loc: Loc) -> &str {
        self.get(loc.source)
            .text
            .get(loc.range())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let mut map = SourceMap::new();
        let id = map.add("a.toml", "ab\nçd = 1\n".to_string());
        let file = map.get(id);
        assert_eq!(file.position(0), Position { line: 1, column: 1 });
        assert_eq!(file.position(3), Position { line: 2, column: 1 });
        // "ç" is two bytes: byte 5 is the 'd', the second character.
        assert_eq!(file.position(5), Position { line: 2, column: 2 });
        // Offsets past the end are clamped.
        assert_eq!(file.position(999).line, 3);
    }
}
