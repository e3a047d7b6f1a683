//! The work budget: one limit on every computation, in time and in memory.
//!
//! A [`Budget`] counts **units of work**: one per option generated, one per value computed
//! (streamed table values cost less: [`crate::tables`] states its rates), and
//! [`UNITS_PER_POSITION`] per position a search stores. Memory is bounded too: a computation under
//! a budget of `B` units holds at most `B * BYTES_PER_UNIT` bytes at once (its positions counted
//! by their real size, [`HeldBytes`]), and never more than the **memory ceiling**
//! ([`Budget::with_memory_ceiling`]; the surfaces default it by [`default_memory_ceiling`] and
//! parse `--memory`/`memory=` by [`parse_size`]). A budget may also carry a wall-clock deadline
//! and a cancellation flag (a disconnected web client, Ctrl-C in Python), checked whenever work
//! is charged.
//!
//! A `Budget` is a shared handle: its clones draw on the same account, so one request that runs
//! several searches (verify, a sum, a table) is bounded as a whole, across threads too.
//! Computations charge through a [`Meter`], which batches the atomic updates so that charging
//! one unit costs a local addition.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;
use crate::lang::Words;

use thiserror::Error;

/// Units of work charged for storing one position in a search's memo table (hashing, allocating
/// and inserting it). Its memory is counted apart, by its size (see [`HeldBytes`]).
pub const UNITS_PER_POSITION: u64 = 20;

/// Bytes of memory one unit of the work budget pays for: a budget of `B` units lets a computation
/// hold at most `B * BYTES_PER_UNIT` bytes at once (positions, tables, listings).
pub(crate) const BYTES_PER_UNIT: u64 = 4;

/// The largest default memory ceiling, 2 GiB (see [`default_memory_ceiling`]).
pub const DEFAULT_MEMORY_CAP: u64 = 2 << 30;

/// Bytes the allocator adds to each allocation, on average (glibc: an 8-byte header, chunks
/// rounded up to 16 bytes).
pub const ALLOCATION_OVERHEAD: u64 = 16;

/// Units a listed move pays per number of the position it leads to: a report holds that
/// position whole (a few dozen bytes a number), so a list of moves from a long position is
/// bounded by the budget's memory as a search is.
pub(crate) const UNITS_PER_LISTED_NUMBER: u64 = 8;

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
    /// The computation would hold more memory than the work budget pays for
    /// ([`BYTES_PER_UNIT`] bytes a unit).
    #[error(
        "it would hold more than {} in memory at once ({BYTES_PER_UNIT} bytes per unit of the work budget)",
        format_size(*.bytes)
    )]
    Memory {
        /// The most bytes the work budget pays for.
        bytes: u64,
    },
    /// The computation would hold more memory than the memory ceiling (see
    /// [`Budget::with_memory_ceiling`]), which a larger work budget cannot raise.
    #[error("it would hold more than {} in memory, the memory ceiling", format_size(*.bytes))]
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
    /// The game repeats a position: a search of finite games met a cycle of moves (a loopy
    /// game; [`crate::loopy`] answers those by retrograde analysis).
    #[error(
        "the game repeats a position (a cycle of moves, found {depth} moves deep), which the search of finite games cannot answer: a loopy game is answered by retrograde analysis"
    )]
    Cycle {
        /// The depth of the search when the cycle was found.
        depth: usize,
    },
}

impl Exhausted {
    /// True when a larger work budget could help (as opposed to a deadline or a cancellation).
    pub fn is_budget(&self) -> bool {
        matches!(self, Exhausted::Work { .. } | Exhausted::Memory { .. })
    }

    /// What ran out, in English (its `Display`) and Chinese, from its data: the CLI's `--lang zh`
    /// and every error that carries it say it in the question's language.
    pub fn words(&self) -> Words {
        let zh = match self {
            Exhausted::Work { limit } => format!("需要超过 {limit} 个计算单位（计算量预算）"),
            Exhausted::Memory { bytes } => format!(
                "需要同时占用超过 {} 的内存（计算量预算每个单位 {BYTES_PER_UNIT} 字节）",
                format_size(*bytes)
            ),
            Exhausted::MachineMemory { bytes } => {
                format!("需要占用超过 {} 的内存，即内存上限", format_size(*bytes))
            }
            Exhausted::Deadline { after } => format!("超过了 {} 秒的时间上限", after.as_secs_f64()),
            Exhausted::Cancelled => "已被取消".to_string(),
            Exhausted::Cycle { depth } => format!(
                "游戏会重复局面（在 {depth} 步深处发现了循环），有限游戏的搜索无法回答：循环游戏由逆向分析回答"
            ),
        };
        Words { en: self.to_string(), zh }
    }
}

#[derive(Debug)]
struct Account {
    limit: u64,
    used: AtomicU64,
    /// The most bytes a computation may hold (positions, listings), whatever the work budget.
    memory_ceiling: u64,
    /// The most bytes a computation reported holding at once (the memory account's peak).
    peak_held: AtomicU64,
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
    /// The default work budget: 1.5·10^8 units, about 10 to 25 s of work on every path
    /// (bench/calibrate.sh), sized so that ordinary requests finish: the certified periods of
    /// 0.376 (1.1·10^8 units) and 0.354, Grundy's game to 10^6, every documented example.
    pub const DEFAULT_WORK: u64 = 150_000_000;

    /// A budget of `work` units, no deadline.
    pub fn new(work: u64) -> Self {
        Budget {
            account: Arc::new(Account {
                limit: work,
                used: AtomicU64::new(0),
                memory_ceiling: u64::MAX,
                peak_held: AtomicU64::new(0),
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
                peak_held: AtomicU64::new(0),
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

    /// The most bytes a computation under this budget may hold at once: what the work budget
    /// pays for ([`BYTES_PER_UNIT`] a unit), and no more than the memory ceiling.
    pub fn memory_limit(&self) -> u64 {
        self.limit().saturating_mul(BYTES_PER_UNIT).min(self.account.memory_ceiling)
    }

    /// The memory ceiling, in bytes (`u64::MAX` when none was set).
    pub fn memory_ceiling(&self) -> u64 {
        self.account.memory_ceiling
    }

    /// Why a computation may hold no more than [`Budget::memory_limit`] bytes: the work budget,
    /// or the memory ceiling.
    pub fn memory_exhausted(&self) -> Exhausted {
        let paid = self.limit().saturating_mul(BYTES_PER_UNIT);
        if paid <= self.account.memory_ceiling {
            Exhausted::Memory { bytes: paid }
        } else {
            Exhausted::MachineMemory { bytes: self.account.memory_ceiling }
        }
    }

    /// Fails when a computation holding `bytes` would pass [`Budget::memory_limit`]; records
    /// `bytes` in the memory account when they fit (a refused request is never held).
    ///
    /// # Errors
    /// [`Budget::memory_exhausted`].
    pub fn check_held(&self, bytes: u64) -> Result<(), Exhausted> {
        if bytes > self.memory_limit() {
            return Err(self.memory_exhausted());
        }
        self.note_held(bytes);
        Ok(())
    }

    /// Fails when a computation holding `bytes` would pass the memory ceiling; records `bytes`
    /// in the memory account when they fit.
    ///
    /// # Errors
    /// [`Exhausted::MachineMemory`].
    pub fn check_memory(&self, bytes: u64) -> Result<(), Exhausted> {
        let ceiling = self.account.memory_ceiling;
        if bytes > ceiling {
            return Err(Exhausted::MachineMemory { bytes: ceiling });
        }
        self.note_held(bytes);
        Ok(())
    }

    /// Records that a computation holds `bytes` now, for the memory account
    /// ([`Budget::peak_held`]); [`Budget::check_held`] and [`Budget::check_memory`] record what
    /// they admit. Nothing is checked.
    pub(crate) fn note_held(&self, bytes: u64) {
        let mut account = Some(&self.account);
        while let Some(a) = account {
            a.peak_held.fetch_max(bytes, Ordering::Relaxed);
            account = a.parent.as_ref();
        }
    }

    /// The memory account: the most bytes a computation under this budget (or a sub-budget)
    /// reported holding at once, as positions, sequences and tables counted by their size.
    pub fn peak_held(&self) -> u64 {
        self.account.peak_held.load(Ordering::Relaxed)
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

/// The memory a value holds outside itself (on the heap), so that the memory ceiling counts what
/// a search really holds: a position of a thousand heaps is a thousand times larger than one
/// heap. A search position's type implements it ([`crate::Game::Position`]).
pub trait HeldBytes {
    /// Bytes of heap memory this value owns, allocator overhead included (0 for plain numbers).
    fn heap_bytes(&self) -> u64;

    /// Bytes this value takes in all: its own size and its heap memory.
    fn held_bytes(&self) -> u64
    where
        Self: Sized,
    {
        std::mem::size_of::<Self>() as u64 + self.heap_bytes()
    }
}

macro_rules! no_heap {
    ($($t:ty),*) => {$(
        impl HeldBytes for $t {
            fn heap_bytes(&self) -> u64 {
                0
            }
        }
    )*};
}
no_heap!(u32, u64, u128, usize);

impl<T: HeldBytes, const N: usize> HeldBytes for [T; N] {
    fn heap_bytes(&self) -> u64 {
        self.iter().map(HeldBytes::heap_bytes).sum()
    }
}

impl<A: HeldBytes, B: HeldBytes> HeldBytes for (A, B) {
    fn heap_bytes(&self) -> u64 {
        self.0.heap_bytes() + self.1.heap_bytes()
    }
}

impl<T: HeldBytes> HeldBytes for Vec<T> {
    /// Its buffer (the capacity, not only the length) with the allocator's overhead, and what
    /// its elements hold.
    fn heap_bytes(&self) -> u64 {
        if self.capacity() == 0 {
            return 0;
        }
        let buffer = (self.capacity() * std::mem::size_of::<T>()) as u64 + ALLOCATION_OVERHEAD;
        self.iter().fold(buffer, |bytes, item| bytes.saturating_add(item.heap_bytes()))
    }
}

impl HeldBytes for String {
    /// Its buffer (the capacity) with the allocator's overhead.
    fn heap_bytes(&self) -> u64 {
        match self.capacity() {
            0 => 0,
            capacity => capacity as u64 + ALLOCATION_OVERHEAD,
        }
    }
}

impl HeldBytes for num_bigint::BigUint {
    /// Nothing up to 2^64 (num-bigint keeps one digit inline), else its 64-bit digits with the
    /// allocator's overhead.
    fn heap_bytes(&self) -> u64 {
        match self.bits().div_ceil(64) {
            0 | 1 => 0,
            digits => 8 * digits + ALLOCATION_OVERHEAD,
        }
    }
}

/// Bytes of a hash table (`HashMap`, `HashSet`) of `capacity` entries of `slot` bytes: hashbrown keeps at most 7/8 of
/// its buckets (a power of two) full, with one control byte per bucket.
pub(crate) fn hash_table_bytes(capacity: usize, slot: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    (buckets * (slot + 1)) as u64
}

/// The default memory ceiling: the smaller of [`DEFAULT_MEMORY_CAP`] (2 GiB), half of the
/// machine's memory `machine` and half of what the address-space limit `address_space`
/// (`ulimit -v`, if any) leaves beside the `mapped` bytes the process already maps, so that
/// the allocator keeps room beyond the ceiling. Unknown quantities are `None`.
pub fn default_memory_ceiling(machine: Option<u64>, address_space: Option<u64>, mapped: u64) -> u64 {
    let mut ceiling = DEFAULT_MEMORY_CAP;
    if let Some(machine) = machine {
        ceiling = ceiling.min(machine / 2);
    }
    if let Some(limit) = address_space {
        ceiling = ceiling.min(limit.saturating_sub(mapped) / 2);
    }
    ceiling
}

/// Parses a memory size: a whole or decimal number, then optionally a unit `K`, `M`, `G` or `T`
/// (binary: powers of 1024; either case, optionally followed by `B` or `iB`); a plain number is
/// bytes, whole. `512M`, `1.5G`, `2GiB`, `1048576`. At least 1 byte.
///
/// # Errors
/// A one-line sentence naming the text and the grammar.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || {
        format!("'{text}' is not a memory size: write bytes, or a number with K, M, G or T (powers of 1024), e.g. 512M or 1.5G")
    };
    let trimmed = text.trim();
    let digits_end = trimmed.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits_end);
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(bad()),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let fractional = number.contains('.');
    if whole.is_empty() || fraction.contains('.') || (fractional && (fraction.is_empty() || shift == 0)) {
        return Err(bad());
    }
    // Only digits are left: a failure is an overflow.
    let whole: u128 = whole.parse().map_err(|_| too_large(text))?;
    // The fraction in units of 2^-64, exact enough for any size up to 2^64 bytes.
    let fraction =
        fraction.bytes().take(30).rev().fold(0u128, |f, digit| (f + (u128::from(digit - b'0') << 64)) / 10);
    let bytes = whole.checked_shl(shift).filter(|b| *b >> shift == whole).ok_or_else(|| too_large(text))?
        + ((fraction << shift) >> 64);
    match u64::try_from(bytes) {
        Ok(0) => Err(format!("'{text}' is too small: the memory ceiling must be at least 1 byte")),
        Ok(bytes) => Ok(bytes),
        Err(_) => Err(too_large(text)),
    }
}

fn too_large(text: &str) -> String {
    format!("'{text}' is too large: a memory size is below 16 EiB (2^64 bytes)")
}

/// A size in bytes as people read it: `512 bytes`, `1.5 KiB`, `200 MiB`, `2.0 GiB` (binary units,
/// one decimal below 10, rounded down, so that "more than 1.9 GiB" is never an overstatement).
pub fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >> (10 * (unit + 2)) > 0 {
        unit += 1;
    }
    let tenths = (u128::from(bytes) * 10) >> (10 * (unit + 1));
    if tenths < 100 {
        format!("{}.{} {}", tenths / 10, tenths % 10, UNITS[unit])
    } else {
        format!("{} {}", tenths / 10, UNITS[unit])
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
    fn the_account_records_what_it_admits_not_what_it_refuses() {
        let budget = Budget::new(1000);
        budget.check_held(3000).unwrap();
        assert_eq!(budget.check_held(5000), Err(Exhausted::Memory { bytes: 4000 }));
        assert_eq!(budget.peak_held(), 3000);
        let ceiling = Budget::new(u64::MAX).with_memory_ceiling(100);
        assert!(ceiling.check_memory(101).is_err());
        assert_eq!(ceiling.peak_held(), 0);
    }

    #[test]
    fn strings_and_big_numbers_count_their_buffers() {
        assert_eq!(String::new().heap_bytes(), 0);
        assert_eq!(String::with_capacity(100).heap_bytes(), 100 + ALLOCATION_OVERHEAD);
        assert_eq!(num_bigint::BigUint::from(u64::MAX).heap_bytes(), 0);
        let big = num_bigint::BigUint::from(1u8) << 200u32;
        assert_eq!(big.heap_bytes(), 4 * 8 + ALLOCATION_OVERHEAD);
        let handle = std::mem::size_of::<num_bigint::BigUint>() as u64;
        assert_eq!(
            vec![big.clone(), big].heap_bytes(),
            2 * (handle + 4 * 8 + ALLOCATION_OVERHEAD) + ALLOCATION_OVERHEAD
        );
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
    fn memory_is_limited_by_the_work_budget_and_the_ceiling() {
        let budget = Budget::new(1000);
        assert_eq!(budget.memory_limit(), 4000);
        assert_eq!(budget.check_held(4001), Err(Exhausted::Memory { bytes: 4000 }));
        let budget = Budget::new(u64::MAX).with_memory_ceiling(1 << 20);
        assert_eq!(budget.memory_limit(), 1 << 20);
        assert!(budget.check_held(1 << 20).is_ok());
        assert_eq!(budget.check_held((1 << 20) + 1), Err(Exhausted::MachineMemory { bytes: 1 << 20 }));
        assert_eq!(budget.sub_budget(10).memory_ceiling(), 1 << 20);
    }

    #[test]
    fn held_bytes_count_the_buffer_of_a_position() {
        assert_eq!(7u64.held_bytes(), 8);
        assert_eq!((1u64, 2u64).held_bytes(), 16);
        assert_eq!(Vec::<u64>::new().held_bytes(), 24);
        let heaps: Vec<u64> = Vec::with_capacity(1000);
        assert_eq!(heaps.held_bytes(), 24 + 8000 + ALLOCATION_OVERHEAD);
        let sum = vec![vec![1u64, 2], vec![3]];
        assert_eq!(
            sum.heap_bytes(),
            2 * 24 + ALLOCATION_OVERHEAD + (16 + ALLOCATION_OVERHEAD) + (8 + ALLOCATION_OVERHEAD)
        );
    }

    #[test]
    fn the_default_ceiling_is_the_smallest_of_its_three_rules() {
        let gib = 1u64 << 30;
        assert_eq!(default_memory_ceiling(None, None, 0), 2 * gib);
        assert_eq!(default_memory_ceiling(Some(24 * gib), None, 0), 2 * gib);
        assert_eq!(default_memory_ceiling(Some(2 * gib), None, 0), gib);
        assert_eq!(default_memory_ceiling(Some(24 * gib), Some(gib), 100 << 20), (gib - (100 << 20)) / 2);
        assert_eq!(default_memory_ceiling(Some(24 * gib), Some(gib), 2 * gib), 0);
    }

    #[test]
    fn sizes_parse_in_binary_units() {
        assert_eq!(parse_size("1048576"), Ok(1 << 20));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("2gb"), Ok(2 << 30));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("0.5K"), Ok(512));
        assert_eq!(parse_size("1T"), Ok(1 << 40));
        assert_eq!(parse_size("100B"), Ok(100));
        assert_eq!(parse_size(" 64K "), Ok(64 << 10));
        assert_eq!(parse_size("0.1K"), Ok(102));
        assert_eq!(parse_size("16383.5T"), Ok((16383 << 40) + (1 << 39)));
        for bad in [
            "", "M", "-1G", "1.G", ".5G", "1..5G", "1.5.5G", "12Q", "1 G", "G1", "1e9", "0x10", "١G", "1.5",
            "2.5B",
        ] {
            let error = parse_size(bad).unwrap_err();
            assert!(error.contains("is not a memory size") && !error.contains('\n'), "{bad}: {error}");
        }
        assert!(parse_size("0").unwrap_err().contains("at least 1 byte"));
        assert!(parse_size("0.0001K").unwrap_err().contains("at least 1 byte"));
        assert!(parse_size("16777216T").unwrap_err().contains("too large"));
        assert!(parse_size("99999999999999999999999999999999999999999").unwrap_err().contains("too large"));
    }

    #[test]
    fn sizes_are_written_in_binary_units_rounded_down() {
        assert_eq!(format_size(0), "0 bytes");
        assert_eq!(format_size(1023), "1023 bytes");
        assert_eq!(format_size(1536), "1.5 KiB");
        assert_eq!(format_size(200 << 20), "200 MiB");
        assert_eq!(format_size((2 << 30) - 1), "1.9 GiB");
        assert_eq!(format_size(2 << 30), "2.0 GiB");
        assert_eq!(format_size(u64::MAX), "15 EiB");
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
