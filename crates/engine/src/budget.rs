//! The work budget: one limit on every computation, in time and in memory.
//!
//! A [`Budget`] counts **units of work**: one per option generated, one per value computed
//! (streamed table values cost less: [`crate::tables`] states its rates), and
//! [`UNITS_PER_POSITION`] per position a search stores. Because every
//! stored position is paid for, a computation under a budget of `B` units never holds more than
//! `B / UNITS_PER_POSITION` positions: memory, not only time, is bounded (about 4 bytes per
//! unit; the default of [`Budget::DEFAULT_WORK`] units stays well under 1 GiB). A budget may also
//! carry a wall-clock deadline and a cancellation flag (a disconnected web client, Ctrl-C in
//! Python), checked whenever work is charged.
//!
//! A `Budget` is a shared handle: its clones draw on the same account, so one request that runs
//! several searches (verify, a sum, a table) is bounded as a whole, across threads too.
//! Computations charge through a [`Meter`], which batches the atomic updates so that charging
//! one unit costs a local addition.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use thiserror::Error;

/// Units charged for storing one position in a search's memo table (or holding it on the
/// search's stack): memory per position is a few dozen bytes.
pub const UNITS_PER_POSITION: u64 = 20;

/// Units a listed move pays per number of the position it leads to: a report holds that
/// position whole (a few dozen bytes a number), so a list of moves from a long position is
/// bounded by the budget's memory as a search is.
pub const UNITS_PER_LISTED_NUMBER: u64 = 8;

/// Bytes a held position takes at most, as the memory ceiling counts them (a memo entry and its
/// share of the table, or a position on the search's stack).
pub const BYTES_PER_HELD_POSITION: u64 = 4 * UNITS_PER_POSITION;

/// Units a [`Meter`] gathers before it updates the shared account and checks the deadline.
const FLUSH_EVERY: u64 = 4096;

/// What stopped a computation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Exhausted {
    /// The work budget ran out.
    #[error("it needs more than {limit} units of work (the work budget)")]
    Work {
        /// The budget, in units.
        limit: u64,
    },
    /// The computation would hold more positions than the budget pays for.
    #[error(
        "it would hold more than {limit} positions in memory at once (one per {UNITS_PER_POSITION} units of the work budget)"
    )]
    Memory {
        /// The most positions allowed.
        limit: u64,
    },
    /// The computation would hold more memory than the process may use (see
    /// [`Budget::with_memory_ceiling`]): a fixed limit that a larger budget cannot raise.
    #[error(
        "it would hold more than {} MiB in memory, the most this process may use (a fixed limit: half of the machine's memory or of its address-space limit)",
        .bytes >> 20
    )]
    MachineMemory {
        /// The memory ceiling, in bytes.
        bytes: u64,
    },
    /// The deadline passed.
    #[error("it ran past its time limit of {} s", .after.as_secs_f64())]
    Deadline {
        /// The time limit that passed.
        after: Duration,
    },
    /// Someone cancelled it (the client went away, or the user interrupted).
    #[error("it was cancelled")]
    Cancelled,
}

impl Exhausted {
    /// True when a larger work budget could help (as opposed to a deadline or a cancellation).
    pub fn is_budget(&self) -> bool {
        matches!(self, Exhausted::Work { .. } | Exhausted::Memory { .. })
    }
}

#[derive(Debug)]
struct Account {
    limit: u64,
    used: AtomicU64,
    /// The most bytes a computation may hold (positions, listings), whatever the work budget.
    memory_ceiling: u64,
    deadline: Option<(Instant, Duration)>,
    cancelled: Arc<AtomicBool>,
    /// A parent account charged alongside (a sub-budget for a by-product computation).
    parent: Option<Arc<Account>>,
}

impl Account {
    fn add(&self, units: u64) -> Result<(), Exhausted> {
        let used = self.used.fetch_add(units, Ordering::Relaxed).saturating_add(units);
        if let Some(parent) = &self.parent {
            parent.add(units)?;
        }
        if used > self.limit {
            return Err(Exhausted::Work { limit: self.limit });
        }
        self.check()
    }

    fn check(&self) -> Result<(), Exhausted> {
        if self.cancelled.load(Ordering::Relaxed) {
            return Err(Exhausted::Cancelled);
        }
        if let Some((deadline, after)) = self.deadline {
            if Instant::now() >= deadline {
                return Err(Exhausted::Deadline { after });
            }
        }
        Ok(())
    }
}

/// A shared account of work units with an optional deadline; see the module doc.
#[derive(Debug, Clone)]
pub struct Budget {
    account: Arc<Account>,
}

impl Budget {
    /// The default work budget: 10^8 units (a few seconds of search, at most a few hundred MiB).
    pub const DEFAULT_WORK: u64 = 100_000_000;

    /// A budget of `work` units, no deadline.
    pub fn new(work: u64) -> Self {
        Budget {
            account: Arc::new(Account {
                limit: work,
                used: AtomicU64::new(0),
                memory_ceiling: u64::MAX,
                deadline: None,
                cancelled: Arc::new(AtomicBool::new(false)),
                parent: None,
            }),
        }
    }

    /// A budget of `work` units that also stops `timeout` from now.
    pub fn with_timeout(work: u64, timeout: Duration) -> Self {
        let mut budget = Budget::new(work);
        if let Some(account) = Arc::get_mut(&mut budget.account) {
            account.deadline = Instant::now().checked_add(timeout).map(|at| (at, timeout));
        }
        budget
    }

    /// This budget with a memory ceiling of `bytes`: computations hold at most that much
    /// (positions, listings) however large the work budget, and stop with
    /// [`Exhausted::MachineMemory`] instead of running the process out of memory. The command
    /// line sets it from the machine's memory and the address-space limit.
    #[must_use]
    pub fn with_memory_ceiling(mut self, bytes: u64) -> Self {
        if let Some(account) = Arc::get_mut(&mut self.account) {
            account.memory_ceiling = bytes;
        }
        self
    }

    /// A sub-budget of at most `work` more units, charged to this budget too and sharing its
    /// deadline and cancellation: for work that is worth doing only if it is cheap.
    pub fn sub_budget(&self, work: u64) -> Budget {
        Budget {
            account: Arc::new(Account {
                limit: work.min(self.remaining()),
                used: AtomicU64::new(0),
                memory_ceiling: self.account.memory_ceiling,
                deadline: self.account.deadline,
                cancelled: Arc::clone(&self.account.cancelled),
                parent: Some(Arc::clone(&self.account)),
            }),
        }
    }

    /// The budget in units.
    pub fn limit(&self) -> u64 {
        self.account.limit
    }

    /// Units charged so far (by every clone).
    pub fn used(&self) -> u64 {
        self.account.used.load(Ordering::Relaxed)
    }

    /// Units left.
    pub fn remaining(&self) -> u64 {
        self.limit().saturating_sub(self.used())
    }

    /// The most positions a computation under this budget may hold at once: what the work
    /// budget pays for, and no more than the memory ceiling holds.
    pub fn position_limit(&self) -> u64 {
        (self.limit() / UNITS_PER_POSITION).min(self.account.memory_ceiling / BYTES_PER_HELD_POSITION)
    }

    /// Why a computation may hold no more than [`Budget::position_limit`] positions: the work
    /// budget, or the memory ceiling.
    pub fn positions_exhausted(&self) -> Exhausted {
        let paid = self.limit() / UNITS_PER_POSITION;
        if paid <= self.position_limit() {
            Exhausted::Memory { limit: paid }
        } else {
            Exhausted::MachineMemory { bytes: self.account.memory_ceiling }
        }
    }

    /// Fails when a computation holding `bytes` would pass the memory ceiling.
    ///
    /// # Errors
    /// [`Exhausted::MachineMemory`].
    pub fn check_memory(&self, bytes: u64) -> Result<(), Exhausted> {
        let ceiling = self.account.memory_ceiling;
        if bytes > ceiling {
            return Err(Exhausted::MachineMemory { bytes: ceiling });
        }
        Ok(())
    }

    /// The most moves to positions of `numbers` numbers that a report may list under what is
    /// left of this budget (see [`UNITS_PER_LISTED_NUMBER`]); at least one.
    pub fn listable_moves(&self, numbers: usize) -> usize {
        let per_move = UNITS_PER_LISTED_NUMBER.saturating_mul(numbers.max(1) as u64);
        usize::try_from(self.remaining() / per_move).unwrap_or(usize::MAX).max(1)
    }

    /// The time limit, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.account.deadline.map(|(_, after)| after)
    }

    /// Charges `units` at once.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget, the deadline or a cancellation stops the computation.
    pub fn charge(&self, units: u64) -> Result<(), Exhausted> {
        self.account.add(units)
    }

    /// Fails when the deadline has passed or the computation was cancelled; charges nothing.
    ///
    /// # Errors
    /// [`Exhausted::Deadline`] or [`Exhausted::Cancelled`].
    pub fn check(&self) -> Result<(), Exhausted> {
        self.account.check()
    }

    /// Fails unless `units` more would fit (nothing is charged): for computations that know
    /// their cost before they start.
    ///
    /// # Errors
    /// [`Exhausted::Work`] when they would not fit.
    pub fn affords(&self, units: u64) -> Result<(), Exhausted> {
        if units > self.remaining() {
            return Err(Exhausted::Work { limit: self.limit() });
        }
        self.check()
    }

    /// A handle that cancels every computation drawing on this budget.
    pub fn cancel_handle(&self) -> CancelHandle {
        CancelHandle(Arc::clone(&self.account.cancelled))
    }

    /// A meter charging this budget in batches.
    pub fn meter(&self) -> Meter<'_> {
        Meter { budget: self, pending: 0 }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Budget::DEFAULT_WORK)
    }
}

/// Cancels the computations of a [`Budget`] from elsewhere (another thread, a drop guard).
#[derive(Debug, Clone)]
pub struct CancelHandle(Arc<AtomicBool>);

impl CancelHandle {
    /// Stops every computation of the budget at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Charges a [`Budget`] in batches of a few thousand units; whatever is pending is charged when
/// the meter is dropped.
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    pending: u64,
}

impl Meter<'_> {
    /// Charges `units`; the shared account is updated every few thousand units.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`Budget::charge`].
    #[inline]
    pub fn charge(&mut self, units: u64) -> Result<(), Exhausted> {
        self.pending = self.pending.saturating_add(units);
        if self.pending >= FLUSH_EVERY {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Charges what is pending now.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`Budget::charge`].
    pub fn flush(&mut self) -> Result<(), Exhausted> {
        let units = std::mem::take(&mut self.pending);
        self.budget.charge(units)
    }

    /// The budget being charged.
    pub fn budget(&self) -> &Budget {
        self.budget
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        // The work was done; record it even if the computation already failed.
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn work_runs_out() {
        let budget = Budget::new(10_000);
        let mut meter = budget.meter();
        let mut spent = 0;
        let error = loop {
            if let Err(e) = meter.charge(1) {
                break e;
            }
            spent += 1;
        };
        assert_eq!(error, Exhausted::Work { limit: 10_000 });
        assert!((10_000..10_000 + FLUSH_EVERY).contains(&spent), "{spent}");
    }

    #[test]
    fn clones_share_the_account() {
        let budget = Budget::new(100);
        let clone = budget.clone();
        clone.charge(60).unwrap();
        assert_eq!(budget.remaining(), 40);
        assert!(budget.charge(50).is_err());
    }

    #[test]
    fn sub_budgets_charge_their_parent_and_stop_on_their_own_limit() {
        let budget = Budget::new(1000);
        let child = budget.sub_budget(100);
        assert!(child.charge(101).is_err());
        assert_eq!(budget.used(), 101);
        assert_eq!(budget.sub_budget(10_000).limit(), 899);
    }

    #[test]
    fn deadline_and_cancellation_stop_work() {
        let budget = Budget::with_timeout(u64::MAX, Duration::ZERO);
        assert!(matches!(budget.charge(1), Err(Exhausted::Deadline { .. })));
        let budget = Budget::new(u64::MAX);
        budget.cancel_handle().cancel();
        assert_eq!(budget.check(), Err(Exhausted::Cancelled));
        assert_eq!(budget.sub_budget(5).check(), Err(Exhausted::Cancelled));
    }
}
