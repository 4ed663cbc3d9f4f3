//! Where source files come from.

use std::io;
use std::path::{Component, Path, PathBuf};

/// Reads files for the loaders; tests substitute an in-memory one.
pub trait Files {
    /// The bytes of a file.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskFiles;

impl Files for DiskFiles {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }
}

/// Removes `.` and folds `dir/..` without touching the file system.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

/// `name` as written in the file `from`: relative to `from`'s folder.
pub(crate) fn relative_to(from: &Path, name: &str) -> PathBuf {
    let path = Path::new(name);
    match from.parent() {
        Some(dir) if path.is_relative() => normalize(&dir.join(path)),
        _ => path.to_path_buf(),
    }
}

/// The path that leads from the folder `dir` to `to`, as a map file in
/// `dir` would name `to` (the inverse of [`relative_to`]). Both are made
/// absolute first; `to` as given when they share no root.
pub(crate) fn path_from(dir: &Path, to: &Path) -> PathBuf {
    let (Ok(d), Ok(t)) = (std::path::absolute(dir), std::path::absolute(to)) else {
        return to.to_path_buf();
    };
    let (d, t) = (normalize(&d), normalize(&t));
    let (d, t): (Vec<_>, Vec<_>) = (d.components().collect(), t.components().collect());
    let common = d.iter().zip(&t).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return to.to_path_buf();
    }
    let mut out: PathBuf = std::iter::repeat_n(Component::ParentDir, d.len() - common).collect();
    out.extend(&t[common..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_parent_directories() {
        assert_eq!(
            normalize(Path::new("maps/examples/../usa.toml")),
            Path::new("maps/usa.toml")
        );
        assert_eq!(normalize(Path::new("./a/./b.toml")), Path::new("a/b.toml"));
        assert_eq!(normalize(Path::new("../x.toml")), Path::new("../x.toml"));
        assert_eq!(
            relative_to(Path::new("maps/fan/v.toml"), "../usa.toml"),
            Path::new("maps/usa.toml")
        );
        // The inverse: from a map's folder to a file it names.
        let from = path_from(Path::new("out/maps"), Path::new("data/us.geojson"));
        assert_eq!(from, Path::new("../../data/us.geojson"));
        assert_eq!(
            normalize(&relative_to(
                Path::new("out/maps/m.toml"),
                from.to_str().unwrap()
            )),
            Path::new("data/us.geojson")
        );
    }
}
