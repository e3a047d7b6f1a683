//! Exploring `n`-player Large Nim where the paper has no theorem (`n <= N - 1`): the values of
//! every position of `N` heaps, grouped by **order pattern** — whether `x_1 = 1`, and which of
//! `x_1 <= x_2 <= ... <= x_N` are equalities — as formula (5) does for `n = 3`, `N = 4`.
//!
//! Each class is reported constant (one value on every position in range) or not (with a
//! position for each value found, the counterexamples). The constant classes of each value are
//! then merged into a short piecewise formula: two chains that differ only in one relation,
//! `=` in one and `<` in the other, merge into `<=` (Quine–McCluskey on the `2^N` patterns).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use serde::{Serialize, Serializer};

use super::LargeNim;
use crate::budget::{hash_table_bytes, Budget, Exhausted, ALLOCATION_OVERHEAD};
use crate::error::EngineError;
use crate::error::{Stopped, Task};
use crate::solve::{sorted_heap_table, StandardAlliance, Terminal};

/// A relation between consecutive terms of the chain `1, x_1, x_2, ..., x_N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Relation {
    /// `=`
    Equal,
    /// `<`
    Less,
    /// `<=` (in a merged formula only).
    LessOrEqual,
}

impl Relation {
    fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::Less => "<",
            Relation::LessOrEqual => "<=",
        }
    }

    fn covers(self, other: Relation) -> bool {
        self == other || self == Relation::LessOrEqual
    }
}

/// A chain of relations `1 r_0 x_1 r_1 x_2 ... r_{N-1} x_N`: with only `=` and `<` it is the
/// order pattern of a position; with `<=` it is a union of patterns.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chain(pub Vec<Relation>);

impl Chain {
    /// The order pattern of a sorted position of positive heaps.
    pub fn of(heaps: &[u64]) -> Chain {
        let mut previous = 1;
        Chain(
            heaps
                .iter()
                .map(|&h| {
                    let r = if h == previous { Relation::Equal } else { Relation::Less };
                    previous = h;
                    r
                })
                .collect(),
        )
    }

    /// True when every pattern of `other` is one of this chain's.
    pub fn covers(&self, other: &Chain) -> bool {
        self.0.len() == other.0.len() && self.0.iter().zip(&other.0).all(|(a, b)| a.covers(*b))
    }
}

impl Serialize for Chain {
    /// As its text, `1 = x1 < x2`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Chain {
    /// `1 = x1 < x2 = x3 <= x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1")?;
        for (i, r) in self.0.iter().enumerate() {
            write!(f, " {} x{}", r.symbol(), i + 1)?;
        }
        Ok(())
    }
}

/// How many positions of a class have one value, and the first of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueCount {
    /// The game value.
    pub value: u32,
    /// How many positions of the class have it.
    pub positions: usize,
    /// The first such position met (for [`explore`]: the first in colex order, which compares
    /// the largest heaps first).
    pub example: Vec<u64>,
}

/// The positions of one order pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternClass {
    /// The order pattern.
    pub pattern: Chain,
    /// How many positions in range have it.
    pub positions: usize,
    /// Each value found, in increasing order; more than one means the class is not constant.
    pub values: Vec<ValueCount>,
}

impl PatternClass {
    /// The value, when every position of the class has the same one.
    pub fn constant(&self) -> Option<u32> {
        match self.values.as_slice() {
            [only] => Some(only.value),
            _ => None,
        }
    }
}

/// One line of the piecewise formula: `g = value` on the union of `chains`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormulaCase {
    /// The game value.
    pub value: u32,
    /// The merged chains whose union is every constant class of this value.
    #[serde(rename = "cases")]
    pub chains: Vec<Chain>,
}

/// The values of every `heaps`-heap position with heaps at most `max`, grouped by pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exploration {
    /// The number of players `n`.
    pub players: u32,
    /// The number of heaps `N`.
    pub heaps: usize,
    /// The largest heap size explored.
    pub max: u64,
    /// How many positions were evaluated (exactly `heaps` non-empty heaps).
    pub positions: usize,
    /// Every order pattern that occurs in range, in a fixed order.
    pub classes: Vec<PatternClass>,
    /// The constant classes as a piecewise formula, by increasing value.
    pub formula: Vec<FormulaCase>,
}

impl Exploration {
    /// The classes whose value is not constant in range.
    pub fn non_constant(&self) -> impl Iterator<Item = &PatternClass> {
        self.classes.iter().filter(|c| c.constant().is_none())
    }
}

/// Explores `players`-player Large Nim on `heaps` heaps of size `1..=max`.
///
/// All values come from one dense table ([`sorted_heap_table`]) of the `C(max + heaps, heaps)`
/// multisets of at most `heaps` heaps; grouping is linear in the table and the formula is
/// minimized over at most `2^heaps` patterns.
///
/// # Errors
/// [`EngineError::InvalidRequest`] for fewer than 2 players, no heaps or `max = 0`;
/// [`EngineError::Exhausted`] when the table does not fit `budget`.
pub fn explore(players: u32, heaps: usize, max: u64, budget: &Budget) -> Result<Exploration, EngineError> {
    let valuation = StandardAlliance::new(players, Terminal::MoverWins)?;
    if heaps == 0 || max == 0 {
        return Err(EngineError::InvalidRequest(crate::error::RequestError::ExploreNeedsHeaps));
    }
    let table = sorted_heap_table(&LargeNim, &valuation, heaps, max, budget)
        .during(|| Task::NimTable { heaps, max })?;
    let values = table.iter().filter(|(p, _)| p.len() == heaps);
    classify(players, heaps, max, values, budget).during(|| Task::NimFormula { heaps })
}

/// Groups valued positions (sorted, `heaps` heaps each) by order pattern and builds the formula.
/// `O(positions × heaps)` plus the minimization over at most `2^heaps` patterns.
///
/// # Errors
/// [`Exhausted`] when the minimization's sets do not fit `budget`'s memory.
fn classify(
    players: u32,
    heaps: usize,
    max: u64,
    values: impl Iterator<Item = (Vec<u64>, u32)>,
    budget: &Budget,
) -> Result<Exploration, Exhausted> {
    let mut classes: BTreeMap<Chain, PatternClass> = BTreeMap::new();
    let mut positions = 0;
    for (position, value) in values {
        positions += 1;
        let pattern = Chain::of(&position);
        let class = classes.entry(pattern.clone()).or_insert(PatternClass {
            pattern,
            positions: 0,
            values: Vec::new(),
        });
        class.positions += 1;
        match class.values.iter_mut().find(|v| v.value == value) {
            Some(count) => count.positions += 1,
            None => class.values.push(ValueCount { value, positions: 1, example: position }),
        }
    }
    let mut classes: Vec<PatternClass> = classes.into_values().collect();
    for class in &mut classes {
        class.values.sort_by_key(|v| v.value);
    }
    let constant = classes.iter().filter_map(|c| c.constant().map(|v| (c.pattern.clone(), v)));
    let formula = formula(constant, budget)?;
    Ok(Exploration { players, heaps, max, positions, classes, formula })
}

/// The piecewise formula of valued order patterns: for each value, in increasing order, a small
/// set of merged chains whose union is exactly the patterns of that value.
///
/// # Errors
/// [`Exhausted`] when the minimization's sets do not fit `budget`'s memory.
pub(crate) fn formula(
    valued: impl IntoIterator<Item = (Chain, u32)>,
    budget: &Budget,
) -> Result<Vec<FormulaCase>, Exhausted> {
    let mut by_value: BTreeMap<u32, Vec<Chain>> = BTreeMap::new();
    for (pattern, value) in valued {
        by_value.entry(value).or_default().push(pattern);
    }
    by_value
        .into_iter()
        .map(|(value, patterns)| Ok(FormulaCase { value, chains: minimize(&patterns, budget)? }))
        .collect()
}

/// A chain of at most 128 relations as bit masks: bit `i` of `less` for `<`, of `any` for `<=`
/// (neither for `=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Masks {
    less: u128,
    any: u128,
}

impl Masks {
    fn of(chain: &Chain) -> Masks {
        assert!(chain.0.len() <= 128, "a formula of more than 128 heaps cannot have been enumerated");
        let mut masks = Masks { less: 0, any: 0 };
        for (i, r) in chain.0.iter().enumerate() {
            match r {
                Relation::Equal => {}
                Relation::Less => masks.less |= 1 << i,
                Relation::LessOrEqual => masks.any |= 1 << i,
            }
        }
        masks
    }

    fn chain(self, len: usize) -> Chain {
        Chain(
            (0..len)
                .map(|i| match (self.less >> i & 1, self.any >> i & 1) {
                    (1, _) => Relation::Less,
                    (_, 1) => Relation::LessOrEqual,
                    _ => Relation::Equal,
                })
                .collect(),
        )
    }

    /// The patterns this chain stands for: each `<=` as `=` and as `<`. `O(2^(number of <=))`.
    fn expand(self) -> impl Iterator<Item = Masks> {
        // Every subset of `any`, by the carry trick, starting from the empty one.
        let mut subset = Some(0u128);
        std::iter::from_fn(move || {
            let current = subset?;
            subset = (current != self.any).then(|| (current.wrapping_sub(self.any)) & self.any);
            Some(Masks { less: self.less | current, any: 0 })
        })
    }
}

/// A small set of merged chains whose union is exactly `patterns` (all of one length): the
/// prime chains (Quine–McCluskey), then essential ones, then greedily the one covering most of
/// the rest (ties to the least chain).
///
/// Chains are bit masks: merging looks each chain's partner up in a hash set, `O(implicants ×
/// N)` per round; the cover works on the list of patterns each prime covers. The sets and lists
/// are held in `budget`'s memory account (a formula of 13 heaps holds tens of MB).
fn minimize(patterns: &[Chain], budget: &Budget) -> Result<Vec<Chain>, Exhausted> {
    let Some(len) = patterns.first().map(|p| p.0.len()) else { return Ok(Vec::new()) };
    let set_bytes = |set: &HashSet<Masks>| hash_table_bytes(set.capacity(), std::mem::size_of::<Masks>());
    let mut primes: Vec<Masks> = Vec::new();
    let mut current: HashSet<Masks> = patterns.iter().map(Masks::of).collect();
    while !current.is_empty() {
        let mut next = HashSet::new();
        let mut merged = HashSet::new();
        for &a in &current {
            for i in 0..len {
                let bit = 1u128 << i;
                let partner = Masks { less: a.less | bit, any: a.any };
                if (a.less | a.any) & bit == 0 && current.contains(&partner) {
                    next.insert(Masks { less: a.less, any: a.any | bit });
                    merged.insert(a);
                    merged.insert(partner);
                }
            }
        }
        // A set that grew held its old buckets beside the new ones for a moment: half its size.
        let (next_bytes, merged_bytes) = (set_bytes(&next), set_bytes(&merged));
        let growing = next_bytes.max(merged_bytes) / 2;
        let primes_bytes = (primes.capacity() * std::mem::size_of::<Masks>()) as u64;
        budget.check_held(set_bytes(&current) + next_bytes + merged_bytes + growing + primes_bytes)?;
        primes.extend(current.into_iter().filter(|c| !merged.contains(c)));
        current = next;
    }
    // The cover's lists: each prime's patterns (`2^(number of <=)` of them) and each pattern's
    // primes, the same entries again, with the primes' chains and the patterns' positions.
    let entries: u64 = primes.iter().map(|m| 1u64 << m.any.count_ones()).sum();
    let lists = (primes.len() + patterns.len()) as u64
        * (std::mem::size_of::<Vec<usize>>() as u64 + ALLOCATION_OVERHEAD);
    let chains = primes.len() as u64
        * (std::mem::size_of::<(Chain, Masks)>() as u64 + ALLOCATION_OVERHEAD + len as u64);
    let positions = hash_table_bytes(patterns.len(), std::mem::size_of::<(Masks, usize)>());
    budget.check_held(2 * 8 * entries + lists + chains + positions)?;
    let mut primes: Vec<(Chain, Masks)> = primes.into_iter().map(|m| (m.chain(len), m)).collect();
    primes.sort_by(|a, b| a.0.cmp(&b.0));
    let position: HashMap<Masks, usize> =
        patterns.iter().enumerate().map(|(i, p)| (Masks::of(p), i)).collect();
    let covered: Vec<Vec<usize>> =
        primes.iter().map(|(_, m)| m.expand().map(|p| position[&p]).collect()).collect();
    let mut coverers = vec![Vec::new(); patterns.len()];
    for (prime, list) in covered.iter().enumerate() {
        for &p in list {
            coverers[p].push(prime);
        }
    }
    let mut chosen: BTreeSet<usize> = coverers.iter().filter(|c| c.len() == 1).map(|c| c[0]).collect();
    let mut uncovered = vec![true; patterns.len()];
    for &prime in &chosen {
        covered[prime].iter().for_each(|&p| uncovered[p] = false);
    }
    while uncovered.iter().any(|&u| u) {
        let count = |prime: usize| covered[prime].iter().filter(|&&p| uncovered[p]).count();
        // The first (least) prime among those covering the most.
        let best = (0..primes.len())
            .max_by_key(|&prime| (count(prime), std::cmp::Reverse(prime)))
            .expect("every pattern is covered by some prime");
        covered[best].iter().for_each(|&p| uncovered[p] = false);
        chosen.insert(best);
    }
    Ok(chosen.into_iter().map(|prime| primes[prime].0.clone()).collect())
}

/// A formula as one line per value, `"v: chain or chain"` (for tests).
#[cfg(test)]
pub(crate) fn formula_lines(formula: &[FormulaCase]) -> Vec<String> {
    formula
        .iter()
        .map(|case| {
            let chains: Vec<String> = case.chains.iter().map(|c| c.to_string()).collect();
            format!("{}: {}", case.value, chains.join(" or "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    use crate::rulesets::large_nim::{theory_value, Source};
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    fn formula_text(exploration: &Exploration) -> Vec<String> {
        formula_lines(&exploration.formula)
    }

    #[test]
    fn reproduces_formula_5() {
        let exploration = explore(3, 4, 10, &Budget::default()).unwrap();
        assert_eq!(exploration.positions, 715); // C(13, 4)
        assert_eq!(exploration.classes.len(), 16);
        assert_eq!(exploration.non_constant().count(), 0);
        for class in &exploration.classes {
            let example = to_bigs(&class.values[0].example);
            let (value, source, _) = theory_value(&example, 3).unwrap();
            assert!(matches!(source, Source::Formula5 | Source::Lemma1));
            assert_eq!(class.constant(), Some(value), "{}", class.pattern);
        }
        // (5): the cases of value 1 are merged ("x1 = x2 < x3 <= x4 or x1 < x2 < x3 <= x4" is
        // "x1 <= x2 < x3 <= x4") and may overlap ("1 = x1 = x2 <= x3" includes "1 = x1 = x2 < x3").
        assert_eq!(
            formula_text(&exploration),
            [
                "0: 1 < x1 = x2 = x3 <= x4 or 1 <= x1 < x2 = x3 < x4",
                "1: 1 = x1 = x2 <= x3 <= x4 or 1 <= x1 <= x2 < x3 <= x4",
                "2: 1 <= x1 < x2 = x3 = x4",
            ]
        );
    }

    #[test]
    fn theorem_3_as_patterns() {
        // n = N = 3: g = 0 for 1^3, 2 - beta for beta < 3, 2 for x^3 with x > 1.
        let exploration = explore(3, 3, 9, &Budget::default()).unwrap();
        assert_eq!(
            formula_text(&exploration),
            ["0: 1 = x1 = x2 <= x3 or 1 <= x1 = x2 < x3", "1: 1 <= x1 < x2 <= x3", "2: 1 < x1 = x2 = x3"]
        );
    }

    /// Every class of every (n, N) tried is constant; non-constant classes are reported with a
    /// position per value, shown here on values that depend on the largest heap's parity.
    #[test]
    fn non_constant_classes_show_counterexamples() {
        let positions: Vec<Vec<u64>> = crate::positions::SortedTuples::new(3, 6).collect();
        let values = positions.into_iter().filter(|p| p.len() == 3).map(|p| {
            let parity = (p[2] % 2) as u32;
            (p, parity)
        });
        let exploration = classify(2, 3, 6, values, &Budget::new(1_000_000)).unwrap();
        assert_eq!(exploration.positions, 56); // C(8, 3)
                                               // "1 = x1 = x2 = x3" holds only (1, 1, 1); every other pattern has both parities on top.
        assert_eq!(exploration.non_constant().count(), 7);
        assert_eq!(formula_text(&exploration), ["1: 1 = x1 = x2 = x3"]);
        for class in exploration.non_constant() {
            assert!(class.values.len() >= 2);
            let total: usize = class.values.iter().map(|v| v.positions).sum();
            assert_eq!(total, class.positions);
            for v in &class.values {
                assert_eq!(Chain::of(&v.example), class.pattern);
            }
        }
        let listed: usize = exploration.classes.iter().map(|c| c.positions).sum();
        assert_eq!(listed, exploration.positions);
        let class = exploration.classes.iter().find(|c| c.pattern.to_string() == "1 < x1 < x2 < x3").unwrap();
        let examples: Vec<(u32, usize, Vec<u64>)> =
            class.values.iter().map(|v| (v.value, v.positions, v.example.clone())).collect();
        assert_eq!(examples, [(0, 7, vec![2, 3, 4]), (1, 3, vec![2, 3, 5])]);
    }

    /// Beyond the paper: in every range tried the value is a function of the order pattern.
    #[test]
    fn every_class_is_constant_up_to_six_players_and_five_heaps() {
        for players in 2..=6 {
            for heaps in 1..=5 {
                let exploration = explore(players, heaps, 9, &Budget::default()).unwrap();
                assert_eq!(exploration.non_constant().count(), 0, "n = {players}, N = {heaps}");
            }
        }
    }

    #[test]
    fn merging_and_text() {
        use Relation::*;
        let a = Chain(vec![Equal, Less, Equal]);
        let b = Chain(vec![Less, Less, Equal]);
        assert_eq!(
            minimize(&[a.clone(), b.clone()], &Budget::new(1000)).unwrap(),
            [Chain(vec![LessOrEqual, Less, Equal])]
        );
        let c = Chain(vec![Less, Equal, Equal]);
        assert_eq!(minimize(&[a.clone(), c.clone()], &Budget::new(1000)).unwrap(), [a.clone(), c]);
        let patterns: Vec<Chain> =
            Masks::of(&Chain(vec![LessOrEqual, Less, Equal])).expand().map(|m| m.chain(3)).collect();
        assert_eq!(patterns, [a.clone(), b]);
        assert_eq!(a.to_string(), "1 = x1 < x2 = x3");
        assert_eq!(Chain::of(&[1, 3, 3]), a);
        assert!(explore(1, 3, 5, &Budget::default()).is_err());
        assert!(explore(3, 0, 5, &Budget::default()).is_err());
    }
}
