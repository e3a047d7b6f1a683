//! Misère play of a take-and-break game from its misère quotient ([`crate::misere`]), shared by
//! the rulesets that declare the capability `misere_quotient` (octal codes, the named
//! take-and-break games, subtraction games): a sum of heaps is a misère P-position exactly when
//! `Φ(h₁)···Φ(h_k) ∈ P`, and a move on one heap wins when the images of the heaps it leaves,
//! times the images of the other heaps, land in `P`.
//!
//! The quotient is computed once per game (shared by its clones), at the first misère question,
//! under [`MISERE_WORK`] units of the question's budget: until the periodicity certificate, or
//! as far as that work reaches (the same on every surface). `Q_n` answers every sum of heaps up to `n`
//! exactly; once certified it answers heaps of any size. A heap beyond an uncertified `Q_n` is
//! left to the generic search. Besides answers, the quotient gives misère outcome tables
//! ([`sequence`], [`grid`]) and is checked against a brute-force search ([`verify`]).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Progress, VerifyReport};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Outcome, Play};
use crate::lang::{say, Lang};
use crate::misere::brute::{for_each_sum, BruteMisere};
use crate::misere::{compute, MisereQuotient, Presentation};
use crate::octal::game::MoveMenu;
use crate::octal::OctalCode;
use crate::tables::{
    per_heap, row_by_row, Grid, GridRequest, PeriodSpan, Sequence, SequenceRequest, TableBasis, TableMethod,
    N_CELL, P_CELL,
};

/// The most work the first misère question spends on the quotient: Kayles is certified
/// within it (less than 6 million units), Dawson's Kayles reaches `Q_24` (a fraction of a second
/// in a release build).
pub(crate) const MISERE_WORK: u64 = 12_000_000;

/// The most moves of one heap examined for winning moves (a split of a heap of `h` has `h/2`):
/// beyond it the heap's moves are not listed and the list says it is incomplete.
pub(crate) const MAX_EXAMINED: u128 = 20_000_000;

/// A computed misère quotient with its least words.
#[derive(Debug)]
pub(crate) struct MisereTheory {
    /// The quotient.
    pub quotient: MisereQuotient,
    /// The least word of each element.
    pub words: Vec<String>,
    /// The moves of one heap.
    menu: MoveMenu,
}

impl MisereTheory {
    /// Computes the quotient of `code` under exactly [`MISERE_WORK`] units of `budget` (so that
    /// every surface, whatever its budget, gets the same quotient): certified, or the partial
    /// quotient that work reached.
    ///
    /// # Errors
    /// [`crate::Exhausted::Work`] when less than [`MISERE_WORK`] units are left (a fast lane
    /// hands the question on to its full budget; `--method search` needs none); the deadline
    /// or a cancellation; an internal error of the method (as an invalid request, with its
    /// message).
    pub(crate) fn compute(code: &OctalCode, budget: &Budget) -> Result<Self, crate::EngineError> {
        let task = || crate::error::Task::MisereQuotient { code: code.to_string() };
        if budget.remaining() < MISERE_WORK {
            return Err(crate::EngineError::Exhausted {
                task: Box::new(task()),
                cause: crate::Exhausted::Work { limit: budget.limit() },
            });
        }
        let part = budget.sub_budget(MISERE_WORK);
        let quotient =
            compute(code, None, &part).map_err(|e| crate::EngineError::Internal { what: e.to_string() })?;
        if let Some(cause) = quotient.stopped.clone().filter(|c| !c.is_budget()) {
            return Err(crate::EngineError::Exhausted { task: Box::new(task()), cause });
        }
        let presentation: Presentation = quotient.presentation();
        let words = (0..quotient.quotient.order() as u32).map(|x| presentation.word(x)).collect();
        Ok(MisereTheory { quotient, words, menu: MoveMenu::of_code(code) })
    }

    /// The theorem's text.
    pub(crate) fn theorem(&self, title: &str, lang: Lang) -> String {
        let q = &self.quotient;
        let order = q.quotient.order();
        let p = q.quotient.p_portion().len();
        match (q.certificate, q.periodicity) {
            (Some(c), Some(per)) => say!(
                lang,
                "the misère quotient of {title}: order {order}, |P| = {p}, Φ periodic from heap {} with period {} \
                 (certified at heap {} by the periodicity theorem for misère quotients); a sum is a misère \
                 P-position iff the product of its heaps' images lies in P",
                "{title} 的反常商：阶 {order}，|P| = {p}，Φ 从第 {} 堆起以 {} 为周期\
                 （由反常商的周期性定理在第 {} 堆处证明）；几堆之和是反常必败态当且仅当各堆像之积属于 P",
                per.preperiod,
                per.period,
                c.bound
            ),
            _ => say!(
                lang,
                "the partial misère quotient Q_{} of {title} (sums of heaps up to {}): order {order}, |P| = {p}; \
                 a sum of such heaps is a misère P-position iff the product of its heaps' images lies in P",
                "{title} 的部分反常商 Q_{}（各堆不超过 {} 的和）：阶 {order}，|P| = {p}；\
                 这样的几堆之和是反常必败态当且仅当各堆像之积属于 P",
                q.reached(),
                q.reached()
            ),
        }
    }

    /// The misère answer for `heaps`, when every heap has an image; winning moves are listed up
    /// to `max_moves` (all counted when every heap's moves could be examined). `report(index,
    /// take, leaves)` is the move that removes `take` tokens from heap `index` and leaves the
    /// heaps `leaves` (ascending) in its place, as the ruleset writes it.
    pub(crate) fn answer(
        &self,
        heaps: &[BigUint],
        max_moves: usize,
        theorem: String,
        lang: Lang,
        report: &dyn Fn(usize, u64, &[BigUint]) -> MoveReport,
    ) -> Option<Analysis> {
        let menu = &self.menu;
        let q = &self.quotient;
        let images: Vec<u32> = heaps.iter().map(|h| q.image_big(h)).collect::<Option<_>>()?;
        let total = q.quotient.product(images.iter().copied());
        let in_p = q.quotient.is_p(total);
        let mut listed = Vec::new();
        // A table or a listing asks for no moves: counting them would cost O(heap) per heap.
        let mut count: Option<u64> = if max_moves == 0 && !in_p { None } else { Some(0) };
        if !in_p && max_moves > 0 {
            for (index, heap) in heaps.iter().enumerate() {
                if heaps[..index].contains(heap) {
                    continue;
                }
                let others = q
                    .quotient
                    .product(images.iter().enumerate().filter(|&(j, _)| j != index).map(|(_, &x)| x));
                let Some(h) = heap.to_u64().filter(|&h| heap_move_count(menu, h) <= MAX_EXAMINED) else {
                    count = None;
                    continue;
                };
                for_each_heap_move(menu, h, &mut |take, leaves| {
                    let Some(image) =
                        leaves.iter().try_fold(others, |acc, &l| Some(q.quotient.mul(acc, q.image(l)?)))
                    else {
                        return;
                    };
                    if q.quotient.is_p(image) {
                        count = count.map(|c| c + 1);
                        if listed.len() < max_moves {
                            let leaves_big: Vec<BigUint> = leaves.iter().map(|&l| BigUint::from(l)).collect();
                            listed.push(report(index, take, &leaves_big));
                        }
                    }
                });
            }
        }
        let formula = self.formula(heaps, &images, total);
        let reason = if in_p {
            say!(
                lang,
                "misère quotient: {formula} ∈ P, so every move leads to a product outside P",
                "反常商：{formula} ∈ P，所以每一步都走到积不属于 P 的局面，这是必败态（P）"
            )
        } else if let Some(first) = listed.first() {
            say!(
                lang,
                "misère quotient: {formula} ∉ P, so {} to reach a product in P",
                "反常商：{formula} ∉ P，所以{}，走到积属于 P 的必败态（P）",
                first.text
            )
        } else {
            say!(
                lang,
                "misère quotient: {formula} ∉ P, so some move reaches a product in P",
                "反常商：{formula} ∉ P，所以有一步能走到积属于 P 的必败态（P）"
            )
        };
        Some(Analysis {
            outcome: if in_p { Outcome::P } else { Outcome::N },
            grundy: GrundyValue::Undefined,
            moves_complete: count.is_some_and(|c| c == listed.len() as u64),
            winning_move_count: count,
            winning_moves: listed,
            reason,
            basis: Basis::Theory(theorem),
        })
    }

    /// `Φ(100)·Φ(200)·Φ(300) = b·ab·c = ab² ` with the heaps reduced by the period named
    /// (`Φ(1000000) = Φ(80)`), shortened for long sums.
    fn formula(&self, heaps: &[BigUint], images: &[u32], total: u32) -> String {
        const SHOWN: usize = 12;
        let shown = heaps.len().min(SHOWN);
        let more = if heaps.len() > SHOWN { format!("·... ({} heaps)", heaps.len()) } else { String::new() };
        let terms: Vec<String> = heaps[..shown].iter().map(|h| format!("Φ({h})")).collect();
        let words: Vec<&str> = images[..shown].iter().map(|&x| self.words[x as usize].as_str()).collect();
        let mut text = if heaps.is_empty() {
            format!("the empty product = {}", self.words[total as usize])
        } else if heaps.len() == 1 {
            format!("{} = {}", terms[0], self.words[total as usize])
        } else {
            format!("{}{more} = {}{more} = {}", terms.join("·"), words.join("·"), self.words[total as usize])
        };
        let reduced: Vec<String> = heaps[..shown]
            .iter()
            .filter_map(|h| {
                let r = self.quotient.reduced_heap(h)?;
                (BigUint::from(r) != *h).then(|| format!("Φ({h}) = Φ({r})"))
            })
            .collect();
        if !reduced.is_empty() {
            text.push_str(&format!(" ({})", reduced.join(", ")));
        }
        text
    }
}

impl MisereTheory {
    /// True when every heap of `heaps` has an image: the quotient is certified, or they are at
    /// most the heap it was computed to.
    pub(crate) fn covers(&self, largest: u64) -> bool {
        self.quotient.image(largest).is_some()
    }

    /// Whether the sum of `heaps` is a misère P-position, when every heap has an image.
    pub(crate) fn is_p_sum(&self, heaps: &[u64]) -> Option<bool> {
        Some(self.quotient.quotient.is_p(self.quotient.image_of_sum(heaps)?))
    }

    /// The basis of a table from the quotient, `title` naming the game.
    fn table_basis(&self, title: &str) -> TableBasis {
        let q = &self.quotient;
        TableBasis {
            method: TableMethod::MisereQuotient,
            detail: self.theorem(title, Lang::En),
            value_bound: Some(N_CELL),
            // The outcomes of one heap repeat with Φ.
            certified_period: q
                .certificate
                .and(q.periodicity)
                .map(|p| PeriodSpan { preperiod: p.preperiod, period: p.period }),
        }
    }
}

/// The quotient of the game `code` names: the one `held` holds, or computed now (and held)
/// under [`MISERE_WORK`] units of `budget`, so that every surface answers from the same
/// quotient.
///
/// # Errors
/// As [`MisereTheory::compute`]: [`crate::Exhausted::Work`] when less than [`MISERE_WORK`]
/// units are left (a fast lane hands the question on to its full budget; `--method search`
/// needs no quotient).
pub(crate) fn ensure(
    held: &Held,
    code: &OctalCode,
    budget: &Budget,
) -> Result<Arc<MisereTheory>, EngineError> {
    if let Some(theory) = held.get() {
        return Ok(Arc::clone(theory));
    }
    let theory = Arc::new(MisereTheory::compute(code, budget)?);
    // Another clone may have computed it meanwhile: the same quotient either way.
    Ok(Arc::clone(held.get_or_init(|| theory)))
}

/// The misère outcomes of heaps `0..=upto` from the quotient (`title` names the game in the
/// table's detail); `None` when the quotient does not cover every heap of the table (the
/// table is then searched).
pub(crate) fn sequence(
    theory: &Arc<MisereTheory>,
    title: &str,
    request: &SequenceRequest,
    budget: &Budget,
) -> Option<Sequence> {
    if request.play != Play::Misere || !theory.covers(request.upto) {
        return None;
    }
    let basis = theory.table_basis(title);
    let held = Arc::clone(theory);
    let source = per_heap(move |n| match held.is_p_sum(&[n]) {
        Some(true) => P_CELL,
        _ => N_CELL,
    });
    Some(Sequence::new(source, basis, request.upto, budget))
}

/// The misère outcomes of two heaps `(r, c)` from the quotient: P iff `Φ(r)·Φ(c) ∈ P`; `None`
/// when the quotient does not cover every heap of the table.
pub(crate) fn grid(
    theory: &Arc<MisereTheory>,
    title: &str,
    request: &GridRequest,
    budget: &Budget,
) -> Option<Grid> {
    if request.play != Play::Misere || !theory.covers(request.rows.max(request.cols)) {
        return None;
    }
    let basis = theory.table_basis(title);
    let held = Arc::clone(theory);
    let fill = move |r: u64, out: &mut [u64]| {
        let q = &held.quotient;
        let row = q.image(r).unwrap_or_default();
        for (c, slot) in (0u64..).zip(out.iter_mut()) {
            let cell = q.image(c).map(|x| q.quotient.mul(row, x));
            *slot = if cell.is_some_and(|x| q.quotient.is_p(x)) { P_CELL } else { N_CELL };
        }
    };
    Some(Grid::new(row_by_row(fill), basis, request.rows, request.cols, budget))
}

/// The default of `verify --misere`: every sum of heaps with at most this many tokens (the
/// bound of Plambeck and Siegel's checks, and of the issue).
pub const VERIFY_TOKENS: u64 = 24;

/// The structure checks [`verify`] makes, in words.
const STRUCTURE: [&str; 6] = [
    "0 is the identity",
    "commutative",
    "associative",
    "generated by Φ's images",
    "reduced: distinct P-signatures z ↦ [xz ∈ P]",
    "the identity (the empty sum) is not in P",
];

/// Checks the misère quotient of `code` (the one every surface uses: computed under
/// [`MISERE_WORK`] units) against a brute-force misère search ([`BruteMisere`]) on every sum of
/// heaps with at most `tokens` tokens in total, and checks its structure: a commutative,
/// associative monoid generated by Φ's images, reduced, the identity outside P, of even order
/// (Plambeck and Siegel). A partial quotient `Q_n` is checked on the sums of heaps up to `n`
/// only, so `tokens` is lowered to `n` when it is larger. `game` and `title` name the game in
/// the report.
///
/// # Errors
/// [`EngineError::Exhausted`] when less than [`MISERE_WORK`] units are left, or when the budget,
/// the deadline or a cancellation stops the search.
pub fn verify(
    game: String,
    title: &str,
    code: &OctalCode,
    tokens: u64,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<VerifyReport, EngineError> {
    let theory = MisereTheory::compute(code, budget)?;
    let q = &theory.quotient;
    let tokens = if q.is_certified() { tokens } else { tokens.min(q.reached()) };
    let tokens32 = u32::try_from(tokens).map_err(|_| {
        EngineError::InvalidRequest(crate::error::RequestError::TokensBeyondSearch { tokens })
    })?;
    let mut report = VerifyReport::new(game, theory.theorem(title, Lang::En), Play::Misere, None, tokens);
    let mut structure: Vec<String> = STRUCTURE.iter().map(|s| (*s).to_string()).collect();
    structure.push(format!("even order ({})", q.quotient.order()));
    report.quotient = Some(crate::analysis::QuotientChecks {
        order: q.quotient.order(),
        p_portion: q.quotient.p_portion().len(),
        certified: q.is_certified(),
        reached: q.reached(),
        structure,
    });
    let problem = match q.quotient.check(&q.generators) {
        Err(problem) => Some(format!("the quotient's structure: {problem}")),
        Ok(()) if q.quotient.order() % 2 == 1 => {
            Some(format!("the quotient's order {} is odd", q.quotient.order()))
        }
        Ok(()) => None,
    };
    if let Some(problem) = problem {
        report.disagree(crate::analysis::Counterexample { position: Vec::new(), problem });
        return Ok(report);
    }
    let total = sums_up_to(tokens);
    let mut brute = BruteMisere::new(code);
    let mut failure: Result<(), crate::budget::Exhausted> = Ok(());
    let task = || crate::error::Task::VerifyQuotient { game: title.to_string() };
    for_each_sum(tokens32, |heaps| {
        if failure.is_err() || report.counterexample.is_some() {
            return;
        }
        progress(report.positions as u64, total);
        let wide: Vec<u64> = heaps.iter().rev().map(|&h| u64::from(h)).collect();
        let by_search = match brute.is_p(heaps, budget) {
            Ok(p) => p,
            Err(e) => {
                failure = Err(e);
                return;
            }
        };
        report.positions += 1;
        let image = q.image_of_sum(&wide).unwrap_or_default();
        let by_quotient = q.quotient.is_p(image);
        if by_quotient != by_search {
            let outcome = |p: bool| if p { "P" } else { "N" };
            report.disagree(crate::analysis::Counterexample {
                position: wide.iter().map(|&h| BigUint::from(h)).collect(),
                problem: format!(
                    "the quotient says {} (the product is {}), search says {}",
                    outcome(by_quotient),
                    theory.words[image as usize],
                    outcome(by_search)
                ),
            });
        }
    });
    failure.map_err(|cause| EngineError::Exhausted { task: Box::new(task()), cause })?;
    report.search_states = brute.states();
    progress(total, total);
    Ok(report)
}

/// How many sums of heaps have at most `tokens` tokens (the partitions of `0..=tokens`),
/// saturating.
fn sums_up_to(tokens: u64) -> u64 {
    // Beyond 500 tokens the count exceeds 2^64 anyway.
    if tokens > 500 {
        return u64::MAX;
    }
    let n = tokens as usize;
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for m in part..=n {
            p[m] = p[m].saturating_add(p[m - part]);
        }
    }
    p.iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// How many moves a heap of `heap` has (saturating).
fn heap_move_count(menu: &MoveMenu, heap: u64) -> u128 {
    let rest = |j: usize| u128::from(heap.saturating_sub(j as u64));
    let split: u128 = menu.split.iter().map(|&j| rest(j) / 2).sum();
    let split3: u128 = menu.split3.iter().map(|&j| (rest(j) * rest(j) + 6) / 12).sum();
    (menu.whole.len() + menu.take.len()) as u128 + split + split3
}

/// Every move of a heap of `heap`: `visit(tokens removed, heaps left ascending)`.
fn for_each_heap_move(menu: &MoveMenu, heap: u64, visit: &mut dyn FnMut(u64, &[u64])) {
    for &j in &menu.whole {
        if heap == j as u64 {
            visit(heap, &[]);
        }
    }
    for &j in &menu.take {
        if heap > j as u64 {
            visit(j as u64, &[heap - j as u64]);
        }
    }
    for &j in &menu.split {
        let Some(rest) = heap.checked_sub(j as u64) else { continue };
        for a in 1..=rest / 2 {
            if !(menu.unequal && 2 * a == rest) {
                visit(j as u64, &[a, rest - a]);
            }
        }
    }
    for &j in &menu.split3 {
        let Some(rest) = heap.checked_sub(j as u64) else { continue };
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                visit(j as u64, &[a, b, rest - a - b]);
            }
        }
    }
}

/// Shared by the clones of a game: the quotient once computed.
pub(crate) type Held = Arc<std::sync::OnceLock<Arc<MisereTheory>>>;
