//! Take-and-break games as tables, at the sequence engine's speed: one heap's values replayed
//! from the certified period, or computed in order by the octal sequence engine
//! ([`crate::octal::Sequence`], the direct or sparse method) under the table's budget; two heaps
//! by the Sprague–Grundy theorem, `G(r, c) = G(r) XOR G(c)`.
//!
//! The engine keeps every value it computes (2 bytes a value, 4 once a value passes 65,535), so
//! a table of `n` heaps beyond the period's certificate holds `2n` bytes: checked against the
//! memory ceiling as it grows. Its work is charged in the units of `nimlab period`
//! ([`crate::octal::work_units`]), step by step, so that the budget, a deadline or a
//! cancellation stops a long table within a few milliseconds.

use crate::error::{Holder, RequestError, Task};
use crate::lang::Words;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::budget::{Budget, Exhausted};
use crate::octal::{work_units, CertifiedPeriod, Sequence as Values, SequenceError, MAX_VALUES};
use crate::tables::{
    pay_memory, row_by_row, Grid, GridRequest, PeriodSpan, Sequence, SequenceRequest, SequenceSource,
    TableBasis, TableError, TableMethod, TableValues, N_CELL, P_CELL,
};

use super::known::Known;

/// Steps of the engine aim at about this much work (a few milliseconds), as the period search's.
const STEP_WORK: u64 = (1 << 20) / crate::octal::OPERATIONS_PER_UNIT;

/// The fewest and the most values of one step.
const STEP_RANGE: (u64, u64) = (64, 1 << 16);

/// What a table of a take-and-break game is made from: the certified period, or values
/// computed by the engine (a copy of those the ruleset already holds, extended as needed).
pub(super) enum HeapValues {
    /// Every heap by the certified period.
    Periodic(Arc<Known>),
    /// Heaps below the engine's length; the engine extends it under `budget`.
    Computed(Box<EngineValues>),
}

/// The sequence engine extended under a budget.
pub(super) struct EngineValues {
    values: Values,
    budget: Budget,
    /// The engine's work already charged, in budget units.
    charged: u64,
    /// Values of the next step.
    step: u64,
}

impl HeapValues {
    /// The values `known` holds, ready to be extended under `budget` when it has no period.
    ///
    /// # Errors
    /// [`TableError::Exhausted`] when the copy of the computed values does not fit the budget.
    pub(super) fn new(known: Arc<Known>, budget: &Budget) -> Result<Self, TableError> {
        let values = match known.as_ref() {
            Known::Periodic(_) => return Ok(HeapValues::Periodic(known)),
            Known::Prefix(values) => values,
        };
        pay_memory(Holder::GrundyCopy, held_bytes(values).into(), budget)?;
        let charged = work_units(&values.stats());
        Ok(HeapValues::Computed(Box::new(EngineValues {
            values: values.clone(),
            budget: budget.clone(),
            charged,
            step: STEP_RANGE.0,
        })))
    }

    /// The certified period, if the values come from one.
    pub(super) fn period(&self) -> Option<&CertifiedPeriod> {
        match self {
            HeapValues::Periodic(known) => match known.as_ref() {
                Known::Periodic(c) => Some(c),
                Known::Prefix(_) => None,
            },
            HeapValues::Computed(_) => None,
        }
    }

    /// Makes sure `G(0..end)` are known.
    ///
    /// # Errors
    /// What ran out while the engine computed them.
    fn reach(&mut self, end: u64) -> Result<(), Exhausted> {
        match self {
            HeapValues::Periodic(_) => Ok(()),
            HeapValues::Computed(engine) => engine.extend(end),
        }
    }

    /// `G(n)`, known after [`HeapValues::reach`] past `n`.
    fn value(&self, n: u64) -> u32 {
        match self {
            HeapValues::Periodic(known) => known.small_value(n).unwrap_or_default(),
            HeapValues::Computed(engine) => engine.values.value(n).unwrap_or_default(),
        }
    }
}

impl EngineValues {
    /// Computes `G(0..end)` in steps of about [`STEP_WORK`] units, charging each step's work and
    /// checking the memory the values hold against the ceiling.
    fn extend(&mut self, end: u64) -> Result<(), Exhausted> {
        while self.values.len() < end {
            let before = self.values.len();
            let target = (before + self.step).min(end);
            self.values.extend_to(target, |_| ControlFlow::Continue(())).map_err(|e| match e {
                SequenceError::OutOfMemory { bytes, .. } => Exhausted::MachineMemory { bytes },
                SequenceError::TooManyValues { .. } => unreachable!("tables are checked against MAX_VALUES"),
            })?;
            let now = work_units(&self.values.stats());
            let spent = now.saturating_sub(self.charged);
            self.charged = now;
            self.budget.charge(spent)?;
            self.budget.check_memory(held_bytes(&self.values))?;
            self.step = ((self.values.len() - before).saturating_mul(STEP_WORK) / spent.max(1))
                .clamp(STEP_RANGE.0, STEP_RANGE.1);
        }
        Ok(())
    }
}

/// The bytes the engine's values hold.
fn held_bytes(values: &Values) -> u64 {
    let width = if values.stats().widened { 4 } else { 2 };
    values.len().saturating_mul(width)
}

/// A one-heap table source over [`HeapValues`].
struct HeapStream {
    values: HeapValues,
    next: u64,
    outcomes: bool,
}

impl SequenceSource for HeapStream {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        self.values.reach(self.next + out.len() as u64)?;
        for (n, slot) in (self.next..).zip(out.iter_mut()) {
            let g = self.values.value(n);
            *slot = if self.outcomes { u64::from(g != 0) } else { u64::from(g) };
        }
        self.next += out.len() as u64;
        Ok(())
    }
}

/// Refuses tables beyond what the engine can index.
fn check_upto(upto: u64) -> Result<(), TableError> {
    if upto >= MAX_VALUES {
        return Err(TableError::InvalidRequest(RequestError::HeapsBeyondEngine { max: MAX_VALUES - 1 }));
    }
    Ok(())
}

/// The basis of a table from `values`, `what` naming the game ("Kayles (0.77)").
fn basis(values: &HeapValues, what: &str, outcomes: bool) -> TableBasis {
    let bound = |largest: u64| Some(if outcomes { N_CELL } else { largest });
    match values.period() {
        Some(c) => TableBasis {
            method: TableMethod::CertifiedPeriod,
            detail: format!(
                "{what} is periodic from {} with period {} (certified by the Guy–Smith periodicity theorem)",
                c.preperiod, c.period
            ),
            value_bound: bound(c.values.iter().max().map_or(0, u64::from)),
            certified_period: Some(PeriodSpan { preperiod: c.preperiod, period: c.period }),
        },
        None => TableBasis {
            method: TableMethod::SequenceEngine,
            detail: format!("{what} by the octal sequence engine (every value computed in order)"),
            value_bound: if outcomes { Some(N_CELL) } else { None },
            certified_period: None,
        },
    }
}

/// The one-heap table of Grundy values or normal-play outcomes.
///
/// # Errors
/// [`TableError::InvalidRequest`] beyond the engine's heaps; [`TableError::Exhausted`] when the
/// copy of the computed values does not fit the budget.
pub(super) fn sequence(
    known: Arc<Known>,
    what: &str,
    request: &SequenceRequest,
    budget: &Budget,
) -> Result<Sequence, TableError> {
    let outcomes = request.values == TableValues::Outcomes;
    let values = HeapValues::new(known, budget)?;
    if values.period().is_none() {
        check_upto(request.upto)?;
    }
    let basis = basis(&values, what, outcomes);
    let source = HeapStream { values, next: 0, outcomes };
    Ok(Sequence::new(Box::new(source), basis, request.upto, budget))
}

/// The two-heap table: `G(r) XOR G(c)`, or P where `G(r) = G(c)`, from the values of heaps up to
/// the larger side, computed before the first row; `what` names the game in both languages.
///
/// # Errors
/// As [`sequence`], and [`TableError::Exhausted`] when the budget stops the values.
pub(super) fn grid(
    known: Arc<Known>,
    what: &Words,
    request: &GridRequest,
    budget: &Budget,
) -> Result<Grid, TableError> {
    let outcomes = request.values == TableValues::Outcomes;
    let largest = request.rows.max(request.cols);
    let mut values = HeapValues::new(known, budget)?;
    if values.period().is_none() {
        check_upto(largest)?;
    }
    values.reach(largest + 1).map_err(|cause| TableError::Exhausted {
        task: Box::new(Task::GrundyValues { game: what.clone(), largest }),
        cause,
    })?;
    let one_heap = basis(&values, &what.en, outcomes);
    let side: Vec<u32> = (0..=request.cols).map(|c| values.value(c)).collect();
    // A nim-sum of values at most b is below the next power of two above b.
    let bound = match one_heap.value_bound {
        Some(b) if !outcomes => b.checked_add(1).and_then(u64::checked_next_power_of_two).map(|p| p - 1),
        other => other,
    };
    let basis = TableBasis {
        method: one_heap.method,
        detail: format!("G(r, c) = G(r) XOR G(c) (Sprague–Grundy); {}", one_heap.detail),
        value_bound: bound,
        certified_period: None,
    };
    let fill = move |r: u64, out: &mut [u64]| {
        let g = values.value(r);
        for (slot, &h) in out.iter_mut().zip(&side) {
            *slot = match outcomes {
                true if g == h => P_CELL,
                true => N_CELL,
                false => u64::from(g ^ h),
            };
        }
    };
    Ok(Grid::new(row_by_row(fill), basis, request.rows, request.cols, budget))
}
