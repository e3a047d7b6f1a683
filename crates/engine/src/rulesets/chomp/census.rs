//! The census of three-rowed Chomp's P-positions, with a certified period for every third row.
//!
//! A diagram of three rows `(a, b, c)`, `a >= b >= c`, has, for each pair `(b, c)` of its
//! shorter rows, at most one first row `a` that makes it a P-position (two would be one move
//! apart), and for some pairs none (every `(a, 3, 1)` moves to the P-position `(2, 2, 1)`).
//! Writing `A(b, c)` for that first row (or none), the options of `(a, b, c)` are:
//!
//! * a shorter first row, `(a', b, c)` for `b <= a' < a`;
//! * a square taken in row 2 at column `j + 1`: `(a, j, min(c, j))` for `j < b`;
//! * a square taken in row 3: `(a, b, j)` for `j < c`;
//! * a square taken in row 1 at column `j + 1 <= b`: `(j, j, min(c, j))` for `1 <= j < b`.
//!
//! So `A(b, c)` is none when some `(j, j, min(c, j))`, `1 <= j < b`, is a P-position (that
//! move wins from every `(a, b, c)`), and otherwise it is the least `a >= max(b, 1)` that is
//! neither an `A(j, min(c, j))`, `j < b`, nor an `A(b, j)`, `j < c` (a P-position with a smaller
//! first row would be an option). That is Brouwer, Horváth, Molnár-Sáska and Szabó's recurrence
//! ("On three-rowed Chomp", INTEGERS 5 (2005) G07), computed here row `b` by row `b`, each
//! column `c` with a bit set of the first rows already taken.
//!
//! **Periods, certified.** For a fixed third row `c`, `A(b, c) - b` becomes periodic in `b`.
//! What decides `A(b', c)` for `b' >= b` is only: the first rows `A(j, c)`, `j < b`, that are
//! `>= b` (as offsets from `b`: the column's *state*), whether a winning row-1 move has appeared,
//! the rows `A(b', j)` of the columns `j < c` (shifted by `b'`), and the values `A(j, j)`,
//! `j < c`, once all are below `b`. So if every column `j < c` repeats with a period dividing `L`
//! from `b1` on (`A(b + L, j) = A(b, j) + L`), every `A(j, j)`, `j < c`, is below `b1`, `b1 > c`,
//! and the column's state at `b1` equals its state at `b1 + L` (with no row-1 win appearing in
//! between), then by induction on `b` the column repeats with period `L` from `b1`: every later
//! step sees the same inputs shifted by `L`. The state is read off the offsets of the last
//! `M` rows before `b1` and `b1 + L`, where `M` exceeds every offset there. Columns are certified
//! in order of `c`; a certified column is read from its period and drops its bit set.
//!
//! Cost: `O(1)` words per pair `(b, c)` scanned for the least free first row (typically), one
//! unit of work each, until every column up to the last is certified, about `b <= 1.8 c`
//! (measured; docs/boards.md).

use crate::budget::{Budget, Exhausted};

/// The census of the P-positions `(A(b, c), b, c)` for every third row `c <= thirds`, each
/// column certified periodic.
#[derive(Debug, Clone)]
pub struct Census {
    columns: Vec<Column>,
}

/// One third row's first rows `A(b, c)`, `b >= c`: listed up to `from`, then periodic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The third row `c`.
    pub third: u64,
    /// The least second row from which `A(b, c) - b` repeats with [`Column::period`].
    pub from: u64,
    /// The least period.
    pub period: u64,
    /// `A(b, c) - b` (or [`NONE`]) for `b = c .. from + period`.
    offsets: Vec<u32>,
}

impl Column {
    /// `A(b, c)`: the first row that makes `(A, b, c)` a P-position, or `None` when there is
    /// none (`b >= c`).
    pub(crate) fn first_row(&self, second: u64) -> Option<u64> {
        debug_assert!(second >= self.third);
        let row = if second < self.from { second } else { self.from + (second - self.from) % self.period };
        let offset = self.offsets[(row - self.third) as usize];
        (offset != NONE).then(|| second + u64::from(offset))
    }

    /// `A(b, c) - b` (or `None`) for `b = c .. from`, before the period.
    pub fn before(&self) -> impl Iterator<Item = Option<u64>> + '_ {
        self.offsets[..(self.from - self.third) as usize].iter().map(|&o| (o != NONE).then_some(u64::from(o)))
    }

    /// `A(b, c) - b` (or `None`) for `b = from .. from + period`, one period.
    pub fn period_offsets(&self) -> impl Iterator<Item = Option<u64>> + '_ {
        self.offsets[(self.from - self.third) as usize..].iter().map(|&o| (o != NONE).then_some(u64::from(o)))
    }
}

/// A column still being computed.
struct Open {
    /// `A(b, c) - b`, or `NONE`, for `b = c ..`.
    offsets: Vec<u32>,
    /// The first rows taken so far (`A(j, c)`, `j < b`, and `A(j, j)`, `j < c`), by bit.
    taken: Vec<u64>,
    /// The least `j >= max(c, 1)` with `A(j, c) = j` (then every longer second row has none).
    win_from: Option<u64>,
    /// The largest `A(j, j)`, `j < c`.
    diagonal_max: u64,
    /// The largest offset `A(j, c) - j` so far.
    max_offset: u64,
}

/// An offset that stands for "no first row makes a P-position".
const NONE: u32 = u32::MAX;

/// A column certified periodic: its offsets from `c` to one period past `from`.
struct Closed {
    from: u64,
    period: u64,
    offsets: Vec<u32>,
}

impl Closed {
    fn offset(&self, c: u64, b: u64) -> u32 {
        self.offsets[(self.from - c + (b - self.from) % self.period) as usize]
    }
}

impl Census {
    /// The census of every third row up to `thirds`.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget, the memory account or the deadline stops it.
    pub fn compute(thirds: u64, budget: &Budget) -> Result<Census, Exhausted> {
        let mut meter = budget.meter();
        let count = thirds as usize + 1;
        let mut open: Vec<Option<Open>> = (0..count).map(|_| None).collect();
        let mut closed: Vec<Option<Closed>> = (0..count).map(|_| None).collect();
        // A(j, j) for every j so far, and the least j >= 1 with A(j, j) = j.
        let mut diagonal: Vec<u32> = Vec::new();
        let mut diagonal_win: Option<u64> = None;
        let mut row: Vec<u64> = Vec::new();
        let mut row_values: Vec<u64> = Vec::new();
        // The closed columns 0..lower, their common period and the row they all repeat from.
        let (mut lower, mut lower_period, mut lower_from) = (0usize, 1u64, 0u64);
        let mut held = 0u64;
        let mut b = 0u64;
        while lower < count {
            row_values.clear();
            for c in 0..=b.min(thirds) {
                meter.charge(1)?;
                let ci = c as usize;
                let value = if let Some(column) = &closed[ci] {
                    let o = column.offset(c, b);
                    (o != NONE).then(|| b + u64::from(o))
                } else {
                    let column = open[ci].get_or_insert_with(|| Open {
                        offsets: Vec::new(),
                        taken: Vec::new(),
                        win_from: None,
                        diagonal_max: 0,
                        max_offset: 0,
                    });
                    if c == b {
                        for &d in &diagonal[..ci] {
                            if d != NONE {
                                set(&mut column.taken, u64::from(d));
                                column.diagonal_max = column.diagonal_max.max(u64::from(d));
                            }
                        }
                    }
                    let won =
                        diagonal_win.is_some_and(|j| j < b.min(c)) || column.win_from.is_some_and(|j| j < b);
                    let value = if b == 0 {
                        Some(1)
                    } else if won {
                        None
                    } else {
                        Some(least_free(&column.taken, &row, b))
                    };
                    if let Some(a) = value {
                        set(&mut column.taken, a);
                        if a == b && b >= 1 && column.win_from.is_none() {
                            column.win_from = Some(b);
                        }
                        column.max_offset = column.max_offset.max(a - b);
                    }
                    column.offsets.push(value.map_or(NONE, |a| offset(a - b)));
                    value
                };
                if c == b {
                    diagonal.push(value.map_or(NONE, |a| a as u32));
                    if value == Some(b) && b >= 1 && diagonal_win.is_none() {
                        diagonal_win = Some(b);
                    }
                }
                if let Some(a) = value {
                    set(&mut row, a);
                    row_values.push(a);
                }
            }
            for &a in &row_values {
                clear(&mut row, a);
            }
            b += 1;
            // Certify the next open column, now and then (see the module doc).
            while lower < count && b.is_multiple_of(64) {
                let c = lower as u64;
                let Some(column) = open[lower].as_ref() else { break };
                let Some(found) = certify(column, c, b, lower_period, lower_from) else { break };
                lower_period = lcm(lower_period, found.period);
                lower_from = lower_from.max(found.from);
                closed[lower] = Some(found);
                open[lower] = None;
                lower += 1;
            }
            if b.is_multiple_of(1024) {
                let bytes: u64 = open
                    .iter()
                    .flatten()
                    .map(|o| 4 * o.offsets.len() as u64 + 8 * o.taken.len() as u64)
                    .sum::<u64>()
                    + closed.iter().flatten().map(|c| 4 * c.offsets.len() as u64).sum::<u64>();
                budget.note_held(bytes.saturating_sub(held));
                held = held.max(bytes);
            }
        }
        meter.flush()?;
        let columns = closed
            .into_iter()
            .enumerate()
            .map(|(c, column)| {
                let column = column.expect("every column is closed");
                Column { third: c as u64, from: column.from, period: column.period, offsets: column.offsets }
            })
            .collect();
        Ok(Census { columns })
    }

    /// The columns, by third row.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// `A(b, c)` for `b >= c`: `Some(None)` when no first row makes a P-position, `None` when
    /// `c` is beyond the census.
    pub(crate) fn first_row(&self, second: u64, third: u64) -> Option<Option<u64>> {
        self.columns.get(third as usize).map(|column| column.first_row(second))
    }
}

/// The column's period from some `b1 < b`, if its offsets show one that the module doc's
/// argument proves: with `M` above every offset so far, the last `M` rows' offsets equal those
/// `L` rows before them (`L` a multiple of the lower columns' `period`), so the column's state
/// at `b1 = b - L` equals its state at `b`; and `b1` comes after the lower columns repeat, after
/// every `A(j, j)`, `j < c`, and after any row-1 win.
fn certify(column: &Open, c: u64, b: u64, period: u64, lower_from: u64) -> Option<Closed> {
    let offsets = &column.offsets;
    let len = offsets.len();
    let m = column.max_offset as usize + 1;
    for multiple in 1..=64u64 {
        let l = (period * multiple) as usize;
        if m + l > len {
            return None;
        }
        let b1 = b - l as u64;
        if b1 <= c
            || b1 < lower_from
            || b1 <= column.diagonal_max
            || column.win_from.is_some_and(|w| w >= b1 && w < b)
            || (1..=m).any(|i| offsets[len - i] != offsets[len - i - l])
        {
            continue;
        }
        let mut start = (b1 - c) as usize;
        let window = &offsets[start..start + l];
        let least = (1..=l)
            .filter(|&p| l.is_multiple_of(p))
            .find(|&p| (0..l).all(|k| window[k] == window[(k + p) % l]))
            .unwrap_or(l);
        // The period holds from b1 on; the rows before b1 are known, so the least row it holds
        // from is found by walking back.
        while start > 0 && offsets[start - 1] == offsets[start - 1 + least] {
            start -= 1;
        }
        return Some(Closed {
            from: c + start as u64,
            period: least as u64,
            offsets: offsets[..start + least].to_vec(),
        });
    }
    None
}

fn offset(o: u64) -> u32 {
    u32::try_from(o).expect("an offset below 2^32")
}

fn set(bits: &mut Vec<u64>, i: u64) {
    let word = (i / 64) as usize;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (i % 64);
}

fn clear(bits: &mut [u64], i: u64) {
    bits[(i / 64) as usize] &= !(1 << (i % 64));
}

/// The least `a >= from` in neither bit set.
fn least_free(taken: &[u64], row: &[u64], from: u64) -> u64 {
    let mut word = (from / 64) as usize;
    let mut mask = u64::MAX << (from % 64);
    loop {
        let used = taken.get(word).copied().unwrap_or(0) | row.get(word).copied().unwrap_or(0);
        let free = !used & mask;
        if free != 0 {
            return word as u64 * 64 + u64::from(free.trailing_zeros());
        }
        word += 1;
        mask = u64::MAX;
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::game::Game;
    use crate::rulesets::chomp::Chomp;
    use crate::solve::GrundySolver;

    /// `A(b, c)` for every `c <= b <= last` by the recurrence as written, with no bit sets, no
    /// periods and no shortcuts: the reference the census is checked against.
    fn recurrence(last: u64) -> Vec<Vec<Option<u64>>> {
        let mut first: Vec<Vec<Option<u64>>> = Vec::new();
        for b in 0..=last {
            let mut row: Vec<Option<u64>> = Vec::new();
            for c in 0..=b {
                let at = |j: u64, k: u64, row: &Vec<Option<u64>>| -> Option<u64> {
                    if j == b {
                        row[k as usize]
                    } else {
                        first[j as usize][k as usize]
                    }
                };
                let value = if b == 0 {
                    Some(1)
                } else if (1..b).any(|j| at(j, c.min(j), &row) == Some(j)) {
                    None
                } else {
                    let taken: HashSet<u64> = (0..b)
                        .filter_map(|j| at(j, c.min(j), &row))
                        .chain((0..c).filter_map(|j| row[j as usize]))
                        .collect();
                    (b.max(1)..).find(|a| !taken.contains(a))
                };
                row.push(value);
            }
            first.push(row);
        }
        first
    }

    /// The recurrence is three-rowed Chomp: for every `c <= b <= 9`, the diagrams `(a, b, c)`
    /// with `a < 30` that the generic search finds P are exactly `a = A(b, c)`.
    #[test]
    fn the_recurrence_is_chomp() {
        let first = recurrence(9);
        let mut search = GrundySolver::new(Chomp);
        for b in 0..=9u64 {
            for c in 0..=b {
                let p: Vec<u64> = (b.max(1)..30)
                    .filter(|&a| {
                        let rows: Vec<u64> = [a, b, c].into_iter().filter(|&r| r > 0).collect();
                        search.value(&Chomp.canonical(&rows), &Budget::default()).unwrap() == 0
                    })
                    .collect();
                let want: Vec<u64> = first[b as usize][c as usize].into_iter().filter(|&a| a < 30).collect();
                assert_eq!(p, want, "(a, {b}, {c})");
            }
        }
    }

    /// The census (bit sets, certified periods) equals the recurrence on every `c <= b <= 700`,
    /// for the third rows up to 80: the periods, certified from about `b = 1.8 c`, hold far
    /// beyond where they were found.
    #[test]
    fn the_census_is_the_recurrence() {
        let census = Census::compute(80, &Budget::default()).unwrap();
        let first = recurrence(700);
        for (b, row) in first.iter().enumerate() {
            for (c, &want) in row.iter().enumerate().take(81) {
                assert_eq!(census.first_row(b as u64, c as u64), Some(want), "A({b}, {c})");
            }
        }
        assert_eq!(census.first_row(5, 81), None);
    }
}
