//! The apple game of seed 000: piles of apples; a move takes 1..=S apples from one pile, or the
//! same number `t >= 1` from every pile when all are non-empty. Whoever takes the last apple
//! wins. The three-pile take is unbounded by default (the paper's tables and strategy need
//! that); with `bounded_equal` it is capped at S too (the paper's symbol table).
//!
//! Write `q = S + 1`. The theory covers these positions (normal play); elsewhere nimlab searches.
//!
//! 1. **An empty pile.** The take from every pile is gone for good, so the game is a sum of Bash
//!    games: the Grundy value is the XOR of the residues `h mod q`.
//! 2. **One pile.** Unbounded, a move may take any number, so the Grundy value is the pile
//!    itself; bounded, it is Bash: `h mod q`.
//! 3. **Three piles, two of them equal: (M, N, N) in any order** (the paper's closed form).
//!    P iff `q | M` and (`M = 0` or `N < q`); with the bounded take, P iff `q | M`.
//!    *Proof.* (0, N, N) is P by mirroring: every move takes from one of the two equal piles (the
//!    take from every pile needs the empty one) and the answer takes as much from the other.
//!    (kq, i, i) with `k >= 1`, `i < q`: a take of `s` from the big pile is answered by `q - s`
//!    from it, a take of `t <= i < q` from every pile by `q - t` from the big pile (both leave
//!    ((k-1)q, j, j)), a take from one small pile by the same from the other; by induction on the
//!    apples, P. With the bounded take, `t <= S` for every `i`, so the same answers work.
//!    Every other (M, N, N) has a move to one of these (paper §6.2): `M = N` take everything;
//!    `0 < M < N` take M from every pile (leaving (0, N-M, N-M)); `M > N`, `q | M`, `N >= q` take
//!    `N - N mod q` from every pile; `M > N`, `q ∤ M`: take `M - k'q` from every pile where `k'q`
//!    is a multiple of q in `[M-N, M-1]`, which exists iff `M mod q <= N`, leaving
//!    (k'q, i, i) with `i < q`; otherwise `N < M mod q < q` and taking `M mod q` from the big
//!    pile leaves (kq, N, N) with `N < q` (the paper's §6.2 ② overlooks this case). Bounded:
//!    take `M mod q` from the big pile.
//! 4. **An odd number of piles with `q` a power of two** (found by nimlab, beyond the paper).
//!    Bounded: the Grundy value is the XOR of the residues `h mod q` for every position.
//!    Unbounded: the same when the smallest pile is below q; a position whose smallest pile is
//!    at least q is N. *Proof.* Taking `t` from every pile, with `2^j` the lowest bit of `t` and
//!    `t < q = 2^m`, leaves the residue bits below `j` alone and flips bit `j` of each residue (in
//!    arithmetic mod `2^m`), so with an odd number of piles the XOR of the residues changes: such
//!    a move never reaches the position's own value, and the single-pile takes are a sum of Bash
//!    games, which reach every smaller value. In the unbounded game the positions whose smallest
//!    pile is below q only reach each other, and there every take from all piles is below q.
//!    From a smallest pile `a >= q`, the takes `t` in `[a-q+1, a]` cover every shift `e` of the
//!    residues mod q, and one shift makes their XOR zero: choose its bits from the lowest up,
//!    each bit of `e` flipping the same bit of the XOR (an odd number of piles) and affecting no
//!    lower bit. That move leaves a smallest pile below q and XOR zero: a P-position.
//!
//! 5. **Three piles and the residue lemma** (found by nimlab). For `q <= 64` nimlab checks, at
//!    construction, the finite lemma [`residue_lemma_holds`]: no take of the same amount from all
//!    three piles leads from residues with XOR 0 to residues with XOR 0 (unbounded: the take is
//!    at most the smallest pile, itself below q; bounded: any take below q). Where it holds, P iff
//!    the residues mod q have XOR 0 — for every position with the bounded take, and for positions
//!    whose smallest pile is below q with the unbounded one (those only reach each other). *Proof*
//!    by induction: from XOR 0 a single-pile take changes one residue and a take from every pile
//!    cannot restore XOR 0 (the lemma); from XOR not 0 the Bash residues, like Nim heaps, have a
//!    single-pile take to XOR 0. The lemma holds exactly for q = 2, 3, 4, 5, 6, 7, 8, 10, 12, 14,
//!    16, 20, 24, 28, 32, 40, 48, 56, 64 (odd part at most 7) among q <= 64; Grundy values there
//!    are not the residue XOR unless q is a power of two (rule 4).
//!
//! Winning moves are listed in full except in case 3 without rule 5 (S >= 64 or the lemma
//! fails) when some take from one of the two equal piles leaves three different non-empty
//! piles: those positions have no closed form, so `moves_complete` is false there.

pub(crate) mod strategy;

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset, SearchCost};
use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::bigint::{big, join, to_bigs, to_u64s};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, engine, invalid};
use crate::solve::{triple_grundy_table, Amounts, TripleRules, TripleTable};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Params, Texts, Token};
use crate::AnyGame;

/// The declaration of the apple game.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "apple",
    title: "The apple game",
    summary: "piles of apples; take 1..S from one pile (--max S) or the same number from every pile \
              (unbounded, or at most S with --bounded-equal)",
    rules: "Piles of apples. A move takes between 1 and S apples from one pile, or the same number of \
            apples from every pile (any number, or at most S in the bounded variant).",
    position: "pile sizes",
    example_position: "1 5 5",
    params: &[
        ParamDecl {
            name: "max",
            label: "most apples from one pile",
            help: "S, the most apples a move takes from one pile (S >= 1)",
            kind: ParamKind::Count { min: 1, max: u64::MAX },
            default: None,
            example: "3",
        },
        ParamDecl {
            name: "bounded-equal",
            label: "cap the take from every pile at S",
            help: "the bounded variant: taking from every pile takes at most S (default: any number, as in the paper)",
            kind: ParamKind::Flag,
            default: None,
            example: "",
        },
    ],
    drawing: Drawing::of(Board::Piles, Token::Apple),
    zh: Texts {
        title: "取苹果游戏",
        rules: "有几堆苹果。每一步从某一堆中拿走 1 到 S 个苹果，或从每一堆中拿走相同个数的苹果（个数不限；在有上限的变体中至多 S 个）。",
        position: "各堆的苹果数",
        params: &[
            ParamTexts { name: "max", label: "从一堆最多拿几个", help: "S，一步从一堆中最多拿的苹果数（S ≥ 1）" },
            ParamTexts { name: "bounded-equal", label: "每堆同时拿时也至多拿 S 个", help: "有上限的变体：从每一堆同时拿时，至多拿 S 个（默认：个数不限，与论文相同）" },
        ],
    },
    capabilities: Capabilities {
        any_size: true,
        research: &[Research::WinningPlan, Research::TripleTable],
        ..Capabilities::NONE
    },
    verify_bound: 20,
    build,
};

/// The apple game with takes of 1..=`max` from one pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Apple {
    max: u64,
    bounded_equal: bool,
    /// Whether [`residue_lemma_holds`] for `q = max + 1` (rule 5 of the module doc).
    residue_rule: bool,
}

/// The largest `q = S + 1` for which rule 5's lemma is checked (`O(q^3)` at construction).
pub(crate) const RESIDUE_LEMMA_MAX_Q: u64 = 64;

/// The finite lemma behind rule 5, checked exhaustively: for residues `x, y, z < q` with
/// `x ^ y ^ z = 0`, no take `t` of the same amount from all three makes the XOR of the new
/// residues zero again. Unbounded (`t <= x`, `x` being the smallest pile, below q, so it does
/// not wrap) or bounded (`1 <= t <= q - 1`, any residues wrap). `None` above
/// [`RESIDUE_LEMMA_MAX_Q`]. `O(q^3)`.
pub(crate) fn residue_lemma_holds(q: u64, bounded: bool) -> Option<bool> {
    if q > RESIDUE_LEMMA_MAX_Q {
        return None;
    }
    for x in 0..q {
        for y in 0..q {
            let z = x ^ y;
            if z >= q {
                continue;
            }
            let top = if bounded { q - 1 } else { x };
            for t in 1..=top {
                let shifted = |r: u64| (r + q - t % q) % q;
                if shifted(x) ^ shifted(y) ^ shifted(z) == 0 {
                    return Some(false);
                }
            }
        }
    }
    Some(true)
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Apple::from_params(spec.params())?))
}

/// Where a position stands with respect to the paper's (M, N, N) form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MnnForm {
    /// Index of the pile playing M (the odd one out; pile 0 when all three are equal).
    pub m_index: usize,
    /// M, the odd pile.
    pub m: BigUint,
    /// N, the two equal piles.
    pub n: BigUint,
}

/// Recognizes three piles of which two are equal, in any order.
pub(crate) fn mnn_form(numbers: &[BigUint]) -> Option<MnnForm> {
    let [a, b, c] = numbers else { return None };
    let (m_index, m, n) = if b == c {
        (0, a, b)
    } else if a == c {
        (1, b, a)
    } else if a == b {
        (2, c, a)
    } else {
        return None;
    };
    Some(MnnForm { m_index, m: m.clone(), n: n.clone() })
}

impl Apple {
    /// The apple game taking 1..=`max` from one pile; the take from every pile is capped at
    /// `max` too when `bounded_equal`. `None` for `max = 0`.
    pub fn new(max: u64, bounded_equal: bool) -> Option<Self> {
        let q = u128::from(max) + 1;
        let residue_rule =
            q.is_power_of_two() || residue_lemma_holds(max.saturating_add(1), bounded_equal).unwrap_or(false);
        (max > 0).then_some(Apple { max, bounded_equal, residue_rule })
    }

    /// The game with these parameters (`max`, `bounded-equal`).
    ///
    /// # Errors
    /// [`EngineError::Spec`] for `max = 0`.
    pub(crate) fn from_params(params: &Params) -> Result<Self, EngineError> {
        Apple::new(params.count("max"), params.flag("bounded-equal")).ok_or_else(|| {
            invalid(crate::lang::words!(
                "max must be at least 1 (S = 0 allows no move)",
                "每步上限至少是 1（S = 0 时无法走子）"
            ))
        })
    }

    /// S, the most apples a move takes from one pile.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// True when the take from every pile is capped at S.
    pub fn bounded_equal(&self) -> bool {
        self.bounded_equal
    }

    /// The three-pile rules for the dense table.
    pub fn triple_rules(&self) -> TripleRules {
        let one = Amounts::bounded(1, self.max);
        let three = if self.bounded_equal { one } else { Amounts::from(1) };
        TripleRules { one, two: None, three }
    }

    /// Grundy values of every three-pile position with piles at most `bound`, by the dense
    /// solver (`O(bound^3 × (S + bound))` time).
    ///
    /// # Errors
    /// [`crate::BudgetExceeded`] when the table holds more positions than `budget`.
    pub fn triple_table(&self, bound: u64, budget: &Budget) -> Result<TripleTable, crate::Exhausted> {
        triple_grundy_table(&self.triple_rules(), bound, budget)
    }

    fn q(&self) -> BigUint {
        big(self.max) + 1u8
    }

    /// True when S + 1 is a power of two.
    fn q_is_power_of_two(&self) -> bool {
        (u128::from(self.max) + 1).is_power_of_two()
    }

    fn residue(&self, h: &BigUint) -> u128 {
        h.mod_floor(&self.q()).to_u128().unwrap_or_default()
    }

    fn residue_xor(&self, piles: &[BigUint]) -> u128 {
        piles.iter().fold(0, |x, h| x ^ self.residue(h))
    }

    fn residues_text(&self, piles: &[BigUint], lang: Lang) -> String {
        let residues: Vec<String> = piles.iter().map(|h| self.residue(h).to_string()).collect();
        say!(
            lang,
            "the residues mod {} are {} (XOR {})",
            "各堆模 {} 的余数为 {}（异或和为 {}）",
            self.q(),
            residues.join(lang.pick(", ", "、")),
            self.residue_xor(piles)
        )
    }

    /// The paper's rule for (M, N, N): true when the player to move loses.
    fn mnn_is_p(&self, m: &BigUint, n: &BigUint) -> bool {
        let q = self.q();
        m.is_multiple_of(&q) && (self.bounded_equal || m.is_zero() || *n < q)
    }

    /// Which closed form decides `piles`, if any.
    fn rule(&self, piles: &[BigUint]) -> Option<Rule> {
        if piles.iter().any(Zero::is_zero) {
            Some(Rule::EmptyPile)
        } else if piles.len() == 1 {
            Some(Rule::OnePile)
        } else if piles.len() % 2 == 1 && self.q_is_power_of_two() {
            Some(Rule::PowerOfTwo)
        } else if mnn_form(piles).is_some() {
            Some(Rule::Mnn)
        } else if piles.len() == 3 && self.residue_rule && (self.bounded_equal || self.min_below_q(piles)) {
            Some(Rule::ResidueXor)
        } else {
            None
        }
    }

    /// The outcome by closed form, if one covers `piles`.
    fn known_outcome(&self, piles: &[BigUint]) -> Option<Outcome> {
        let p = match self.rule(piles)? {
            Rule::EmptyPile => self.residue_xor(piles) == 0,
            Rule::OnePile => (if self.bounded_equal { self.residue(&piles[0]) } else { 1 }) == 0,
            Rule::PowerOfTwo => {
                self.residue_xor(piles) == 0 && (self.bounded_equal || self.min_below_q(piles))
            }
            Rule::Mnn => {
                let form = mnn_form(piles)?;
                self.mnn_is_p(&form.m, &form.n)
            }
            Rule::ResidueXor => self.residue_xor(piles) == 0,
        };
        Some(if p { Outcome::P } else { Outcome::N })
    }

    fn min_below_q(&self, piles: &[BigUint]) -> bool {
        piles.iter().min().is_some_and(|m| *m < self.q())
    }

    /// The Grundy value by closed form, where one gives it.
    fn known_grundy(&self, piles: &[BigUint]) -> Option<BigUint> {
        match self.rule(piles)? {
            Rule::EmptyPile => Some(BigUint::from(self.residue_xor(piles))),
            Rule::OnePile if self.bounded_equal => Some(BigUint::from(self.residue(&piles[0]))),
            Rule::OnePile => Some(piles[0].clone()),
            Rule::PowerOfTwo if self.bounded_equal || self.min_below_q(piles) => {
                Some(BigUint::from(self.residue_xor(piles)))
            }
            Rule::PowerOfTwo | Rule::Mnn | Rule::ResidueXor => None,
        }
    }

    /// `from` with `amount` taken from each pile in `which`, its text in `lang`.
    fn take(&self, from: &[BigUint], which: &[usize], amount: &BigUint, lang: Lang) -> MoveReport {
        let mut to = from.to_vec();
        for &i in which {
            to[i] -= amount;
        }
        MoveReport {
            text: self.describe_move(from, &to, lang),
            to: crate::analysis::CheckedPosition::new(to),
        }
    }

    /// The single-pile take from pile `i` that leaves residue `target` there, if it exists.
    fn take_to_residue(&self, piles: &[BigUint], i: usize, target: u128, lang: Lang) -> Option<MoveReport> {
        let q = u128::from(self.max) + 1;
        if target >= q {
            return None;
        }
        let s = (self.residue(&piles[i]) + q - target) % q;
        (s >= 1 && BigUint::from(s) <= piles[i]).then(|| self.take(piles, &[i], &BigUint::from(s), lang))
    }

    /// Every single-pile take (at most one per pile) that makes the residue XOR zero.
    fn residue_xor_moves(&self, piles: &[BigUint], lang: Lang) -> Vec<MoveReport> {
        let x = self.residue_xor(piles);
        (0..piles.len())
            .filter_map(|i| self.take_to_residue(piles, i, self.residue(&piles[i]) ^ x, lang))
            .collect()
    }

    /// The shift `e` (mod q) for which the residues `(h - e) mod q` have XOR zero; q must be a
    /// power of two and the number of piles odd. Chosen bit by bit from the lowest (see the
    /// module doc).
    fn zero_xor_shift(&self, piles: &[BigUint]) -> u128 {
        let q = u128::from(self.max) + 1;
        let residues: Vec<u128> = piles.iter().map(|h| self.residue(h)).collect();
        let mut e: u128 = 0;
        for bit in 0..q.trailing_zeros() {
            let x = residues.iter().fold(0, |x, &r| x ^ ((r + q - e) % q));
            if x >> bit & 1 == 1 {
                e |= 1 << bit;
            }
        }
        e
    }

    /// Winning moves under [`Rule::PowerOfTwo`]: complete.
    fn power_of_two_moves(&self, piles: &[BigUint], lang: Lang) -> Vec<MoveReport> {
        let mut moves: Vec<MoveReport> = self
            .residue_xor_moves(piles, lang)
            .into_iter()
            .filter(|m| self.known_outcome(&m.to) == Some(Outcome::P))
            .collect();
        let all: Vec<usize> = (0..piles.len()).collect();
        let e = BigUint::from(self.zero_xor_shift(piles));
        let smallest = piles.iter().min().cloned().unwrap_or_default();
        // Unbounded: the one t in [a-q+1, a] congruent to e leaves a smallest pile below q.
        // Bounded: t = e itself (t <= S < q).
        let t = if self.bounded_equal {
            Some(e)
        } else {
            let q = self.q();
            let back = (&smallest + &q - e.mod_floor(&q)).mod_floor(&q);
            (back <= smallest).then(|| &smallest - back)
        };
        if let Some(t) = t.filter(|t| !t.is_zero() && *t <= smallest) {
            moves.push(self.take(piles, &all, &t, lang));
        }
        moves
    }

    /// Winning moves under [`Rule::ResidueXor`] (S < 64 here): complete.
    fn residue_rule_moves(&self, piles: &[BigUint], lang: Lang) -> Vec<MoveReport> {
        let mut moves = self.residue_xor_moves(piles, lang);
        let smallest = piles.iter().min().cloned().unwrap_or_default();
        let all: Vec<usize> = (0..piles.len()).collect();
        for t in 1..=self.max {
            let t = big(t);
            if t > smallest {
                break;
            }
            let report = self.take(piles, &all, &t, lang);
            if self.known_outcome(&report.to) == Some(Outcome::P) {
                moves.push(report);
            }
        }
        moves
    }

    /// Winning moves from (M, N, N) by the paper's closed form, and whether they are all.
    fn mnn_moves(&self, piles: &[BigUint], form: &MnnForm, lang: Lang) -> (Vec<MoveReport>, bool) {
        let MnnForm { m_index, m, n } = form;
        let q = self.q();
        let s_max = big(self.max);
        let others: Vec<usize> = (0..3).filter(|i| i != m_index).collect();
        let all = [0, 1, 2];
        let mut moves = Vec::new();
        let push = |report: MoveReport, moves: &mut Vec<MoveReport>| {
            if self.known_outcome(&report.to) == Some(Outcome::P)
                && !moves.iter().any(|m: &MoveReport| m.to == report.to)
            {
                moves.push(report);
            }
        };
        // (a) from the pile of M: only s = M mod q can leave a multiple of q.
        let s = m.mod_floor(&q);
        if !s.is_zero() && s <= *m {
            push(self.take(piles, &[*m_index], &s, lang), &mut moves);
        }
        // (b) from every pile: t = M, or the t in [N-q+1, N] congruent to M (unbounded); the t
        // congruent to M below q (bounded).
        let room = m.min(n).clone();
        let limit = if self.bounded_equal { room.clone().min(s_max.clone()) } else { room.clone() };
        let mut takes = vec![m.clone(), m.mod_floor(&q)];
        let gap = (n.mod_floor(&q) + &q - m.mod_floor(&q)).mod_floor(&q);
        if gap <= *n {
            takes.push(n - gap);
        }
        for t in takes {
            if !t.is_zero() && t <= limit {
                push(self.take(piles, &all, &t, lang), &mut moves);
            }
        }
        // (c) from one of the equal piles: the takes that leave two equal piles or an empty one.
        let mut singles = vec![n.mod_floor(&q), n.clone()];
        if n > m {
            singles.push(n - m);
        }
        for s in singles {
            if !s.is_zero() && s <= s_max && s <= *n {
                for &i in &others {
                    push(self.take(piles, &[i], &s, lang), &mut moves);
                }
            }
        }
        // Any other take of s <= min(S, N-1) from an equal pile leaves three different non-empty
        // piles (when 0 < M != N): with rule 5 (S < 64) each is decided; otherwise they are
        // unknown and the list may be incomplete.
        if self.residue_rule && self.max < RESIDUE_LEMMA_MAX_Q {
            let mut complete = true;
            for s in 1..=self.max {
                let s = big(s);
                if s > *n {
                    break;
                }
                for &i in &others {
                    let report = self.take(piles, &[i], &s, lang);
                    match self.known_outcome(&report.to) {
                        Some(Outcome::P) => push(report, &mut moves),
                        Some(Outcome::N) => {}
                        None => complete = false,
                    }
                }
            }
            return (moves, complete);
        }
        let unknown_singles = !m.is_zero() && m != n && !n.is_zero() && {
            let candidates = s_max.min(n - 1u8);
            let two_equal_left = n > m && n - m <= candidates;
            candidates > BigUint::from(u8::from(two_equal_left))
        };
        (moves, !unknown_singles)
    }

    /// "take 2 from the pile of 5", or "take 2 from pile 2 (of 5)" when another pile also
    /// holds 5.
    fn take_from_pile_text(&self, piles: &[BigUint], i: usize, amount: &BigUint, lang: Lang) -> String {
        if piles.iter().filter(|h| **h == piles[i]).count() > 1 {
            say!(
                lang,
                "take {amount} from pile {} (of {})",
                "从第 {} 堆（{} 个）取走 {amount} 个",
                i + 1,
                piles[i]
            )
        } else {
            say!(lang, "take {amount} from the pile of {}", "从 {} 个那堆取走 {amount} 个", piles[i])
        }
    }

    fn position_text(piles: &[BigUint]) -> String {
        format!("({})", join(piles, ", "))
    }

    /// The reason and theorem for a position of the (M, N, N) form.
    fn mnn_reason(&self, form: &MnnForm, first: Option<&MoveReport>, lang: Lang) -> String {
        let MnnForm { m, n, .. } = form;
        let q = self.q();
        let shape = if m == n {
            say!(lang, "three equal piles of {m}", "三堆都是 {m} 个")
        } else {
            say!(
                lang,
                "(M, N, N) with M = {m} (pile {}) and N = {n}",
                "(M, N, N) 形，M = {m}（第 {} 堆），N = {n}",
                form.m_index + 1
            )
        };
        let then = |m: &MoveReport| say!(lang, "{} to {}", "{}，得到 {}", m.text, Self::position_text(&m.to));
        let body = if self.mnn_is_p(m, n) {
            if m.is_zero() && n.is_zero() {
                say!(
                    lang,
                    "no apple is left: the previous player took the last one and won",
                    "苹果已拿完：后手拿走了最后一个苹果，获胜"
                )
            } else if m.is_zero() {
                say!(
                    lang,
                    "M = 0: whatever the mover takes from one of the two equal piles, the other player takes \
                     as many from the other (mirror) and takes the last apple",
                    "M = 0：先手无论从相等的两堆之一拿走几个，对方都从另一堆拿走同样多个（镜像），\
                     最后一个苹果由对方拿走"
                )
            } else if n.is_zero() {
                say!(
                    lang,
                    "N = 0: Bash on the pile of {m}, a multiple of {q}: every take of s is answered by {q} - s",
                    "N = 0：{m} 个那堆上的巴什博弈，{m} 是 {q} 的倍数：每次拿 s 个，都以拿 {q} - s 个回应"
                )
            } else if self.bounded_equal {
                say!(
                    lang,
                    "M = {m} is a multiple of S+1 = {q}: a take of s from the pile of M is answered by {q} - s \
                     from it, a take of t <= S from every pile by {q} - t from the pile of M, a take from \
                     one equal pile by the same from the other",
                    "M = {m} 是 S+1 = {q} 的倍数：从 M 那堆拿 s 个，以从它拿 {q} - s 个回应；\
                     从每堆各拿 t <= S 个，以从 M 那堆拿 {q} - t 个回应；从相等的两堆之一拿几个，\
                     以从另一堆拿同样多个回应"
                )
            } else {
                say!(
                    lang,
                    "M = {m} is a multiple of S+1 = {q} and N = {n} < {q}: a take of s from the pile of M is \
                     answered by {q} - s from it, a take of t from every pile (t <= N < {q}) by {q} - t from \
                     the pile of M, a take from one equal pile by the same from the other (paper §6.2 ①a)",
                    "M = {m} 是 S+1 = {q} 的倍数且 N = {n} < {q}：从 M 那堆拿 s 个，以从它拿 {q} - s 个回应；\
                     从每堆各拿 t 个（t <= N < {q}），以从 M 那堆拿 {q} - t 个回应；从相等的两堆之一拿几个，\
                     以从另一堆拿同样多个回应（论文 §6.2 ①a）"
                )
            }
        } else {
            let first = first.map(then).unwrap_or_default();
            let residue = m.mod_floor(&q);
            if n.is_zero() {
                say!(
                    lang,
                    "N = 0: Bash on the pile of {m}; {first}, a multiple of {q}",
                    "N = 0：{m} 个那堆上的巴什博弈；{first}，剩下 {q} 的倍数"
                )
            } else if m == n && !self.bounded_equal {
                say!(lang, "M = N: {first} (paper §6.2 (2))", "M = N：{first}（论文 §6.2 (2)）")
            } else if m.is_zero() || (m < n && (!self.bounded_equal || *m <= big(self.max))) {
                say!(
                    lang,
                    "M < N: {first}, then mirror the opponent on the two equal piles (paper §6.2 (1))",
                    "M < N：{first}，之后在相等的两堆上模仿对手（镜像）（论文 §6.2 (1)）"
                )
            } else if self.bounded_equal {
                say!(
                    lang,
                    "M = {m} is not a multiple of {q}: {first}, leaving M a multiple of {q}",
                    "M = {m} 不是 {q} 的倍数：{first}，使 M 成为 {q} 的倍数"
                )
            } else if m.is_multiple_of(&q) {
                say!(
                    lang,
                    "M > N, M a multiple of {q} and N >= {q}: {first} (N - N mod {q} from every pile; paper §6.2 ①b)",
                    "M > N，M 是 {q} 的倍数且 N >= {q}：{first}（从每堆各拿 N - N mod {q} 个；论文 §6.2 ①b）"
                )
            } else if residue <= *n {
                say!(
                    lang,
                    "M > N, M mod {q} = {residue} <= N: {first} (paper §6.2 ②)",
                    "M > N，M mod {q} = {residue} <= N：{first}（论文 §6.2 ②）"
                )
            } else {
                say!(
                    lang,
                    "M > N and M mod {q} = {residue} > N, so no take from every pile wins (the case paper §6.2 ② \
                     overlooks); {first}",
                    "M > N 且 M mod {q} = {residue} > N，所以从每堆各拿相同个数都不能获胜（论文 §6.2 ② \
                     漏掉的情形）；{first}"
                )
            }
        };
        say!(lang, "{shape}: {body}", "{shape}：{body}")
    }

    /// The text of a rule's reason, for positions outside the (M, N, N) form.
    fn rule_reason(&self, rule: Rule, piles: &[BigUint], first: Option<&MoveReport>, lang: Lang) -> String {
        let then = first
            .map(|m| say!(lang, ", so {} to {}", "，所以{}，得到 {}", m.text, Self::position_text(&m.to)))
            .unwrap_or_default();
        let q = self.q();
        let residues = self.residues_text(piles, lang);
        match rule {
            Rule::EmptyPile => say!(
                lang,
                "a pile is empty, so the game is a sum of Bash games: {residues}{then}",
                "有一堆是空的，所以游戏是若干巴什博弈的和：{residues}{then}"
            ),
            Rule::OnePile if self.bounded_equal => {
                say!(lang, "one pile: Bash, {residues}{then}", "只有一堆：巴什博弈，{residues}{then}")
            }
            Rule::OnePile => say!(
                lang,
                "one pile: the take from every pile may take it all{then}",
                "只有一堆：“从每堆各拿相同个数”可以一次拿完{then}"
            ),
            Rule::PowerOfTwo => {
                let smallest = piles.iter().min().cloned().unwrap_or_default();
                let low = if self.bounded_equal {
                    String::new()
                } else if smallest < q {
                    say!(
                        lang,
                        "the smallest pile {smallest} is below {q} and ",
                        "最小的一堆 {smallest} 小于 {q}，且"
                    )
                } else {
                    say!(
                        lang,
                        "the smallest pile {smallest} is at least {q}, so the position is N; ",
                        "最小的一堆 {smallest} 不小于 {q}，所以这是必胜态；"
                    )
                };
                say!(
                    lang,
                    "S+1 = {q} is a power of two and the piles are odd in number: {low}{residues}{then}",
                    "S+1 = {q} 是 2 的幂，且堆数为奇数：{low}{residues}{then}"
                )
            }
            Rule::ResidueXor => {
                let low = if self.bounded_equal {
                    String::new()
                } else {
                    say!(lang, "the smallest pile is below {q} and ", "最小的一堆小于 {q}，且")
                };
                say!(
                    lang,
                    "three piles with S+1 = {q} (checked lemma: P iff the residue XOR is 0): {low}{residues}{then}",
                    "三堆，S+1 = {q}（已验证的引理：必败态（P）当且仅当余数的异或和为 0）：{low}{residues}{then}"
                )
            }
            Rule::Mnn => String::new(),
        }
    }

    fn theorem_text(&self, lang: Lang) -> String {
        let q = self.q();
        let max = self.max;
        let (head, extra) = if self.bounded_equal {
            (
                say!(
                    lang,
                    "apple (take from every pile at most {max}): (M, N, N) is P iff {q} | M",
                    "苹果游戏（从每堆各拿至多 {max} 个）：(M, N, N) 是必败态当且仅当 {q} | M"
                ),
                if self.q_is_power_of_two() {
                    lang.pick(
                        "; odd number of piles: G = XOR of the residues mod S+1",
                        "；堆数为奇数时：SG 值 G = 各堆模 S+1 的余数的异或和",
                    )
                } else if self.residue_rule {
                    lang.pick(
                        "; three piles: P iff the residues mod S+1 have XOR 0 (residue lemma)",
                        "；三堆时：必败态当且仅当各堆模 S+1 的余数的异或和为 0（余数引理）",
                    )
                } else {
                    ""
                },
            )
        } else {
            (
                say!(
                    lang,
                    "apple: (M, N, N) is P iff {q} | M and (M = 0 or N < {q}) (paper §6.2)",
                    "苹果游戏：(M, N, N) 是必败态当且仅当 {q} | M 且（M = 0 或 N < {q}）（论文 §6.2）"
                ),
                if self.q_is_power_of_two() {
                    lang.pick(
                        "; odd number of piles: P iff the smallest pile is below S+1 and the residues mod S+1 have XOR 0",
                        "；堆数为奇数时：必败态当且仅当最小的一堆小于 S+1 且各堆模 S+1 的余数的异或和为 0",
                    )
                } else if self.residue_rule {
                    lang.pick(
                        "; three piles with the smallest below S+1: P iff the residues mod S+1 have XOR 0 (residue lemma)",
                        "；三堆且最小的一堆小于 S+1 时：必败态当且仅当各堆模 S+1 的余数的异或和为 0（余数引理）",
                    )
                } else {
                    ""
                },
            )
        };
        say!(
            lang,
            "{head}; an empty pile makes a sum of Bash games{extra}",
            "{head}；有空堆时是若干巴什博弈的和{extra}"
        )
    }
}

/// The closed forms of the module doc, by number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    EmptyPile,
    OnePile,
    Mnn,
    PowerOfTwo,
    ResidueXor,
}

impl Game for Apple {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, piles)
    }

    /// Lazily: S and the piles may be huge.
    fn for_each_option(
        &self,
        piles: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &h) in piles.iter().enumerate() {
            for s in 1..=self.max.min(h) {
                let mut option = piles.clone();
                option[i] = h - s;
                visit(option)?;
            }
        }
        let smallest = piles.iter().copied().min().unwrap_or(0);
        let limit = if self.bounded_equal { smallest.min(self.max) } else { smallest };
        for t in 1..=limit {
            visit(piles.iter().map(|h| h - t).collect())?;
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        let mut sorted = piles.clone();
        sorted.sort_unstable();
        sorted
    }
}

impl Ruleset for Apple {
    fn triple_table(&self, bound: u64, budget: &Budget) -> Result<Option<TripleTable>, crate::Exhausted> {
        Apple::triple_table(self, bound, budget).map(Some)
    }

    fn winning_plan(
        &self,
        start: &[BigUint],
        line_limit: usize,
        budget: &Budget,
    ) -> Result<Option<crate::analysis::Strategy>, EngineError> {
        self.strategy(start, line_limit, budget).map(Some)
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "apple takes at least one pile size",
                "apple 的局面至少有一堆"
            )));
        }
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        to_u64s(numbers)
    }

    fn numbers(&self, piles: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(piles)
    }

    /// The root's options: up to S per pile and up to the smallest pile from all.
    fn search_cost(&self, piles: &[BigUint]) -> SearchCost {
        let s = big(self.max);
        let per_pile: BigUint = piles.iter().map(|h| h.min(&s).clone()).sum();
        let smallest = piles.iter().min().cloned().unwrap_or_default();
        let equal = if self.bounded_equal { smallest.min(s) } else { smallest };
        box_search_cost(piles, per_pile + equal)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        match changed.as_slice() {
            [i] => self.take_from_pile_text(from, *i, &(&from[*i] - &to[*i]), lang),
            [i, ..] if from.len() == 1 || changed.len() == from.len() => {
                say!(lang, "take {} from every pile", "从每堆各取走 {} 个", &from[*i] - &to[*i])
            }
            _ => crate::rulesets::describe_take(from, to, lang),
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| self.theorem_text(lang))
    }

    fn theory(&self, piles: &[BigUint], play: Play, _max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal {
            return None;
        }
        let rule = self.rule(piles)?;
        let outcome = self.known_outcome(piles)?;
        let form = mnn_form(piles);
        let (winning_moves, moves_complete) = if outcome == Outcome::P {
            (Vec::new(), true)
        } else {
            match rule {
                Rule::EmptyPile => (self.residue_xor_moves(piles, lang), true),
                Rule::OnePile => {
                    let amount = if self.bounded_equal {
                        BigUint::from(self.residue(&piles[0]))
                    } else {
                        piles[0].clone()
                    };
                    (vec![self.take(piles, &[0], &amount, lang)], true)
                }
                Rule::PowerOfTwo => (self.power_of_two_moves(piles, lang), true),
                Rule::ResidueXor => (self.residue_rule_moves(piles, lang), true),
                Rule::Mnn => self.mnn_moves(piles, form.as_ref()?, lang),
            }
        };
        let first = self.preferred_move(piles, &winning_moves);
        let reason = match &form {
            Some(form) => self.mnn_reason(form, first, lang),
            None => self.rule_reason(rule, piles, first, lang),
        };
        Some(Analysis {
            outcome,
            grundy: self.known_grundy(piles).map_or(GrundyValue::Unknown, GrundyValue::Value),
            winning_moves,
            winning_move_count: None,
            moves_complete,
            reason,
            basis: Basis::Theory(self.theorem_text(lang)),
        })
    }

    /// One pile; (M, N, N) in all three orders; every triple with an empty pile; and, where
    /// rule 4 or 5 applies, every triple up to min(bound, 16) that they decide.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let mnn = HeapBox::new(2, bound).flat_map(|mn| {
            let (m, n) = (mn[0].clone(), mn[1].clone());
            let mut orders = vec![vec![m.clone(), n.clone(), n.clone()]];
            if m != n {
                orders.push(vec![n.clone(), m.clone(), n.clone()]);
                orders.push(vec![n.clone(), n, m]);
            }
            orders
        });
        let empty_pile =
            HeapBox::new(2, bound).map(|rest| vec![BigUint::zero(), rest[0].clone(), rest[1].clone()]);
        let residue = HeapBox::new(3, if self.residue_rule { bound.min(16) } else { 0 })
            .filter(move |p| self.residue_rule && mnn_form(p).is_none() && self.rule(p).is_some());
        Box::new(HeapBox::new(1, bound).chain(mnn).chain(empty_pile).chain(residue))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(1, bound).saturating_add(HeapBox::count(2, bound).saturating_mul(4))
    }
}

impl Apple {
    /// The move the reason names: the paper's move where there is one (take from every pile,
    /// then a take from the pile of M), else the first listed.
    pub(crate) fn preferred_move<'a>(
        &self,
        piles: &[BigUint],
        moves: &'a [MoveReport],
    ) -> Option<&'a MoveReport> {
        let form = mnn_form(piles);
        let into_family = |m: &&MoveReport| {
            mnn_form(&m.to).is_some_and(|f| f.n.is_zero() || f.m.is_zero() || f.m.is_multiple_of(&self.q()))
        };
        let every = |m: &&MoveReport| m.to.iter().zip(piles).all(|(t, f)| t != f);
        let from_m = |m: &&MoveReport| form.as_ref().is_some_and(|f| m.to[f.m_index] != piles[f.m_index]);
        moves
            .iter()
            .find(|m| into_family(m) && every(m))
            .or_else(|| moves.iter().find(|m| into_family(m) && from_m(m)))
            .or_else(|| moves.iter().find(into_family))
            .or_else(|| moves.first())
    }
}

#[cfg(test)]
pub(crate) mod tests;
