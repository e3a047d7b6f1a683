//! The rows of Wythoff's Grundy table: for a fixed first heap `a`, `G(a, n + p) = G(a, n) + p`
//! for every `n >= n0` (Dress, Flammenkamp and Pink 1999; Landman 2002 gives a finite-state
//! proof). This module finds the least preperiod `n0` and the least additive period `p` of a
//! row and **certifies** them by a finite-state argument, proved in `docs/wythoff-rows.md`:
//!
//! 1. *Window.* With `S_n` the values `G(a, 0..n)`, every value below `n - 2a` is in `S_n` and
//!    every value of `S_n` is below `n + 2a`; so `S_n` is known from its `4a` bits around `n`,
//!    `W_n = (S_n - n) ∩ [-2a, 2a)`, and `G(a, n) - n` lies in `[-2a, 2a]`.
//! 2. *Transition.* `G(a, n) = mex(S_n ∪ B_n)`, where `B_n` holds the values of the lower rows
//!    at column `n` and at columns `n - (a - j)` (the diagonal). So `G(a, n) - n` and `W_{n+1}`
//!    are functions of `W_n` and of `B_n - n`.
//! 3. *Induction over rows.* Once rows `0..a` are certified additively periodic (preperiods
//!    `n_j`, periods `p_j`), `B_n - n` depends only on `n mod L`, `L = lcm(p_j)`, for
//!    `n >= N0 = max_j (n_j + a - j)`. The pair `(W_n, n mod L)` then determines everything
//!    after it; if it repeats at `n` and `n + P` (so `L` divides `P`), then
//!    `G(a, m + P) = G(a, m) + P` for every `m >= n`, and the least period and preperiod are
//!    read off exactly from the values computed.
//!
//! Row 0 is Nim on one heap (`G(0, n) = n`, certified with `L = 1` from the start). All
//! arithmetic is on exact integers; `G(a, N)` for `N` of any size is one division
//! ([`WythoffRow::value_big`]). Where no state repeats within the columns allowed, a row is
//! reported as *observed* ([`RowStatus::Observed`]) with the period its last columns show, and
//! never used as theory.

use std::collections::HashMap;
use std::sync::OnceLock;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::ToPrimitive;
use serde::Serialize;
use thiserror::Error;

use crate::budget::{Budget, Exhausted};
use crate::lang::{say, Lang};
use crate::tables::{row_by_row, Grid, GridRequest, TableBasis, TableMethod, TableValues};

/// The structure of one row of Wythoff's Grundy table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WythoffRow {
    /// The first heap `a`.
    pub row: u64,
    /// The least `n0` with `G(a, n + p) = G(a, n) + p` for all `n >= n0`.
    pub preperiod: u64,
    /// The least additive period `p`.
    pub period: u64,
    /// `G(a, 0..n0 + p)`: the preperiod followed by one period.
    pub values: Vec<u64>,
    /// Proved, or only seen on the columns computed.
    pub status: RowStatus,
}

/// Whether a row's period is proved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum RowStatus {
    /// Proved by a repeated window state (`docs/wythoff-rows.md`).
    Certified(RowCertificate),
    /// The period holds on the columns computed, `0..columns`; not proved.
    Observed {
        /// The columns computed.
        columns: u64,
    },
}

/// The evidence behind a certified row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowCertificate {
    /// The window state `(W_n, n mod lower_lcm)` at column `from` recurs at `from + span`.
    pub from: u64,
    /// The distance between the two equal states: an additive period (a multiple of `period`
    /// and of `lower_lcm`).
    pub span: u64,
    /// The least common multiple of the lower rows' periods (1 for row 0).
    pub lower_lcm: u64,
    /// The states are recorded from this column on: the lower rows are periodic at every
    /// column the transition reads (`max_j (n_j + a - j)`).
    pub lower_start: u64,
    /// The half-width of the window, `2a`.
    pub window: u64,
}

/// Why a row's structure could not be found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RowError {
    /// No additive period shows on the columns computed.
    #[error(
        "row {row} of Wythoff's game shows no additive period within {columns} columns (the column limit)"
    )]
    NoPeriod {
        /// The row.
        row: u64,
        /// The columns computed.
        columns: u64,
    },
    /// The budget (work, or the memory of the rows' values and states), the deadline or a
    /// cancellation stopped the sweep.
    #[error("the rows 0..={row} of Wythoff's game stopped at column {column}: {cause}")]
    Exhausted {
        /// The row asked for.
        row: u64,
        /// The column the sweep had reached.
        column: u64,
        /// What ran out.
        cause: Exhausted,
    },
}

impl RowError {
    /// The error's words in both languages, from its data (the English is its `Display`).
    pub fn words(&self) -> crate::lang::Words {
        let zh = match self {
            RowError::NoPeriod { row, columns } => {
                format!("威佐夫博弈的第 {row} 行在 {columns} 列之内没有显出加性周期（列数上限）")
            }
            RowError::Exhausted { row, column, cause } => {
                format!("威佐夫博弈第 0..={row} 行的计算停在第 {column} 列：{}", cause.words().zh)
            }
        };
        crate::lang::Words { en: self.to_string(), zh }
    }

    /// What ran out, for a sweep stopped by its budget, deadline or cancellation.
    pub fn exhausted(&self) -> Option<&Exhausted> {
        match self {
            RowError::Exhausted { cause, .. } => Some(cause),
            RowError::NoPeriod { .. } => None,
        }
    }
}

impl WythoffRow {
    /// True when the period is proved.
    pub fn is_certified(&self) -> bool {
        matches!(self.status, RowStatus::Certified(_))
    }

    /// `G(a, n)`, or `None` when it does not fit a `u64`. `O(1)`.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v);
        }
        let (k, r) = (n - self.preperiod).div_rem(&self.period);
        self.values[(self.preperiod + r) as usize].checked_add(k.checked_mul(self.period)?)
    }

    /// `G(a, n)` for any `n`: `G(a, n0 + r) + p·k` with `n - n0 = p·k + r`. `O(M(digits))`.
    pub fn value_big(&self, n: &BigUint) -> BigUint {
        match n.to_u64().and_then(|n| self.value(n)) {
            Some(v) => BigUint::from(v),
            None => {
                let (k, r) = (n - self.preperiod).div_rem(&BigUint::from(self.period));
                let r = r.to_u64().expect("r < period");
                BigUint::from(self.values[(self.preperiod + r) as usize]) + k * self.period
            }
        }
    }

    /// The formula for `G(a, n)`, e.g. `G(5, 1000) = G(5, 27 + 13) + 24·40 = 1002`.
    pub fn explain(&self, n: &BigUint) -> String {
        let (a, l, p) = (self.row, self.preperiod, self.period);
        let value = self.value_big(n);
        if n.to_u64().is_some_and(|n| n < l + p) {
            return format!("G({a}, {n}) = {value}");
        }
        let (k, r) = (n - l).div_rem(&BigUint::from(p));
        format!("G({a}, {n}) = G({a}, {l} + {r}) + {p}·{k} = {value}")
    }
}

/// Units (4 bytes each) a recorded state of row `a` takes: its window words and phase, its
/// column and the map's overhead (about 24 bytes).
fn state_cells(a: u64) -> u64 {
    (a.saturating_mul(4).saturating_add(1) / 64 + 2).saturating_mul(8).saturating_add(32) / 4
}

/// The sweep's state for one row.
struct RowSweep {
    /// `a`.
    row: usize,
    /// `W_n` as bits `0..=4a`: bit `j` is the value `n - 2a + j` (negative values count as
    /// taken).
    window: Vec<u64>,
    /// Scratch: the window with the blocked values, and a state key.
    scratch: Vec<u64>,
    /// `G(a, 0..n)` until the row is certified (then its formula gives every value).
    history: Vec<u64>,
    /// While the lower rows are certified: the first column of each state `W_n` followed by
    /// `n mod L`.
    seen: HashMap<Vec<u64>, u64>,
    /// `(L, N0)` once rows `0..a` are certified.
    lower: Option<(u64, u64)>,
    /// The result, once certified.
    certified: Option<WythoffRow>,
}

impl RowSweep {
    fn new(row: usize) -> Self {
        // At n = 0 the window's lower half stands for the values -2a..0: none can be taken.
        let mut window = vec![0; (4 * row + 1) / 64 + 1];
        for bit in 0..2 * row {
            window[bit / 64] |= 1 << (bit % 64);
        }
        RowSweep {
            row,
            scratch: Vec::with_capacity(window.len() + 1),
            window,
            history: Vec::new(),
            seen: HashMap::new(),
            lower: if row == 0 { Some((1, 0)) } else { None },
            certified: None,
        }
    }

    /// Computes `G(a, n)` from the window and the lower rows' values `blocked` (absolute), and
    /// moves the window to `n + 1`.
    fn step(&mut self, n: u64, blocked: &[u64]) -> u64 {
        let a2 = 2 * self.row as u64;
        let seen = &mut self.scratch;
        seen.clear();
        seen.extend_from_slice(&self.window);
        for &v in blocked {
            // Only values within the window matter: below it every value is in the row already.
            if v + a2 >= n && v <= n + a2 {
                let bit = (v + a2 - n) as usize;
                seen[bit / 64] |= 1 << (bit % 64);
            }
        }
        let word = seen.iter().position(|&w| w != u64::MAX).expect("the window has a spare word");
        let bit = word * 64 + seen[word].trailing_ones() as usize;
        assert!(bit as u64 <= 2 * a2, "G({}, {n}) beyond n + 2a: the window bound is violated", self.row);
        let value = n + bit as u64 - a2;
        self.window[bit / 64] |= 1 << (bit % 64);
        // Shift to n + 1: bit 0 (the value n - 2a) leaves; it is in the row by the lower bound.
        assert!(self.row == 0 || self.window[0] & 1 == 1, "value {n} - {a2} missing from row {}", self.row);
        shift_down(&mut self.window);
        self.history.push(value);
        value
    }

    /// `G(a, m)` for a column already computed.
    fn value_at(&self, m: u64) -> u64 {
        match &self.certified {
            Some(row) => row.value(m).expect("columns computed fit a u64"),
            None => self.history[m as usize],
        }
    }

    /// Records the state at column `n` when the row records; true when it repeats an earlier one
    /// (the row is then certified).
    fn record(&mut self, n: u64) -> bool {
        let Some((lcm, _)) = self.lower.filter(|&(_, start)| self.certified.is_none() && n >= start) else {
            return false;
        };
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.window);
        self.scratch.push(n % lcm);
        if let Some(&from) = self.seen.get(self.scratch.as_slice()) {
            self.certify(from, n - from);
            return true;
        }
        self.seen.insert(self.scratch.clone(), n);
        false
    }

    /// `h(m) = G(a, m) - m`.
    fn h(&self, m: u64) -> i64 {
        self.history[m as usize] as i64 - m as i64
    }

    /// The least period and preperiod, once the state at `from` recurs at `from + span`.
    fn certify(&mut self, from: u64, span: u64) {
        let (lower_lcm, lower_start) = self.lower.expect("certified rows have certified lower rows");
        // h is span-periodic from `from`; read h beyond the data through that period.
        let h = |m: u64| if m < from + span { self.h(m) } else { self.h(m - span) };
        let period = (1..=span)
            .filter(|&q| span.is_multiple_of(q))
            .find(|&q| (from..from + span).all(|m| h(m + q) == h(m)))
            .expect("span itself is a period");
        let mut preperiod = from;
        while preperiod > 0 && h(preperiod - 1 + period) == h(preperiod - 1) {
            preperiod -= 1;
        }
        let values = self.history[..(preperiod + period) as usize].to_vec();
        let certificate = RowCertificate { from, span, lower_lcm, lower_start, window: 2 * self.row as u64 };
        self.certified = Some(WythoffRow {
            row: self.row as u64,
            preperiod,
            period,
            values,
            status: RowStatus::Certified(certificate),
        });
        self.seen = HashMap::new();
        self.history = Vec::new();
    }

    /// The period the computed columns show, when the last half of them repeats at least twice.
    fn observed(&self) -> Option<WythoffRow> {
        let columns = self.history.len() as u64;
        let half = columns / 2;
        let tail: Vec<i64> = (half..columns).map(|m| self.h(m)).collect();
        let period = least_period(&tail)?;
        let mut preperiod = half;
        while preperiod > 0 && self.h(preperiod - 1 + period) == self.h(preperiod - 1) {
            preperiod -= 1;
        }
        Some(WythoffRow {
            row: self.row as u64,
            preperiod,
            period,
            values: self.history[..(preperiod + period) as usize].to_vec(),
            status: RowStatus::Observed { columns },
        })
    }
}

/// Moves every bit one place down (bit 0 leaves).
fn shift_down(words: &mut [u64]) {
    for i in 0..words.len() {
        let carry = words.get(i + 1).map_or(0, |w| w & 1);
        words[i] = (words[i] >> 1) | (carry << 63);
    }
}

/// The least period of `data` by the prefix function, if it repeats at least twice. `O(len)`.
fn least_period(data: &[i64]) -> Option<u64> {
    let mut prefix = vec![0usize; data.len()];
    for i in 1..data.len() {
        let mut k = prefix[i - 1];
        while k > 0 && data[i] != data[k] {
            k = prefix[k - 1];
        }
        if data[i] == data[k] {
            k += 1;
        }
        prefix[i] = k;
    }
    let period = data.len() - prefix.last().copied().unwrap_or(0);
    (period > 0 && 2 * period <= data.len()).then_some(period as u64)
}

/// The rows `0..=last_row` of Wythoff's Grundy table with their additive periods, certified
/// where a window state repeats within `columns` columns, observed otherwise.
///
/// One sweep over the columns computes every row at once (row `a` at column `n` needs rows
/// `0..a` at columns `n - a..=n`); a row starts recording its states once the rows below it are
/// certified, drops its values once certified (its formula gives them), and the sweep stops as
/// soon as every row is certified. Time `O(columns × rows²)` (the blocked values and the
/// windows); memory: the values of the rows not yet certified and the states recorded.
///
/// Budget: the windows are paid up front, then every step of row `a` at a column costs
/// `1 + a / 8` units (its `2a` blocked values and window words), and the memory kept (values
/// and states, 4 bytes a unit) is charged as it grows.
///
/// # Errors
/// [`RowError::Exhausted`] when the budget, the deadline or a cancellation stops the sweep;
/// [`RowError::NoPeriod`] when a row is neither certified nor shows a period that repeats at
/// least twice in the last half of the columns.
pub fn wythoff_rows(last_row: u64, columns: u64, budget: &Budget) -> Result<Vec<WythoffRow>, RowError> {
    let stopped = |column: u64| move |cause| RowError::Exhausted { row: last_row, column, cause };
    // The windows alone: 4a + 1 bits a row (summed until they exceed what is left).
    let left = budget.remaining();
    let mut windows = 0u64;
    for a in 0..=last_row {
        windows = windows.saturating_add(state_cells(a));
        if windows > left {
            break;
        }
    }
    budget.affords(windows).and_then(|()| budget.charge(windows)).map_err(stopped(0))?;
    let count = usize::try_from(last_row).unwrap_or(usize::MAX).saturating_add(1);
    let mut rows: Vec<RowSweep> = (0..count).map(RowSweep::new).collect();
    let mut blocked = Vec::with_capacity(2 * count);
    let mut meter = budget.meter();
    let mut kept_paid = 0u64;
    for n in 0..columns {
        if rows.iter().all(|r| r.certified.is_some()) {
            break;
        }
        for a in 0..rows.len() {
            if rows[a].certified.is_some() {
                continue;
            }
            if rows[a].record(n) {
                if a + 1 < rows.len() {
                    start_recording(&mut rows, a + 1);
                }
                continue;
            }
            meter.charge(1 + a as u64 / 8).map_err(stopped(n))?;
            blocked.clear();
            for (j, lower) in rows[..a].iter().enumerate() {
                blocked.push(lower.value_at(n));
                if let Some(m) = n.checked_sub((a - j) as u64) {
                    blocked.push(lower.value_at(m));
                }
            }
            rows[a].step(n, &blocked);
        }
        let kept: u64 = rows
            .iter()
            .map(|r| 2 * r.history.len() as u64 + r.seen.len() as u64 * state_cells(r.row as u64))
            .sum();
        if kept > kept_paid {
            meter.charge(kept - kept_paid).map_err(stopped(n))?;
            kept_paid = kept;
        }
    }
    meter.flush().map_err(stopped(columns))?;
    rows.iter()
        .map(|r| {
            r.certified
                .clone()
                .or_else(|| r.observed())
                .ok_or(RowError::NoPeriod { row: r.row as u64, columns })
        })
        .collect()
}

/// Row `a`'s lower rows are all certified: it records states from `max_j (n_j + a - j)` with the
/// phase modulo the least common multiple of their periods. Rows above follow when `a` is
/// certified in turn.
fn start_recording(rows: &mut [RowSweep], a: usize) {
    let lower: Option<Vec<&WythoffRow>> = rows[..a].iter().map(|r| r.certified.as_ref()).collect();
    let Some(lower) = lower else { return };
    let lcm = lower.iter().fold(1u64, |l, r| l.lcm(&r.period));
    let start = lower.iter().map(|r| r.preperiod + (a - r.row as usize) as u64).max().unwrap_or(0);
    rows[a].lower = Some((lcm, start));
}

/// Row `a` of Wythoff's Grundy table (see [`wythoff_rows`], which it calls for rows `0..=a`).
///
/// # Errors
/// As [`wythoff_rows`].
pub fn wythoff_row(a: u64, columns: u64, budget: &Budget) -> Result<WythoffRow, RowError> {
    let mut rows = wythoff_rows(a, columns, budget)?;
    Ok(rows.pop().expect("rows 0..=a"))
}

/// The rows the theory answers Grundy values from: `G(x, y)` with `min(x, y)` at most this.
pub(crate) const THEORY_ROWS: u64 = 10;

/// Columns the theory's rows may use (all of them certify far earlier).
const THEORY_COLUMNS: u64 = 100_000;

/// The work the theory's rows may take: a fixed limit of a one-time computation (they certify
/// within a few hundred columns, well under a million units), not charged to any caller's
/// budget: the rows are a constant of the theory, computed once per process.
const THEORY_WORK: u64 = 100_000_000;

/// The certified rows `0..=THEORY_ROWS`, computed once.
pub(crate) fn theory_rows() -> &'static [WythoffRow] {
    static ROWS: OnceLock<Vec<WythoffRow>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let rows = wythoff_rows(THEORY_ROWS, THEORY_COLUMNS, &Budget::new(THEORY_WORK)).unwrap_or_default();
        rows.into_iter().take_while(WythoffRow::is_certified).collect()
    })
}

/// `G(x, y)` of Wythoff's game from the certified row of `min(x, y)`, with the reason in
/// `lang`, when that row is one of the first [`THEORY_ROWS`] + 1. `O(M(digits))` after the rows
/// are certified once.
pub(crate) fn certified_grundy(x: &BigUint, y: &BigUint, lang: Lang) -> Option<(BigUint, String)> {
    let (a, n) = if x <= y { (x, y) } else { (y, x) };
    let row = theory_rows().get(a.to_usize()?)?;
    let RowStatus::Certified(certificate) = &row.status else { return None };
    let reason = say!(
        lang,
        "row {a} of the Grundy table is additively periodic from column {} with period {} (certified by a \
         repeated window state at columns {} and {}), so {}",
        "SG 值表的第 {a} 行从第 {} 列起有加性周期 {}（由第 {} 列与第 {} 列出现相同的窗口状态证明），所以 {}",
        row.preperiod,
        row.period,
        certificate.from,
        certificate.from + certificate.span,
        row.explain(n)
    );
    Some((row.value_big(n), reason))
}

/// The Grundy grid of Wythoff's game from the certified rows, when its smaller side is at most
/// [`THEORY_ROWS`]: `G(r, c)` is row `r`'s value at column `c` (or row `c`'s at column `r`,
/// by symmetry), `O(1)` a cell and nothing stored; `None` for larger grids.
pub(crate) fn certified_rows_grid(request: &GridRequest, budget: &Budget) -> Option<Grid> {
    let (rows, cols) = (request.rows, request.cols);
    let certified = theory_rows();
    let side = rows.min(cols);
    if request.values != TableValues::Grundy || side >= certified.len() as u64 {
        return None;
    }
    let value =
        |row: &WythoffRow, n: u64| row.value(n).expect("the values of columns up to MAX_UPTO fit a u64");
    let source = if rows <= cols {
        row_by_row(move |r, out| {
            let row = &certified[r as usize];
            for (c, slot) in (0u64..).zip(out.iter_mut()) {
                *slot = value(row, c);
            }
        })
    } else {
        row_by_row(move |r, out| {
            for (row, slot) in certified.iter().zip(out.iter_mut()) {
                *slot = value(row, r);
            }
        })
    };
    let basis = TableBasis {
        method: TableMethod::CertifiedPeriod,
        detail: format!(
            "the certified additive periods of Wythoff's rows 0..={side} (docs/wythoff-rows.md): G(a, n + p) = \
             G(a, n) + p from the preperiod on"
        ),
        // Lemma 1 of docs/wythoff-rows.md: G(a, n) <= n + 2a.
        value_bound: Some(rows.max(cols).saturating_add(2 * side)),
        certified_period: None,
    };
    Some(Grid::new(source, basis, rows, cols, budget))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::wythoff::Wythoff;
    use crate::solve::GrundySolver;
    use crate::tables::{lines::line_grid, lines::LineMoves};

    /// `G(a, n)` for `a <= rows`, `n <= cols` by the line kernel (itself checked against search).
    fn grid(rows: u64, cols: u64) -> Vec<Vec<u64>> {
        let request = GridRequest::new(rows, cols, TableValues::Grundy, crate::game::Play::Normal);
        let mut grid = line_grid(&LineMoves::wythoff(), &request, &Budget::default()).unwrap().unwrap();
        let mut out = Vec::new();
        let mut row = vec![0; grid.row_len()];
        while grid.next_row(&mut row).unwrap().is_some() {
            out.push(row.clone());
        }
        out
    }

    #[test]
    fn the_first_rows_are_certified_with_their_known_periods() {
        let rows = wythoff_rows(THEORY_ROWS, THEORY_COLUMNS, &Budget::new(u64::MAX)).unwrap();
        assert!(rows.iter().all(WythoffRow::is_certified));
        let periods: Vec<u64> = rows.iter().map(|r| r.period).collect();
        let preperiods: Vec<u64> = rows.iter().map(|r| r.preperiod).collect();
        // Row 0 is Nim; row 1 is 1, 2, 0, 4, 5, 3, ... (period 3 from the start).
        assert_eq!((periods[0], preperiods[0]), (1, 0));
        assert_eq!((periods[1], preperiods[1]), (3, 0));
        assert_eq!(rows[1].values, [1, 2, 0]);
        for row in &rows {
            let RowStatus::Certified(c) = &row.status else { unreachable!() };
            assert_eq!(c.span % c.lower_lcm, 0);
            assert_eq!(c.span % row.period, 0);
            assert!(c.from >= c.lower_start && c.from >= row.preperiod);
        }
    }

    #[test]
    fn certified_rows_give_every_value_of_the_grid() {
        let rows = wythoff_rows(THEORY_ROWS, THEORY_COLUMNS, &Budget::new(u64::MAX)).unwrap();
        let table = grid(THEORY_ROWS, 6000);
        for (row, values) in rows.iter().zip(&table) {
            for (n, &g) in (0u64..).zip(values) {
                assert_eq!(row.value(n), Some(g), "G({}, {n})", row.row);
                assert_eq!(row.value_big(&BigUint::from(n)), BigUint::from(g));
            }
            // The least preperiod: the period fails just before it.
            if row.preperiod > 0 {
                let (l, p) = (row.preperiod as usize, row.period as usize);
                assert_ne!(values[l - 1 + p] as i64 - values[l - 1] as i64, p as i64, "row {}", row.row);
            }
        }
    }

    #[test]
    fn certified_values_match_search_on_the_prefix() {
        let mut solver = GrundySolver::new(Wythoff);
        let budget = Budget::default();
        for a in 0..=5u64 {
            let row = wythoff_row(a, THEORY_COLUMNS, &budget).unwrap();
            for n in 0..=300u64 {
                assert_eq!(
                    row.value(n),
                    Some(u64::from(solver.value(&(a, n), &budget).unwrap())),
                    "G({a}, {n})"
                );
            }
        }
    }

    #[test]
    fn a_hundred_digit_column_of_row_five() {
        let n: BigUint = format!("1{}", "0".repeat(99)).parse().unwrap();
        let (value, reason) = certified_grundy(&BigUint::from(5u8), &n, Lang::En).unwrap();
        let row = &theory_rows()[5];
        // Additive periodicity, checked on the big number itself: G(5, n + p) = G(5, n) + p.
        let shifted = certified_grundy(&(&n + row.period), &BigUint::from(5u8), Lang::En).unwrap().0;
        assert_eq!(shifted, &value + row.period);
        assert!(
            reason.starts_with("row 5 of the Grundy table is additively periodic from column"),
            "{reason}"
        );
        assert!(reason.ends_with(&format!("= {value}")), "{reason}");
        assert!(value.to_string().len() == 100);
        assert!(certified_grundy(&n, &n, Lang::En).is_none());
    }

    #[test]
    fn too_few_columns_give_an_observed_row_or_no_period() {
        // Row 6's state repeats at columns 51 and 75: with 75 columns it is only observed, with
        // the same least period and preperiod; with 40 no period shows twice.
        let row = wythoff_row(6, 75, &Budget::new(u64::MAX)).unwrap();
        assert_eq!(
            (row.preperiod, row.period, row.status.clone()),
            (37, 12, RowStatus::Observed { columns: 75 })
        );
        assert!(wythoff_row(6, 76, &Budget::new(u64::MAX)).unwrap().is_certified());
        assert_eq!(
            wythoff_row(6, 40, &Budget::new(u64::MAX)),
            Err(RowError::NoPeriod { row: 6, columns: 40 })
        );
    }

    #[test]
    fn the_budget_bounds_the_sweep() {
        // The windows of rows 0..=10 take 132 units: refused with 100, nothing charged.
        let budget = Budget::new(100);
        let err = wythoff_row(10, 1_000_000_000, &budget).unwrap_err();
        assert_eq!(err, RowError::Exhausted { row: 10, column: 0, cause: Exhausted::Work { limit: 100 } });
        assert_eq!(budget.used(), 0);
        // Row 60 over 10^9 columns: the work runs out (rows above 30 certify late).
        let err = wythoff_row(60, 1_000_000_000, &Budget::new(100_000)).unwrap_err();
        assert!(matches!(err, RowError::Exhausted { row: 60, cause: Exhausted::Work { .. }, .. }), "{err}");
        assert!(err.to_string().starts_with("the rows 0..=60 of Wythoff's game stopped at column "), "{err}");
        let cancelled = Budget::default();
        cancelled.cancel_handle().cancel();
        assert_eq!(wythoff_row(3, 100, &cancelled).unwrap_err().exhausted(), Some(&Exhausted::Cancelled));
    }

    #[test]
    fn least_periods_need_two_repetitions() {
        assert_eq!(least_period(&[1, 2, 3, 1, 2, 3, 1]), Some(3));
        assert_eq!(least_period(&[1, 2, 3, 4, 1]), None);
    }
}
