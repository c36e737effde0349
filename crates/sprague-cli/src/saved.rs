//! Saved Grundy sequences on disk (`table --output`, `--resume`): reading a file back with
//! what it held said on standard error, atomic writes (a temporary file in the same folder,
//! renamed into place), checkpoints during a long table and a clean stop on Ctrl-C. The
//! format itself is `sprague_games::octal::file` (docs/saved-sequences.md).

use crate::signals::GRACEFUL;
use anyhow::{bail, Context, Result};
use sprague_games::octal::file::{self, Encoder};
use sprague_games::octal::Values;
use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Reads a saved sequence of `spec` to resume from, and says on standard error what it
/// holds: the game and the count, and for a truncated file how many values were recovered.
pub fn read(path: &Path, spec: &str) -> Result<Values> {
    let name = path.display();
    let saved = decode_file(path)
        .and_then(|saved| Ok(saved.of_game(spec)?))
        .with_context(|| format!("reading `{name}`"))?;
    if saved.values.is_empty() {
        bail!(
            "reading `{name}`: the file is cut short before its first complete block: nothing to resume from (its header declares {} values of `{}`)",
            saved.count,
            saved.spec
        );
    }
    let n = saved.values.len();
    if saved.is_truncated() {
        eprintln!(
            "`{name}` is truncated: its header declares {} values; recovered the first {n} (g(0..={}))",
            saved.count,
            n - 1
        );
    }
    let unchecked = if saved.checked {
        ""
    } else {
        " (format version 1: no checksums)"
    };
    eprintln!(
        "resuming {} from `{name}`: {n} values (g(0..={})){unchecked}",
        saved.spec,
        n - 1
    );
    Ok(saved.values)
}

/// Decodes the file at `path` a piece at a time, so that it is never held whole beside
/// its values.
fn decode_file(path: &Path) -> Result<file::Saved> {
    let mut f = std::fs::File::open(path)?;
    let len = f.metadata()?.len();
    let mut decoder = file::Decoder::expecting(usize::try_from(len).unwrap_or(usize::MAX));
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        decoder.feed(&buf[..n])?;
    }
    Ok(decoder.finish()?)
}

/// Writes `values` to `path` atomically: into a temporary file in the same folder, flushed
/// to disk, then renamed over `path`, so that `path` always holds a whole sequence (the
/// old one or the new one), whenever the program is stopped.
pub fn write(path: &Path, encoder: &mut Encoder, values: &Values) -> Result<()> {
    let tmp = temp_path(path)?;
    let result = write_to(&tmp, encoder, values).and_then(|()| {
        std::fs::rename(&tmp, path)
            .with_context(|| format!("renaming `{}` to `{}`", tmp.display(), path.display()))
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    } else {
        sync_folder(path);
    }
    result.with_context(|| format!("writing `{}`", path.display()))
}

/// Writes `bytes` to `path` atomically, as [`write`] does (a picture of `sprague plot`).
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = temp_path(path)?;
    let result = (|| -> Result<()> {
        let mut f =
            std::fs::File::create(&tmp).with_context(|| format!("creating `{}`", tmp.display()))?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("renaming `{}` to `{}`", tmp.display(), path.display()))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    } else {
        sync_folder(path);
    }
    result.with_context(|| format!("writing `{}`", path.display()))
}

/// `.NAME.PID.tmp` beside `path` (the same file system, so the rename is atomic).
fn temp_path(path: &Path) -> Result<PathBuf> {
    let name = path
        .file_name()
        .with_context(|| format!("`{}` does not name a file", path.display()))?;
    let mut tmp = std::ffi::OsString::from(".");
    tmp.push(name);
    tmp.push(format!(".{}.tmp", std::process::id()));
    Ok(path.with_file_name(tmp))
}

fn write_to(tmp: &Path, encoder: &mut Encoder, values: &Values) -> Result<()> {
    let f = std::fs::File::create(tmp).with_context(|| format!("creating `{}`", tmp.display()))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
    w.write_all(encoder.header(values).as_bytes())?;
    let mut buf = Vec::new();
    for k in 0..encoder.blocks(values) {
        buf.clear();
        encoder.push_block(values, k, &mut buf);
        w.write_all(&buf)?;
    }
    let f = w.into_inner().map_err(|e| e.into_error())?;
    // On disk before the rename: a crash then leaves the old file or the whole new one.
    f.sync_all()?;
    Ok(())
}

/// Makes the rename itself durable where the system allows (best effort).
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// When a long table saves itself.
pub enum Every {
    /// After this many more heaps (`--checkpoint-every`).
    Heaps(u64),
    /// After this much time, and at least ten times as long as the last save took (so that
    /// saving a huge file costs at most about a tenth of the run).
    Time(Duration),
}

/// How often a table without `--checkpoint-every` saves itself.
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(30);

/// The checkpoints of one `table --output` run: saves the values as they grow, stops the
/// table on Ctrl-C (after saving), and keeps the first write error to report.
pub struct Checkpoints {
    path: PathBuf,
    encoder: Encoder,
    every: Every,
    last: Instant,
    last_took: Duration,
    stop: Arc<AtomicBool>,
    /// Why the table stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// Why [`Checkpoints`] stopped a table.
pub enum Stop {
    /// Ctrl-C: the values so far are saved, `.0` of them.
    Interrupted(usize),
    /// A save failed.
    Failed(anyhow::Error),
}

impl Checkpoints {
    /// Checkpoints into `path` for `spec`. `stop` is the flag Ctrl-C sets (the handler is
    /// the program's one handler, told by [`GRACEFUL`] to leave the stopping to us):
    /// the first Ctrl-C stops the table at its next step (which saves), a second ends the
    /// program at once.
    pub fn new(
        path: &Path,
        spec: &str,
        every: Every,
        stop: Arc<AtomicBool>,
    ) -> Result<Checkpoints> {
        GRACEFUL.store(true, Ordering::SeqCst);
        Ok(Checkpoints {
            path: path.to_path_buf(),
            encoder: Encoder::new(spec)?,
            every,
            last: Instant::now(),
            last_took: Duration::ZERO,
            stop,
            stopped: None,
        })
    }

    /// Heaps between the library's calls to [`Checkpoints::save`].
    pub fn step(&self) -> u64 {
        match self.every {
            Every::Heaps(n) => n.max(1),
            // Often enough to answer Ctrl-C within moments, and on the computation's own
            // chore boundaries.
            Every::Time(_) => 1 << 16,
        }
    }

    /// The library's checkpoint: saves when due or on Ctrl-C; `Break` stops the table.
    pub fn save(&mut self, values: &Values) -> ControlFlow<()> {
        let interrupted = self.stop.load(Ordering::SeqCst);
        let due = match self.every {
            Every::Heaps(_) => true,
            Every::Time(t) => self.last.elapsed() >= t.max(self.last_took * 10),
        };
        if !(due || interrupted) {
            return ControlFlow::Continue(());
        }
        let start = Instant::now();
        if let Err(e) = write(&self.path, &mut self.encoder, values) {
            self.stopped = Some(Stop::Failed(e));
            return ControlFlow::Break(());
        }
        self.last = Instant::now();
        self.last_took = self.last - start;
        if interrupted {
            self.stopped = Some(Stop::Interrupted(values.len()));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Writes the finished table.
    pub fn finish(&mut self, values: &Values) -> Result<()> {
        write(&self.path, &mut self.encoder, values)
    }
}
