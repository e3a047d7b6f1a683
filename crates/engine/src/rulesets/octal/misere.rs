//! Misère play of a take-and-break code from its misère quotient ([`crate::misere`]): a sum of
//! heaps is a misère P-position exactly when `Φ(h₁)···Φ(h_k) ∈ P`, and a move on one heap wins
//! when the images of the heaps it leaves, times the images of the other heaps, land in `P`.
//!
//! The quotient is computed once per game (shared by its clones), at the first misère question,
//! under [`MISERE_WORK`] units of the question's budget: until the periodicity certificate, or
//! as far as that work reaches (the same on every surface). `Q_n` answers every sum of heaps up to `n`
//! exactly; once certified it answers heaps of any size. A heap beyond an uncertified `Q_n` is
//! left to the generic search.

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport};
use crate::budget::Budget;
use crate::game::Outcome;
use crate::lang::{say, Lang};
use crate::misere::{compute, MisereQuotient, Presentation};
use crate::octal::game::MoveMenu;
use crate::octal::{describe_row_move, OctalCode};

/// The most work the first misère question spends on the quotient: Kayles is certified
/// within it (less than 6 million units), Dawson's Kayles reaches `Q_24` (a fraction of a second
/// in a release build).
pub const MISERE_WORK: u64 = 12_000_000;

/// The most moves of one heap examined for winning moves (a split of a heap of `h` has `h/2`):
/// beyond it the heap's moves are not listed and the list says it is incomplete.
pub const MAX_EXAMINED: u128 = 20_000_000;

/// A computed misère quotient with its least words.
#[derive(Debug)]
pub struct MisereTheory {
    /// The quotient.
    pub quotient: MisereQuotient,
    /// The least word of each element.
    pub words: Vec<String>,
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
    pub fn compute(code: &OctalCode, budget: &Budget) -> Result<Self, crate::EngineError> {
        let task = || format!("computing the misère quotient of {code}");
        if budget.remaining() < MISERE_WORK {
            return Err(crate::EngineError::Exhausted {
                task: task(),
                cause: crate::Exhausted::Work { limit: budget.limit() },
            });
        }
        let part = budget.sub_budget(MISERE_WORK);
        let quotient =
            compute(code, None, &part).map_err(|e| crate::EngineError::InvalidRequest(e.to_string()))?;
        if let Some(cause) = quotient.stopped.clone().filter(|c| !c.is_budget()) {
            return Err(crate::EngineError::Exhausted { task: task(), cause });
        }
        let presentation: Presentation = quotient.presentation();
        let words = (0..quotient.quotient.order() as u32).map(|x| presentation.word(x)).collect();
        Ok(MisereTheory { quotient, words })
    }

    /// The theorem's text.
    pub fn theorem(&self, title: &str, lang: Lang) -> String {
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
    /// to `max_moves` (all counted when every heap's moves could be examined).
    pub fn answer(
        &self,
        menu: &MoveMenu,
        heaps: &[BigUint],
        max_moves: usize,
        theorem: String,
        lang: Lang,
    ) -> Option<Analysis> {
        let q = &self.quotient;
        let images: Vec<u32> = heaps.iter().map(|h| q.image_big(h)).collect::<Option<_>>()?;
        let total = q.quotient.product(images.iter().copied());
        let in_p = q.quotient.is_p(total);
        let mut listed = Vec::new();
        let mut count: Option<u64> = Some(0);
        if !in_p {
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
                            let mut to = heaps[..index].to_vec();
                            to.extend(leaves_big.iter().cloned());
                            to.extend_from_slice(&heaps[index + 1..]);
                            listed.push(MoveReport {
                                // Quotients exist for octal codes, whose games are drawn as rows of pins.
                                text: describe_row_move(heap, take, &leaves_big, lang),
                                to,
                            });
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
pub type Held = Arc<std::sync::OnceLock<Arc<MisereTheory>>>;
