//! Checkpoints of long sequence runs: the values of a take-and-break game computed so far,
//! saved to a file as they grow, so that a run killed at any moment (even by `kill -9`) resumes
//! where its file ends and reaches the certificate an uninterrupted run reaches.
//!
//! The file: one header line, `nimlab checkpoint 1: <game>`, then every value `G(0), G(1), ...`
//! as a little-endian `u32`. Values are appended and synced to the disk at most every
//! [`SAVE_EVERY`] (and when the run ends), so a kill loses at most that much work; a value cut
//! short by a kill is dropped when the file is read back. Disk: 4 bytes a value.

use crate::error::{CommandError, FileAction};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimlab_engine::octal::{GameRules, Sequence, ValuesView};

use crate::ReportError;

/// The longest a run goes between two saves. A save appends what was computed since the last
/// one and syncs it (milliseconds), so a kill loses at most this much work.
pub const SAVE_EVERY: Duration = Duration::from_secs(2);

/// Values are read back this many at a time.
const READ_CHUNK: usize = 1 << 20;

/// An open checkpoint file and how much of the sequence it holds.
#[derive(Debug)]
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    saved: usize,
    last_save: Instant,
}

fn header(game: &str) -> String {
    format!("nimlab checkpoint 1: {game}\n")
}

fn io_error(path: &Path, what: FileAction, error: io::Error) -> ReportError {
    ReportError::Checkpoint { path: path.display().to_string(), action: what, cause: error }
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the sequence of `rules`, creating it when it does not
    /// exist, and replays the values it holds into `sequence` (a sequence of `rules` with no
    /// values yet). Memory: the sequence, plus 4 MiB while reading.
    ///
    /// # Errors
    /// [`ReportError::Invalid`] when the file holds something else (another game's sequence, not
    /// a checkpoint); [`ReportError::Checkpoint`] when it cannot be read or written;
    /// [`ReportError::Engine`] when the values cannot be held.
    pub fn resume(
        path: &Path,
        rules: &GameRules,
        sequence: &mut Sequence,
    ) -> Result<Checkpoint, ReportError> {
        Self::resume_values(path, &rules.to_string(), |chunk| {
            sequence.replay(chunk).map_err(|e| {
                nimlab_engine::sequence_error(e, || nimlab_engine::Task::Checkpoint {
                    game: rules.to_string(),
                })
                .into()
            })
        })
    }

    /// Opens the checkpoint at `path` of the sequence of `game` (its name as written), creating
    /// it when it does not exist, and hands the values it holds to `replay`, chunk by chunk.
    ///
    /// # Errors
    /// As [`Checkpoint::resume`], and what `replay` returns.
    pub fn resume_values(
        path: &Path,
        game: &str,
        mut replay: impl FnMut(&[u32]) -> Result<(), ReportError>,
    ) -> Result<Checkpoint, ReportError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io_error(path, FileAction::Open, e))?;
        let expected = header(game);
        let length = file.metadata().map_err(|e| io_error(path, FileAction::Read, e))?.len();
        if length == 0 {
            file.write_all(expected.as_bytes()).map_err(|e| io_error(path, FileAction::Write, e))?;
            file.sync_all().map_err(|e| io_error(path, FileAction::Write, e))?;
            return Ok(Checkpoint { file, path: path.into(), saved: 0, last_save: Instant::now() });
        }
        let mut reader = BufReader::new(&mut file);
        let mut first = Vec::new();
        reader
            .by_ref()
            .take(4096)
            .read_until(b'\n', &mut first)
            .map_err(|e| io_error(path, FileAction::Read, e))?;
        if first != expected.as_bytes() {
            let found = String::from_utf8_lossy(&first);
            let found = found.trim_end();
            let path = path.display().to_string();
            return Err(ReportError::Invalid(match found.strip_prefix("nimlab checkpoint 1: ") {
                Some(found_game) => CommandError::CheckpointOfAnother {
                    path,
                    found: found_game.to_string(),
                    game: game.to_string(),
                },
                None => CommandError::NotACheckpoint { path },
            }));
        }
        let values = (length - expected.len() as u64) / 4;
        let mut left = values;
        let mut bytes = vec![0u8; READ_CHUNK * 4];
        let mut chunk = Vec::with_capacity(READ_CHUNK);
        while left > 0 {
            let n = left.min(READ_CHUNK as u64) as usize;
            reader.read_exact(&mut bytes[..n * 4]).map_err(|e| io_error(path, FileAction::Read, e))?;
            chunk.clear();
            chunk
                .extend(bytes[..n * 4].chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])));
            replay(&chunk)?;
            left -= n as u64;
        }
        drop(reader);
        // Drop a value cut short by a kill, so that appends stay aligned.
        let end = expected.len() as u64 + values * 4;
        file.set_len(end).map_err(|e| io_error(path, FileAction::Write, e))?;
        file.seek(SeekFrom::Start(end)).map_err(|e| io_error(path, FileAction::Write, e))?;
        Ok(Checkpoint { file, path: path.into(), saved: values as usize, last_save: Instant::now() })
    }

    /// Values the file held when it was opened, or has saved since.
    pub fn saved(&self) -> u64 {
        self.saved as u64
    }

    /// Appends `value`, the next value of the sequence, and syncs it to the disk at once: for
    /// sequences whose every value is a long computation (the members of a family of graphs).
    ///
    /// # Errors
    /// [`ReportError::Checkpoint`] when the file cannot be written.
    pub fn append(&mut self, value: u32) -> Result<(), ReportError> {
        self.file.write_all(&value.to_le_bytes()).map_err(|e| io_error(&self.path, FileAction::Write, e))?;
        self.file.sync_data().map_err(|e| io_error(&self.path, FileAction::Write, e))?;
        self.saved += 1;
        self.last_save = Instant::now();
        Ok(())
    }

    /// Appends the values of `values` beyond those saved and syncs them to the disk, when
    /// [`SAVE_EVERY`] has passed since the last save or `now` says so.
    ///
    /// # Errors
    /// [`ReportError::Checkpoint`] when the file cannot be written.
    pub fn save(&mut self, values: ValuesView<'_>, now: bool) -> Result<(), ReportError> {
        if values.len() <= self.saved || !(now || self.last_save.elapsed() >= SAVE_EVERY) {
            return Ok(());
        }
        let mut out = io::BufWriter::with_capacity(1 << 20, &mut self.file);
        for value in values.slice(self.saved, values.len()).iter() {
            out.write_all(&value.to_le_bytes()).map_err(|e| io_error(&self.path, FileAction::Write, e))?;
        }
        out.flush().map_err(|e| io_error(&self.path, FileAction::Write, e))?;
        drop(out);
        self.file.sync_data().map_err(|e| io_error(&self.path, FileAction::Write, e))?;
        self.saved = values.len();
        self.last_save = Instant::now();
        Ok(())
    }
}
