//! Where commands write their files.
//!
//! Every output is checked before the work that produces it ([`Output::check`],
//! [`OutputDir::check`]), so that a long simulation or training run never
//! ends with "cannot write". Files are then written whole or not at all
//! ([`write_all`]):
//!
//! - a regular file (or a new one) is written to a temporary file beside it
//!   and renamed over it, keeping the old file's permissions; several files
//!   of one command are all staged first and renamed only when every one of
//!   them was written;
//! - a symbolic link is followed: its target is written, the link stays;
//! - anything else (a device such as `/dev/null`, a named pipe) is written
//!   through, since renaming over it would replace it with a plain file;
//! - `-` is standard output, where a command allows it.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// An output path, checked.
#[derive(Clone, Debug)]
pub struct Output {
    /// The path as the user gave it, for messages.
    given: PathBuf,
    dest: Dest,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Dest {
    /// Standard output.
    Stdout,
    /// A regular file, existing or not, at this path (symbolic links resolved).
    Regular(PathBuf),
    /// A device, a named pipe or a socket: written through.
    Special(PathBuf),
}

/// Why an output cannot be written.
#[derive(Debug)]
pub struct OutputError {
    /// The path as given.
    pub path: PathBuf,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.message)
    }
}

impl From<OutputError> for rollx::diag::Failure {
    /// An output that cannot be written is an I/O error.
    fn from(e: OutputError) -> Self {
        rollx::diag::Failure::usage(e.to_string())
    }
}

impl OutputError {
    fn new(path: &Path, message: impl Into<String>) -> Self {
        Self {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }

    fn io(path: &Path, e: &io::Error) -> Self {
        Self::new(path, describe(e))
    }
}

/// An I/O error in words, without Rust's "(os error N)" suffix.
fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Whether an error says that a path does not exist (or runs through a
/// file, which the folder check then reports).
fn missing(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// Most symbolic links followed in a chain (as Linux allows).
const MAX_LINKS: usize = 40;

/// Follows `path` through symbolic links to what it names, which may not
/// exist yet (a dangling link names the file it will create).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The folder a file at `path` lives in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Makes sure files can be created in `dir`: it must be a folder that
/// accepts new files, or, when `create` allows it (rollx's own default
/// folders), its nearest existing ancestor must. A folder the user named
/// that does not exist is refused, naming it, as other tools do: a typo
/// never grows a tree of folders. Nothing is created (but a probe file,
/// removed at once), so a command that fails later leaves no empty
/// folders behind.
fn writable_folder(dir: &Path, given: &Path, create: bool) -> Result<(), OutputError> {
    let mut existing = dir;
    loop {
        match fs::metadata(existing) {
            Ok(m) if m.is_dir() => break,
            Ok(_) => {
                return Err(OutputError::new(
                    given,
                    format!("{} is not a folder", existing.display()),
                ));
            }
            Err(e) if missing(&e) && !create => {
                return Err(OutputError::new(
                    given,
                    format!(
                        "the folder {} does not exist: create it first (mkdir -p {}), or write \
elsewhere",
                        existing.display(),
                        existing.display()
                    ),
                ));
            }
            Err(e) if missing(&e) => {
                existing = match existing.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p,
                    _ => Path::new("."),
                };
            }
            Err(e) => {
                return Err(OutputError::new(
                    given,
                    format!(
                        "cannot use the folder {}: {}",
                        existing.display(),
                        describe(&e)
                    ),
                ));
            }
        }
    }
    // Probe: create and remove a file, as the real write will.
    let probe = temp_path(existing, "probe");
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(OutputError::new(
            given,
            format!(
                "cannot create files in {}: {}",
                existing.display(),
                describe(&e)
            ),
        )),
    }
}

/// Creates `dir` and its missing parents.
fn create_folder(dir: &Path, given: &Path) -> Result<(), OutputError> {
    fs::create_dir_all(dir).map_err(|e| {
        OutputError::new(
            given,
            format!(
                "cannot create the folder {}: {}",
                dir.display(),
                describe(&e)
            ),
        )
    })
}

/// A temporary file's path in `dir`, unique within this process.
fn temp_path(dir: &Path, name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

impl Output {
    /// Checks `path` as a place to write one file, before the work: `-`
    /// means standard output when `stdout_ok` (refused otherwise); a
    /// symbolic link is followed; a folder, or a place where no file can be
    /// created, is refused, and so is a file in a folder that does not
    /// exist.
    pub fn check(path: &Path, stdout_ok: bool) -> Result<Output, OutputError> {
        Self::checked(path, stdout_ok, false)
    }

    /// [`Output::check`] for a path rollx chose itself (`output/usa.pdf`):
    /// its missing folders are created when the file is written.
    pub fn check_default(path: &Path) -> Result<Output, OutputError> {
        Self::checked(path, false, true)
    }

    fn checked(path: &Path, stdout_ok: bool, create: bool) -> Result<Output, OutputError> {
        let given = path.to_path_buf();
        if path.as_os_str() == "-" {
            return if stdout_ok {
                Ok(Output {
                    given,
                    dest: Dest::Stdout,
                })
            } else {
                Err(OutputError::new(
                    path,
                    "this file cannot go to standard output: give a file name",
                ))
            };
        }
        let real = resolve_links(path).map_err(|e| OutputError::io(path, &e))?;
        let dest = match fs::metadata(&real) {
            Ok(m) if m.is_dir() => {
                return Err(OutputError::new(
                    path,
                    "it is a folder: give a file name inside it",
                ));
            }
            Ok(m) if m.is_file() => Dest::Regular(real),
            Ok(_) => Dest::Special(real),
            Err(e) if missing(&e) => Dest::Regular(real),
            Err(e) => return Err(OutputError::io(path, &e)),
        };
        if let Dest::Regular(real) = &dest {
            writable_folder(folder_of(real), path, create)?;
        }
        Ok(Output { given, dest })
    }

    /// [`Output::check`] for an optional command-line path: a usage error
    /// when the path cannot be written.
    pub fn check_arg(
        path: Option<&Path>,
        stdout_ok: bool,
    ) -> Result<Option<Output>, rollx::diag::Failure> {
        path.map(|p| Output::check(p, stdout_ok))
            .transpose()
            .map_err(Into::into)
    }

    /// Whether this output is standard output.
    pub fn is_stdout(&self) -> bool {
        self.dest == Dest::Stdout
    }

    /// The path as the user gave it.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// Whether two outputs would write the same file.
    fn same_as(&self, other: &Output) -> bool {
        match (&self.dest, &other.dest) {
            (Dest::Stdout, Dest::Stdout) => true,
            (Dest::Regular(a), Dest::Regular(b)) | (Dest::Special(a), Dest::Special(b)) => {
                same_file(a, b)
            }
            _ => false,
        }
    }
}

/// Whether two paths name the same file (by their canonical folders and names).
fn same_file(a: &Path, b: &Path) -> bool {
    let canon = |p: &Path| {
        let dir = fs::canonicalize(folder_of(p)).unwrap_or_else(|_| folder_of(p).to_path_buf());
        dir.join(p.file_name().unwrap_or_default())
    };
    canon(a) == canon(b)
}

/// Refuses two outputs of one command that name the same file.
pub fn distinct(outputs: &[&Output]) -> Result<(), OutputError> {
    for (i, a) in outputs.iter().enumerate() {
        if let Some(b) = outputs[..i].iter().find(|b| b.same_as(a)) {
            let message = if a.is_stdout() {
                "only one output can go to standard output".to_string()
            } else {
                format!("{} is also written by another option", b.path().display())
            };
            return Err(OutputError::new(a.path(), message));
        }
    }
    Ok(())
}

/// Writes one file whole (see [`write_all`]).
pub fn write(output: &Output, bytes: &[u8]) -> Result<(), OutputError> {
    write_all(&[(output, bytes)])
}

/// Writes several files, all or nothing as far as the system allows: every
/// regular file is first written to a temporary file beside it; standard
/// output and special files are written next; only then are the temporary
/// files renamed into place. A failure removes the temporary files, so no
/// regular file is left half-written or written alone.
pub fn write_all(files: &[(&Output, &[u8])]) -> Result<(), OutputError> {
    let mut staged: Vec<(PathBuf, &Path, &Path)> = Vec::new();
    let cleanup = |staged: &[(PathBuf, &Path, &Path)]| {
        for (tmp, _, _) in staged {
            let _ = fs::remove_file(tmp);
        }
    };
    for (output, bytes) in files {
        if let Dest::Regular(real) = &output.dest {
            if let Err(e) = create_folder(folder_of(real), output.path()) {
                cleanup(&staged);
                return Err(e);
            }
            let tmp = temp_path(folder_of(real), "rollx");
            staged.push((tmp.clone(), real, output.path()));
            if let Err(e) = stage(&tmp, real, bytes) {
                cleanup(&staged);
                return Err(OutputError::io(output.path(), &e));
            }
        }
    }
    for (output, bytes) in files {
        let result = match &output.dest {
            Dest::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(bytes).and_then(|()| out.flush())
            }
            Dest::Special(real) => OpenOptions::new()
                .write(true)
                .open(real)
                .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush())),
            Dest::Regular(_) => Ok(()),
        };
        if let Err(e) = result {
            cleanup(&staged);
            return Err(OutputError::io(output.path(), &e));
        }
    }
    for (i, (tmp, real, given)) in staged.iter().enumerate() {
        if let Err(e) = fs::rename(tmp, real) {
            cleanup(&staged[i..]);
            return Err(OutputError::io(given, &e));
        }
    }
    Ok(())
}

/// Writes `bytes` to the temporary file `tmp`, with the permissions of the
/// file it will replace (if any), and syncs it to disk.
fn stage(tmp: &Path, real: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(tmp)?;
    f.write_all(bytes)?;
    if let Ok(m) = fs::metadata(real) {
        f.set_permissions(m.permissions())?;
    }
    f.sync_all()?;
    drop::<File>(f);
    Ok(())
}

/// A folder that a command fills with files, checked before the work.
#[derive(Clone, Debug)]
pub struct OutputDir {
    path: PathBuf,
}

impl OutputDir {
    /// Checks `path` as a folder to write files into: refused when it is
    /// a file, when no file can be created in it, or when it is missing
    /// and so is the folder it would be made in. A missing folder whose
    /// parent exists is created by [`OutputDir::create`].
    pub fn check(path: &Path) -> Result<OutputDir, OutputError> {
        let real = resolve_links(path).map_err(|e| OutputError::io(path, &e))?;
        if fs::metadata(&real).is_err_and(|e| missing(&e)) {
            writable_folder(folder_of(&real), path, false)?;
        } else {
            writable_folder(&real, path, false)?;
        }
        Ok(OutputDir {
            path: path.to_path_buf(),
        })
    }

    /// Creates the folder (and its parents) when missing, before its files
    /// are written.
    pub fn create(&self) -> Result<(), OutputError> {
        create_folder(&self.path, &self.path)
    }

    /// The folder as the user gave it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file `name` in the folder, as an output (checked by the folder's check).
    pub fn file(&self, name: &str) -> Output {
        let given = self.path.join(name);
        Output {
            dest: Dest::Regular(resolve_links(&given).unwrap_or_else(|_| given.clone())),
            given,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(p: &Path) -> String {
        fs::read_to_string(p).unwrap()
    }

    #[test]
    fn a_regular_file_is_replaced_whole_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        fs::write(&path, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        }
        let out = Output::check(&path, false).unwrap();
        write(&out, b"new").unwrap();
        assert_eq!(read(&path), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_followed_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        write(&Output::check(&link, false).unwrap(), b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(read(&target), "new");
        // A dangling link creates its target.
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink("made.txt", &dangling).unwrap();
        write(&Output::check(&dangling, false).unwrap(), b"made").unwrap();
        assert_eq!(read(&dir.path().join("made.txt")), "made");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_through_not_replaced() {
        let out = Output::check(Path::new("/dev/null"), false).unwrap();
        write(&out, b"nothing").unwrap();
        let m = fs::metadata("/dev/null").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(m.file_type().is_char_device());
        // A full device reports the failure instead of success.
        if Path::new("/dev/full").exists() {
            let full = Output::check(Path::new("/dev/full"), false).unwrap();
            let e = write(&full, b"x").unwrap_err();
            assert!(e.to_string().contains("/dev/full"), "{e}");
            assert!(
                fs::metadata("/dev/full")
                    .unwrap()
                    .file_type()
                    .is_char_device()
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write(&Output::check(&fifo, false).unwrap(), b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn paths_that_cannot_be_written_are_refused_before_the_work() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        fs::write(&file, "").unwrap();
        let e = Output::check(&file.join("x.pdf"), false).unwrap_err();
        assert!(e.message.contains("not a folder"), "{e}");
        let e = Output::check(dir.path(), false).unwrap_err();
        assert!(e.message.contains("folder"), "{e}");
        let e = Output::check(Path::new("-"), false).unwrap_err();
        assert!(e.message.contains("standard output"), "{e}");
        assert!(Output::check(Path::new("-"), true).unwrap().is_stdout());
        assert!(OutputDir::check(&file).is_err());
        // A folder the user names must exist: the error names it.
        let deep = dir.path().join("a/b/c.txt");
        let e = Output::check(&deep, false).unwrap_err();
        assert!(
            e.message.contains(&format!(
                "{} does not exist",
                dir.path().join("a/b").display()
            )),
            "{e}"
        );
        assert!(!dir.path().join("a").exists());
        // So must the folder a new output folder is made in.
        let e = OutputDir::check(&dir.path().join("a/b")).unwrap_err();
        assert!(e.message.contains("does not exist"), "{e}");
        let logs = OutputDir::check(&dir.path().join("logs")).unwrap();
        assert!(!dir.path().join("logs").exists());
        logs.create().unwrap();
        assert!(dir.path().join("logs").is_dir());
        // rollx's own default folders are made by the write only.
        let out = Output::check_default(&deep).unwrap();
        assert!(!dir.path().join("a").exists());
        write(&out, b"deep").unwrap();
        assert_eq!(read(&deep), "deep");
    }

    #[test]
    fn several_files_are_written_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let good = Output::check(&dir.path().join("good.txt"), false).unwrap();
        let sub = dir.path().join("sub");
        fs::create_dir(&sub).unwrap();
        let bad = Output::check(&sub.join("bad.txt"), false).unwrap();
        // The folder disappears after the check (and a file takes its place).
        fs::remove_dir(&sub).unwrap();
        fs::write(&sub, "").unwrap();
        assert!(write_all(&[(&good, b"a"), (&bad, b"b")]).is_err());
        assert!(!dir.path().join("good.txt").exists());
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the file standing in for the folder");
    }

    #[test]
    fn two_outputs_naming_one_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = Output::check(&dir.path().join("x.pdf"), false).unwrap();
        let b = Output::check(&dir.path().join("./x.pdf"), false).unwrap();
        assert!(distinct(&[&a, &b]).is_err());
        let c = Output::check(&dir.path().join("y.pdf"), false).unwrap();
        assert!(distinct(&[&a, &c]).is_ok());
        let s = Output::check(Path::new("-"), true).unwrap();
        assert!(distinct(&[&s, &s.clone()]).is_err());
    }
}
