//! Games defined in Python: `Game.from_options(options, canonical=None, name=...)`.
//!
//! [`Callbacks`] implements the engine's [`Game`] and [`Ruleset`] traits by calling the Python
//! function `options(position)` (positions are tuples of ints), so the engine's memoized
//! search, misère and `n`-player solvers, sums, listings and tables work on it unchanged.
//!
//! An exception raised by a callback (or a malformed option) is kept and the call's budget is
//! cancelled, so the search stops at its next check; the caller then raises the exception
//! itself, with its traceback. The solvers' memo may hold values computed from the options seen
//! before the failure, so a failed call discards the game's engine ([`CallbackGame::run`]).

use std::ops::ControlFlow;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use nimlab_engine::bigint::{to_bigs, to_u64s};
use nimlab_engine::Engine;
use nimlab_engine::{
    AnyGame, BigUint, Budget, CancelHandle, CustomGame, EngineError, Game, GameId, Lang, Ruleset,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

/// The Python functions of a game, and the failure of the call in progress.
pub(crate) struct Functions {
    options: Py<PyAny>,
    canonical: Option<Py<PyAny>>,
    /// The first exception a callback raised during the current call.
    failure: Mutex<Option<PyErr>>,
    /// Cancels the current call's budget.
    cancel: Mutex<Option<CancelHandle>>,
}

/// The rules of a game defined in Python, as the engine sees them.
#[derive(Clone)]
pub(crate) struct Callbacks(Arc<Functions>);

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Callbacks {
    /// Keeps the first failure of the call and cancels it.
    fn fail(&self, error: PyErr) {
        let mut failure = lock(&self.0.failure);
        if failure.is_none() {
            *failure = Some(error);
        }
        if let Some(cancel) = lock(&self.0.cancel).as_ref() {
            cancel.cancel();
        }
    }

    fn failed(&self) -> bool {
        lock(&self.0.failure).is_some()
    }

    /// Calls `options(position)` and hands each option to `visit`.
    fn visit_options(
        &self,
        py: Python<'_>,
        position: &[u64],
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> PyResult<ControlFlow<()>> {
        py.check_signals()?;
        let argument = PyTuple::new(py, position)?;
        let options = self.0.options.bind(py).call1((&argument,))?;
        let items = options.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "options{} returned {}, not an iterable of positions",
                tuple_text(position),
                short_repr(&options)
            ))
        })?;
        for item in items {
            let option = option_position(&item?, position)?;
            if visit(option).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// A position as Python sees it: `(3, 4, 5)`, `(7,)`.
fn tuple_text(position: &[u64]) -> String {
    match position {
        [one] => format!("(({one},))"),
        _ => format!("(({}))", position.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")),
    }
}

fn short_repr(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map_or_else(|_| "an object".into(), |r| r.to_string());
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

/// One option returned by `options(position)` (or `canonical`): an int (one heap) or an
/// iterable of non-negative ints below 2^64.
fn option_position(item: &Bound<'_, PyAny>, from: &[u64]) -> PyResult<Vec<u64>> {
    let number = |n: &Bound<'_, PyAny>| -> PyResult<u64> {
        n.extract::<u64>().map_err(|_| {
            let what = if n.is_instance_of::<PyInt>() {
                "numbers of a position defined in Python must be non-negative ints below 2**64"
            } else {
                "a position is a tuple of ints"
            };
            PyValueError::new_err(format!(
                "options{} returned the option {}: {what}",
                tuple_text(from),
                short_repr(item)
            ))
        })
    };
    if item.is_instance_of::<PyInt>() {
        return Ok(vec![number(item)?]);
    }
    if item.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "options{} returned the option {}: a position is a tuple of ints",
            tuple_text(from),
            short_repr(item)
        )));
    }
    let numbers = item.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "options{} returned the option {}: a position is a tuple of ints",
            tuple_text(from),
            short_repr(item)
        ))
    })?;
    numbers.map(|n| number(&n?)).collect()
}

impl Game for Callbacks {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        let _ = self.for_each_option(position, &mut |option| {
            options.push(option);
            ControlFlow::Continue(())
        });
        options
    }

    /// Calls the Python function; after a failure it lists nothing (the call is being
    /// cancelled, and its answer is discarded).
    fn for_each_option(
        &self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.failed() {
            return ControlFlow::Break(());
        }
        Python::attach(|py| match self.visit_options(py, position, visit) {
            Ok(flow) => flow,
            Err(error) => {
                self.fail(error);
                ControlFlow::Break(())
            }
        })
    }

    fn canonical(&self, position: &Vec<u64>) -> Vec<u64> {
        let Some(canonical) = &self.0.canonical else {
            return position.clone();
        };
        if self.failed() {
            return position.clone();
        }
        Python::attach(|py| {
            let argument = PyTuple::new(py, position.iter())?;
            let key = canonical.bind(py).call1((argument,))?;
            option_position(&key, position)
                .map_err(|e| PyValueError::new_err(format!("canonical: {}", e.value(py))))
        })
        .unwrap_or_else(|error| {
            self.fail(error);
            position.clone()
        })
    }
}

impl Ruleset for Callbacks {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        to_u64s(numbers)
    }

    fn numbers(&self, position: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(position)
    }

    fn describe_move(&self, _from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let numbers: Vec<String> = to.iter().map(BigUint::to_string).collect();
        match lang {
            Lang::En => format!("move to ({})", numbers.join(", ")),
            Lang::Zh => format!("走到 ({})", numbers.join(", ")),
        }
    }

    /// No closed form, so nothing to verify.
    fn verification_positions(&self, _bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(std::iter::empty())
    }

    fn verification_count(&self, _bound: u64) -> u64 {
        0
    }
}

/// A game defined in Python with its engine (the memoized solvers); one call at a time.
pub(crate) struct CallbackGame {
    callbacks: Callbacks,
    spec: GameId,
    engine: Mutex<Arc<dyn AnyGame>>,
    /// True while a call runs; calls wait on `idle` for it to end.
    busy: Mutex<bool>,
    idle: Condvar,
}

impl CallbackGame {
    /// The game `name` whose options `options(position)` lists; `canonical(position)`, if given,
    /// maps equivalent positions to one memo key.
    pub(crate) fn new(name: &'static str, options: Py<PyAny>, canonical: Option<Py<PyAny>>) -> Self {
        let callbacks = Callbacks(Arc::new(Functions {
            options,
            canonical,
            failure: Mutex::new(None),
            cancel: Mutex::new(None),
        }));
        let spec = GameId::Custom(CustomGame::new(name));
        let engine = Mutex::new(Self::engine(&spec, &callbacks));
        CallbackGame { callbacks, spec, engine, busy: Mutex::new(false), idle: Condvar::new() }
    }

    fn engine(spec: &GameId, callbacks: &Callbacks) -> Arc<dyn AnyGame> {
        Arc::new(Engine::new(spec.clone(), callbacks.clone()))
    }

    /// The game: a caller's, by its name.
    pub(crate) fn spec(&self) -> &GameId {
        &self.spec
    }

    /// The Python functions: `(options, canonical)`.
    pub(crate) fn functions(&self) -> (&Py<PyAny>, Option<&Py<PyAny>>) {
        (&self.callbacks.0.options, self.callbacks.0.canonical.as_ref())
    }

    /// Starts a call: waits (without the GIL) for any other call on this game to end, and
    /// lets a failing callback cancel `budget`.
    pub(crate) fn begin(&self, py: Python<'_>, budget: &Budget) -> Session<'_> {
        py.detach(|| {
            let mut busy = lock(&self.busy);
            while *busy {
                busy = self.idle.wait(busy).unwrap_or_else(PoisonError::into_inner);
            }
            *busy = true;
        });
        *lock(&self.callbacks.0.cancel) = Some(budget.cancel_handle());
        Session { game: self }
    }
}

/// A call in progress on a game defined in Python (see [`CallbackGame::begin`]); the next call
/// may start once it is dropped.
pub(crate) struct Session<'a> {
    game: &'a CallbackGame,
}

impl Session<'_> {
    /// The game's engine for this call.
    pub(crate) fn game(&self) -> Arc<dyn AnyGame> {
        Arc::clone(&lock(&self.game.engine))
    }

    /// Ends the call: the exception a callback raised, if any (the engine's memo is then
    /// discarded, since values computed after the failure are wrong).
    pub(crate) fn end(self) -> Option<PyErr> {
        let functions = &self.game.callbacks.0;
        *lock(&functions.cancel) = None;
        let failure = lock(&functions.failure).take()?;
        *lock(&self.game.engine) = CallbackGame::engine(&self.game.spec, &self.game.callbacks);
        Some(failure)
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        *lock(&self.game.busy) = false;
        self.game.idle.notify_one();
    }
}
