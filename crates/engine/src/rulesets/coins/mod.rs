//! Coin-turning games (Winning Ways ch. 14; Conway, On Numbers and Games ch. 6; Ferguson, Game
//! Theory part I §5): a row of coins, heads or tails; a move turns over a set of coins allowed by
//! the rule ([`CoinRule`]) whose rightmost goes from heads to tails. A position is the set of
//! its heads, written as their numbers (`2 3 5`) or as the row (`THHTH`, see
//! [`crate::spec::Drawing::row_position`]).
//!
//! Theory. **Decomposition**: a position's value is the nim-sum of its heads' values (proof in
//! [`rule`]). **Closed forms** ([`ClosedForm`]), with `k = n - first + 1` the coin's rank:
//! * one coin and optionally one other to its left (Turning Turtles, numbered from 1):
//!   `G(k) = k`, since the options of a head are the empty row and each single head to its left,
//!   worth `0..k-1` by induction; with the other coin at most `s - 1` to the left, the options are
//!   0 and the `s - 1` values before, so `G(k) = ((k - 1) mod s) + 1`;
//! * exactly two coins (Twins, numbered from 0): `G(k) = k - 1`, by the same induction without the
//!   empty move; at most `s` apart, `(k - 1) mod s`;
//! * up to three coins (Mock Turtles, numbered from 0): `G(k) = 2m` or `2m + 1`, `m = k - 1`,
//!   whichever is odious (an odd number of ones in binary). Proof sketch (WW ch. 14): by
//!   induction the values so far are the odious numbers below `2m`, each once; the nim-sum of two
//!   odious numbers is evil, of one odious, so the options (0, one value, the nim-sum of two)
//!   are 0, the `m` odious numbers below and evil numbers only; every evil number below `2m` is
//!   the nim-sum of two smaller odious ones (`e = o ^ 1` or `o ^ 2`, pairing), so the mex is the
//!   least odious number not yet used, which is `2m` or `2m + 1`;
//! * consecutive coins (Ruler, numbered from 1): `G(k) = 2^v(k)`, the largest power of 2 dividing
//!   `k`. The nim-sum of `2^v(1..=x)` is the Gray code `gray(x) = x ^ (x >> 1)`, so the options
//!   of `k` are `gray(k - 1) ^ gray(i)` for `i < k`; over the aligned block of `2^v(k)` numbers
//!   ending at `k - 1` these are every value below `2^v(k)`, and `2^v(k) = gray(k - 1) ^ gray(k)`
//!   is reached only by `i = k`. With at most `e` coins (or a span of `e`), `2^min(v(k), s)`,
//!   `s = floor(log2 e)`: the aligned block of `2^s` coins still lies in the window, and the only
//!   `i` giving `2^s` in the aligned block of `2^(s+1)` is its first, `k - 2^(s+1)`, outside it.
//! * a move of one coin only: every head is worth 1.
//!
//! Other rules (`coins --turn K` with `K >= 4`, or 3 with a span) have their heads' values
//! computed by the recursion over their moves ([`head_values`]), under the question's budget.
//! Misère play is answered by search. The tests compare the closed forms with the recursion up
//! to coin 300, and the recursion with a search of every row of up to 11 coins as a bitmask.

pub(crate) mod family;
pub(crate) mod mock_turtles;
pub(crate) mod product;
pub(crate) mod rule;
pub(crate) mod ruler;
pub(crate) mod turning_corners;
pub(crate) mod turning_turtles;

#[cfg(test)]
mod tests;

use std::ops::ControlFlow;
use std::sync::{Arc, PoisonError, RwLock};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

pub(crate) use rule::{head_values, ClosedForm, CoinRule};

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::bigint::join;
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::{EngineError, Task};
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::tables::{by_chunks, per_heap, Sequence, SequenceRequest, TableBasis, TableError};
use crate::tables::{TableMethod, TableValues};

/// The largest coin a search reaches (the row is a 128-bit mask).
pub(crate) const SEARCH_COINS: u64 = 128;

/// The most moves of one head the theory enumerates to find winning moves.
const ENUMERATED_MOVES: u128 = 1 << 20;

/// A game's name in the two languages, for its theorem's text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Named {
    /// English.
    pub en: &'static str,
    /// Chinese.
    pub zh: &'static str,
}

impl Named {
    /// The name as words, for an error that names the game.
    fn words(self) -> crate::lang::Words {
        crate::lang::Words { en: self.en.to_string(), zh: self.zh.to_string() }
    }
}

/// A one-dimensional coin-turning game: its rule, and the heads' values computed so far when
/// the rule has no closed form.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    rule: CoinRule,
    named: Named,
    known: Arc<RwLock<Arc<Vec<u64>>>>,
}

impl Row {
    /// The game of `rule`. Without a closed form, its heads' values are computed when a question
    /// needs them ([`Ruleset::extend_theory`]), under that question's budget, so that every
    /// surface (a process per command, or a server keeping the game) answers alike.
    pub(crate) fn new(rule: CoinRule, named: Named) -> Row {
        Row { rule, named, known: Arc::new(RwLock::new(Arc::new(Vec::new()))) }
    }

    /// The rule.
    pub(crate) fn rule(&self) -> &CoinRule {
        &self.rule
    }

    fn known(&self) -> Arc<Vec<u64>> {
        self.known.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The value of a head at `n`, when the closed form or the values computed know it.
    pub(crate) fn value(&self, n: &BigUint) -> Option<BigUint> {
        self.rule.closed_value(n).or_else(|| {
            let known = self.known();
            known.get(n.to_usize()?).map(|&v| BigUint::from(v))
        })
    }

    /// Computes the heads' values up to `upto` if they are not known yet.
    ///
    /// # Errors
    /// [`EngineError::Exhausted`] when the budget stops it.
    pub(crate) fn extend(&self, upto: u64, budget: &Budget) -> Result<(), EngineError> {
        if self.rule.closed_form().is_some() || (self.known().len() as u64) > upto {
            return Ok(());
        }
        let target = upto.saturating_add(1).checked_next_power_of_two().map_or(upto, |p| p - 1).max(upto);
        let values = head_values(&self.rule, target, budget)
            .or_else(|_| head_values(&self.rule, upto, budget))
            .map_err(|cause| EngineError::Exhausted {
                task: Box::new(Task::CoinValues { game: self.named.words(), upto: Some(upto) }),
                cause,
            })?;
        let mut held = self.known.write().unwrap_or_else(PoisonError::into_inner);
        if values.len() > held.len() {
            *held = Arc::new(values);
        }
        Ok(())
    }

    /// Moves of a head at `n` whose other coins' values nim-add to `d`: at most `limit`, and
    /// whether they are all (`None`: values unknown or too many moves to enumerate).
    pub(crate) fn moves_with_xor(
        &self,
        n: &BigUint,
        d: &BigUint,
        limit: usize,
    ) -> Option<(Vec<Vec<BigUint>>, bool)> {
        if let Some(found) = self.rule.moves_with_xor(n, d, limit) {
            return Some(found);
        }
        let n = n.to_u64()?;
        if self.rule.move_count(n) > ENUMERATED_MOVES {
            return None;
        }
        let d = d.to_u64()?;
        let values: Vec<u64> = match self.rule.closed_form() {
            Some(form) => (0..n)
                .map(|c| if c < self.rule.first { Some(0) } else { form.value_u64(c - self.rule.first + 1) })
                .collect::<Option<_>>()?,
            None => self.known().get(..n as usize)?.to_vec(),
        };
        let mut moves = Vec::new();
        let mut complete = true;
        self.rule.for_each_move(n, &mut |others| {
            if others.iter().fold(0, |x, &c| x ^ values[c as usize]) == d {
                if moves.len() == limit {
                    complete = false;
                    return false;
                }
                moves.push(others.iter().map(|&c| BigUint::from(c)).collect());
            }
            true
        });
        Some((moves, complete))
    }

    /// The theorem's text.
    fn theorem_text(&self, lang: Lang) -> String {
        let formula = match self.rule.closed_form() {
            Some(form) => {
                say!(lang, "{}, {}", "{}，{}", form.formula(lang), rank_text(self.rule.first))
            }
            None => lang.pick("G(n) by the mex over its moves", "G(n) 由其走法的 mex 递推").to_string(),
        };
        say!(
            lang,
            "{}: a row is the sum of its heads, its value the nim-sum of theirs; a head at n is worth {formula}",
            "{}：一排硬币等于各正面硬币之和，其值为各值的异或和；位置 n 的正面硬币值为 {formula}",
            lang.pick(self.named.en, self.named.zh)
        )
    }
}

/// The rank `k` of coin `n` when the first coin is `first`: "k = n", "k = n + 1", "k = n - 2".
fn rank_text(first: u64) -> String {
    match first {
        0 => "k = n + 1".into(),
        1 => "k = n".into(),
        f => format!("k = n - {}", f - 1),
    }
}

/// The coins turned by a move between two head lists (their symmetric difference), in order.
pub(crate) fn turned<T: Ord + Clone>(from: &[T], to: &[T]) -> Vec<T> {
    let mut all: Vec<T> = from.iter().filter(|c| !to.contains(c)).cloned().collect();
    all.extend(to.iter().filter(|c| !from.contains(c)).cloned());
    all.sort();
    all
}

/// `heads` with every coin of `flip` turned over, in order.
pub(crate) fn flip_all(heads: &[BigUint], flip: &[BigUint]) -> Vec<BigUint> {
    turned(heads, flip)
}

/// "coin 5", "coins 3 and 7", "coins 2, 3 and 5" (Chinese: "第 3、7 枚硬币").
pub(crate) fn coins_text(coins: &[String], lang: Lang) -> String {
    match (lang, coins) {
        (Lang::En, [one]) => format!("coin {one}"),
        (Lang::En, [init @ .., last]) => format!("coins {} and {last}", init.join(", ")),
        (Lang::Zh, _) => format!("第 {} 枚硬币", coins.join("、")),
        (Lang::En, []) => "no coin".into(),
    }
}

/// The heads' values written out, shortened for long positions.
fn values_text(values: &[BigUint], x: &BigUint) -> String {
    const SHOWN: usize = 12;
    if values.len() <= SHOWN {
        format!("{} = {x}", join(values, "^"))
    } else {
        format!("{}^... = {x}", join(&values[..SHOWN], "^"))
    }
}

/// The reason of a theory answer from the heads' values and the first winning move.
pub(crate) fn reason(values: &[BigUint], x: &BigUint, first_move: Option<&MoveReport>, lang: Lang) -> String {
    let sum = values_text(values, x);
    match first_move {
        None if x.is_zero() => say!(
            lang,
            "the heads' values nim-add to {sum}, so every move leaves a non-zero value",
            "各正面硬币的值异或为 {sum}，所以无论怎么走，留下的值都不为 0：必败态（P）"
        ),
        None => say!(
            lang,
            "the heads' values nim-add to {sum}, not 0: the player to move wins",
            "各正面硬币的值异或为 {sum}，不为 0：先手必胜"
        ),
        Some(m) => say!(
            lang,
            "the heads' values nim-add to {sum}, so {} (value 0)",
            "各正面硬币的值异或为 {sum}，所以{}（使值为 0）",
            m.text
        ),
    }
}

/// Checks a list of heads: distinct numbers, sorted.
///
/// # Errors
/// [`EngineError::InvalidPosition`] for a coin named twice.
pub(crate) fn sorted_heads(numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
    let mut heads = numbers.to_vec();
    heads.sort();
    if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
        let coin = &w[0];
        return Err(EngineError::InvalidPosition(crate::lang::words!(
            "coin {coin} is named twice: a position lists the coins showing heads",
            "硬币 {coin} 出现了两次：局面列出正面朝上的硬币"
        )));
    }
    Ok(heads)
}

impl Game for Row {
    /// The row as a bitmask: bit `n` is coin `n` showing heads.
    type Position = u128;

    fn options(&self, row: &u128) -> Vec<u128> {
        crate::game::gather_options(self, row)
    }

    fn for_each_option(&self, row: &u128, visit: &mut dyn FnMut(u128) -> ControlFlow<()>) -> ControlFlow<()> {
        for n in 0..SEARCH_COINS {
            if row >> n & 1 == 0 {
                continue;
            }
            let mut stopped = false;
            self.rule.for_each_move(n, &mut |others| {
                let mask = others.iter().fold(1u128 << n, |m, &c| m | 1u128 << c);
                stopped = visit(row ^ mask).is_break();
                !stopped
            });
            if stopped {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, row: &u128) -> u128 {
        // Dummy coins never move: their heads do not matter.
        row >> self.rule.first << self.rule.first
    }
}

impl Ruleset for Row {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        sorted_heads(numbers)
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<u128> {
        numbers.iter().try_fold(0u128, |row, n| Some(row | 1u128.checked_shl(n.to_u32()?)?))
    }

    fn numbers(&self, row: &u128) -> Vec<BigUint> {
        (0..SEARCH_COINS).filter(|n| row >> n & 1 == 1).map(BigUint::from).collect()
    }

    /// At least the root's moves; at most every row of the coins up to the rightmost head, each
    /// with every move of each of its coins.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let Some(top) = numbers.iter().max().map(|n| n.to_u64().unwrap_or(u64::MAX)) else {
            return SearchCost { at_least: BigUint::zero(), at_most: Some(BigUint::zero()) };
        };
        let moves = |n: u64| self.rule.move_count(n);
        let root =
            numbers.iter().filter_map(ToPrimitive::to_u64).fold(0u128, |s, n| s.saturating_add(moves(n)));
        let at_most = if top >= SEARCH_COINS {
            None
        } else {
            let rows = 1u128.checked_shl((top + 1) as u32).unwrap_or(u128::MAX);
            let per_row = (0..=top).fold(u128::from(UNITS_PER_POSITION), |s, n| s.saturating_add(moves(n)));
            Some(BigUint::from(rows.saturating_mul(per_row)))
        };
        SearchCost { at_least: BigUint::from(root), at_most }
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let coins: Vec<String> = turned(from, to).iter().map(ToString::to_string).collect();
        say!(lang, "turn {}", "翻转{}", coins_text(&coins, lang))
    }

    fn extend_theory(&self, numbers: &[BigUint], play: Play, budget: &Budget) -> Result<(), EngineError> {
        let Some(top) = numbers.iter().max() else { return Ok(()) };
        match (play, top.to_u64()) {
            (Play::Normal, Some(top)) if top < 1 << 24 => self.extend(top, budget),
            _ => Ok(()),
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| self.theorem_text(lang))
    }

    fn theory(&self, heads: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal {
            return None;
        }
        let values: Vec<BigUint> = heads.iter().map(|n| self.value(n)).collect::<Option<_>>()?;
        let x = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let (moves, count, complete) = self.moves_to(heads, &values, &x, &BigUint::zero(), max_moves, lang);
        Some(Analysis {
            outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
            reason: reason(&values, &x, moves.first(), lang),
            grundy: GrundyValue::Value(x),
            moves_complete: complete && moves.len() as u64 == count,
            winning_move_count: complete.then_some(count),
            winning_moves: moves,
            basis: Basis::Theory(self.theorem_text(lang)),
        })
    }

    fn theory_moves_to_value(
        &self,
        heads: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let values: Vec<BigUint> = heads.iter().map(|n| self.value(n)).collect::<Option<_>>()?;
        let x = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let (moves, _, complete) = self.moves_to(heads, &values, &x, target, usize::MAX, lang);
        complete.then_some(moves)
    }

    /// Single heads (the listing's one number) worth 0: when the closed form is never 0 on a real
    /// coin (Rank, Rank mod s, Odious, Ruler, One), exactly the dummy coins below the first, so
    /// the listing is complete at once; otherwise the search lists them.
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        let never_zero = matches!(
            self.rule.closed_form()?,
            ClosedForm::One
                | ClosedForm::Rank
                | ClosedForm::RankMod(_)
                | ClosedForm::Ruler(_)
                | ClosedForm::Odious
        );
        if play != Play::Normal || !never_zero {
            return None;
        }
        let first = self.rule.first;
        Some(list_positions(count, budget, |i| ((i as u64) < first).then(|| vec![BigUint::from(i)])))
    }

    /// Every row of the coins `first..=bound`.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let first = self.rule.first;
        let coins = bound.saturating_add(1).saturating_sub(first).min(40);
        Box::new((0..1u64 << coins).map(move |mask| {
            (0..coins).filter(|i| mask >> i & 1 == 1).map(|i| BigUint::from(first + i)).collect()
        }))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        1u64 << bound.saturating_add(1).saturating_sub(self.rule.first).min(40)
    }

    /// One head at `n`: the closed form, or the recursion's values computed up front.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        if request.play != Play::Normal {
            return Ok(None);
        }
        let first = self.rule.first;
        let outcomes = request.values == TableValues::Outcomes;
        let cell = move |v: u64| if outcomes { u64::from(v != 0) } else { v };
        if let Some(form) = self.rule.closed_form() {
            let value =
                move |n: u64| if n < first { 0 } else { form.value_u64(n - first + 1).unwrap_or(u64::MAX) };
            let bound = (0..=request.upto.min(1 << 16)).map(value).max().unwrap_or(0).max(match form {
                ClosedForm::Rank | ClosedForm::RankBelow => request.upto,
                ClosedForm::Odious => request.upto.saturating_mul(2).saturating_add(1),
                ClosedForm::Ruler(cap) => {
                    let top = request.upto.checked_ilog2().unwrap_or(0);
                    1 << cap.map_or(top, |c| c.min(top))
                }
                _ => 0,
            });
            let detail = format!("{}: {}, {}", self.named.en, form.formula(Lang::En), rank_text(first));
            let basis = TableBasis::closed_form(detail, if outcomes { 1 } else { bound });
            return Ok(Some(Sequence::new(per_heap(move |n| cell(value(n))), basis, request.upto, budget)));
        }
        let values =
            head_values(&self.rule, request.upto, budget).map_err(|cause| TableError::Exhausted {
                task: Box::new(Task::CoinValues { game: self.named.words(), upto: None }),
                cause,
            })?;
        let bound = values.iter().copied().max().unwrap_or(0);
        let basis = TableBasis {
            method: TableMethod::Stream,
            detail: format!("{}: G(n) = mex over the moves of a head at n", self.named.en),
            value_bound: Some(if outcomes { 1 } else { bound }),
            certified_period: None,
        };
        let source = by_chunks(move |start, out| {
            for (n, slot) in (start as usize..).zip(out.iter_mut()) {
                *slot = cell(values[n]);
            }
        });
        Ok(Some(Sequence::new(source, basis, request.upto, budget)))
    }
}

impl Row {
    /// Moves from `heads` (worth `values`, nim-sum `x`) to a position of value `target`: at most
    /// `limit` listed, how many there are, and whether that count is complete.
    fn moves_to(
        &self,
        heads: &[BigUint],
        values: &[BigUint],
        x: &BigUint,
        target: &BigUint,
        limit: usize,
        lang: Lang,
    ) -> (Vec<MoveReport>, u64, bool) {
        let mut moves = Vec::new();
        let mut count = 0u64;
        let mut complete = true;
        for (n, v) in heads.iter().zip(values).rev() {
            let d = x ^ target ^ v;
            let Some((found, all)) = self.moves_with_xor(n, &d, limit.saturating_sub(moves.len()).max(1))
            else {
                complete = false;
                continue;
            };
            complete &= all;
            count += found.len() as u64;
            for others in found {
                if moves.len() < limit {
                    let mut flip = others;
                    flip.push(n.clone());
                    let to = flip_all(heads, &flip);
                    moves.push(MoveReport {
                        text: self.describe_move(heads, &to, lang),
                        to: crate::analysis::CheckedPosition::new(to),
                    });
                }
            }
        }
        (moves, count, complete)
    }
}
