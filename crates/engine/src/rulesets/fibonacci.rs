//! Fibonacci Nim: one heap; the first move may take any number of stones but not the whole
//! heap; afterwards a player may take 1 to twice the number the opponent just took.
//!
//! A position is the heap `n` and the current take limit `L`: the mover takes `t` with
//! `1 <= t <= min(L, n)`, and the opponent then faces `(n - t, 2t)`. The numbers are `[n, L]`, or
//! `[n]` for the opening, which means `[n, n - 1]`: any take but the whole heap. The opening of a
//! heap of 1 is `[1, 0]`, a P-position: the only take would empty the heap, which the first
//! move may not do, so the player to move has no move and loses. `[0]` is `[0, 0]`.
//!
//! Theory (Whinihan 1963; seed 001 §7). Write the Fibonacci numbers without repetition,
//! `F_1 = 1, F_2 = 2, F_3 = 3, F_4 = 5, ...`, `F_{i+1} = F_i + F_{i-1}` (and `F_0 = 1`). Every
//! `n > 0` is uniquely a sum of non-consecutive ones (Zeckendorf); let `z(n)` be the smallest term.
//! **`(n, L)` is P iff `n = 0` or `L < z(n)`.** Proof sketch, by induction on `n`:
//! * If `z(n) = F_j <= L`, take `F_j`: the rest `n - F_j` is 0 or has smallest term at least
//!   `F_{j+2} > 2·F_j`, the opponent's limit, so it is P.
//! * If `L < F_j = z(n)`, any take `t <= L` leaves `n - t = (n - F_j) + (F_j - t)`. The number
//!   `y = F_j - t` lies in `1..F_j`, so its terms are below `F_j` and the union with `n - F_j`'s
//!   terms (at least `F_{j+2}`) is still a Zeckendorf sum: `z(n - t) = z(y) = F_i`. The largest
//!   sum of non-consecutive terms below `F_j` with smallest term `F_i` is
//!   `F_{j-1} + F_{j-3} + ... + F_i = F_j - F_{i-1}`, so `t = F_j - y >= F_{i-1}` and
//!   `z(n - t) = F_i = F_{i-1} + F_{i-2} <= 2t`: the opponent may take `z(n - t)`, an N-position.
//!
//! So the opening `[n]` is lost exactly when `n` is a Fibonacci number (then `z(n) = n > n - 1`).
//!
//! **Every winning move**, for heaps of any size: a take `t` wins iff `t <= L` and `(n - t, 2t)` is
//! P, i.e. `t = n` or `2t < z(n - t)`. In the second case `t < z(n-t)/2 < F_{i-1}` for
//! `z(n-t) = F_i`, so `t`'s Zeckendorf terms are at most `F_{i-2}` and `n`'s Zeckendorf sum is
//! `n - t`'s terms followed by `t`'s: `t` is the sum of the `r` smallest terms of `n` for some
//! `r`. Hence the winning takes are the sums `t_r` of the `r` smallest terms (`r = 1, 2, ...`)
//! with `t_r <= L` and either `r` = all terms or `2·t_r` below the next term. `r = 1` (the
//! smallest term, the seed's move) always qualifies when `z(n) <= L`. `O(terms)` big additions
//! after the decomposition.
//!
//! Grundy values have no known closed form; the theory gives the outcome only. Misère play is
//! answered by search only.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::big;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, engine};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::tables::{by_chunks, row_by_row, Grid, GridRequest, Sequence, SequenceRequest};
use crate::tables::{TableBasis, TableError, TableValues, N_CELL, P_CELL};
use crate::AnyGame;

/// The declaration of Fibonacci Nim.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "fibonacci",
    title: "Fibonacci Nim",
    summary: "one heap and a take limit (HEAP [LIMIT]); take 1..LIMIT, the next limit is twice the take; \
              the opening (no LIMIT) may take anything but the whole heap",
    rules: "One heap of stones. The first move may take any number of stones but not the whole heap; \
            after that a player may take from 1 up to twice what the other player just took.",
    position: "the heap size, then optionally the current take limit",
    example_position: "20",
    params: &[],
    drawing: Drawing::of(Board::HeapAndLimit, Token::Stone),
    zh: Texts {
        title: "斐波那契博弈",
        rules: "一堆石子。第一步可以取任意多个，但不能一次取完；之后每一步取 1 到对方刚取个数的 2 倍。",
        position: "石子数，可再加上本步最多可取的数",
        params: &[],
    },
    capabilities: Capabilities { fast_sequence: true, fast_grid: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 100,
    build,
};

/// Fibonacci Nim; positions are `(heap, limit)`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FibonacciNim;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, FibonacciNim))
}

impl Game for FibonacciNim {
    type Position = (u64, u64);

    fn options(&self, &(n, limit): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=limit.min(n)).map(|t| (n - t, t.saturating_mul(2))).collect()
    }

    /// Lazily: the limit may be huge.
    fn for_each_option(
        &self,
        &(n, limit): &(u64, u64),
        visit: &mut dyn FnMut((u64, u64)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for t in 1..=limit.min(n) {
            visit((n - t, t.saturating_mul(2)))?;
        }
        ControlFlow::Continue(())
    }

    /// A limit above the heap allows the same takes as a limit equal to it.
    fn canonical(&self, &(n, limit): &(u64, u64)) -> (u64, u64) {
        (n, limit.min(n))
    }
}

/// Fibonacci numbers without repetition (`F_1 = 1, F_2 = 2, F_{i+1} = F_i + F_{i-1}`), walked
/// one step up or down at a time: two numbers in memory.
#[derive(Debug, Clone)]
struct FibPair {
    index: u64,
    /// `F_index`.
    value: BigUint,
    /// `F_{index + 1}`.
    next: BigUint,
}

impl FibPair {
    fn first() -> Self {
        FibPair { index: 1, value: big(1), next: big(2) }
    }

    fn up(&mut self) {
        let after = &self.value + &self.next;
        self.value = std::mem::replace(&mut self.next, after);
        self.index += 1;
    }

    /// `F_{index - 1} = F_{index + 1} - F_index`; only from `index >= 2`.
    fn down(&mut self) {
        let before = &self.next - &self.value;
        self.next = std::mem::replace(&mut self.value, before);
        self.index -= 1;
    }
}

/// The Zeckendorf indices of `n`: `n = F_{k_1} + F_{k_2} + ...` with `k_1 > k_2 + 1 > ...`,
/// largest first; empty for 0. Greedy from the largest `F_k <= n` down: `O(d^2)` time for `d`
/// digits and `O(d)` memory (the terms themselves are not kept).
pub(crate) fn zeckendorf_indices(n: &BigUint) -> Vec<u64> {
    let mut indices = Vec::new();
    if n.is_zero() {
        return indices;
    }
    let mut f = FibPair::first();
    while f.next <= *n {
        f.up();
    }
    let mut rest = n.clone();
    loop {
        if f.value <= rest {
            rest -= &f.value;
            indices.push(f.index);
            if rest.is_zero() {
                return indices;
            }
        }
        f.down();
    }
}

/// `F_k` for each `k` of `indices` (any order), walking up once: `O(max k)` additions.
fn fib_values(indices: &BTreeSet<u64>) -> BTreeMap<u64, BigUint> {
    let mut values = BTreeMap::new();
    let mut f = FibPair::first();
    for &k in indices {
        while f.index < k {
            f.up();
        }
        values.insert(k, f.value.clone());
    }
    values
}

#[cfg(test)]
/// The Zeckendorf representation of `n`: distinct, non-consecutive Fibonacci numbers (from
/// 1, 2, 3, 5, ...) summing to `n`, largest first; empty for 0. `O(d^2)` time and memory for
/// `d` digits.
pub(crate) fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let indices = zeckendorf_indices(n);
    let values = fib_values(&indices.iter().copied().collect());
    indices.iter().map(|k| values[k].clone()).collect()
}

/// A Zeckendorf decomposition with the values of the terms its texts show (a few at each end).
struct Decomposition {
    /// Indices, largest first.
    indices: Vec<u64>,
    values: BTreeMap<u64, BigUint>,
}

/// Terms shown at each end of a long decomposition.
const SHOWN_AT_EACH_END: usize = 3;

impl Decomposition {
    /// The decomposition with these indices (largest first).
    fn new(indices: Vec<u64>) -> Self {
        let mut needed: BTreeSet<u64> = indices.iter().rev().take(SHOWN_AT_EACH_END + 1).copied().collect();
        needed.extend(indices.iter().take(SHOWN_AT_EACH_END));
        if indices.len() <= 2 * SHOWN_AT_EACH_END + 2 {
            needed.extend(indices.iter().copied());
        }
        Decomposition { values: fib_values(&needed), indices }
    }

    fn len(&self) -> usize {
        self.indices.len()
    }

    /// The `r`-th smallest term (`r = 0`: the smallest), for `r <= SHOWN_AT_EACH_END`.
    fn smallest(&self, r: usize) -> Option<&BigUint> {
        let k = self.indices.get(self.indices.len().checked_sub(r + 1)?)?;
        self.values.get(k)
    }

    /// "85 = 55 + 21 + 8 + 1", or "89 is a Fibonacci number"; long sums show their ends. `skip`
    /// (0 or 1) leaves out that many of the smallest terms (the sum is then `n`).
    fn show(&self, n: &BigUint, skip: usize, lang: Lang) -> String {
        let indices = &self.indices[..self.indices.len().saturating_sub(skip)];
        if indices.len() == 1 {
            return say!(lang, "{n} is a Fibonacci number", "{n} 是斐波那契数");
        }
        let join = |ks: &[u64]| ks.iter().map(|k| self.values[k].to_string()).collect::<Vec<_>>().join(" + ");
        // Every term's value is known only for a short decomposition (see `new`).
        if self.indices.len() <= 2 * SHOWN_AT_EACH_END + 2 {
            format!("{n} = {}", join(indices))
        } else {
            say!(
                lang,
                "{n} = {} + ... + {} ({} terms)",
                "{n} = {} + ... + {}（共 {} 项）",
                join(&indices[..SHOWN_AT_EACH_END]),
                join(&indices[indices.len() - SHOWN_AT_EACH_END..]),
                indices.len()
            )
        }
    }
}

fn take_text(t: &BigUint, lang: Lang) -> String {
    say!(
        lang,
        "take {t} (the next player may take up to {})",
        "取走 {t} 个（下一位玩家最多可取 {} 个）",
        t * 2u8
    )
}

fn take(n: &BigUint, t: &BigUint, lang: Lang) -> MoveReport {
    MoveReport { text: take_text(t, lang), to: crate::analysis::CheckedPosition::new(vec![n - t, t * 2u8]) }
}

/// The winning takes from `(n, limit)` given `n`'s Zeckendorf indices (largest first): the sums
/// of the smallest terms that fit the limit and leave a P-position (see the module doc). The
/// first `max` of them, and how many there are; one walk up the Fibonacci numbers, `O(d)`
/// memory.
fn winning_takes(indices: &[u64], limit: &BigUint, max: usize) -> (Vec<BigUint>, u64) {
    let ascending: Vec<u64> = indices.iter().rev().copied().collect();
    let mut f = FibPair::first();
    let advance = |f: &mut FibPair, k: u64| {
        while f.index < k {
            f.up();
        }
    };
    let (mut takes, mut count) = (Vec::new(), 0);
    let mut t = BigUint::zero();
    for r in 0..ascending.len() {
        // f is at the r-th smallest term.
        advance(&mut f, ascending[r]);
        t += &f.value;
        if t > *limit {
            break;
        }
        let leaves_p = match ascending.get(r + 1) {
            None => true,
            Some(&next) => {
                advance(&mut f, next);
                &t * 2u8 < f.value
            }
        };
        if leaves_p {
            count += 1;
            if takes.len() < max {
                takes.push(t.clone());
            }
        }
    }
    (takes, count)
}

fn analysis(numbers: &[BigUint], max_moves: usize, lang: Lang) -> Analysis {
    let (n, limit) = (&numbers[0], &numbers[1]);
    let indices = zeckendorf_indices(n);
    let (takes, count) = winning_takes(&indices, limit, max_moves.max(1));
    let terms = Decomposition::new(indices);
    let moves: Vec<MoveReport> = takes.iter().map(|t| take(n, t, lang)).collect();
    let smallest = terms.smallest(0);
    let p = match smallest {
        None => true,
        Some(smallest) => smallest > limit,
    };
    let decomposition = terms.show(n, 0, lang);
    let reason = match (smallest, takes.first()) {
        (None, _) => say!(
            lang,
            "no stone is left, so the player to move cannot move and loses",
            "石子已取完，轮到走的一方无法走，先手必败"
        ),
        (Some(_), None) if limit.is_zero() => say!(
            lang,
            "{decomposition}; the limit is 0, so there is no move",
            "{decomposition}；可取上限为 0，所以无法走"
        ),
        (Some(smallest), None) => say!(
            lang,
            "{decomposition}: the limit {limit} is below the smallest Zeckendorf term {smallest}, so every take t \
             leaves a heap whose smallest Zeckendorf term is at most 2t, which the opponent may take",
            "{decomposition}：可取上限 {limit} 小于齐肯多夫表示的最小项 {smallest}，所以无论取走 t 个，\
             剩下那堆的齐肯多夫表示的最小项都不超过 2t，对方可以把它取走"
        ),
        (Some(smallest), Some(t)) if terms.len() == 1 => say!(
            lang,
            "{decomposition} within the limit {limit}: take all {t}, the smallest Zeckendorf term {smallest}",
            "{decomposition}，不超过可取上限 {limit}：全部取走 {t} 个，即齐肯多夫表示的最小项 {smallest}"
        ),
        (Some(_), Some(t)) => {
            let rest_sum = n - t;
            say!(
                lang,
                "{decomposition}: take {t}, the smallest term (the limit is {limit}), leaving {}, whose smallest \
                 term {} is above the opponent's limit {}",
                "{decomposition}：取走最小项 {t}（可取上限为 {limit}），剩下的 {}，其最小项 {} 大于对方的可取上限 {}",
                terms.show(&rest_sum, 1, lang),
                terms.smallest(1).map(|z| z.to_string()).unwrap_or_default(),
                t * 2u8
            )
        }
    };
    Analysis {
        outcome: if p { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Unknown,
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(theorem_text(lang).into()),
    }
}

/// The smallest term of the Zeckendorf sum of `n >= 1`, greedily on machine words. `O(log n)`.
fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut terms = vec![1u64, 2];
    while let Some(next) = terms[terms.len() - 1].checked_add(terms[terms.len() - 2]).filter(|&f| f <= n) {
        terms.push(next);
    }
    let mut smallest = n;
    for &f in terms.iter().rev() {
        if f <= n {
            n -= f;
            smallest = f;
        }
    }
    smallest
}

const THEOREM: &str =
    "Zeckendorf: (heap n, limit L) is P iff n = 0 or L < the smallest term of n's Zeckendorf sum";

/// The theorem in `lang`.
fn theorem_text(lang: Lang) -> &'static str {
    lang.pick(
        THEOREM,
        "齐肯多夫（Zeckendorf）表示：（堆 n，可取上限 L）是必败态当且仅当 n = 0 或 L 小于 n 的齐肯多夫表示的最小项",
    )
}

impl Ruleset for FibonacciNim {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        match numbers {
            [n] if n.is_zero() => Ok(vec![BigUint::zero(), BigUint::zero()]),
            [n] => Ok(vec![n.clone(), n - 1u8]),
            [n, limit] => Ok(vec![n.clone(), limit.clone()]),
            _ => {
                let got = numbers.len();
                Err(EngineError::InvalidPosition(crate::lang::words!(
                    "fibonacci takes a heap size and optionally the take limit (HEAP [LIMIT]), got {got} numbers",
                    "fibonacci 的局面是一堆的大小，可再加上这一步最多能取几个（堆 [上限]）；这里给了 {got} 个数"
                )))
            }
        }
    }

    /// A limit above the heap is lowered to the heap.
    fn search_position(&self, numbers: &[BigUint]) -> Option<(u64, u64)> {
        let n = numbers.first()?.to_u64()?;
        let limit = numbers.get(1)?;
        Some((n, if *limit > big(n) { n } else { limit.to_u64()? }))
    }

    fn numbers(&self, &(n, limit): &(u64, u64)) -> Vec<BigUint> {
        vec![big(n), big(limit)]
    }

    /// From a heap of `n` the search may meet about `n^2 / 2` positions `(heap, limit)` with up
    /// to `n` options each; the root alone has `min(limit, n)`.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let n = &numbers[0];
        let root = numbers.get(1).map_or_else(|| n.clone(), |limit| limit.min(n).clone());
        box_search_cost(&[n.clone(), n.clone()], root)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        match (from.first(), to.first()) {
            (Some(f), Some(t)) if f >= t => take_text(&(f - t), lang),
            _ => lang.pick("pass", "不走").to_string(),
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| theorem_text(lang).into())
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        (play == Play::Normal).then(|| analysis(numbers, max_moves, lang))
    }

    /// The openings `[n]` (written `[n, n - 1]`) that are P-positions: the empty heap and the
    /// Fibonacci numbers 1, 2, 3, 5, 8, ... (see the module doc).
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        if play != Play::Normal {
            return None;
        }
        let (mut fib, mut next) = (BigUint::one(), BigUint::from(2u8));
        Some(list_positions(count, budget, |i| {
            if i == 0 {
                return Some(vec![BigUint::zero(), BigUint::zero()]);
            }
            let following = &fib + &next;
            let n = std::mem::replace(&mut fib, std::mem::replace(&mut next, following));
            Some(vec![n.clone(), n - 1u8])
        }))
    }

    /// Every heap `n <= bound` with every limit `L <= bound` (limits above the heap included).
    /// Normal-play outcomes of the openings `[n]`: P iff `n` is 0 or a Fibonacci number, by
    /// walking the Fibonacci numbers alongside `n`. Grundy values and misère play take the
    /// generic path.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        if (request.values, request.play) != (TableValues::Outcomes, Play::Normal) {
            return Ok(None);
        }
        // (F_i, F_{i+1}), the least pair with F_i >= the next heap.
        let mut fibonacci = (1u64, 2u64);
        let source = by_chunks(move |first, out| {
            for (n, slot) in (first..).zip(out.iter_mut()) {
                while fibonacci.0 < n {
                    fibonacci = (fibonacci.1, fibonacci.0.saturating_add(fibonacci.1));
                }
                *slot = if n == 0 || fibonacci.0 == n { P_CELL } else { N_CELL };
            }
        });
        let basis = TableBasis::closed_form(
            "Zeckendorf: the opening [n] is P iff n is 0 or a Fibonacci number",
            N_CELL,
        );
        Ok(Some(Sequence::new(source, basis, request.upto, budget)))
    }

    /// Normal-play outcomes of `(heap r, limit c)`: P iff `r = 0` or `c < z(r)`, the smallest
    /// Zeckendorf term, found once per row. Grundy values and misère play take the generic path.
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        if (request.values, request.play) != (TableValues::Outcomes, Play::Normal) {
            return Ok(None);
        }
        let source = row_by_row(|n, out| {
            let z = if n == 0 { u64::MAX } else { smallest_zeckendorf_term(n) };
            for (limit, slot) in (0u64..).zip(out.iter_mut()) {
                *slot = if limit < z { P_CELL } else { N_CELL };
            }
        });
        Ok(Some(Grid::new(
            source,
            TableBasis::closed_form(THEOREM, N_CELL),
            request.rows,
            request.cols,
            budget,
        )))
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(HeapBox::new(2, bound))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(2, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn fibonacci() -> Box<dyn AnyGame> {
        test_game("fibonacci")
    }

    fn analyze(numbers: &[u64], method: Method) -> Analysis {
        let game = fibonacci();
        let position = game.check_position(&to_bigs(numbers)).unwrap();
        game.analyze(&position, &Query::new(method, Play::Normal), &Budget::default()).unwrap()
    }

    #[test]
    fn theory_matches_search_for_every_heap_and_limit_up_to_30() {
        let report = fibonacci().verify(30, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert_eq!(report.positions, 31 * 31);
        assert_eq!(report.counterexample, None);
    }

    #[test]
    fn theory_matches_search_for_every_heap_and_limit_up_to_100() {
        let report = fibonacci().verify(100, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert_eq!(report.positions, 101 * 101);
        assert_eq!(report.counterexample, None);
    }

    /// Heaps whose Zeckendorf sums have 7 to 10 terms once left a term's value out of the reason
    /// (4180 = 2584 + 987 + 377 + 144 + 55 + 21 + 8 + 3 + 1 is the first with 9 terms).
    #[test]
    fn reasons_for_every_heap_up_to_20000_and_its_opening_limit() {
        for n in 0..=20_000u64 {
            for limit in [1, n.saturating_sub(1), n] {
                let numbers = to_bigs(&[n, limit]);
                let report = analysis(&numbers, 1, Lang::En);
                assert!(!report.reason.is_empty(), "n = {n}");
            }
        }
        let long = analysis(&to_bigs(&[4180, 4179]), 1, Lang::En).reason;
        assert!(long.starts_with("4180 = 2584 + 987 + 377 + ... + 8 + 3 + 1 (9 terms)"), "{long}");
    }

    #[test]
    fn p_position_listing_by_theory_matches_search() {
        let game = fibonacci();
        let budget = Budget::default();
        let listed = |method| {
            let request = crate::listing::PRequest {
                count: 12,
                heaps: None,
                all_orders: false,
                play: Play::Normal,
                method,
            };
            crate::listing::p_positions(game.as_ref(), &request, &budget, &no_progress).unwrap()
        };
        let (theory, search) = (listed(Method::Auto), listed(Method::Search));
        assert_eq!(theory.basis, crate::listing::ListingBasis::Theory);
        assert_eq!(theory.p_positions, search.p_positions);
        assert_eq!(theory.p_positions[11], to_bigs(&[144, 143]));
    }

    /// Seed 001 §7: the first player loses the opening exactly when the heap is a Fibonacci
    /// number (1 included: the first move may not take the whole heap).
    #[test]
    fn openings_up_to_100_are_lost_exactly_on_fibonacci_numbers() {
        let fibs = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
        for n in 0..=100u64 {
            let theory = analyze(&[n], Method::Theory);
            let search = analyze(&[n], Method::Search);
            let expected = if n == 0 || fibs.contains(&n) { Outcome::P } else { Outcome::N };
            assert_eq!(theory.outcome, expected, "n = {n}");
            assert_eq!(search.outcome, expected, "n = {n}");
        }
    }

    #[test]
    fn the_opening_fills_in_the_limit() {
        let game = fibonacci();
        assert_eq!(game.check_position(&to_bigs(&[10])).unwrap(), trusted(&to_bigs(&[10, 9])));
        assert_eq!(game.check_position(&to_bigs(&[1])).unwrap(), trusted(&to_bigs(&[1, 0])));
        assert_eq!(game.check_position(&to_bigs(&[0])).unwrap(), trusted(&to_bigs(&[0, 0])));
        assert_eq!(game.check_position(&to_bigs(&[10, 3])).unwrap(), trusted(&to_bigs(&[10, 3])));
        let one = analyze(&[1], Method::Auto);
        assert_eq!(one.outcome, Outcome::P);
        assert_eq!(
            one.reason,
            "1 is a Fibonacci number; the limit is 0, so there is no move; Grundy value 0 by search"
        );
    }

    #[test]
    fn reasons_show_the_decomposition() {
        let a = analyze(&[85], Method::Theory);
        assert_eq!(
            a.reason,
            "85 = 55 + 21 + 8 + 1: take 1, the smallest term (the limit is 84), leaving 84 = 55 + 21 + 8, whose \
             smallest term 8 is above the opponent's limit 2"
        );
        assert_eq!(a.winning_moves[0].to, to_bigs(&[84, 2]));
        assert_eq!(a.winning_moves[0].text, "take 1 (the next player may take up to 2)");
        let p = analyze(&[89], Method::Theory);
        assert_eq!(p.outcome, Outcome::P);
        assert!(p
            .reason
            .starts_with("89 is a Fibonacci number: the limit 88 is below the smallest Zeckendorf term 89"));
        let all = analyze(&[89, 100], Method::Theory);
        assert_eq!(
            all.reason,
            "89 is a Fibonacci number within the limit 100: take all 89, the smallest Zeckendorf term 89"
        );
        assert_eq!(
            analyze(&[0, 5], Method::Theory).reason,
            "no stone is left, so the player to move cannot move and loses"
        );
    }

    /// Every heap up to 3000 with the limits 1, n - 1 and n (and a heap of 300 digits): the
    /// Chinese answer has the English one's outcome and moves, and no English word in its
    /// reason, move texts or theorem.
    #[test]
    fn chinese_texts_have_no_english_words() {
        let theorem = FibonacciNim.theorem(Play::Normal, Lang::Zh).unwrap();
        assert_eq!(english_words(&theorem), Vec::<&str>::new(), "{theorem}");
        let long: BigUint = format!("3{}", "14159265358979".repeat(21)).parse().unwrap();
        let mut positions: Vec<Vec<BigUint>> = (0..=3000u64)
            .flat_map(|n| [1, n.saturating_sub(1), n].map(|limit| to_bigs(&[n, limit])))
            .collect();
        positions.push(vec![long.clone(), long - 1u8]);
        for numbers in &positions {
            let en = analysis(numbers, usize::MAX, Lang::En);
            let zh = analysis(numbers, usize::MAX, Lang::Zh);
            assert_eq!((en.outcome, en.winning_move_count), (zh.outcome, zh.winning_move_count));
            let tos = |a: &Analysis| a.winning_moves.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
            assert_eq!(tos(&en), tos(&zh), "{numbers:?}");
            assert_eq!(english_words(&zh.reason), Vec::<&str>::new(), "{numbers:?}: {}", zh.reason);
            assert_eq!(zh.basis, Basis::Theory(theorem.clone()));
            for m in &zh.winning_moves {
                assert_eq!(english_words(&m.text), Vec::<&str>::new(), "{}", m.text);
            }
        }
    }

    #[test]
    fn chinese_reasons_show_the_zeckendorf_sum_and_english_is_unchanged() {
        let theory = |numbers: &[u64], lang| {
            let position = FibonacciNim.check_position(&to_bigs(numbers)).unwrap();
            FibonacciNim.theory(&position, Play::Normal, usize::MAX, lang).unwrap()
        };
        let a = theory(&[85], Lang::Zh);
        assert_eq!(
            a.reason,
            "85 = 55 + 21 + 8 + 1：取走最小项 1（可取上限为 84），剩下的 84 = 55 + 21 + 8，其最小项 8 大于对方的可取上限 2"
        );
        assert_eq!(a.winning_moves[0].text, "取走 1 个（下一位玩家最多可取 2 个）");
        assert_eq!(
            theory(&[85], Lang::En).reason,
            "85 = 55 + 21 + 8 + 1: take 1, the smallest term (the limit is 84), leaving 84 = 55 + 21 + 8, whose \
             smallest term 8 is above the opponent's limit 2"
        );
        let p = theory(&[89], Lang::Zh);
        assert_eq!(p.outcome, Outcome::P);
        assert!(
            p.reason.starts_with("89 是斐波那契数：可取上限 88 小于齐肯多夫表示的最小项 89"),
            "{}",
            p.reason
        );
        assert_eq!(
            theory(&[89, 100], Lang::Zh).reason,
            "89 是斐波那契数，不超过可取上限 100：全部取走 89 个，即齐肯多夫表示的最小项 89"
        );
        assert_eq!(theory(&[1], Lang::Zh).reason, "1 是斐波那契数；可取上限为 0，所以无法走");
        assert_eq!(theory(&[0, 5], Lang::Zh).reason, "石子已取完，轮到走的一方无法走，先手必败");
        let long = analysis(&to_bigs(&[4180, 4179]), 1, Lang::Zh).reason;
        assert!(long.starts_with("4180 = 2584 + 987 + 377 + ... + 8 + 3 + 1（共 9 项）"), "{long}");
        assert_eq!(
            FibonacciNim.theorem(Play::Normal, Lang::Zh).unwrap(),
            "齐肯多夫（Zeckendorf）表示：（堆 n，可取上限 L）是必败态当且仅当 n = 0 或 L 小于 n 的齐肯多夫表示的最小项"
        );
        assert_eq!(FibonacciNim.theorem(Play::Normal, Lang::En).unwrap(), THEOREM);
        let from = to_bigs(&[10, 9]);
        assert_eq!(
            FibonacciNim.describe_move(&from, &to_bigs(&[7, 6]), Lang::Zh),
            "取走 3 个（下一位玩家最多可取 6 个）"
        );
        assert_eq!(FibonacciNim.describe_move(&from, &to_bigs(&[11, 6]), Lang::Zh), "不走");
        assert_eq!(FibonacciNim.describe_move(&from, &to_bigs(&[11, 6]), Lang::En), "pass");
    }

    #[test]
    fn every_winning_move_is_listed() {
        // 27 = 21 + 5 + 1: take 1 (leaves 26 = 21 + 5, 2 < 5), take 6 (leaves 21, 12 < 21),
        // or, with the limit allowing it, take all 27.
        let a = analyze(&[27, 27], Method::Theory);
        let takes: Vec<BigUint> = a.winning_moves.iter().map(|m| &BigUint::from(27u8) - &m.to[0]).collect();
        assert_eq!(takes, to_bigs(&[1, 6, 27]));
        let search = analyze(&[27, 27], Method::Search);
        assert_eq!(search.winning_moves.len(), 3);
        // With limit 5 only the smallest term fits.
        assert_eq!(analyze(&[27, 5], Method::Theory).winning_moves.len(), 1);
    }

    #[test]
    fn zeckendorf_sums_are_non_consecutive() {
        assert_eq!(zeckendorf(&big(85)), to_bigs(&[55, 21, 8, 1]));
        assert_eq!(zeckendorf(&big(0)), Vec::<BigUint>::new());
        let mut fibs = vec![big(1), big(2)];
        while fibs.len() < 2000 {
            let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
            fibs.push(next);
        }
        let n: BigUint = format!("3{}", "14159265358979".repeat(21)).parse().unwrap();
        assert_eq!(n.to_string().len(), 295);
        let n = n * 100_000u32 + 12_345u32;
        assert_eq!(n.to_string().len(), 300);
        let terms = zeckendorf(&n);
        assert_eq!(terms.iter().sum::<BigUint>(), n);
        let indexes: Vec<usize> = terms.iter().map(|t| fibs.iter().position(|f| f == t).unwrap()).collect();
        for pair in indexes.windows(2) {
            assert!(pair[0] >= pair[1] + 2, "consecutive terms {pair:?}");
        }
        // The opening of this 300-digit heap: take the smallest term, leaving a P-position.
        let game = fibonacci();
        let position = game.check_position(std::slice::from_ref(&n)).unwrap();
        let a = game.analyze(&position, &Query::new(Method::Auto, Play::Normal), &Budget::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy, GrundyValue::Unknown);
        let smallest = terms.last().unwrap();
        assert_eq!(a.winning_moves[0].to, vec![&n - smallest, smallest * 2u8]);
        assert!(a.reason.contains(&format!("({} terms)", terms.len())));
        for m in &a.winning_moves {
            assert_eq!(
                game.analyze(&trusted(&m.to), &Query::new(Method::Theory, Play::Normal), &Budget::default())
                    .unwrap()
                    .outcome,
                Outcome::P
            );
        }
        // A 300-digit Fibonacci number loses the opening.
        let f = fibs.iter().find(|f| f.to_string().len() == 300).unwrap();
        let position = game.check_position(std::slice::from_ref(f)).unwrap();
        assert_eq!(
            game.analyze(&position, &Query::new(Method::Auto, Play::Normal), &Budget::default())
                .unwrap()
                .outcome,
            Outcome::P
        );
    }

    #[test]
    fn large_heaps_are_searched_only_within_the_budget() {
        let game = fibonacci();
        let search = Query::new(Method::Search, Play::Normal);
        // A heap of 401 needs tens of thousands of positions: a small budget stops the search.
        let err = game.analyze(&trusted(&to_bigs(&[401, 5])), &search, &Budget::new(100_000)).unwrap_err();
        assert!(matches!(err, EngineError::Exhausted { .. }), "{err}");
        // The default budget affords it (there is no fixed heap limit), and it agrees with theory.
        let searched = game.analyze(&trusted(&to_bigs(&[401, 5])), &search, &Budget::default()).unwrap();
        assert_eq!(searched.outcome, analyze(&[401, 5], Method::Theory).outcome);
        // Heaps beyond 64 bits are never searched.
        let huge = vec![BigUint::from(1u8) << 64u32, big(5)];
        let err = game.analyze(&trusted(&huge), &search, &Budget::default()).unwrap_err();
        assert!(matches!(err, EngineError::TooLargeForSearch { .. }), "{err}");
    }

    #[test]
    fn bad_positions_and_parameters_are_errors() {
        let game = fibonacci();
        for numbers in [vec![], vec![1, 2, 3]] {
            let err = game.check_position(&to_bigs(&numbers)).unwrap_err();
            assert!(
                err.to_string().starts_with("fibonacci takes a heap size and optionally the take limit"),
                "{err}"
            );
        }
        let err = "fibonacci --max 2".parse::<crate::spec::GameSpec>().unwrap_err();
        assert!(matches!(err, crate::spec::SpecError::UnknownParam { .. }), "{err}");
        assert_eq!(fibonacci().theorem(Play::Misere, Lang::En), None);
    }
}
