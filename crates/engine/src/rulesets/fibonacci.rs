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

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{Analysis, Basis, MoveReport, Ruleset};
use crate::bigint::big;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::rulesets::{engine, only_params, GameSpec};
use crate::solve::Budget;
use crate::tables::{by_chunks, row_by_row, Grid, GridRequest, Sequence, SequenceRequest};
use crate::tables::{TableBasis, TableError, TableValues, N_CELL, P_CELL};
use crate::AnyGame;

pub(crate) const SUMMARY: &str =
    "one heap and a take limit (HEAP [LIMIT]); take 1..LIMIT, the next limit is twice the take; \
     the opening (no LIMIT) may take anything but the whole heap";

/// Search takes heaps up to 400 only: from a heap of `n` it may meet about `n^2 / 2` positions
/// `(heap, limit)` with up to `n` options each, about `n^3 / 6` option visits (about `10^7`, a
/// second, for `n = 400`). The theory answers larger heaps instantly; they get "too
/// large for search".
pub const SEARCH_HEAP_LIMIT: u64 = 400;

/// Fibonacci Nim; positions are `(heap, limit)`.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNim;

pub(crate) fn build(spec: &GameSpec, budget: Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    only_params(spec, &[])?;
    Ok(engine(FibonacciNim, budget))
}

impl Game for FibonacciNim {
    type Position = (u64, u64);

    fn options(&self, &(n, limit): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=limit.min(n)).map(|t| (n - t, t.saturating_mul(2))).collect()
    }

    /// A limit above the heap allows the same takes as a limit equal to it.
    fn canonical(&self, &(n, limit): &(u64, u64)) -> (u64, u64) {
        (n, limit.min(n))
    }
}

/// The Zeckendorf representation of `n`: distinct, non-consecutive Fibonacci numbers (from
/// 1, 2, 3, 5, ...) summing to `n`, largest first; empty for 0. Greedy, `O(d^2)` for `d` digits
/// (about `4.8·d` Fibonacci numbers are generated).
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![big(1), big(2)];
    while let [.., previous, last] = fibs.as_slice() {
        if last > n {
            break;
        }
        let next = previous + last;
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for f in fibs.iter().rev() {
        if *f <= rest {
            rest -= f;
            terms.push(f.clone());
        }
    }
    terms
}

/// "85 = 55 + 21 + 8 + 1", or "89 is a Fibonacci number"; long sums show their ends.
fn show_decomposition(n: &BigUint, terms: &[BigUint]) -> String {
    const SHOWN_AT_EACH_END: usize = 3;
    if terms.len() == 1 {
        return format!("{n} is a Fibonacci number");
    }
    let join = |terms: &[BigUint]| terms.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" + ");
    if terms.len() <= 2 * SHOWN_AT_EACH_END + 2 {
        format!("{n} = {}", join(terms))
    } else {
        format!(
            "{n} = {} + ... + {} ({} terms)",
            join(&terms[..SHOWN_AT_EACH_END]),
            join(&terms[terms.len() - SHOWN_AT_EACH_END..]),
            terms.len()
        )
    }
}

fn take_text(t: &BigUint) -> String {
    format!("take {t} (the next player may take up to {})", t * 2u8)
}

fn take(n: &BigUint, t: &BigUint) -> MoveReport {
    MoveReport { text: take_text(t), to: vec![n - t, t * 2u8] }
}

/// Every winning take from `(n, limit)` given `n`'s Zeckendorf terms (largest first): the sums of
/// the smallest terms that fit the limit and leave a P-position (see the module doc).
fn winning_takes(terms: &[BigUint], limit: &BigUint) -> Vec<BigUint> {
    let mut takes = Vec::new();
    let mut t = BigUint::zero();
    for r in (0..terms.len()).rev() {
        t += &terms[r];
        if t > *limit {
            break;
        }
        let leaves_p = match r.checked_sub(1) {
            None => true,
            Some(next) => &t * 2u8 < terms[next],
        };
        if leaves_p {
            takes.push(t.clone());
        }
    }
    takes
}

fn analysis(numbers: &[BigUint]) -> Analysis {
    let (n, limit) = (&numbers[0], &numbers[1]);
    let terms = zeckendorf(n);
    let takes = winning_takes(&terms, limit);
    let moves: Vec<MoveReport> = takes.iter().map(|t| take(n, t)).collect();
    let p = match terms.last() {
        None => true,
        Some(smallest) => smallest > limit,
    };
    let decomposition = show_decomposition(n, &terms);
    let reason = match (terms.last(), takes.first()) {
        (None, _) => "no stone is left, so the player to move cannot move and loses".to_string(),
        (Some(_), None) if limit.is_zero() => format!("{decomposition}; the limit is 0, so there is no move"),
        (Some(smallest), None) => format!(
            "{decomposition}: the limit {limit} is below the smallest Zeckendorf term {smallest}, so every take t \
             leaves a heap whose smallest Zeckendorf term is at most 2t, which the opponent may take"
        ),
        (Some(smallest), Some(t)) if terms.len() == 1 => {
            format!("{decomposition} within the limit {limit}: take all {t}, the smallest Zeckendorf term {smallest}")
        }
        (Some(_), Some(t)) => {
            let rest = &terms[..terms.len() - 1];
            let rest_sum = n - t;
            format!(
                "{decomposition}: take {t}, the smallest term (the limit is {limit}), leaving {}, whose smallest \
                 term {} is above the opponent's limit {}",
                show_decomposition(&rest_sum, rest),
                rest.last().map(|z| z.to_string()).unwrap_or_default(),
                t * 2u8
            )
        }
    };
    Analysis {
        outcome: if p { Outcome::P } else { Outcome::N },
        grundy: None,
        winning_moves: moves,
        moves_complete: true,
        reason,
        basis: Basis::Theory(THEOREM.into()),
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

impl Ruleset for FibonacciNim {
    fn name(&self) -> String {
        "fibonacci".into()
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        match numbers {
            [n] if n.is_zero() => Ok(vec![BigUint::zero(), BigUint::zero()]),
            [n] => Ok(vec![n.clone(), n - 1u8]),
            [n, limit] => Ok(vec![n.clone(), limit.clone()]),
            _ => Err(EngineError::InvalidPosition(format!(
                "fibonacci takes a heap size and optionally the take limit (HEAP [LIMIT]), got {} numbers",
                numbers.len()
            ))),
        }
    }

    /// Heaps up to [`SEARCH_HEAP_LIMIT`] only; a limit above the heap is lowered to the heap.
    fn search_position(&self, numbers: &[BigUint]) -> Option<(u64, u64)> {
        let n = numbers.first()?.to_u64().filter(|&n| n <= SEARCH_HEAP_LIMIT)?;
        let limit = numbers.get(1)?;
        Some((n, if *limit > big(n) { n } else { limit.to_u64()? }))
    }

    fn numbers(&self, &(n, limit): &(u64, u64)) -> Vec<BigUint> {
        vec![big(n), big(limit)]
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint]) -> String {
        match (from.first(), to.first()) {
            (Some(f), Some(t)) if f >= t => take_text(&(f - t)),
            _ => "pass".to_string(),
        }
    }

    fn theorem(&self, play: Play) -> Option<String> {
        (play == Play::Normal).then(|| THEOREM.into())
    }

    fn theory(&self, numbers: &[BigUint], play: Play) -> Option<Analysis> {
        (play == Play::Normal).then(|| analysis(numbers))
    }

    /// Every heap `n <= bound` with every limit `L <= bound` (limits above the heap included).
    /// Normal-play outcomes of the openings `[n]`: P iff `n` is 0 or a Fibonacci number, by
    /// walking the Fibonacci numbers alongside `n`. Grundy values and misère play take the
    /// generic path.
    fn fast_sequence(&self, request: &SequenceRequest) -> Result<Option<Sequence>, TableError> {
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
        Ok(Some(Sequence::new(source, basis, request.upto)))
    }

    /// Normal-play outcomes of `(heap r, limit c)`: P iff `r = 0` or `c < z(r)`, the smallest
    /// Zeckendorf term, found once per row. Grundy values and misère play take the generic path.
    fn fast_grid(&self, request: &GridRequest) -> Result<Option<Grid>, TableError> {
        if (request.values, request.play) != (TableValues::Outcomes, Play::Normal) {
            return Ok(None);
        }
        let source = row_by_row(|n, out| {
            let z = if n == 0 { u64::MAX } else { smallest_zeckendorf_term(n) };
            for (limit, slot) in (0u64..).zip(out.iter_mut()) {
                *slot = if limit < z { P_CELL } else { N_CELL };
            }
        });
        Ok(Some(Grid::new(source, TableBasis::closed_form(THEOREM, N_CELL), request.rows, request.cols)))
    }

    fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>> {
        (0..=bound).flat_map(|n| (0..=bound).map(move |limit| vec![big(n), big(limit)])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    use crate::Method;

    fn fibonacci() -> Box<dyn AnyGame> {
        build(&GameSpec::named("fibonacci"), Budget::default()).unwrap()
    }

    fn analyze(numbers: &[u64], method: Method) -> Analysis {
        let game = fibonacci();
        let position = game.check_position(&to_bigs(numbers)).unwrap();
        game.analyze(&position, method, Play::Normal).unwrap()
    }

    #[test]
    fn theory_matches_search_for_every_heap_and_limit_up_to_30() {
        let report = fibonacci().verify(30, Play::Normal).unwrap();
        assert_eq!(report.positions, 31 * 31);
        assert_eq!(report.counterexample, None);
    }

    #[test]
    fn theory_matches_search_for_every_heap_and_limit_up_to_100() {
        let report = fibonacci().verify(100, Play::Normal).unwrap();
        assert_eq!(report.positions, 101 * 101);
        assert_eq!(report.counterexample, None);
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
        assert_eq!(game.check_position(&to_bigs(&[10])).unwrap(), to_bigs(&[10, 9]));
        assert_eq!(game.check_position(&to_bigs(&[1])).unwrap(), to_bigs(&[1, 0]));
        assert_eq!(game.check_position(&to_bigs(&[0])).unwrap(), to_bigs(&[0, 0]));
        assert_eq!(game.check_position(&to_bigs(&[10, 3])).unwrap(), to_bigs(&[10, 3]));
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
        let a = game.analyze(&position, Method::Auto, Play::Normal).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy, None);
        let smallest = terms.last().unwrap();
        assert_eq!(a.winning_moves[0].to, vec![&n - smallest, smallest * 2u8]);
        assert!(a.reason.contains(&format!("({} terms)", terms.len())));
        for m in &a.winning_moves {
            assert_eq!(game.analyze(&m.to, Method::Theory, Play::Normal).unwrap().outcome, Outcome::P);
        }
        // A 300-digit Fibonacci number loses the opening.
        let f = fibs.iter().find(|f| f.to_string().len() == 300).unwrap();
        let position = game.check_position(std::slice::from_ref(f)).unwrap();
        assert_eq!(game.analyze(&position, Method::Auto, Play::Normal).unwrap().outcome, Outcome::P);
    }

    #[test]
    fn large_heaps_are_not_searched() {
        let err = fibonacci().analyze(&to_bigs(&[401, 5]), Method::Search, Play::Normal).unwrap_err();
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
        assert!(build(&GameSpec { max: Some(2), ..GameSpec::named("fibonacci") }, Budget::default()).is_err());
        assert_eq!(fibonacci().theorem(Play::Misere), None);
    }
}
