//! Running the engine from Python: every call under a [`Budget`] (keywords `budget=`, `memory=`
//! and `timeout=`), without the GIL, stoppable with Ctrl-C, and its errors as the exceptions a
//! Python user expects.
//!
//! A call runs in one of two lanes:
//!
//! * **point questions** (one position, a sum) run first on the calling thread under a small
//!   part of the budget ([`FAST_LANE_WORK`] units), which answers a closed form or a small
//!   search in microseconds; only when that part runs out does the question move on to
//! * **the watched lane**: a worker thread computes under the whole budget while the calling
//!   thread waits without the GIL and checks for signals every [`WATCH_EVERY`]. Ctrl-C (any
//!   exception a signal handler raises) cancels the budget, and the exception is raised once the
//!   worker has stopped. Work done in the fast lane is kept (the memo persists) and counts
//!   against the same budget.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use nimlab_engine::{Budget, Exhausted};
use nimlab_reports::memory::{memory_ceiling, parse_size};
use nimlab_reports::ReportError;
use num_bigint::{BigInt, Sign};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    nimlab,
    BudgetExceeded,
    PyRuntimeError,
    "A computation ran out of its work budget, its memory ceiling or its time limit (raise them with budget=N, memory=SIZE or timeout=SECONDS)."
);

/// Work a point question may do on the calling thread before it moves to the watched lane: a
/// few milliseconds at most, so that Ctrl-C is never ignored for long.
pub(crate) const FAST_LANE_WORK: u64 = 1_000_000;

/// How often the calling thread checks for signals while a worker computes.
const WATCH_EVERY: Duration = Duration::from_millis(20);

/// The `memory=` keyword in bytes: an `int` of bytes, or a size as `str` (`"512M"`, `"1.5G"`:
/// the command line's `--memory` grammar, [`parse_size`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MemorySize(u64);

impl FromPyObject<'_, '_> for MemorySize {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        if let Ok(text) = obj.extract::<String>() {
            return parse_size(&text).map(MemorySize).map_err(PyValueError::new_err);
        }
        let Ok(bytes) = obj.extract::<BigInt>() else {
            let kind = obj.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "memory must be an int of bytes or a size such as '512M', not {kind}"
            )));
        };
        match u64::try_from(&bytes) {
            Ok(0) | Err(_) if bytes.sign() != Sign::Plus => {
                Err(PyValueError::new_err(format!("memory must be at least 1 byte, not {bytes}")))
            }
            Ok(bytes) => Ok(MemorySize(bytes)),
            Err(_) => {
                Err(PyValueError::new_err(format!("memory={bytes} is too large: at most 2**64 - 1 bytes")))
            }
        }
    }
}

/// The budget of one call, from its keywords: `budget` work units (default
/// [`Budget::DEFAULT_WORK`]), the `memory` ceiling (default: the command line's rule,
/// [`memory_ceiling`]) and an optional `timeout` in seconds.
pub(crate) fn budget(
    work: Option<u64>,
    memory: Option<MemorySize>,
    timeout: Option<f64>,
) -> PyResult<Budget> {
    let work = work.unwrap_or(Budget::DEFAULT_WORK);
    let ceiling = memory_ceiling(memory.map(|MemorySize(bytes)| bytes));
    let budget = match timeout {
        None => Budget::new(work),
        Some(seconds) => {
            let after =
                Duration::try_from_secs_f64(seconds).ok().filter(|d| !d.is_zero()).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "timeout must be a positive number of seconds, not {seconds}"
                    ))
                })?;
            Budget::with_timeout(work, after)
        }
    };
    Ok(budget.with_memory_ceiling(ceiling))
}

/// Which lane a call starts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lane {
    /// A point question: the fast lane first.
    Point,
    /// A long computation (listings, tables, sweeps): the watched lane at once, since a
    /// listing that ran out of a fast lane's budget would look complete.
    Long,
}

/// Runs `task` under `budget` in `lane`; `redo` says whether a fast-lane answer must be
/// computed again under the whole budget although it succeeded (an answer that absorbed running
/// out, such as a Grundy value left unknown).
///
/// # Errors
/// The task's error as a Python exception ([`py_error`]); the exception a signal handler raised
/// (KeyboardInterrupt) when the call was interrupted.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    budget: &Budget,
    lane: Lane,
    redo: impl Fn(&T) -> bool,
    task: impl Fn(&Budget) -> Result<T, ReportError> + Sync,
) -> PyResult<T> {
    if lane == Lane::Point && budget.remaining() > FAST_LANE_WORK {
        let fast = budget.sub_budget(FAST_LANE_WORK);
        let answer = py.detach(|| task(&fast));
        let ran_out = match &answer {
            Ok(answer) => redo(answer),
            Err(error) => error.exhausted().is_some_and(Exhausted::is_budget),
        };
        if !ran_out {
            return answer.map_err(py_error);
        }
    }
    watched(py, budget, &task).map_err(|e| match e {
        Stop::Task(error) => py_error(error),
        Stop::Signal(error) => error,
    })
}

/// Why the watched lane stopped.
enum Stop {
    Task(ReportError),
    Signal(PyErr),
}

/// Runs `task` on a worker thread while this thread checks for signals; see the module doc.
fn watched<T: Send>(
    py: Python<'_>,
    budget: &Budget,
    task: &(impl Fn(&Budget) -> Result<T, ReportError> + Sync),
) -> Result<T, Stop> {
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let answer = task(budget);
            *lock(&done.0) = true;
            done.1.notify_one();
            answer
        });
        let mut interrupted = None;
        loop {
            let finished = py.detach(|| {
                let guard = lock(&done.0);
                let (guard, _) = done
                    .1
                    .wait_timeout_while(guard, WATCH_EVERY, |done| !*done)
                    .unwrap_or_else(PoisonError::into_inner);
                *guard
            });
            if finished {
                break;
            }
            if let Err(signal) = py.check_signals() {
                budget.cancel_handle().cancel();
                interrupted = Some(signal);
                break;
            }
        }
        let answer = py.detach(|| worker.join()).unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match interrupted {
            Some(signal) => Err(Stop::Signal(signal)),
            None => answer.map_err(Stop::Task),
        }
    })
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A report error as a Python exception: [`BudgetExceeded`] when the budget, the deadline or a
/// cancellation stopped the work, `ValueError` for a bad request (the engine's message),
/// `RuntimeError` otherwise.
pub(crate) fn py_error(error: ReportError) -> PyErr {
    let message = error.to_string();
    if let Some(cause) = error.exhausted().filter(|c| !matches!(c, Exhausted::Cycle { .. })) {
        let advice = match cause {
            Exhausted::Work { .. } | Exhausted::Memory { .. } => " (raise it with budget=N)",
            Exhausted::Deadline { .. } => " (raise it with timeout=SECONDS)",
            Exhausted::MachineMemory { .. } => " (raise it with memory=SIZE, e.g. memory='8G')",
            Exhausted::Cancelled | Exhausted::Cycle { .. } => "",
        };
        return BudgetExceeded::new_err(format!("{message}{advice}"));
    }
    if error.is_usage() {
        return PyValueError::new_err(message);
    }
    PyRuntimeError::new_err(message)
}
