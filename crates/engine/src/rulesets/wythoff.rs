//! Wythoff's game: two heaps; a move takes any positive number of stones from one heap, or the
//! same positive number from both.
//!
//! Theory (Wythoff 1907, seed 001 §6 and seed 004): the P-positions are the pairs
//! `(a_k, b_k)` and `(b_k, a_k)` for `k = 0, 1, 2, ...`, where `a_k = floor(k·phi)`,
//! `b_k = a_k + k` and `phi = (1 + sqrt 5) / 2`. Proof sketch: by Beatty's theorem the sequences
//! `a_k` (k >= 1) and `b_k` (k >= 1) partition the positive integers, because
//! `1/phi + 1/phi^2 = 1`. Hence (1) no move joins two P-positions: one-heap moves keep one heap,
//! and every number is in exactly one pair; equal takes keep the difference `k`, and only one
//! pair has difference `k`. (2) From any other `(a, b)`, `a <= b`, some move reaches a pair:
//! if `a = b_j` lower `b` to `a_j`; if `a = a_j` and `b > b_j` lower `b` to `b_j`; if `a = a_j`
//! and `b < b_j` then `k = b - a < j`, and taking `a - a_k` from both heaps reaches
//! `(a_k, b_k)`.
//!
//! Everything is exact integer arithmetic, so heaps of any size work:
//! `floor(k·phi) = floor((k + k·sqrt 5) / 2) = (k + isqrt(5k^2)) / 2` (the fractional part of
//! `k·sqrt 5` cannot carry, since `k·sqrt 5` is irrational for `k > 0`). The seed's
//! floating-point test misjudges `(165580140, 267914295)`; see `docs/errata.md`.
//!
//! Winning moves are found by theory, never by scanning: the pair containing a heap value `x`
//! is found by inverting the Beatty sequences ([`beatty_place`]), so every winning move (at
//! most three: lower either heap to the partner of the other, or take equally to reach the
//! pair of the same difference) is listed for heaps of any size.
//!
//! Grundy values have no known closed form in general; when the smaller heap is at most
//! [`crate::tables::wythoff_rows::THEORY_ROWS`], the theory gives `G(a, N)` from the certified additive period of row `a`
//! ([`mod@crate::tables::wythoff_rows`], `docs/wythoff-rows.md`), for `N` of any size.
//!
//! Misère play (the player who takes the last stone loses): the P-positions are the set
//! `S = {(0, 1), (1, 0), (2, 2)} ∪ {(a_k, b_k), (b_k, a_k) : k >= 2}`. Proof sketch, by induction
//! on the total: `(0, 0)` is terminal and an N-position (the previous player took the last
//! stone). Since `{a_0, a_1, b_1} = {0, 1, 2}`, every number has exactly one partner in `S`
//! (0 with 1, 2 with 2, `a_k` with `b_k` for `k >= 2`), and every difference occurs in exactly
//! one pair of `S` (0 in `(2, 2)`, 1 in `(0, 1)`, `k >= 2` in `(a_k, b_k)`); so, as in normal
//! play, no move joins two positions of `S`, and no position of `S` is terminal. From any other
//! `(x, y)`, `x <= y`, not `(0, 0)`: if the partner `p` of `x` is below `y`, lower `y` to `p`;
//! otherwise `x` is `a_j` with `j >= 2` (x = 0 would make it `(0, 0)`, 1 and 2 have partners
//! at most `x`), `y < b_j`, the difference `d = y - x < j`, and taking equally reaches the pair
//! of difference `d`, whose smaller heap (2, 0 or `a_d < a_j`) is below `x`.

use std::cmp::Ordering;

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::bigint::big;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, describe_take, engine, expect_heaps};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::tables::lines::{line_grid, LineMoves};
use crate::tables::wythoff_rows::{certified_grundy, certified_rows_grid};
use crate::tables::{
    outcome_row, row_by_row, Grid, GridRequest, TableBasis, TableError, TableValues, N_CELL,
};
use crate::AnyGame;

/// The declaration of Wythoff's game.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "wythoff",
    title: "Wythoff's game",
    summary: "two heaps; take any number from one heap, or the same number from both",
    rules: "Two heaps of stones. A move takes any positive number from one heap, or the same positive \
            number from both.",
    position: "the two heap sizes",
    example_position: "3 5",
    params: &[],
    drawing: Drawing::of(Board::Grid, Token::Stone),
    zh: Texts {
        title: "威佐夫博弈",
        rules: "两堆石子。每一步从一堆中取任意正整数个，或从两堆中取同样多个。",
        position: "两堆的石子数",
        params: &[],
    },
    capabilities: Capabilities {
        fast_grid: true,
        any_size: true,
        research: &[Research::AdditiveRows],
        ..Capabilities::NONE
    },
    verify_bound: 60,
    build,
};

/// Wythoff's game on two heaps.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Wythoff))
}

impl Game for Wythoff {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let from_first = (0..x).map(|smaller| (smaller, y));
        let from_second = (0..y).map(|smaller| (x, smaller));
        let from_both = (1..=x.min(y)).map(|t| (x - t, y - t));
        from_first.chain(from_second).chain(from_both).collect()
    }

    /// Lazily, in the order of [`Game::options`].
    fn for_each_option(
        &self,
        &(x, y): &(u64, u64),
        visit: &mut dyn FnMut((u64, u64)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for smaller in 0..x {
            visit((smaller, y))?;
        }
        for smaller in 0..y {
            visit((x, smaller))?;
        }
        for t in 1..=x.min(y) {
            visit((x - t, y - t))?;
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, &(x, y): &(u64, u64)) -> (u64, u64) {
        (x.min(y), x.max(y))
    }
}

/// `a_k = floor(k·phi) = (k + isqrt(5k^2)) / 2`, exactly. `O(M(digits))` (one integer square
/// root).
pub(crate) fn lower_wythoff(k: &BigUint) -> BigUint {
    let root = (k * k * 5u8).sqrt();
    (k + root) >> 1u8
}

/// `b_k = a_k + k = floor(k·phi^2)`, exactly.
pub(crate) fn upper_wythoff(k: &BigUint) -> BigUint {
    lower_wythoff(k) + k
}

/// The `k`-th P-position `(a_k, b_k)`.
pub(crate) fn p_position(k: u64) -> (BigUint, BigUint) {
    let k = big(k);
    let a = lower_wythoff(&k);
    let b = &a + &k;
    (a, b)
}

#[cfg(test)]
/// The first `count` P-positions `(a_k, b_k)`, `k = 0..count`.
pub(crate) fn p_positions(count: usize) -> Vec<(BigUint, BigUint)> {
    (0..count as u64).map(p_position).collect()
}

/// Where a number sits in the Wythoff pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BeattyPlace {
    /// The number is `a_k` for this `k` (0 is `a_0 = b_0`, reported here).
    Lower(BigUint),
    /// The number is `b_k` for this `k >= 1`.
    Upper(BigUint),
}

impl BeattyPlace {
    /// The other member of the pair: `b_k` for `a_k`, `a_k` for `b_k`.
    pub(crate) fn partner(&self) -> BigUint {
        match self {
            BeattyPlace::Lower(k) => upper_wythoff(k),
            BeattyPlace::Upper(k) => lower_wythoff(k),
        }
    }
}

/// The pair that contains `x`, by inverting the Beatty sequences exactly.
///
/// If `x = a_j` (j >= 1) then `j·phi - 1 < x < j·phi`, so `j = floor(x/phi) + 1`, and
/// `floor(x/phi) = floor((x·sqrt 5 - x) / 2) = (isqrt(5x^2) - x) / 2`. Otherwise, by Beatty's
/// theorem, `x = b_j` with `j·phi^2 - 1 < x < j·phi^2`, so `j = floor(x/phi^2) + 1`, and
/// `floor(x/phi^2) = floor((3x - x·sqrt 5) / 2) = (3x - isqrt(5x^2) - 1) / 2`.
/// `O(M(digits))`: one square root and two evaluations of `a_j`.
pub(crate) fn beatty_place(x: &BigUint) -> BeattyPlace {
    if x.is_zero() {
        return BeattyPlace::Lower(BigUint::zero());
    }
    let root = (x * x * 5u8).sqrt();
    let lower_index = ((&root - x) >> 1u8) + 1u8;
    if lower_wythoff(&lower_index) == *x {
        BeattyPlace::Lower(lower_index)
    } else {
        BeattyPlace::Upper(((x * 3u8 - root - 1u8) >> 1u8) + 1u8)
    }
}

/// The heap `y` such that `(x, y)` is a P-position under `play` (there is exactly one), on
/// machine words: [`beatty_place`] in `u128` arithmetic (exact while `5x^2` fits), `u64::MAX`
/// when the partner does not fit a `u64`. `O(1)`.
fn p_partner(x: u64, play: Play) -> u64 {
    use num_integer::Roots;
    match (play, x) {
        (Play::Misere, 0) => return 1,
        (Play::Misere, 1) => return 0,
        (Play::Misere, 2) => return 2,
        _ => {}
    }
    if x >> 60 != 0 {
        return beatty_place(&big(x)).partner().to_u64().unwrap_or(u64::MAX);
    }
    let (x, root) = (u128::from(x), (5 * u128::from(x) * u128::from(x)).sqrt());
    let lower_index = (root - x) / 2 + 1;
    let a = (lower_index + (5 * lower_index * lower_index).sqrt()) / 2;
    let partner = if x == 0 {
        0
    } else if a == x {
        a + lower_index
    } else {
        x - ((3 * x - root - 1) / 2 + 1)
    };
    partner as u64
}

/// True when `(x, y)` (either order) is a normal-play P-position: with `a <= b`, `a = a_{b-a}`.
pub(crate) fn is_p_position(x: &BigUint, y: &BigUint) -> bool {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    lower_wythoff(&(b - a)) == *a
}

/// The heaps in the order given, as "(3, 5)".
fn pair(x: &BigUint, y: &BigUint) -> String {
    format!("({x}, {y})")
}

/// Names a position of the pair of index `k` in the user's order: "(a_2, b_2)" or "(b_2, a_2)".
fn pair_names(x: &BigUint, y: &BigUint, k: &BigUint) -> String {
    if x <= y {
        format!("(a_{k}, b_{k})")
    } else {
        format!("(b_{k}, a_{k})")
    }
}

/// Which positions are P under one play convention, and where the P-positions lie, so that the
/// moves to them can be constructed rather than searched for.
struct Rules {
    /// The position `(x, y)` is P in this play.
    is_p: fn(&BigUint, &BigUint) -> bool,
    /// The P-positions with one heap equal to `h`: the other heap's values.
    partners: fn(&BigUint) -> Vec<BigUint>,
    /// The smaller heap of the P-position whose heaps differ by `d` (there is exactly one).
    smaller_of_difference: fn(&BigUint) -> BigUint,
}

/// Every move from `(x, y)` to a position that `rules` call P, without duplicates; texts in
/// `lang`.
fn moves_to_p(heaps: &[BigUint], rules: &Rules, lang: Lang) -> Vec<MoveReport> {
    let (x, y) = (&heaps[0], &heaps[1]);
    let mut targets: Vec<Vec<BigUint>> = Vec::new();
    for partner in (rules.partners)(y) {
        if partner < *x {
            targets.push(vec![partner, y.clone()]);
        }
    }
    for partner in (rules.partners)(x) {
        if partner < *y {
            targets.push(vec![x.clone(), partner]);
        }
    }
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let a = (rules.smaller_of_difference)(&(large - small));
    if a < *small {
        let t = small - a;
        targets.push(vec![x - &t, y - &t]);
    }
    let mut moves: Vec<MoveReport> = Vec::new();
    for to in targets {
        if (rules.is_p)(&to[0], &to[1]) && !moves.iter().any(|m| m.to == to) {
            moves.push(MoveReport {
                text: describe_take(heaps, &to, lang),
                to: crate::analysis::CheckedPosition::new(to),
            });
        }
    }
    moves
}

const NORMAL_RULES: Rules = Rules {
    is_p: is_p_position,
    partners: |h| vec![beatty_place(h).partner()],
    smaller_of_difference: lower_wythoff,
};

/// Misère P-positions: `(0,1)`, `(1,0)`, `(2,2)` and the normal pairs of index `k >= 2`.
pub(crate) fn is_misere_p_position(x: &BigUint, y: &BigUint) -> bool {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    match (a.to_u64(), b.to_u64()) {
        (Some(a), Some(b)) if b <= 2 => (a, b) == (0, 1) || (a, b) == (2, 2),
        _ => is_p_position(a, b),
    }
}

const MISERE_RULES: Rules = Rules {
    is_p: is_misere_p_position,
    partners: |h| match h.to_u64() {
        Some(0) => vec![big(1)],
        Some(1) => vec![big(0)],
        Some(2) => vec![big(2)],
        _ => vec![beatty_place(h).partner()],
    },
    smaller_of_difference: |d| match d.to_u64() {
        Some(0) => big(2),
        Some(1) => big(0),
        _ => lower_wythoff(d),
    },
};

/// "(3, 5) = (a_2, b_2)" with how `a_2` follows from the formula.
fn explain_pair(x: &BigUint, y: &BigUint, lang: Lang) -> String {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    let k = b - a;
    say!(
        lang,
        "{} = {}, a P-position: a_{k} = floor({k}·phi) = {a} and b_{k} = a_{k} + {k} = {b}",
        "{} = {}，是第 {k} 个奇异局势（必败态）：a_{k} = ⌊{k}·φ⌋ = {a}，b_{k} = a_{k} + {k} = {b}",
        pair(x, y),
        pair_names(x, y, &k)
    )
}

/// "take 2 from the heap of 5 to reach (a_2, b_2) = (3, 5)".
fn explain_move(m: &MoveReport, lang: Lang) -> String {
    let (x, y) = (&m.to[0], &m.to[1]);
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    let k = b - a;
    say!(lang, "{} to reach {} = {}", "{}，到达奇异局势 {} = {}", m.text, pair_names(x, y, &k), pair(x, y))
}

fn normal(heaps: &[BigUint], lang: Lang) -> Analysis {
    let (x, y) = (&heaps[0], &heaps[1]);
    let moves = moves_to_p(heaps, &NORMAL_RULES, lang);
    let p = is_p_position(x, y);
    let reason = match moves.first() {
        _ if p => say!(
            lang,
            "{}; every move changes one heap or keeps the difference, and no other pair shares either",
            "{}；每一步要么只改变一堆，要么保持两堆之差不变，而没有别的奇异局势与它有相同的堆或相同的差",
            explain_pair(x, y, lang)
        ),
        None => say!(lang, "{} is not a P-position", "{} 不是奇异局势", pair(x, y)),
        Some(m) => {
            let (a, b) = if x <= y { (x, y) } else { (y, x) };
            let k = b - a;
            let ak = lower_wythoff(&k);
            let relation = match ak.cmp(a) {
                Ordering::Less => "<",
                Ordering::Equal => "=",
                Ordering::Greater => ">",
            };
            say!(
                lang,
                "{}: the difference is {k} and a_{k} = floor({k}·phi) = {ak} {relation} {a}, so it is not a \
                 P-position: {}",
                "{}：两堆之差为 {k}，而 a_{k} = ⌊{k}·φ⌋ = {ak} {relation} {a}，所以不是奇异局势，先手必胜：{}",
                pair(x, y),
                explain_move(m, lang)
            )
        }
    };
    // The Grundy value when the smaller heap's row is certified (crate::tables::wythoff_rows).
    let (grundy, reason) = match certified_grundy(x, y, lang) {
        Some((value, why)) => (
            GrundyValue::Value(value.clone()),
            say!(lang, "{reason}; Grundy value {value}: {why}", "{reason}；SG 值为 {value}：{why}"),
        ),
        None => (GrundyValue::Unknown, reason),
    };
    Analysis {
        outcome: if p { Outcome::P } else { Outcome::N },
        grundy,
        winning_moves: moves,
        winning_move_count: None,
        moves_complete: true,
        reason,
        basis: Basis::Theory(theorem_text(Play::Normal, lang).into()),
    }
}

fn misere(heaps: &[BigUint], lang: Lang) -> Analysis {
    let (x, y) = (&heaps[0], &heaps[1]);
    let moves = moves_to_p(heaps, &MISERE_RULES, lang);
    let p = is_misere_p_position(x, y);
    let reason = if x.is_zero() && y.is_zero() {
        say!(
            lang,
            "misère: no stone is left, so the previous player took the last one and lost",
            "反常规则：石子已取完，所以后手取走了最后一个石子，输了"
        )
    } else if p {
        let small = x.max(y) <= &big(2);
        if small {
            say!(
                lang,
                "misère: {} is one of the P-positions (0, 1), (1, 0), (2, 2)",
                "反常规则：{} 是必败态 (0, 1)、(1, 0)、(2, 2) 之一",
                pair(x, y)
            )
        } else {
            say!(
                lang,
                "misère: {}, as in normal play for k >= 2",
                "反常规则：{}，k >= 2 时与正常规则相同",
                explain_pair(x, y, lang)
            )
        }
    } else {
        match moves.first() {
            Some(m) => {
                let (tx, ty) = (&m.to[0], &m.to[1]);
                let target = if tx.max(ty) <= &big(2) {
                    say!(lang, "the misère P-position {}", "反常规则下的必败态 {}", pair(tx, ty))
                } else {
                    let (a, b) = if tx <= ty { (tx, ty) } else { (ty, tx) };
                    say!(lang, "{} = {}", "奇异局势 {} = {}", pair_names(tx, ty, &(b - a)), pair(tx, ty))
                };
                say!(
                    lang,
                    "misère: {} is not a misère P-position: {} to reach {target}",
                    "反常规则：{} 不是反常规则下的必败态：{}，到达{target}",
                    pair(x, y),
                    m.text
                )
            }
            None => say!(
                lang,
                "misère: {} has no move to a misère P-position",
                "反常规则：{} 没有走到反常规则下必败态的走法",
                pair(x, y)
            ),
        }
    };
    Analysis {
        outcome: if p { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Undefined,
        winning_moves: moves,
        winning_move_count: None,
        moves_complete: true,
        reason,
        basis: Basis::Theory(theorem_text(Play::Misere, lang).into()),
    }
}

const THEOREM: &str =
    "Wythoff: P iff the heaps are (a_k, b_k), a_k = floor(k·phi) = (k + isqrt(5k^2))/2, b_k = a_k + k";
const MISERE_THEOREM: &str =
    "misère Wythoff: P iff the heaps are (0, 1), (2, 2) or (a_k, b_k) with k >= 2, in either order";

/// The theorem under `play`, in `lang`.
fn theorem_text(play: Play, lang: Lang) -> &'static str {
    match play {
        Play::Normal => lang.pick(
            THEOREM,
            "威佐夫博弈：必败态当且仅当两堆是奇异局势 (a_k, b_k)，a_k = ⌊k·φ⌋ = (k + ⌊√(5k^2)⌋)/2，\
             b_k = a_k + k（φ 为黄金分割比）",
        ),
        Play::Misere => lang.pick(
            MISERE_THEOREM,
            "反常威佐夫博弈：必败态当且仅当两堆是 (0, 1)、(2, 2) 或 k >= 2 的 (a_k, b_k)，顺序不限",
        ),
    }
}

impl Ruleset for Wythoff {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        expect_heaps("wythoff", numbers, 2, crate::lang::words!("exactly two heap sizes", "恰好两堆的大小"))?;
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<(u64, u64)> {
        Some((numbers.first()?.to_u64()?, numbers.get(1)?.to_u64()?))
    }

    fn numbers(&self, &(x, y): &(u64, u64)) -> Vec<BigUint> {
        vec![big(x), big(y)]
    }

    /// The root has `x + y + min(x, y)` options; every pair below may be met.
    fn search_cost(&self, heaps: &[BigUint]) -> SearchCost {
        let root = &heaps[0] + &heaps[1] + (&heaps[0]).min(&heaps[1]);
        box_search_cost(heaps, root)
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        Some(theorem_text(play, lang).into())
    }

    fn theory(&self, heaps: &[BigUint], play: Play, _max_moves: usize, lang: Lang) -> Option<Analysis> {
        Some(match play {
            Play::Normal => normal(heaps, lang),
            Play::Misere => misere(heaps, lang),
        })
    }

    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        Some(list_positions(count, budget, |k| {
            Some(match (play, k) {
                // Misère: (0, 1) and (2, 2) replace (0, 0) and (1, 2); the rest are the same.
                (Play::Misere, 0) => vec![big(0), big(1)],
                (Play::Misere, 1) => vec![big(2), big(2)],
                _ => {
                    let (a, b) = p_position(k as u64);
                    vec![a, b]
                }
            })
        }))
    }

    /// Grundy values from the certified rows when a side is at most
    /// [`crate::tables::wythoff_rows::THEORY_ROWS`], else by the line kernel; outcomes by the
    /// closed form, one P-position per row (the row's partner in the Beatty pairs), nothing
    /// stored.
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        if request.values == TableValues::Grundy {
            if let Some(grid) = certified_rows_grid(request, budget) {
                return Ok(Some(grid));
            }
            return line_grid(&LineMoves::wythoff(), request, budget);
        }
        let play = request.play;
        let source = row_by_row(move |r, out| outcome_row(out, [p_partner(r, play)]));
        let basis = TableBasis::closed_form(self.theorem(play, Lang::En).unwrap_or_default(), N_CELL);
        Ok(Some(Grid::new(source, basis, request.rows, request.cols, budget)))
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
    use crate::tables::wythoff_rows::THEORY_ROWS;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn wythoff() -> Box<dyn AnyGame> {
        test_game("wythoff")
    }

    #[test]
    fn theory_matches_search_on_both_heaps_up_to_60() {
        for play in [Play::Normal, Play::Misere] {
            let report = wythoff().verify(60, play, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.positions, 61 * 61);
            assert_eq!(report.counterexample, None, "{play:?}");
        }
    }

    /// Every position with a heap of at most THEORY_ROWS that search reaches (the other heap up
    /// to 1200), in both orders.
    #[test]
    fn grundy_values_of_certified_rows_match_search() {
        let game = wythoff();
        let budget = Budget::default();
        let theory = Query::new(Method::Theory, Play::Normal);
        let mut solver = crate::solve::GrundySolver::new(Wythoff);
        for a in 0..=THEORY_ROWS {
            for n in 0..=1200u64 {
                let searched = big(u64::from(solver.value(&(a, n), &budget).unwrap()));
                for heaps in [[a, n], [n, a]] {
                    let answer = game.analyze(&trusted(&to_bigs(&heaps)), &theory, &budget).unwrap();
                    assert_eq!(answer.grundy.value(), Some(&searched), "{heaps:?}");
                }
            }
        }
        let beyond = game.analyze(&trusted(&to_bigs(&[THEORY_ROWS + 1, 40])), &theory, &budget).unwrap();
        assert_eq!(beyond.grundy, GrundyValue::Unknown);
    }

    #[test]
    fn grundy_value_of_row_five_at_a_hundred_digits() {
        let n: BigUint = "3".repeat(100).parse().unwrap();
        let budget = Budget::default();
        let a = wythoff().analyze(&trusted(&[big(5), n.clone()]), &Query::default(), &budget).unwrap();
        let value = a.grundy.value().unwrap().clone();
        assert_eq!(a.basis, crate::Basis::Theory(THEOREM.into()));
        // Row 5 is additively periodic with period 24 from column 27: G(5, n) - n repeats.
        let row = crate::tables::wythoff_row(5, 1000, &budget).unwrap();
        assert_eq!((row.preperiod, row.period), (27, 24));
        let r = ((&n - 27u8) % 24u8).to_u64().unwrap();
        assert_eq!(&value + 27u8 + r, &n + row.values[(27 + r) as usize]);
        assert!(
            a.reason.contains("(certified by a repeated window state at columns 27 and 51)"),
            "{}",
            a.reason
        );
        assert_eq!(a.outcome, if value == big(0) { Outcome::P } else { Outcome::N });
    }

    #[test]
    fn first_p_positions_are_the_seeds_list() {
        let expected = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)];
        let listed: Vec<(BigUint, BigUint)> = p_positions(expected.len());
        let expected: Vec<(BigUint, BigUint)> = expected.iter().map(|&(a, b)| (big(a), big(b))).collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn beatty_place_inverts_both_sequences_up_to_50000() {
        let pairs = p_positions(31_000);
        let mut place: Vec<Option<BeattyPlace>> = vec![None; 50_001];
        for (k, (a, b)) in pairs.iter().enumerate().skip(1) {
            for (value, is_lower) in [(a, true), (b, false)] {
                if let Some(slot) = value.to_usize().and_then(|v| place.get_mut(v)) {
                    assert!(slot.is_none(), "{value} appears twice");
                    let k = big(k as u64);
                    *slot = Some(if is_lower { BeattyPlace::Lower(k) } else { BeattyPlace::Upper(k) });
                }
            }
        }
        assert_eq!(beatty_place(&big(0)), BeattyPlace::Lower(big(0)));
        for (x, expected) in place.iter().enumerate().skip(1) {
            let expected = expected.clone().expect("Beatty: every positive number is a_k or b_k");
            assert_eq!(beatty_place(&big(x as u64)), expected, "x = {x}");
        }
    }

    #[test]
    fn three_five_is_p_with_its_index_in_the_reason() {
        let a = wythoff()
            .analyze(
                &trusted(&to_bigs(&[3, 5])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert!(a.winning_moves.is_empty());
        assert!(
            a.reason.starts_with(
                "(3, 5) = (a_2, b_2), a P-position: a_2 = floor(2·phi) = 3 and b_2 = a_2 + 2 = 5"
            ),
            "{}",
            a.reason
        );
        let a = wythoff()
            .analyze(
                &trusted(&to_bigs(&[5, 3])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert!(a.reason.starts_with("(5, 3) = (b_2, a_2), a P-position"), "{}", a.reason);
    }

    #[test]
    fn five_five_lists_all_three_winning_moves() {
        let a = wythoff()
            .analyze(&trusted(&to_bigs(&[5, 5])), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(a.moves_complete);
        let tos: Vec<Vec<BigUint>> = a.winning_moves.iter().map(|m| m.to.to_vec()).collect();
        assert_eq!(tos, vec![to_bigs(&[3, 5]), to_bigs(&[5, 3]), to_bigs(&[0, 0])]);
        assert_eq!(a.grundy, GrundyValue::Value(big(8)));
        assert!(
            a.reason.starts_with(
                "(5, 5): the difference is 0 and a_0 = floor(0·phi) = 0 < 5, so it is not a P-position: \
                 take 2 from the heap of 5 to reach (a_2, b_2) = (3, 5); Grundy value 8: row 5 of the Grundy \
                 table is additively periodic from column 27 with period 24"
            ),
            "{}",
            a.reason
        );
        assert!(a.reason.ends_with("G(5, 5) = 8"), "{}", a.reason);
        assert_eq!(a.winning_moves[2].text, "take 5 from both heaps");
    }

    #[test]
    fn moves_keep_the_users_heap_order() {
        let a = wythoff()
            .analyze(
                &trusted(&to_bigs(&[10, 3])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        let tos: Vec<Vec<BigUint>> = a.winning_moves.iter().map(|m| m.to.to_vec()).collect();
        assert_eq!(tos, vec![to_bigs(&[5, 3])]);
        assert!(
            a.reason
                .contains("take 5 from the heap of 10 to reach (b_2, a_2) = (5, 3); Grundy value 8: row 3"),
            "{}",
            a.reason
        );
    }

    /// `(165580140, 267914295) = (a_k, b_k)` with `k = 102334155`, a Fibonacci number: `k·phi` is
    /// then within about `1/(k·sqrt 5)` of an integer, closer than a double can resolve at this
    /// magnitude, so the seed's `(int)((b - a) * q)` rounds `165580140.99999999...` up to
    /// `165580141` and calls this P-position an N-position. The exact formula does not.
    #[test]
    fn fibonacci_difference_165580140_267914295_is_p() {
        let heaps = to_bigs(&[165_580_140, 267_914_295]);
        let a = wythoff()
            .analyze(&trusted(&heaps), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert!(a.reason.starts_with(
            "(165580140, 267914295) = (a_102334155, b_102334155), a P-position: \
             a_102334155 = floor(102334155·phi) = 165580140"
        ));
        assert_eq!(lower_wythoff(&big(102_334_155)), big(165_580_140));
        // From the neighbours, a move back to it is found.
        let a = wythoff()
            .analyze(
                &trusted(&to_bigs(&[165_580_141, 267_914_295])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert!(a.winning_moves.iter().any(|m| m.to == heaps));
    }

    /// Documents the seed 004 erratum (docs/errata.md): the only place floating point appears.
    #[test]
    fn seed_double_formula_misjudges_165580140_267914295() {
        let q = (1.0 + 5f64.sqrt()) / 2.0;
        assert_eq!(q, 1.618_033_988_749_895);
        let seed_check = |a: u64, b: u64| ((b - a) as f64 * q) as u64 == a;
        assert!(!seed_check(165_580_140, 267_914_295), "the seed's double formula calls it N");
        assert_eq!(((267_914_295u64 - 165_580_140) as f64 * q) as u64, 165_580_141);
        assert!(is_p_position(&big(165_580_140), &big(267_914_295)));
        // Below, the double formula agrees with the exact one (checked here on the first 10^5
        // P-positions; the full range k < 102334155 is the next test).
        for (a, b) in p_positions(100_000) {
            let (a, b) = (a.to_u64().unwrap(), b.to_u64().unwrap());
            assert!(seed_check(a, b), "({a}, {b})");
        }
    }

    /// The full scan behind "first": for every difference `k < 102334155` the seed's double
    /// formula gives the exact `a_k` (10^8 integer square roots of `u64`s, about two seconds).
    #[test]
    fn seed_double_formula_is_exact_below_difference_102334155() {
        use num_integer::Roots;
        let q = (1.0 + 5f64.sqrt()) / 2.0;
        let first_failure =
            (0u64..=102_334_155).find(|&k| (k + (5 * k * k).sqrt()) / 2 != (k as f64 * q) as u64);
        assert_eq!(first_failure, Some(102_334_155));
    }

    #[test]
    fn three_hundred_digit_heaps() {
        let k: BigUint = "7".repeat(300).parse().unwrap();
        let (a, b) = (lower_wythoff(&k), upper_wythoff(&k));
        assert_eq!(a.to_string().len(), 301);
        let game = wythoff();
        let p = game
            .analyze(
                &trusted(&[a.clone(), b.clone()]),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(p.outcome, Outcome::P);
        assert_eq!(p.grundy, GrundyValue::Unknown, "no closed form, too large to search");
        assert!(p.reason.contains(&format!("(a_{k}, b_{k})")));
        let n = game
            .analyze(
                &trusted(&[&a + 1u8, b.clone()]),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(n.outcome, Outcome::N);
        assert!(n.winning_moves.iter().any(|m| m.to == vec![a.clone(), b.clone()]));
        for m in &n.winning_moves {
            assert!(is_p_position(&m.to[0], &m.to[1]));
        }
        // An upper heap: (b_k, b_k + 5) must be answered by lowering the second heap to a_k.
        let n = game
            .analyze(
                &trusted(&[b.clone(), &b + 5u8]),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert!(n.winning_moves.iter().any(|m| m.to == vec![b.clone(), a.clone()]));
        assert_eq!(beatty_place(&b), BeattyPlace::Upper(k.clone()));
        assert_eq!(beatty_place(&a), BeattyPlace::Lower(k));
    }

    #[test]
    fn misere_small_positions() {
        let game = wythoff();
        for (heaps, outcome) in [
            ([0, 0], Outcome::N),
            ([0, 1], Outcome::P),
            ([2, 2], Outcome::P),
            ([1, 2], Outcome::N),
            ([3, 5], Outcome::P),
        ] {
            let a = game
                .analyze(
                    &trusted(&to_bigs(&heaps)),
                    &Query::new(Method::Theory, Play::Misere),
                    &Budget::default(),
                )
                .unwrap();
            assert_eq!(a.outcome, outcome, "{heaps:?}");
        }
        let a = game
            .analyze(
                &trusted(&to_bigs(&[1, 2])),
                &Query::new(Method::Theory, Play::Misere),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(
            a.reason,
            "misère: (1, 2) is not a misère P-position: take 2 from the heap of 2 to reach the misère P-position (1, 0)"
        );
    }

    #[test]
    fn word_partners_are_the_beatty_partners() {
        let sampled =
            (0..20_000u64).chain((0..200).map(|i| (1 << 59) + i * 7_919)).chain([(1 << 60) + 5, u64::MAX]);
        for x in sampled {
            let expected = beatty_place(&big(x)).partner().to_u64().unwrap_or(u64::MAX);
            assert_eq!(p_partner(x, Play::Normal), expected, "x = {x}");
            if x > 2 {
                assert_eq!(p_partner(x, Play::Misere), expected, "x = {x}");
            }
        }
    }

    #[test]
    fn search_stays_within_the_budget() {
        assert_eq!(Wythoff.search_position(&to_bigs(&[200, 200])), Some((200, 200)));
        assert_eq!(Wythoff.search_position(&to_bigs(&[0, 4000])), Some((0, 4000)));
        // No fixed work limit: the budget decides how far a search may go.
        assert_eq!(Wythoff.search_position(&to_bigs(&[300, 300])), Some((300, 300)));
        let err = wythoff()
            .analyze(
                &trusted(&to_bigs(&[300, 300])),
                &Query::new(Method::Search, Play::Normal),
                &Budget::new(1_000_000),
            )
            .unwrap_err();
        assert!(matches!(err, EngineError::Exhausted { .. }), "{err}");
        // The automatic method answers by theory and leaves the Grundy value unknown: the
        // by-product search would not fit its share of the budget.
        let auto = wythoff()
            .analyze(&trusted(&to_bigs(&[300, 300])), &Query::default(), &Budget::default())
            .unwrap();
        assert_eq!((auto.outcome, auto.grundy), (Outcome::N, GrundyValue::Unknown));
    }

    fn theory_in(heaps: &[u64], play: Play, lang: Lang) -> Analysis {
        Wythoff.theory(&to_bigs(heaps), play, usize::MAX, lang).unwrap()
    }

    /// Both plays, both heaps up to 40: the Chinese answer has the English one's outcome and
    /// moves, and no English word in its reason, move texts or theorem.
    #[test]
    fn chinese_texts_have_no_english_words_up_to_40() {
        for play in [Play::Normal, Play::Misere] {
            let theorem = Wythoff.theorem(play, Lang::Zh).unwrap();
            assert_eq!(english_words(&theorem), Vec::<&str>::new(), "{theorem}");
            for heaps in HeapBox::new(2, 40) {
                let heaps: Vec<u64> = heaps.iter().map(|h| h.to_u64().unwrap()).collect();
                let (en, zh) = (theory_in(&heaps, play, Lang::En), theory_in(&heaps, play, Lang::Zh));
                assert_eq!((en.outcome, &en.grundy), (zh.outcome, &zh.grundy), "{heaps:?}");
                let tos = |a: &Analysis| a.winning_moves.iter().map(|m| m.to.to_vec()).collect::<Vec<_>>();
                assert_eq!(tos(&en), tos(&zh), "{heaps:?}");
                assert_eq!(
                    english_words(&zh.reason),
                    Vec::<&str>::new(),
                    "{heaps:?} {play:?}: {}",
                    zh.reason
                );
                assert_eq!(zh.basis, Basis::Theory(theorem.clone()));
                for m in &zh.winning_moves {
                    assert_eq!(english_words(&m.text), Vec::<&str>::new(), "{}", m.text);
                }
            }
        }
    }

    #[test]
    fn chinese_reasons_use_the_seeds_terms_and_english_is_unchanged() {
        let p = theory_in(&[3, 5], Play::Normal, Lang::Zh);
        assert!(
            p.reason.starts_with(
                "(3, 5) = (a_2, b_2)，是第 2 个奇异局势（必败态）：a_2 = ⌊2·φ⌋ = 3，b_2 = a_2 + 2 = 5；"
            ),
            "{}",
            p.reason
        );
        assert!(p.reason.contains("；SG 值为 0：SG 值表的第 3 行从第 "), "{}", p.reason);
        assert_eq!(
            Wythoff.theorem(Play::Normal, Lang::Zh).unwrap(),
            "威佐夫博弈：必败态当且仅当两堆是奇异局势 (a_k, b_k)，a_k = ⌊k·φ⌋ = (k + ⌊√(5k^2)⌋)/2，b_k = a_k + k\
             （φ 为黄金分割比）"
        );
        assert_eq!(Wythoff.theorem(Play::Normal, Lang::En).unwrap(), THEOREM);
        let n = theory_in(&[5, 5], Play::Normal, Lang::Zh);
        let take_two = describe_take(&to_bigs(&[5, 5]), &to_bigs(&[3, 5]), Lang::Zh);
        assert!(
            n.reason.starts_with(&format!(
                "(5, 5)：两堆之差为 0，而 a_0 = ⌊0·φ⌋ = 0 < 5，所以不是奇异局势，先手必胜：{take_two}，\
                 到达奇异局势 (a_2, b_2) = (3, 5)；SG 值为 8：SG 值表的第 5 行从第 27 列起有加性周期 24\
                 （由第 "
            )),
            "{}",
            n.reason
        );
        assert!(n.reason.ends_with("列出现相同的窗口状态证明），所以 G(5, 5) = 8"), "{}", n.reason);
        assert_eq!(n.winning_moves[2].text, "从两堆各取走 5 个");
        let en = theory_in(&[5, 5], Play::Normal, Lang::En);
        assert!(
            en.reason.starts_with("(5, 5): the difference is 0 and a_0 = floor(0·phi) = 0 < 5"),
            "{}",
            en.reason
        );
        assert_eq!(en.winning_moves[2].text, "take 5 from both heaps");
        // Misère: the small P-positions, the pairs from k = 2 on, and a move to (1, 0).
        assert_eq!(
            theory_in(&[1, 2], Play::Misere, Lang::Zh).reason,
            format!(
                "反常规则：(1, 2) 不是反常规则下的必败态：{}，到达反常规则下的必败态 (1, 0)",
                describe_take(&to_bigs(&[1, 2]), &to_bigs(&[1, 0]), Lang::Zh)
            )
        );
        assert_eq!(
            theory_in(&[1, 2], Play::Misere, Lang::En).reason,
            "misère: (1, 2) is not a misère P-position: take 2 from the heap of 2 to reach the misère P-position (1, 0)"
        );
        assert_eq!(
            theory_in(&[2, 2], Play::Misere, Lang::Zh).reason,
            "反常规则：(2, 2) 是必败态 (0, 1)、(1, 0)、(2, 2) 之一"
        );
        assert!(theory_in(&[3, 5], Play::Misere, Lang::Zh).reason.ends_with("，k >= 2 时与正常规则相同"));
        assert_eq!(
            theory_in(&[0, 0], Play::Misere, Lang::Zh).reason,
            "反常规则：石子已取完，所以后手取走了最后一个石子，输了"
        );
        assert_eq!(
            Wythoff.theorem(Play::Misere, Lang::Zh).unwrap(),
            "反常威佐夫博弈：必败态当且仅当两堆是 (0, 1)、(2, 2) 或 k >= 2 的 (a_k, b_k)，顺序不限"
        );
    }

    #[test]
    fn bad_positions_and_parameters_are_errors() {
        let game = wythoff();
        for heaps in [vec![], vec![3], vec![3, 4, 5]] {
            let err = game.check_position(&to_bigs(&heaps)).unwrap_err();
            assert!(err.to_string().contains("wythoff takes exactly two heap sizes"), "{err}");
        }
        let err = "wythoff --max 3".parse::<GameSpec>().unwrap_err();
        assert!(matches!(err, crate::spec::SpecError::UnknownParam { .. }), "{err}");
    }
}
