//! The dense path for symmetric take-pattern games on three piles: Grundy values of every
//! sorted triple `a <= b <= c <= bound`, in one flat array.
//!
//! A take-pattern game on three piles takes the same amount `t` from every pile of a chosen
//! set. When the allowed sets are symmetric (any one pile, any two piles, all three) the heap
//! order does not matter, so only sorted triples are stored: `(bound+1)(bound+2)(bound+3)/6` of
//! them, indexed by the combinatorial number system `C(c+2, 3) + C(b+1, 2) + a`. Sorting an
//! option only lowers entries, so its index is smaller than its position's: the table fills
//! bottom-up in index order, with move generation specialised per pattern (no allocation per
//! option) and the mex kept in a stamped scratch array. `O(positions × options)` time, 4 bytes
//! per position: piles up to 200 for Bash-like one-pile takes plus an unbounded take from all
//! three (the apple game) is about 1.4 million positions and 80 million options.

use crate::budget::{Budget, Exhausted};

/// The amounts `t` a move may take from each pile of its pattern: `min..=max`, or `min..` when
/// `max` is `None`. Always `1 <= min`, and `min <= max` when bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Amounts {
    /// The least amount (at least 1).
    pub min: u64,
    /// The greatest amount, or `None` for no limit but the piles themselves.
    pub max: Option<u64>,
}

impl Amounts {
    /// `min..=max`, or `None` if the range is empty or contains 0.
    pub fn bounded(min: u64, max: u64) -> Option<Self> {
        (min >= 1 && min <= max).then_some(Amounts { min, max: Some(max) })
    }

    /// `min..` (unbounded), or `None` for `min = 0`.
    pub fn from(min: u64) -> Option<Self> {
        (min >= 1).then_some(Amounts { min, max: None })
    }

    /// The amounts that fit piles of at least `room`: `min..=min(max, room)` (maybe empty).
    pub fn up_to(self, room: u64) -> std::ops::RangeInclusive<u64> {
        self.min..=self.max.map_or(room, |m| m.min(room))
    }

    /// How many amounts fit piles of at least `room`.
    pub(crate) fn count_up_to(self, room: &num_bigint::BigUint) -> num_bigint::BigUint {
        let top = match self.max {
            Some(max) => room.min(&num_bigint::BigUint::from(max)).clone(),
            None => room.clone(),
        };
        let min = num_bigint::BigUint::from(self.min);
        if top < min {
            num_bigint::BigUint::default()
        } else {
            top - min + 1u8
        }
    }

    /// True when `t` is an allowed amount.
    pub fn contains(self, t: u64) -> bool {
        t >= self.min && self.max.is_none_or(|m| t <= m)
    }
}

/// The moves of a symmetric take-pattern game on three piles: the amounts allowed when taking
/// from one pile, from any two piles, and from all three (`None`: that pattern is not a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TripleRules {
    /// Take `t` from any one pile.
    pub one: Option<Amounts>,
    /// Take `t` from each of any two piles.
    pub two: Option<Amounts>,
    /// Take `t` from each of the three piles.
    pub three: Option<Amounts>,
}

/// Grundy values of every sorted triple with piles at most `bound`.
#[derive(Debug, Clone)]
pub struct TripleTable {
    bound: u64,
    values: Vec<u32>,
}

/// The index of the sorted triple `a <= b <= c`.
fn index(a: u64, b: u64, c: u64) -> usize {
    let (a, b, c) = (a as usize, b as usize, c as usize);
    c * (c + 1) * (c + 2) / 6 + b * (b + 1) / 2 + a
}

/// `(x, y, z)` sorted ascending.
fn sorted(x: u64, y: u64, z: u64) -> (u64, u64, u64) {
    let (x, y) = if x <= y { (x, y) } else { (y, x) };
    if z >= y {
        (x, y, z)
    } else if z >= x {
        (x, z, y)
    } else {
        (z, x, y)
    }
}

impl TripleTable {
    /// The largest pile in the table.
    pub fn bound(&self) -> u64 {
        self.bound
    }

    /// The Grundy value of three piles in any order, or `None` if a pile exceeds the bound.
    pub fn get(&self, piles: [u64; 3]) -> Option<u32> {
        let (a, b, c) = sorted(piles[0], piles[1], piles[2]);
        (c <= self.bound).then(|| self.values[index(a, b, c)])
    }

    /// Number of positions (sorted triples) in the table.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True for an empty table (never: `(0, 0, 0)` is always there).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// Marks option values and finds their mex without clearing between positions.
struct MexScratch {
    stamp: Vec<u32>,
    current: u32,
}

impl MexScratch {
    fn next_position(&mut self) {
        self.current += 1;
    }
    fn mark(&mut self, value: u32) {
        let v = value as usize;
        if v >= self.stamp.len() {
            self.stamp.resize(v + 1, 0);
        }
        self.stamp[v] = self.current;
    }
    fn mex(&self) -> u32 {
        self.stamp.iter().position(|&s| s != self.current).unwrap_or(self.stamp.len()) as u32
    }
}

/// Options of the dense triple solver one unit of work pays for: reading a value from the array
/// and marking it costs a few nanoseconds, a sixteenth of a search's option (bench/calibrate.sh).
const VISITS_PER_UNIT: u64 = 16;

/// Grundy values of every sorted triple with piles at most `bound` under `rules`.
///
/// `O(P × options)` time with `P = (bound+1)(bound+2)(bound+3)/6`, `4P` bytes; one unit of
/// `budget` per position and per option.
///
/// # Errors
/// [`Exhausted`] when `P` exceeds what is left of the budget, or the work runs out.
pub(crate) fn triple_grundy_table(
    rules: &TripleRules,
    bound: u64,
    budget: &Budget,
) -> Result<TripleTable, Exhausted> {
    let too_big = Exhausted::Work { limit: budget.limit() };
    let side = usize::try_from(bound).ok().and_then(|b| b.checked_add(1)).ok_or(too_big.clone())?;
    let size = side
        .checked_mul(side + 1)
        .and_then(|s| s.checked_mul(side + 2))
        .map(|s| s / 6)
        .filter(|&s| s as u64 <= budget.remaining() && u32::try_from(s).is_ok())
        .ok_or(too_big)?;
    let mut meter = budget.meter();
    // Options visited and not yet charged: one unit pays for VISITS_PER_UNIT of them.
    let mut visits = 0u64;
    let mut values: Vec<u32> = Vec::with_capacity(size);
    let mut scratch = MexScratch { stamp: Vec::new(), current: 0 };
    for c in 0..=bound {
        for b in 0..=c {
            for a in 0..=b {
                scratch.next_position();
                let mut visited = 1u64;
                let mut mark = |(x, y, z): (u64, u64, u64)| {
                    visited += 1;
                    scratch.mark(values[index(x, y, z)]);
                };
                if let Some(amounts) = rules.one {
                    for t in amounts.up_to(a) {
                        mark((a - t, b, c));
                    }
                    for t in amounts.up_to(b) {
                        mark(sorted(a, b - t, c));
                    }
                    for t in amounts.up_to(c) {
                        mark(sorted(a, b, c - t));
                    }
                }
                if let Some(amounts) = rules.two {
                    for t in amounts.up_to(a) {
                        mark(sorted(a - t, b - t, c));
                        mark(sorted(a - t, b, c - t));
                    }
                    for t in amounts.up_to(b) {
                        mark(sorted(a, b - t, c - t));
                    }
                }
                if let Some(amounts) = rules.three {
                    for t in amounts.up_to(a) {
                        mark((a - t, b - t, c - t));
                    }
                }
                visits += visited;
                if visits >= 1 << 12 {
                    meter.charge(visits / VISITS_PER_UNIT)?;
                    visits %= VISITS_PER_UNIT;
                }
                values.push(scratch.mex());
            }
        }
    }
    meter.charge(visits.div_ceil(VISITS_PER_UNIT))?;
    meter.flush()?;
    Ok(TripleTable { bound, values })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::solve::GrundySolver;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    /// The same rules through the generic [`Game`] path, for comparison.
    struct Generic(TripleRules);
    impl Game for Generic {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            let sets: [(&[usize], Option<Amounts>); 7] = [
                (&[0], self.0.one),
                (&[1], self.0.one),
                (&[2], self.0.one),
                (&[0, 1], self.0.two),
                (&[0, 2], self.0.two),
                (&[1, 2], self.0.two),
                (&[0, 1, 2], self.0.three),
            ];
            for (set, amounts) in sets {
                let Some(amounts) = amounts else { continue };
                let room = set.iter().map(|&i| p[i]).min().unwrap_or(0);
                for t in amounts.up_to(room) {
                    let mut o = p.clone();
                    set.iter().for_each(|&i| o[i] -= t);
                    out.push(o);
                }
            }
            out
        }
        fn canonical(&self, p: &Vec<u64>) -> Vec<u64> {
            let mut s = p.clone();
            s.sort_unstable();
            s
        }
    }

    #[test]
    fn index_enumerates_sorted_triples_in_order() {
        let mut expected = 0;
        for c in 0..12 {
            for b in 0..=c {
                for a in 0..=b {
                    assert_eq!(index(a, b, c), expected);
                    expected += 1;
                }
            }
        }
        assert_eq!(sorted(5, 1, 3), (1, 3, 5));
        assert_eq!(sorted(2, 2, 1), (1, 2, 2));
    }

    #[test]
    fn nim_is_xor() {
        let rules = TripleRules { one: Amounts::from(1), ..TripleRules::default() };
        let table = triple_grundy_table(&rules, 20, &Budget::default()).unwrap();
        assert_eq!(table.len(), 21 * 22 * 23 / 6);
        for a in 0..=20u64 {
            for b in 0..=20 {
                for c in 0..=20 {
                    assert_eq!(table.get([a, b, c]), Some((a ^ b ^ c) as u32));
                }
            }
        }
        assert_eq!(table.get([21, 0, 0]), None);
    }

    #[test]
    fn every_pattern_mix_agrees_with_generic_search() {
        let amounts =
            [None, Amounts::bounded(1, 1), Amounts::bounded(1, 3), Amounts::bounded(2, 4), Amounts::from(1)];
        for one in amounts {
            for two in amounts {
                for three in [None, Amounts::from(1), Amounts::bounded(1, 2)] {
                    let rules = TripleRules { one, two, three };
                    let table = triple_grundy_table(&rules, 9, &Budget::default()).unwrap();
                    let mut solver = GrundySolver::new(Generic(rules));
                    for a in 0..=9u64 {
                        for b in a..=9 {
                            for c in b..=9 {
                                let searched = solver.value(&vec![a, b, c], &Budget::default()).unwrap();
                                assert_eq!(table.get([c, a, b]), Some(searched), "{rules:?} at {a} {b} {c}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn oversized_table_is_a_budget_error() {
        let rules = TripleRules { one: Amounts::from(1), ..TripleRules::default() };
        assert!(triple_grundy_table(&rules, 1000, &Budget::new(1_000_000)).is_err());
        assert!(triple_grundy_table(&rules, u64::MAX, &Budget::new(1_000_000)).is_err());
    }

    #[test]
    fn amounts() {
        assert_eq!(Amounts::bounded(3, 1), None);
        assert_eq!(Amounts::bounded(0, 1), None);
        assert_eq!(Amounts::from(0), None);
        let a = Amounts::bounded(2, 4).unwrap();
        assert_eq!(a.up_to(3), 2..=3);
        assert!(a.contains(4) && !a.contains(5) && !a.contains(1));
        assert!(Amounts::from(1).unwrap().contains(u64::MAX));
    }
}
