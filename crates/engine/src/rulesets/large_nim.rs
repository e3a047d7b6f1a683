//! Large Nim (seed 002): heaps `x_1 <= ... <= x_N`; a move takes any positive number of chips
//! from a **largest** heap; the first player who cannot move **wins**.
//!
//! A position is a multiset of heaps; nimlab writes it sorted, without empty heaps. With `n`
//! players under Krawec's standard alliance matrix (see [`crate::solve::StandardAlliance`]) the
//! terminal position has value 0 ([`Terminal::MoverWins`]). Write `P(G)` for the number of
//! heaps, `m(G)` for the least heap and `beta(G)` for how often it occurs. The paper proves:
//!
//! * **Lemma 1**: `g(1^N) = N mod n` — every move is forced, so the game lasts `N` moves.
//! * **Theorem 1**: `n > N + 1` ⇒ `g = N`. Taking the whole largest heap leaves `N - 1` heaps
//!   (value `N - 1` by induction on `N`, worth `N`); any other take keeps `N` heaps (value `N`,
//!   by induction on the chip count, worth `N + 1 < n`).
//! * **Theorem 2**: `n = N + 1` ⇒ `g = N` for `1^N`, `N - 1 - beta` if `m = 1 < x_N`, `N - 1` if
//!   `m > 1`. The best move leaves a heap of 1 (raising `beta` by one).
//! * **Theorem 3**: `n = N` ⇒ `g = 0` for `1^N`, `N - 1 - beta` if `beta < N`, `N - 1` for
//!   `x^N` with `x > 1`. The best move equalizes the largest heap with the least (or leaves a 1).
//! * **Formula (5)**, `n = 3`, `N = 4`: `g = 2` if `x1 < x2 = x3 = x4`; `0` if
//!   `x1 < x2 = x3 < x4` or `1 < x1 = x2 = x3 <= x4`; `1` otherwise.
//!
//! The paper states Theorems 2 and 3 for `n >= 3`. For `n = 2` they concern `N = 1` and
//! `N = 2` and still hold: `g(x) = 0` for `x > 1` (leave a heap of 1, value 1); `g(1, x) = 0`
//! (leave `(1)`); `g(x, y) = 0` for `1 < x < y` (leave `(x, x)`); `g(x, x) = 1` for `x > 1`
//! (every option has value 0). nimlab uses them there too, and the tests check it by search.
//!
//! Every option of a position covered by these results is covered by one of them (an option
//! has `N` or `N - 1` heaps), which is how the theory values every option as well. Option values
//! only depend on how the new heap compares with 1 and with the other heaps, so for a huge
//! largest heap the theory lists one option per class of equally placed new heap sizes.
//!
//! Where the paper has no result (`n <= N - 1`, except formula (5)), nimlab proves one: for
//! at most [`prove::SOLVE_HEAPS`] heaps the value depends only on the order pattern, by a finite
//! induction over order patterns checked on demand ([`prove`], [`check`]); the position and its
//! options are then valued from the same proved table.
//!
//! Two players, normal play (the last mover wins) is the ordinary [`crate::Play::Normal`]
//! analysis of nimlab, by search; the paper's two-player convention (the player who cannot move
//! wins) is misère play, [`crate::Play::Misere`], and equals `--players 2`.

pub(crate) mod check;
pub(crate) mod classes;
pub(crate) mod explore;
pub(crate) mod law;
pub(crate) mod prove;

use std::ops::ControlFlow;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use self::classes::ClassTable;
use crate::analysis::Measure;
use crate::analysis::{Basis, MultiAnalysis, MultiMove, Ruleset, SearchCost};
use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::bigint::{big, to_bigs};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::Game;
use crate::lang::{say, Lang};
use crate::positions::SortedTuples;
use crate::rulesets::{box_search_cost, engine};
use crate::solve::{HeapMultisetGame, StandardAlliance, Terminal};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of Large Nim.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "large-nim",
    title: "Large Nim",
    summary:
        "any number of heaps; take any number from a largest heap; the first player who cannot move wins",
    rules: "Several heaps of chips. A move takes any positive number of chips from a largest heap. With \
            several players, the first player who cannot move wins.",
    position: "heap sizes",
    example_position: "1 2 3 4",
    params: &[],
    drawing: Drawing::of(Board::Heaps, Token::Chip),
    zh: Texts {
        title: "Large Nim 博弈",
        rules: "有几堆筹码。每一步从最大的一堆中取走任意正整数个筹码。多人博弈时，第一个无法移动的玩家获胜。",
        position: "各堆的筹码数",
        params: &[],
    },
    capabilities: Capabilities { research: &[Research::OrderPatterns], ..Capabilities::NONE },
    verify_bound: 8,
    build,
};

/// Large Nim on any number of heaps.
#[derive(Debug, Clone, Copy, Default)]
pub struct LargeNim;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, LargeNim))
}

impl Game for LargeNim {
    /// Heap sizes, ascending, without empty heaps.
    type Position = Vec<u64>;

    /// `O(x_N × N)`: the largest heap becomes each smaller size, kept in sorted place.
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let Some((&largest, rest)) = heaps.split_last() else { return Vec::new() };
        (0..largest).rev().map(|y| with_heap(rest, y)).collect()
    }

    /// Lazily: the largest heap may be huge.
    fn for_each_option(
        &self,
        heaps: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some((&largest, rest)) = heaps.split_last() else { return ControlFlow::Continue(()) };
        for y in (0..largest).rev() {
            visit(with_heap(rest, y))?;
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        sorted
    }
}

impl HeapMultisetGame for LargeNim {
    /// Without allocating per option: `O(x_N × N)`.
    fn visit_options(&self, heaps: &[u64], visit: &mut dyn FnMut(&[u64])) {
        let Some((&largest, rest)) = heaps.split_last() else { return };
        let mut option = Vec::with_capacity(heaps.len());
        for y in (0..largest).rev() {
            option.clear();
            let at = rest.partition_point(|&h| h < y);
            option.extend_from_slice(&rest[..at]);
            if y > 0 {
                option.push(y);
            }
            option.extend_from_slice(&rest[at..]);
            visit(&option);
        }
    }
}

/// The sorted heaps `rest` with a heap of `y` added in place (dropped when empty).
fn with_heap<T: Ord + Clone + Zero>(rest: &[T], y: T) -> Vec<T> {
    let mut out = Vec::with_capacity(rest.len() + 1);
    out.extend_from_slice(rest);
    if !y.is_zero() {
        let at = rest.partition_point(|h| *h < y);
        out.insert(at, y);
    }
    out
}

/// Which result of the paper gives a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// No heap is left: the player to move wins.
    Terminal,
    /// Lemma 1: `g(1^N) = N mod n`.
    Lemma1,
    /// Theorem 1: `n > N + 1`.
    Theorem1,
    /// Theorem 2: `n = N + 1` (the paper: `n >= 3`; nimlab also `n = 2`).
    Theorem2,
    /// Theorem 3: `n = N` (the paper: `n >= 3`; nimlab also `n = 2`).
    Theorem3,
    /// Formula (5): `n = 3`, `N = 4`.
    Formula5,
    /// nimlab's theorem for `n` players and at most `N` heaps (`nimlab prove`).
    Proved,
}

impl Source {
    /// The name shown to users, in English (also the name research reports use).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Source::Terminal => "end of game",
            Source::Lemma1 => "Lemma 1",
            Source::Theorem1 => "Theorem 1",
            Source::Theorem2 => "Theorem 2",
            Source::Theorem3 => "Theorem 3",
            Source::Formula5 => "formula (5)",
            Source::Proved => "proved: finite induction over order patterns (nimlab prove)",
        }
    }

    /// The name shown to users in `lang`.
    pub(crate) fn name_in(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name(),
            Lang::Zh => match self {
                Source::Terminal => "终局",
                Source::Lemma1 => "引理 1",
                Source::Theorem1 => "定理 1",
                Source::Theorem2 => "定理 2",
                Source::Theorem3 => "定理 3",
                Source::Formula5 => "公式 (5)",
                Source::Proved => "已证明：对大小顺序模式的有限归纳（nimlab prove）",
            },
        }
    }
}

/// Why a result of the paper gives a position's value: the numbers its statement uses, written
/// out in either language by [`Why::text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Why {
    /// No heap is left.
    Terminal,
    /// Every heap is 1: `g = N mod n`.
    AllOnes { heaps: u64, players: u64, value: u64 },
    /// `n > N + 1`: `g = N`.
    ManyPlayers { heaps: u64, players: u64 },
    /// `n = N + 1`, `m(G) = 1`, `beta(G) < N`: `g = N - 1 - beta`.
    OneMoreLeastOne { players: u64, beta: usize, value: u64 },
    /// `n = N + 1`, `m(G) > 1`: `g = N - 1`.
    OneMoreLeastAbove { players: u64, least: BigUint, value: u64 },
    /// `n = N`, `beta(G) < N`: `g = N - 1 - beta`.
    EqualSomeLeast { players: u64, beta: usize, value: u64 },
    /// `n = N`, every heap `m > 1`: `g = N - 1`.
    EqualAllLeast { players: u64, least: BigUint, value: u64 },
    /// Formula (5): the case of the order of `x1..x4` that applies.
    Formula5 { case: &'static str, value: u64 },
}

impl Why {
    /// The reason in `lang`, e.g. "n = 3, N = 4 and x1 < x2 < x3 <= x4, so g = 1".
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self {
            Why::Terminal => lang
                .pick(
                    "no heap is left: the player to move cannot move and wins",
                    "没有堆了：轮到行动的玩家无法移动，获胜",
                )
                .into(),
            Why::AllOnes { heaps, players, value } => say!(
                lang,
                "every heap is 1, so g = N mod n = {heaps} mod {players} = {value}",
                "每堆都是 1，所以 g = N mod n = {heaps} mod {players} = {value}"
            ),
            Why::ManyPlayers { heaps, players } => say!(
                lang,
                "n = {players} > N + 1 = {}, so g = N = {heaps}",
                "n = {players} > N + 1 = {}，所以 g = N = {heaps}",
                heaps + 1
            ),
            Why::OneMoreLeastOne { players, beta, value } => say!(
                lang,
                "n = N + 1 = {players}, m(G) = 1 and beta(G) = {beta} < N, so g = N - 1 - beta = {value}",
                "n = N + 1 = {players}，m(G) = 1 且 β(G) = {beta} < N，所以 g = N - 1 - β = {value}"
            ),
            Why::OneMoreLeastAbove { players, least, value } => say!(
                lang,
                "n = N + 1 = {players} and m(G) = {least} > 1, so g = N - 1 = {value}",
                "n = N + 1 = {players} 且 m(G) = {least} > 1，所以 g = N - 1 = {value}"
            ),
            Why::EqualSomeLeast { players, beta, value } => say!(
                lang,
                "n = N = {players} and beta(G) = {beta} < N, so g = N - 1 - beta = {value}",
                "n = N = {players} 且 β(G) = {beta} < N，所以 g = N - 1 - β = {value}"
            ),
            Why::EqualAllLeast { players, least, value } => say!(
                lang,
                "n = N = {players} and every heap is {least} > 1, so g = N - 1 = {value}",
                "n = N = {players} 且每堆都是 {least} > 1，所以 g = N - 1 = {value}"
            ),
            Why::Formula5 { case, value } => {
                say!(
                    lang,
                    "n = 3, N = 4 and {case}, so g = {value}",
                    "n = 3，N = 4 且 {case}，所以 g = {value}"
                )
            }
        }
    }
}

/// The least heap and how often it occurs, `(m(G), beta(G))`, of a non-empty sorted position.
fn least(heaps: &[BigUint]) -> (&BigUint, usize) {
    let m = &heaps[0];
    (m, heaps.iter().take_while(|h| *h == m).count())
}

/// The value of a sorted, zero-free position for `players` players by the paper's results,
/// with the result used and why, or `None` when none applies. `O(N)`.
pub(crate) fn theory_value(heaps: &[BigUint], players: u32) -> Option<(u32, Source, Why)> {
    let n = u64::from(players);
    let count = heaps.len() as u64;
    if heaps.is_empty() {
        return Some((0, Source::Terminal, Why::Terminal));
    }
    let (m, beta) = least(heaps);
    let one = BigUint::one();
    let all_ones = *m == one && beta == heaps.len();
    let beta64 = beta as u64;
    let (value, source, why) = if all_ones {
        let g = count % n;
        (g, Source::Lemma1, Why::AllOnes { heaps: count, players: n, value: g })
    } else if n > count + 1 {
        (count, Source::Theorem1, Why::ManyPlayers { heaps: count, players: n })
    } else if n == count + 1 {
        if *m == one {
            let g = count - 1 - beta64;
            (g, Source::Theorem2, Why::OneMoreLeastOne { players: n, beta, value: g })
        } else {
            let g = count - 1;
            (g, Source::Theorem2, Why::OneMoreLeastAbove { players: n, least: m.clone(), value: g })
        }
    } else if n == count {
        if beta < heaps.len() {
            let g = count - 1 - beta64;
            (g, Source::Theorem3, Why::EqualSomeLeast { players: n, beta, value: g })
        } else {
            let g = count - 1;
            (g, Source::Theorem3, Why::EqualAllLeast { players: n, least: m.clone(), value: g })
        }
    } else if n == 3 && count == 4 {
        let (g, case) = formula5([&heaps[0], &heaps[1], &heaps[2], &heaps[3]]);
        (g, Source::Formula5, Why::Formula5 { case, value: g })
    } else {
        return None;
    };
    let value = u32::try_from(value).expect("a value below n fits in u32");
    Some((value, source, why))
}

/// Formula (5) for `n = 3`, `N = 4`: the value and the case that applies.
fn formula5([x1, x2, x3, x4]: [&BigUint; 4]) -> (u64, &'static str) {
    if x1 < x2 {
        if x2 == x4 {
            (2, "x1 < x2 = x3 = x4")
        } else if x2 == x3 {
            (0, "x1 < x2 = x3 < x4")
        } else {
            (1, "x1 < x2 < x3 <= x4")
        }
    } else if x2 < x3 {
        (1, "x1 = x2 < x3 <= x4")
    } else if x1.is_one() {
        (1, "1 = x1 = x2 = x3 <= x4")
    } else {
        (0, "1 < x1 = x2 = x3 <= x4")
    }
}

/// The largest heap every option of which the theory lists one by one.
const LISTED_OPTIONS: u64 = 64;

/// The sizes `y < x_N` the largest heap is reduced to in the listed options, largest first,
/// each with the inclusive range of sizes it stands for, and whether that is every option.
///
/// All sizes strictly between two consecutive "breakpoints" (0, 1 and the other heaps) give
/// options with the same order pattern, hence the same value under every theorem. `O(N log N)`
/// for the classes, `O(x_N)` when every option is listed.
fn option_classes(heaps: &[BigUint], listed: u64) -> (Vec<(BigUint, BigUint)>, bool) {
    let Some((largest, rest)) = heaps.split_last() else { return (Vec::new(), true) };
    if largest.to_u64().is_some_and(|x| x <= listed) {
        let all = (0..largest.to_u64().unwrap_or(0)).rev().map(|y| (big(y), big(y))).collect();
        return (all, true);
    }
    let mut breakpoints: Vec<BigUint> = vec![BigUint::zero(), BigUint::one()];
    breakpoints.extend(rest.iter().cloned());
    breakpoints.retain(|b| b < largest);
    breakpoints.sort();
    breakpoints.dedup();
    let mut classes = Vec::new();
    for (i, b) in breakpoints.iter().enumerate() {
        classes.push((b.clone(), b.clone()));
        let next = breakpoints.get(i + 1).unwrap_or(largest);
        let first = b + 1u8;
        if first < *next {
            classes.push((first, next - 1u8));
        }
    }
    classes.reverse();
    (classes, false)
}

/// "take 2 from the largest heap (of 5)": the largest heap of `largest` chips left at `y`.
fn take_text(largest: &BigUint, y: &BigUint, lang: Lang) -> String {
    if y.is_zero() {
        say!(lang, "take all {largest} from the largest heap", "取走最大堆的全部 {largest} 个")
    } else {
        say!(
            lang,
            "take {} from the largest heap (of {largest})",
            "从最大堆（{largest} 个）取走 {} 个",
            largest - y
        )
    }
}

/// The value of a sorted, zero-free position from nimlab's proved theorem for `players` players
/// and its number of heaps, with the table (for the options) and a reason; `None` beyond
/// [`prove::SOLVE_HEAPS`] heaps.
fn proved_value(heaps: &[BigUint], players: u32, lang: Lang) -> Option<(u32, Arc<ClassTable>, String)> {
    let table = prove::proved_table(players, heaps.len())?;
    let index = table.classes().index_big(heaps)?;
    let value = table.value_at(index);
    let why = say!(
        lang,
        "n = {players}, N = {} and {}, so g = {value}",
        "n = {players}，N = {} 且 {}，所以 g = {value}",
        heaps.len(),
        table.classes().chain(index)
    );
    Some((value, table, why))
}

/// The `n`-player answer by the paper's results, or else nimlab's proved theorem: the value and
/// every option's value (from the same theorem).
fn multiplayer(heaps: &[BigUint], players: u32, listed: u64, lang: Lang) -> Option<MultiAnalysis> {
    let valuation = StandardAlliance::new(players, Terminal::MoverWins).ok()?;
    let (value, source, why, proved) = match theory_value(heaps, players) {
        Some((value, source, why)) => (value, source, why.text(lang), None),
        None => {
            let (value, table, why) = proved_value(heaps, players, lang)?;
            (value, Source::Proved, why, Some(table))
        }
    };
    let (classes, complete) = option_classes(heaps, listed);
    let mut moves = Vec::with_capacity(classes.len());
    if let Some((largest, rest)) = heaps.split_last() {
        for (y, last) in classes {
            let to = with_heap(rest, y.clone());
            let v = match &proved {
                Some(table) => table.value_big(&to)?,
                None => theory_value(&to, players)?.0,
            };
            let mut text = take_text(largest, &y, lang);
            if y != last {
                text.push_str(&say!(
                    lang,
                    " (likewise for every size left in {y}..={last})",
                    "（留下 {y}..={last} 中任一大小也一样）"
                ));
            }
            moves.push(MultiMove {
                text,
                to: crate::analysis::CheckedPosition::new(to),
                value: v,
                optimal: valuation.through(v) == value,
            });
        }
    }
    let best = match moves.iter().find(|m| m.optimal) {
        Some(m) => say!(
            lang,
            "; optimal: {}, to a position of value {}",
            "；最优走法：{}，走到博弈值为 {} 的局面",
            m.text,
            m.value
        ),
        None => String::new(),
    };
    Some(MultiAnalysis {
        players,
        terminal: Terminal::MoverWins,
        value,
        measures: measures(heaps),
        moves,
        moves_complete: complete,
        reason: say!(
            lang,
            "{}: {why}: P_{value} wins when P_0 moves{best}",
            "{}：{why}：P_0 行动时 P_{value} 获胜{best}",
            source.name_in(lang)
        ),
        basis: Basis::Theory(source.name_in(lang).into()),
    })
}

/// `P(G)`, `m(G)` and `beta(G)` (only `P(G)` for the empty position).
fn measures(heaps: &[BigUint]) -> Vec<Measure> {
    let measure = |name: &str, value: BigUint| Measure { name: name.into(), value };
    let mut out = vec![measure("P(G)", big(heaps.len() as u64))];
    if !heaps.is_empty() {
        let (m, beta) = least(heaps);
        out.push(measure("m(G)", m.clone()));
        out.push(measure("beta(G)", big(beta as u64)));
    }
    out
}

/// The most heaps of the verification positions.
const VERIFICATION_HEAPS: usize = 5;

impl Ruleset for LargeNim {
    /// Heaps sorted, empty ones dropped; no heaps at all is the end of the game (its options
    /// lead there), so an empty position is valid.
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        let mut sorted: Vec<BigUint> = numbers.iter().filter(|h| !h.is_zero()).cloned().collect();
        sorted.sort();
        Ok(sorted)
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        let heaps: Option<Vec<u64>> = numbers.iter().map(|n| n.to_u64()).collect();
        Some(self.canonical(&heaps?))
    }

    fn numbers(&self, heaps: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(heaps)
    }

    /// The root has `x_N` options; every multiset below may be met.
    fn search_cost(&self, heaps: &[BigUint]) -> SearchCost {
        box_search_cost(heaps, heaps.iter().max().cloned().unwrap_or_default())
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let largest = from.iter().max().cloned().unwrap_or_default();
        let taken: BigUint = from.iter().sum::<BigUint>() - to.iter().sum::<BigUint>();
        if taken >= largest {
            take_text(&largest, &BigUint::zero(), lang)
        } else {
            take_text(&largest, &(&largest - taken), lang)
        }
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(SortedTuples::new(VERIFICATION_HEAPS, bound).map(|p| to_bigs(&p)))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        SortedTuples::count(VERIFICATION_HEAPS, bound)
    }

    fn terminal_convention(&self) -> Terminal {
        Terminal::MoverWins
    }

    fn multiplayer_theory(&self, numbers: &[BigUint], players: u32, lang: Lang) -> Option<MultiAnalysis> {
        multiplayer(numbers, players, LISTED_OPTIONS, lang)
    }

    fn measures(&self, numbers: &[BigUint]) -> Vec<Measure> {
        measures(numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::multi_disagreement;
    use crate::game::{Outcome, Play};
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn large_nim() -> Box<dyn AnyGame> {
        test_game("large-nim")
    }

    /// Every theorem (the paper's and nimlab's proved ones) against search on every sorted position
    /// of at most 5 heaps of size at most 8, for 2..=7 players: the value, and every option's value.
    #[test]
    fn theory_matches_search_heaps_up_to_8_five_heaps_seven_players() {
        let game = large_nim();
        let positions: Vec<Vec<BigUint>> = LargeNim.verification_positions(8).collect();
        assert_eq!(positions.len(), 1287); // C(13, 5)
        assert_eq!(LargeNim.verification_count(8), 1287);
        for players in 2..=7u32 {
            let mut checked = [0usize; 7];
            for heaps in &positions {
                let search = game
                    .analyze_players(&trusted(heaps), players, Method::Search, &Budget::default(), Lang::En)
                    .unwrap();
                let theory =
                    LargeNim.multiplayer_theory(heaps, players, Lang::En).expect("every position is covered");
                let Basis::Theory(name) = &theory.basis else { panic!("theory basis") };
                let source = [
                    Source::Terminal,
                    Source::Lemma1,
                    Source::Theorem1,
                    Source::Theorem2,
                    Source::Theorem3,
                    Source::Formula5,
                    Source::Proved,
                ]
                .iter()
                .position(|s| s.name() == name)
                .unwrap();
                checked[source] += 1;
                assert!(theory.moves_complete);
                assert_eq!(multi_disagreement(&theory, &search), None, "{heaps:?} with {players} players");
            }
            // Which results applied: Theorems 2 and 3 need N = n - 1 and N = n heaps (<= 5).
            // Theorem 1 needs n > N + 1, so N >= 1 heaps only from 3 players on. nimlab's proved
            // theorems cover the rest: N >= n + 1 heaps (but formula (5)), so n <= 4.
            assert!(checked[1] > 0, "{players}: {checked:?}");
            assert_eq!(checked[2] > 0, players >= 3, "{players}: {checked:?}");
            if players <= 6 {
                assert!(checked[3] > 0, "{players}: {checked:?}");
            }
            if players <= 5 {
                assert!(checked[4] > 0, "{players}: {checked:?}");
            }
            assert_eq!(checked[5] > 0, players == 3, "{players}: {checked:?}");
            assert_eq!(checked[6] > 0, players <= 4, "{players}: {checked:?}");
        }
    }

    /// The class representatives of huge heaps: every option's value equals its class
    /// representative's, checked by listing representatives on small heaps.
    #[test]
    fn option_classes_stand_for_every_option() {
        let game = large_nim();
        for heaps in LargeNim.verification_positions(8) {
            for players in [2u32, 3, 4, 5, 6] {
                let Some(theory) = multiplayer(&heaps, players, 0, Lang::En) else { continue };
                let search = game
                    .analyze_players(&trusted(&heaps), players, Method::Search, &Budget::default(), Lang::En)
                    .unwrap();
                assert_eq!(multi_disagreement(&theory, &search), None, "{heaps:?}");
                let (classes, _) = option_classes(&heaps, 0);
                let Some((largest, rest)) = heaps.split_last() else { continue };
                let covered: u64 = classes.iter().map(|(a, b)| (b - a + 1u8).to_u64().unwrap()).sum();
                assert_eq!(big(covered), *largest);
                for (y, last) in classes {
                    let representative = search.moves.iter().find(|m| m.to == with_heap(rest, y.clone()));
                    let value = representative.unwrap().value;
                    let mut z = y.clone();
                    while z <= last {
                        let m = search.moves.iter().find(|m| m.to == with_heap(rest, z.clone())).unwrap();
                        assert_eq!(m.value, value, "{heaps:?} -> {:?}", m.to);
                        z += 1u8;
                    }
                }
            }
        }
    }

    #[test]
    fn huge_heaps_by_theory() {
        let huge: BigUint = "9".repeat(60).parse().unwrap();
        let heaps = vec![big(1), big(7), huge.clone(), huge.clone() + 3u8];
        let a = large_nim()
            .analyze_players(&trusted(&heaps), 3, Method::Auto, &Budget::default(), Lang::En)
            .unwrap();
        // Formula (5): x1 < x2 < x3 <= x4 gives 1.
        assert_eq!(a.value, 1);
        assert!(!a.moves_complete);
        assert_eq!(a.basis, Basis::Theory("formula (5)".into()));
        // Classes: y in 0, 1, 2..=6, 7, 8..=huge-1, huge, huge+1..=huge+2.
        assert_eq!(a.moves.len(), 7);
        assert!(a.optimal_moves().count() >= 1);
        let err = large_nim()
            .analyze_players(&trusted(&heaps), 3, Method::Search, &Budget::default(), Lang::En)
            .unwrap_err();
        assert!(matches!(err, EngineError::TooLargeForSearch { .. }));
    }

    /// Five heaps of 100 digits with 3 players: nimlab's proved theorem for 5 heaps, the position
    /// and one option per class valued by it.
    #[test]
    fn five_huge_heaps_by_the_proved_theorem() {
        let huge: BigUint = "9".repeat(100).parse().unwrap();
        let heaps =
            vec![huge.clone() - 7u8, huge.clone() - 7u8, huge.clone() - 3u8, huge.clone(), huge.clone()];
        let a = large_nim()
            .analyze_players(&trusted(&heaps), 3, Method::Auto, &Budget::default(), Lang::En)
            .unwrap();
        // n = 3, N = 5: 1 < x1 = x2 < x3 < x4 = x5 has value 1 (explore's table of n = 3, N = 5).
        assert_eq!(a.value, 1);
        assert_eq!(a.basis, Basis::Theory(Source::Proved.name().into()));
        assert!(a.reason.contains("n = 3, N = 5 and 1 < x1 = x2 < x3 < x4 = x5, so g = 1"), "{}", a.reason);
        assert!(!a.moves_complete);
        // Classes of the size left: 0, 1, 2..x1-1, x1, x1+1..x3-1, x3, x3+1..x5-1.
        assert_eq!(a.moves.len(), 7);
        // Each option with its heaps near 10^100 moved down to near 20 keeps its order pattern.
        let shrink = |h: &BigUint| {
            if *h > big(10) {
                (h + 20u8 - &huge).to_u64().unwrap()
            } else {
                h.to_u64().unwrap()
            }
        };
        for m in &a.moves {
            let small: Vec<u64> = m.to.iter().map(shrink).collect();
            // The same order pattern with small heaps, by search.
            let s = large_nim()
                .analyze_players(&trusted(&to_bigs(&small)), 3, Method::Search, &Budget::default(), Lang::En)
                .unwrap();
            assert_eq!(m.value, s.value, "{:?}", m.to);
        }
        assert!(a.optimal_moves().count() >= 1);
    }

    #[test]
    fn one_two_three_four_with_three_players() {
        let game = large_nim();
        let heaps = game.check_position(&to_bigs(&[4, 3, 2, 1])).unwrap();
        let a = game.analyze_players(&heaps, 3, Method::Auto, &Budget::default(), Lang::En).unwrap();
        assert_eq!(a.value, 1);
        assert_eq!(a.winner(), 1);
        assert_eq!(
            a.reason,
            "formula (5): n = 3, N = 4 and x1 < x2 < x3 <= x4, so g = 1: P_1 wins when P_0 moves; \
             optimal: take 2 from the largest heap (of 4), to a position of value 0"
        );
        let measures: Vec<String> = a.measures.iter().map(|m| format!("{}={}", m.name, m.value)).collect();
        assert_eq!(measures, ["P(G)=4", "m(G)=1", "beta(G)=1"]);
        // Options: (1,2,3,3) has value 1 by (5), (1,2,2,3) value 0, (1,1,2,3) value 1, and (1,2,3)
        // value 3 - 1 - 1 = 1 by Theorem 3: only (1,2,2,3) is worth (0 + 1) mod 3 = 1.
        let optimal: Vec<&[BigUint]> = a.optimal_moves().map(|m| m.to.numbers()).collect();
        assert_eq!(optimal, [to_bigs(&[1, 2, 2, 3]).as_slice()]);
        let s = large_nim()
            .analyze_players(
                &trusted(&to_bigs(&[1, 2, 3, 4])),
                3,
                Method::Search,
                &Budget::default(),
                Lang::En,
            )
            .unwrap();
        assert_eq!(multi_disagreement(&a, &s), None);
    }

    /// The Chinese multi-player reasons and move texts, for every result (end of game, Lemma 1,
    /// Theorems 1 to 3, formula (5), the proved theorem) and for option classes of huge heaps:
    /// the same answers as in English, in the seed's terms, no English word left.
    #[test]
    fn chinese_multiplayer_reasons_and_moves() {
        let game = large_nim();
        let answer = |heaps: &[u64], players: u32, lang: Lang| {
            game.analyze_players(&trusted(&to_bigs(heaps)), players, Method::Theory, &Budget::default(), lang)
                .unwrap()
        };
        let a = answer(&[1, 2, 3, 4], 3, Lang::Zh);
        assert_eq!(
            a.reason,
            "公式 (5)：n = 3，N = 4 且 x1 < x2 < x3 <= x4，所以 g = 1：P_0 行动时 P_1 获胜；\
             最优走法：从最大堆（4 个）取走 2 个，走到博弈值为 0 的局面"
        );
        assert_eq!(a.basis, Basis::Theory("公式 (5)".into()));
        let reason = |heaps: &[u64], players: u32| answer(heaps, players, Lang::Zh).reason;
        assert_eq!(reason(&[], 4), "终局：没有堆了：轮到行动的玩家无法移动，获胜：P_0 行动时 P_0 获胜");
        assert!(reason(&[1, 1, 1], 2)
            .starts_with("引理 1：每堆都是 1，所以 g = N mod n = 3 mod 2 = 1：P_0 行动时 P_1 获胜"));
        assert!(reason(&[2, 3], 5).starts_with("定理 1：n = 5 > N + 1 = 3，所以 g = N = 2："));
        assert!(reason(&[1, 2, 3], 4)
            .starts_with("定理 2：n = N + 1 = 4，m(G) = 1 且 β(G) = 1 < N，所以 g = N - 1 - β = 1："));
        assert!(
            reason(&[2, 3, 4], 4).starts_with("定理 2：n = N + 1 = 4 且 m(G) = 2 > 1，所以 g = N - 1 = 2：")
        );
        assert!(
            reason(&[1, 2, 3], 3).starts_with("定理 3：n = N = 3 且 β(G) = 1 < N，所以 g = N - 1 - β = 1：")
        );
        assert!(reason(&[2, 2, 2], 3).starts_with("定理 3：n = N = 3 且每堆都是 2 > 1，所以 g = N - 1 = 2："));
        let proved = reason(&[1, 2, 3, 4, 5], 3);
        assert!(
            proved.starts_with("已证明：对大小顺序模式的有限归纳（nimlab prove）：n = 3，N = 5 且 1 = x1 < x2 < x3 < x4 < x5，所以 g = 1：P_0 行动时 P_1 获胜"),
            "{proved}"
        );
        let huge: BigUint = "9".repeat(60).parse().unwrap();
        let heaps = vec![big(1), big(7), huge.clone(), huge + 3u8];
        let classes =
            game.analyze_players(&trusted(&heaps), 3, Method::Auto, &Budget::default(), Lang::Zh).unwrap();
        assert!(
            classes.moves.iter().any(|m| m.text.ends_with("（留下 2..=6 中任一大小也一样）")),
            "{:?}",
            classes.moves
        );
        assert_eq!(
            LargeNim.describe_move(&to_bigs(&[2, 5]), &to_bigs(&[2, 3]), Lang::Zh),
            "从最大堆（5 个）取走 2 个"
        );
        assert_eq!(
            LargeNim.describe_move(&to_bigs(&[2, 5]), &to_bigs(&[2]), Lang::Zh),
            "取走最大堆的全部 5 个"
        );
        // The same answers as in English, only the words differ.
        let cases: [(&[u64], u32); 9] = [
            (&[], 4),
            (&[1, 1, 1], 2),
            (&[2, 3], 5),
            (&[1, 2, 3], 4),
            (&[2, 3, 4], 4),
            (&[1, 2, 3], 3),
            (&[2, 2, 2], 3),
            (&[1, 2, 3, 4], 3),
            (&[1, 2, 3, 4, 5], 3),
        ];
        for (heaps, players) in cases {
            let (en, zh) = (answer(heaps, players, Lang::En), answer(heaps, players, Lang::Zh));
            assert_eq!((en.value, en.moves.len()), (zh.value, zh.moves.len()), "{heaps:?}");
            for (e, z) in en.moves.iter().zip(&zh.moves) {
                assert_eq!((&e.to, e.value, e.optimal), (&z.to, z.value, z.optimal), "{heaps:?}");
            }
            assert!(en.reason.contains("wins when P_0 moves"), "{}", en.reason);
            assert!(zh.reason.contains("行动时") && zh.reason.contains("获胜"), "{}", zh.reason);
            let Basis::Theory(source) = &zh.basis else { panic!("theory basis") };
            let texts = zh.moves.iter().map(|m| &m.text).chain([&zh.reason, source]);
            for text in texts.chain(classes.moves.iter().map(|m| &m.text)) {
                // The command that proves the theorem keeps its name.
                let words = english_words(text);
                assert!(words.iter().all(|w| ["nimlab", "prove"].contains(w)), "{text}");
            }
        }
    }

    #[test]
    fn search_for_players_respects_the_budget() {
        use crate::budget::{Exhausted, UNITS_PER_POSITION};
        let game = large_nim();
        // A budget that pays for 8000 bytes held at once.
        let budget = Budget::new(100 * UNITS_PER_POSITION);
        // 13 heaps: beyond the proved theorems, so the search answers and runs out.
        let heaps = to_bigs(&(5..=17).collect::<Vec<u64>>());
        let err = game.analyze_players(&trusted(&heaps), 3, Method::Auto, &budget, Lang::En).unwrap_err();
        assert_eq!(err.exhausted(), Some(&Exhausted::Memory { bytes: 8000 }), "{err}");
        // The theory needs no search: 4 heaps and 3 players is formula (5), 5 heaps proved.
        assert_eq!(
            game.analyze_players(&trusted(&heaps[1..5]), 3, Method::Auto, &budget, Lang::En).unwrap().value,
            1
        );
        assert_eq!(
            game.analyze_players(&trusted(&heaps[..5]), 3, Method::Auto, &budget, Lang::En).unwrap().basis,
            Basis::Theory(Source::Proved.name().into())
        );
    }

    #[test]
    fn listing_options_without_allocating_agrees_with_options() {
        for heaps in SortedTuples::new(4, 6) {
            let mut visited = Vec::new();
            LargeNim.visit_options(&heaps, &mut |o| visited.push(o.to_vec()));
            assert_eq!(visited, LargeNim.options(&heaps), "{heaps:?}");
        }
    }

    #[test]
    fn two_players_is_misere_large_nim() {
        let game = large_nim();
        for heaps in LargeNim.verification_positions(6) {
            let multi = game
                .analyze_players(&trusted(&heaps), 2, Method::Search, &Budget::default(), Lang::En)
                .unwrap();
            let misere = game
                .analyze(&trusted(&heaps), &Query::new(Method::Search, Play::Misere), &Budget::default())
                .unwrap();
            assert_eq!(multi.value == 0, misere.outcome == Outcome::N, "{heaps:?}");
        }
    }

    #[test]
    fn positions_are_sorted_and_zero_free() {
        let game = large_nim();
        assert_eq!(game.check_position(&to_bigs(&[3, 0, 1, 2])).unwrap(), trusted(&to_bigs(&[1, 2, 3])));
        // No heaps at all is the end of the game, where every move of the last heap leads.
        assert_eq!(game.check_position(&[]).unwrap(), trusted(&Vec::<BigUint>::new()));
        let empty = game.check_position(&to_bigs(&[0])).unwrap();
        let a = game.analyze_players(&empty, 4, Method::Auto, &Budget::default(), Lang::En).unwrap();
        assert_eq!(a.value, 0);
        assert!(a.moves.is_empty());
        assert_eq!(
            LargeNim.describe_move(&to_bigs(&[2, 5]), &to_bigs(&[2, 3]), Lang::En),
            "take 2 from the largest heap (of 5)"
        );
        assert_eq!(
            LargeNim.describe_move(&to_bigs(&[2, 5]), &to_bigs(&[2]), Lang::En),
            "take all 5 from the largest heap"
        );
        assert!(game
            .analyze_players(&trusted(&to_bigs(&[1, 2])), 1, Method::Auto, &Budget::default(), Lang::En)
            .is_err());
    }
}
