//! Running `nimlab` under the suite's limits: an address-space limit set in the child before
//! `exec` (`setrlimit(RLIMIT_AS)`, as `prlimit --as` does), a wall-clock deadline after which
//! the child is killed, and the peak resident memory read from `wait4`'s resource usage.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The address-space limit of every run: 1 GiB.
pub const MEMORY_LIMIT: u64 = 1 << 30;
/// The deadline of every command-line run, in CPU time (user + system, all threads): on a shared
/// machine wall-clock time measures the neighbours as much as nimlab, CPU time does not. The
/// default work budget (1.5·10^8 units) is about 10 to 25 s of CPU on every path
/// (docs/reliability.md), so a run stopped by it ends well inside 45 s, even on a loaded machine.
pub const DEADLINE: Duration = Duration::from_secs(45);
/// The wall-clock limit: a run still going after this long is killed (and counted as a deadline
/// miss), whatever its CPU time, so a run that blocks or sleeps cannot hang the suite.
pub const WALL_LIMIT: Duration = Duration::from_secs(120);
/// How much of each output stream is kept for inspection (the rest is counted, not kept).
const KEPT: usize = 16 << 20;

/// The `nimlab` binary under test (built with the test's own profile).
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_nimlab")
}

/// An output stream: its first [`KEPT`] bytes and its whole length.
#[derive(Debug, Default)]
pub struct Captured {
    /// The first bytes.
    pub head: Vec<u8>,
    /// Bytes written in all.
    pub total: u64,
}

impl Captured {
    /// The kept bytes as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.head).into_owned()
    }

    fn drain(mut stream: impl Read) -> Captured {
        let mut captured = Captured::default();
        let mut buffer = [0u8; 64 * 1024];
        loop {
            match stream.read(&mut buffer) {
                Ok(0) | Err(_) => return captured,
                Ok(n) => {
                    let keep = n.min(KEPT.saturating_sub(captured.head.len()));
                    captured.head.extend_from_slice(&buffer[..keep]);
                    captured.total += n as u64;
                }
            }
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status.
    Exited(i32),
    /// A signal ended it (an abort is 6).
    Signalled(i32),
    /// It was still running at its deadline and was killed.
    TimedOut,
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// The arguments, for messages.
    pub args: Vec<String>,
    /// How it ended.
    pub ending: Ending,
    /// Standard output.
    pub stdout: Captured,
    /// Standard error.
    pub stderr: Captured,
    /// Wall-clock time from spawn to exit.
    pub elapsed: Duration,
    /// CPU time, user and system, of all its threads.
    pub cpu: Duration,
    /// Peak resident memory in KiB (`ru_maxrss`).
    pub peak_rss_kib: u64,
}

/// What is wrong with a run, by the suite's rules; `None` when nothing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Defect {
    /// Exit status 101 or "panicked" on standard error.
    Panic,
    /// Ended by a signal (an abort on a failed allocation, say).
    Signal,
    /// More CPU time than [`DEADLINE`], or killed at [`WALL_LIMIT`].
    DeadlineMiss,
    /// An exit status other than 0, 1 or 2.
    BadStatus,
    /// Exit 1 or 2 without exactly one line on standard error.
    NotOneLine,
    /// Rust's debug text or a parser's raw words in the message.
    RawMessage,
    /// With `--json`: an answer that is not JSON, or an error that is not the JSON error object.
    BadJson,
}

/// Phrases that only a Rust value's `Debug` form or a standard parser's error produces.
const RAW_PHRASES: &[&str] = &[
    "Os {",
    "Error(",
    "kind: ",
    "number too large to fit in target type",
    "invalid digit found in string",
    "cannot parse integer from empty string",
    "number would be zero for non-zero type",
    "called `Result::unwrap()`",
    "called `Option::unwrap()`",
    "RUST_BACKTRACE",
];

impl Run {
    /// The exit status, if it exited.
    pub fn code(&self) -> Option<i32> {
        match self.ending {
            Ending::Exited(code) => Some(code),
            _ => None,
        }
    }

    /// The first defect found, worst first.
    pub fn defect(&self) -> Option<Defect> {
        let stderr = self.stderr.text();
        if self.code() == Some(101) || stderr.contains("panicked") {
            return Some(Defect::Panic);
        }
        match self.ending {
            Ending::Signalled(_) => return Some(Defect::Signal),
            Ending::TimedOut => return Some(Defect::DeadlineMiss),
            Ending::Exited(_) if self.cpu > DEADLINE => return Some(Defect::DeadlineMiss),
            Ending::Exited(0) => return None,
            Ending::Exited(1 | 2) => {}
            Ending::Exited(_) => return Some(Defect::BadStatus),
        }
        if stderr.trim_end().lines().count() != 1 {
            return Some(Defect::NotOneLine);
        }
        RAW_PHRASES.iter().any(|p| stderr.contains(p)).then_some(Defect::RawMessage)
    }

    /// The run, for a failure message: the command, how it ended, time, memory, stderr.
    pub fn describe(&self) -> String {
        const SHOWN_ARGS: usize = 24;
        let mut quoted: Vec<String> = self
            .args
            .iter()
            .take(SHOWN_ARGS)
            .map(|a| {
                let shown: String = a.chars().take(120).collect();
                let shown =
                    if shown.len() < a.len() { format!("{shown}...({} bytes)", a.len()) } else { shown };
                format!("'{}'", shown.replace('\'', "'\\''"))
            })
            .collect();
        if self.args.len() > SHOWN_ARGS {
            quoted.push(format!("... ({} arguments in all)", self.args.len()));
        }
        let stderr: String = self.stderr.text().chars().take(600).collect();
        format!(
            "nimlab {} -> {:?} after {:.2} s ({:.2} s CPU), peak RSS {} MiB, stdout {} bytes; stderr: {}",
            quoted.join(" "),
            self.ending,
            self.elapsed.as_secs_f64(),
            self.cpu.as_secs_f64(),
            self.peak_rss_kib / 1024,
            self.stdout.total,
            stderr.trim_end()
        )
    }
}

/// `nimlab ARGS` under [`MEMORY_LIMIT`] (set in the child between fork and exec), without core
/// dumps, with `NO_COLOR` and without `RUST_BACKTRACE`.
pub fn limited<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Command {
    let mut command = Command::new(binary());
    command.args(args).env("NO_COLOR", "1").env_remove("RUST_BACKTRACE");
    // SAFETY: between fork and exec only async-signal-safe calls are made (setrlimit).
    unsafe {
        command.pre_exec(|| {
            let memory = libc::rlimit { rlim_cur: MEMORY_LIMIT, rlim_max: MEMORY_LIMIT };
            let no_core = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            if libc::setrlimit(libc::RLIMIT_AS, &memory) != 0
                || libc::setrlimit(libc::RLIMIT_CORE, &no_core) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
}

/// Runs `nimlab ARGS` with `input` on standard input (closed at its end), under
/// [`MEMORY_LIMIT`], killed after `wall_limit`.
// The child is reaped by `wait4`, which also gives its resource usage, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
pub fn run_with(args: &[String], input: &[u8], wall_limit: Duration) -> Run {
    let mut command = limited(args);
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().expect("nimlab starts");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid fits pid_t");
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        // A child that exits without reading its input closes the pipe: not an error here.
        let _ = stdin.write_all(&input);
    });
    let out_reader = thread::spawn(move || Captured::drain(stdout));
    let err_reader = thread::spawn(move || Captured::drain(stderr));
    let mut timed_out = false;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: rusage is plain data, fully written by wait4 when it reaps the child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if timed_out { 0 } else { libc::WNOHANG };
        // SAFETY: pid is our own unreaped child; the pointers are valid for the call.
        let reaped = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if reaped == pid {
            break (status, usage);
        }
        assert!(reaped == 0, "wait4 failed: {}", std::io::Error::last_os_error());
        if started.elapsed() > wall_limit {
            // SAFETY: the child has not been reaped, so pid is still ours.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            timed_out = true;
        } else {
            thread::sleep(Duration::from_millis(2));
        }
    };
    let elapsed = started.elapsed();
    let _ = writer.join();
    let stdout = out_reader.join().expect("the stdout reader ends");
    let stderr = err_reader.join().expect("the stderr reader ends");
    let ending = if timed_out {
        Ending::TimedOut
    } else if libc::WIFEXITED(status) {
        Ending::Exited(libc::WEXITSTATUS(status))
    } else {
        Ending::Signalled(libc::WTERMSIG(status))
    };
    let peak_rss_kib = u64::try_from(usage.ru_maxrss).unwrap_or(0);
    let cpu = duration(usage.ru_utime) + duration(usage.ru_stime);
    Run { args: args.to_vec(), ending, stdout, stderr, elapsed, cpu, peak_rss_kib }
}

fn duration(time: libc::timeval) -> Duration {
    let seconds = u64::try_from(time.tv_sec).unwrap_or(0);
    let micros = u32::try_from(time.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(u64::from(micros))
}

/// Runs `nimlab ARGS` with empty input under the suite's limits.
pub fn run(args: &[&str]) -> Run {
    let args: Vec<String> = args.iter().map(|a| (*a).to_string()).collect();
    run_with(&args, b"", WALL_LIMIT)
}
