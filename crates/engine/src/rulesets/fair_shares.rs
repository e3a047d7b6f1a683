//! Fair Shares and Varied Pairs (Winning Ways, ch. 12) as a ruleset: a position is a multiset
//! of heaps of coins; a move divides a heap into two or more heaps of equal size, or unites two
//! heaps of different sizes. The number of coins never changes, so positions repeat and some
//! are draws: the game is answered by the loopy engine (`crate::loopy`, capability
//! [`LoopyPositions::Reachable`]), over the positions reachable from the question (the
//! partitions of its number of coins at most), never by the search, which stops at a cycle.
//! The rules are [`crate::loopy::fair_shares::FairShares`]; the tests compare this ruleset's
//! graph with a whole-graph analysis of every partition.

use num_bigint::BigUint;

use crate::analysis::{Capabilities, LoopyPositions, Ruleset, RulesetInfo};
use crate::bigint::{to_bigs, to_u64s};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::lang::{say, Lang};
use crate::loopy::fair_shares::{partitions, FairShares};
use crate::rulesets::engine;
use crate::spec::{Drawing, GameSpec, Texts};
use crate::AnyGame;

pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "fair-shares",
    title: "Fair Shares and Varied Pairs",
    summary: "heaps of coins; divide a heap into equal heaps, or unite two heaps of different sizes (loopy: draws)",
    rules: "Heaps of coins. A move divides one heap into two or more heaps of equal size, or unites two heaps of \
different sizes into one. The number of coins never changes, so positions repeat: with best play a game may \
never end (a draw). The player who cannot move (every heap a single coin) loses.",
    position: "the heap sizes (each at least 1)",
    example_position: "4 2 1",
    params: &[],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "均分与异合",
        rules: "若干堆硬币。每一步把一堆分成两堆或更多大小相同的堆，或把两堆大小不同的硬币合成一堆。硬币总数不变，\
所以局面会重复：双方都走最好时对局可能永不结束（和局）。无法走子（每堆只剩一枚）的一方输。",
        position: "各堆硬币数（每堆至少 1 枚）",
        params: &[],
    },
    capabilities: Capabilities { loopy: Some(LoopyPositions::Reachable), ..Capabilities::NONE },
    verify_bound: 16,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, FairShares))
}

/// The most coins a position holds in all.
const MAX_COINS: u64 = 10_000;

/// The number of partitions of `n` (saturating), by the recurrence over the largest part.
fn partition_count(n: u64) -> u64 {
    let n = n.min(100_000) as usize;
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for total in part..=n {
            p[total] = p[total].saturating_add(p[total - part]);
        }
    }
    p[n]
}

/// The sizes in `a` and not in `b`, as multisets.
fn minus(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let mut rest = b.to_vec();
    let mut out = Vec::new();
    for x in a {
        match rest.iter().position(|y| y == x) {
            Some(i) => {
                rest.swap_remove(i);
            }
            None => out.push(x.clone()),
        }
    }
    out
}

impl Ruleset for FairShares {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "fair-shares takes at least one heap",
                "fair-shares 的局面至少有一堆"
            )));
        }
        if numbers.contains(&BigUint::ZERO) {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "fair-shares: every heap has at least one coin",
                "fair-shares：每堆至少有一枚硬币"
            )));
        }
        // Its positions are the partitions of the total, explored whole: a larger total could not
        // be answered, and one of its moves alone (a heap divided into ones) could exhaust memory.
        let total: BigUint = numbers.iter().sum();
        if total > BigUint::from(MAX_COINS) {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "fair-shares has at most {MAX_COINS} coins in all (its positions are every partition of the total), not {total}",
                "fair-shares 总共最多 {MAX_COINS} 枚硬币（它的局面是总数的所有拆分），这里是 {total}"
            )));
        }
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        to_u64s(numbers)
    }

    fn numbers(&self, heaps: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(heaps)
    }

    /// "divide the heap of 6 into 3 heaps of 2" or "unite the heaps of 2 and 4".
    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let gone = minus(from, to);
        let new = minus(to, from);
        match (gone.as_slice(), new.as_slice()) {
            ([heap], [share, ..]) => say!(
                lang,
                "divide the heap of {heap} into {} heaps of {share}",
                "把 {heap} 枚的那堆分成 {} 堆，每堆 {share} 枚",
                new.len()
            ),
            ([a, b], [_]) => {
                say!(lang, "unite the heaps of {a} and {b}", "把 {a} 枚和 {b} 枚的两堆合成一堆")
            }
            _ => say!(lang, "move to {to:?}", "走到 {to:?}"),
        }
    }

    /// Every position of 1 to `bound` coins (the partitions of each number).
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new((1..=bound).flat_map(|coins| partitions(coins).into_iter().map(|p| to_bigs(&p))))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        (1..=bound).fold(0u64, |sum, n| sum.saturating_add(partition_count(n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{explore, solve, LoopyOutcome};
    use crate::Play;

    #[test]
    fn the_ruleset_graph_is_the_whole_graph_of_every_partition() {
        let budget = Budget::default();
        let game = RULESET.example_spec().build(&budget).unwrap();
        assert_eq!(game.verification_positions(16).count() as u64, 914);
        assert_eq!(FairShares.verification_count(16), 914);
        let roots: Vec<_> =
            game.verification_positions(16).map(|p| game.check_position(&p).unwrap()).collect();
        let explored = game.position_graph(&roots, &budget).unwrap();
        let (graph, numbers) = (explored.graph, explored.numbers);
        assert_eq!(graph.vertex_count(), 914, "the total never changes: nothing new is reached");
        // The same graph built directly from the rules.
        let direct: Vec<Vec<u64>> = (1..=16).flat_map(partitions).collect();
        let (whole, positions) = explore(&FairShares, &direct, &budget).unwrap();
        assert_eq!(whole.edge_count(), graph.edge_count());
        let s = solve(&graph, Play::Normal, &budget).unwrap();
        let w = solve(&whole, Play::Normal, &budget).unwrap();
        for (u, p) in positions.iter().enumerate() {
            let v = numbers.iter().position(|n| *n == to_bigs(p)).unwrap() as u32;
            assert_eq!(s.value(&graph, v), w.value(&whole, u as u32), "{p:?}");
            assert_eq!(s.outcome(v), w.outcome(u as u32));
            // The value's outcome is the retrograde outcome.
            assert_eq!(s.value(&graph, v).unwrap().outcome(), s.outcome(v), "{p:?}");
        }
        let draws = (0..914).filter(|&u| s.outcome(u) == LoopyOutcome::D).count();
        assert!(draws > 0, "Fair Shares has draws");
    }

    #[test]
    fn moves_in_words() {
        let n = |v: &[u64]| to_bigs(v);
        assert_eq!(
            FairShares.describe_move(&n(&[6, 1]), &n(&[2, 1, 2, 2]), Lang::En),
            "divide the heap of 6 into 3 heaps of 2"
        );
        assert_eq!(FairShares.describe_move(&n(&[2, 4]), &n(&[6]), Lang::En), "unite the heaps of 2 and 4");
        assert!(FairShares.check_position(&n(&[3, 0])).is_err());
        assert_eq!(partition_count(16), 231);
    }
}
