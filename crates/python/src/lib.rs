//! nimlab from Python: the extension module `nimlab._nimlab`, re-exported by the `nimlab`
//! package (`python/`). Every question goes to the same engine and the same report functions
//! (`nimlab-reports`) as the command line and the web API; the games and their parameters come
//! from the rulesets' declarations, so a new ruleset needs no Python code.
//!
//! * [`game`] — `Game` (a ruleset with parameters, or `Game.from_options`), `Position`, `Sum`;
//! * [`callback`] — the engine's `Game`/`Ruleset` traits for a Python function;
//! * [`compute`] — budgets, the GIL, Ctrl-C and exceptions;
//! * [`tables`] — `Game.sequence` and `Game.grid`: numpy arrays filled by the engine's table path;
//! * [`report`], [`results`], [`html`] — result objects over the reports;
//! * [`picture`] — `Picture`: `nimlab plot`'s pictures as SVG (`Game.plot_grid`, `Game.plot_sequence`);
//! * [`nimber`] — nim arithmetic on ints and numpy uint64 arrays;
//! * [`convert`] — positions, parameters and report values between Python and Rust.

mod callback;
mod compute;
mod convert;
mod game;
mod html;
mod infinite;
mod nimber;
mod picture;
mod report;
mod results;
mod tables;

use nimlab_engine::no_progress;
use nimlab_engine::periodicity::Family;
use nimlab_engine::Play;
use nimlab_reports::sweep::SweepRequest;
use nimlab_reports::verify::VerifyRequest;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::compute::{budget, run, BudgetExceeded, Lane, MemorySize};
use crate::report::Report;
use crate::results::{CensusResult, GamesResult, SweepResult, VerifyResult};

/// Every ruleset with its rules and declared parameters.
///
/// >>> 'wythoff' in [g.name for g in games().games]
/// True
#[pyfunction]
fn games() -> GamesResult {
    GamesResult(Report::new(nimlab_reports::games::games()))
}

/// Certified preperiods and periods of the subtraction games of a family: ``set`` with one
/// member added per value of each ``add`` parameter (``'11..500'`` adds c = 11..500; two
/// parameters: ``set='2a', add=['a=1..6', 'c=2a+1..200']``), and the fit of the conjecture.
/// ``limit``: the most values computed per set.
///
/// >>> r = sweep([2, 3, 5, 7], add='11..30')
/// >>> [(row.c, row.preperiod, row.period) for row in r.rows[7:9]]
/// [(18, 0, 20), (19, 34, 4)]
#[pyfunction]
#[pyo3(signature = (set, add, *, limit = 50_000_000, budget = None, memory = None, timeout = None))]
fn sweep(
    py: Python<'_>,
    set: &Bound<'_, PyAny>,
    add: &Bound<'_, PyAny>,
    limit: u64,
    budget: Option<u64>,
    memory: Option<MemorySize>,
    timeout: Option<f64>,
) -> PyResult<SweepResult> {
    let set = if set.is_instance_of::<PyString>() {
        set.extract::<String>()?
    } else {
        let members: Vec<String> =
            set.try_iter()?.map(|m| Ok(m?.str()?.to_string())).collect::<PyResult<_>>()?;
        members.join(",")
    };
    let adds: Vec<String> = if add.is_instance_of::<PyString>() {
        vec![add.extract()?]
    } else {
        add.extract()
            .map_err(|_| PyTypeError::new_err("add is a string such as '11..500', or a list of them"))?
    };
    let family = Family::parse(&set, &adds).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let request = SweepRequest { family, limit, db: None, report_only: false };
    let budget = self::budget(budget, memory, timeout)?;
    let report = run(
        py,
        &budget,
        Lane::Long,
        |_| false,
        |budget| nimlab_reports::sweep::sweep(&request, budget, &no_progress),
    )?;
    Ok(SweepResult(Report::new(report)))
}

/// Every closed form of every game against the exhaustive search (``nimlab verify``), at each
/// game's example parameters; ``players=n``: the ``n``-player closed forms only.
#[pyfunction]
#[pyo3(signature = (*, upto = None, players = None, budget = None, memory = None, timeout = None))]
fn verify(
    py: Python<'_>,
    upto: Option<u64>,
    players: Option<u32>,
    budget: Option<u64>,
    memory: Option<MemorySize>,
    timeout: Option<f64>,
) -> PyResult<VerifyResult> {
    let request = VerifyRequest { spec: None, bound: upto, play: Play::Normal, players };
    let budget = self::budget(budget, memory, timeout)?;
    let report = run(
        py,
        &budget,
        Lane::Long,
        |_| false,
        |budget| nimlab_reports::verify::verify(&request, budget, &no_progress),
    )?;
    Ok(VerifyResult(Report::new(report)))
}

/// The P-positions of three-rowed Chomp (``nimlab census``): for every third row ``c`` up to
/// ``upto`` and second row ``b >= c``, the first row ``A(b, c)`` that makes ``(A, b, c)`` a
/// P-position (or none), as ``A(b, c) - b`` over one certified period from ``b = from``;
/// ``full``: also every ``b`` before it.
///
/// >>> r = census(upto=12)
/// >>> [(c.third, c.period, c.offsets) for c in r.columns[:4]]
/// [(0, 1, [1]), (1, 1, [None]), (2, 1, [2]), (3, 1, [None])]
/// >>> r.periods[0].period, r.periods[0].columns
/// (1, 13)
#[pyfunction]
#[pyo3(signature = (*, upto = 100, full = false, budget = None, memory = None, timeout = None))]
fn census(
    py: Python<'_>,
    upto: u64,
    full: bool,
    budget: Option<u64>,
    memory: Option<MemorySize>,
    timeout: Option<f64>,
) -> PyResult<CensusResult> {
    let budget = self::budget(budget, memory, timeout)?;
    let report =
        run(py, &budget, Lane::Long, |_| false, |budget| nimlab_reports::census::census(upto, full, budget))?;
    Ok(CensusResult(Report::new(report)))
}

/// The extension module.
#[pymodule]
fn _nimlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("BudgetExceeded", m.py().get_type::<BudgetExceeded>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Position>()?;
    m.add_class::<game::Sum>()?;
    m.add_class::<report::Record>()?;
    m.add_class::<picture::Picture>()?;
    m.add_class::<results::SolveResult>()?;
    m.add_class::<results::PlayersResult>()?;
    m.add_class::<results::SumResult>()?;
    m.add_class::<results::PPositions>()?;
    m.add_class::<results::PeriodResult>()?;
    m.add_class::<results::TableResult>()?;
    m.add_class::<results::RectanglesResult>()?;
    m.add_class::<results::LoopyResult>()?;
    m.add_class::<results::LoopyTableResult>()?;
    m.add_class::<infinite::Infinite>()?;
    m.add_class::<results::ShardResult>()?;
    m.add_class::<results::SweepResult>()?;
    m.add_class::<results::VerifyResult>()?;
    m.add_class::<results::QuotientResult>()?;
    m.add_class::<results::GamesResult>()?;
    m.add_class::<results::CensusResult>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(census, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_add, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_inv, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(game::_engine_solve_ns, m)?)?;
    Ok(())
}
