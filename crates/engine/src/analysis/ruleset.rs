//! [`Ruleset`]: what a ruleset file implements beyond the rules themselves (which come through
//! [`Game`]): how positions are written as numbers, move texts, the closed-form theory, and what
//! a search of a position would cost.

use crate::lang::Words;
use num_bigint::BigUint;

use super::answer::{Analysis, Measure, MoveReport, MultiAnalysis};
use super::plan::Strategy;
use crate::budget::{Budget, Exhausted, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::graphs::layout::GraphView;
use crate::lang::{say, Lang};
use crate::solve::{Terminal, TripleTable};
use crate::tables::{Grid, GridRequest, Sequence, SequenceRequest, TableError};

/// Positions listed by a closed form, and what stopped the listing early, if anything.
pub(crate) type Listed = (Vec<Vec<BigUint>>, Option<Exhausted>);

/// Lists `next(0), next(1), ...` until `count` positions, the end (`None`), or the budget:
/// each position is charged as a stored position ([`UNITS_PER_POSITION`]), one more unit per 16
/// bits of its numbers, so that the budget bounds the listing's memory, and `w^2 / 16` units
/// for each number of `w` 64-bit words, the cost of writing it in decimal (quadratic in its
/// length), so that the budget bounds the time the answer takes to print too.
pub(crate) fn list_positions(
    count: usize,
    budget: &Budget,
    mut next: impl FnMut(usize) -> Option<Vec<BigUint>>,
) -> Listed {
    let mut listed = Vec::new();
    let mut meter = budget.meter();
    let mut held = 0u64;
    for i in 0..count {
        let Some(position) = next(i) else { break };
        let bits: u64 = position.iter().map(|n| n.bits()).sum();
        held = held.saturating_add(48 + 32 * position.len() as u64 + bits / 8);
        if let Err(stopped) = budget.check_memory(held) {
            return (listed, Some(stopped));
        }
        let writing: u64 = position.iter().map(|n| (n.bits() / 64).saturating_pow(2) / 16).sum();
        if let Err(stopped) = meter.charge(UNITS_PER_POSITION + bits / 16 + writing) {
            return (listed, Some(stopped));
        }
        listed.push(position);
    }
    match meter.flush() {
        Ok(()) => (listed, None),
        Err(stopped) => (listed, Some(stopped)),
    }
}

/// What a search of a position would cost, in units of work (see [`crate::Budget`]), as far as
/// the ruleset can tell before searching.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchCost {
    /// The search needs at least this many units (0: no useful lower bound).
    pub at_least: BigUint,
    /// The search needs at most this many units, when the ruleset can bound it.
    pub at_most: Option<BigUint>,
}

/// What a ruleset file implements: the rules (through [`Game`]), how its positions are written
/// as numbers, and its closed-form theory where there is one.
pub trait Ruleset: Game<Position: Send> + Clone + Send + Sync + 'static {
    /// Checks a position given as numbers and returns it in full form (for example with a
    /// default filled in).
    ///
    /// # Errors
    /// [`EngineError::InvalidPosition`] naming what is wrong.
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError>;

    /// The search position for checked numbers, or `None` if they do not fit it (numbers
    /// beyond 64 bits).
    fn search_position(&self, numbers: &[BigUint]) -> Option<Self::Position>;

    /// The numbers of a search position (the inverse of [`Ruleset::search_position`]).
    fn numbers(&self, position: &Self::Position) -> Vec<BigUint>;

    /// What searching a checked position would cost. The default knows nothing; rulesets whose
    /// positions can be expensive say more, so that the engine can refuse a hopeless search at
    /// once and skip a by-product search (a Grundy value beside a theory's answer) that would
    /// not fit the budget.
    fn search_cost(&self, _numbers: &[BigUint]) -> SearchCost {
        SearchCost::default()
    }

    /// The ruleset's own exact search in normal play, faster than the generic one (the component
    /// engine of games on graphs): the Grundy value of a search position and how many states
    /// its tables hold; `None` (the default) leaves it to the generic search. The automatic
    /// method uses it where no theory answers; [`crate::Method::Search`] always takes the
    /// generic search, the reference it is checked against.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget, the deadline or a cancellation stops it.
    fn own_value(
        &self,
        _position: &Self::Position,
        _budget: &Budget,
    ) -> Option<Result<(u32, usize), Exhausted>> {
        None
    }

    /// [`Ruleset::own_value`] asked only whether the value is at most `bound`: the value when it
    /// is (or when the search finds it anyway), `None` in the pair when it is larger. A search
    /// that prunes (Beling and Rogalski's) answers this far sooner than the exact value: the
    /// options of a position are asked it with the position's own value as the bound. By
    /// default, the exact value compared with the bound.
    ///
    /// # Errors
    /// As for [`Ruleset::own_value`].
    fn own_value_at_most(
        &self,
        position: &Self::Position,
        bound: u32,
        budget: &Budget,
    ) -> Option<Result<(Option<u32>, usize), Exhausted>> {
        self.own_value(position, budget)
            .map(|answer| answer.map(|(v, states)| ((v <= bound).then_some(v), states)))
    }

    /// The ruleset's own exact search in misère play, as [`Ruleset::own_value`] is in normal
    /// play (the misère search of a board game by its regions' shapes): the outcome of a search
    /// position and how many states its table holds; `None` (the default) leaves it to the
    /// generic search, which [`crate::Method::Search`] always takes.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget, the deadline or a cancellation stops it.
    fn own_misere(
        &self,
        _position: &Self::Position,
        _budget: &Budget,
    ) -> Option<Result<(Outcome, usize), Exhausted>> {
        None
    }

    /// A text for the move `from -> to`, e.g. "take 2 from the heap of 3" (the default, for
    /// games that take from heaps).
    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        describe_take(from, to, lang)
    }

    /// Lets a ruleset whose theory covers more positions the more it computes (a take-and-break
    /// game's Grundy sequence) compute what the checked position `numbers` needs, under the
    /// question's `budget`, before [`Ruleset::theory`] or [`Ruleset::theory_moves_to_value`] is
    /// asked. The default computes nothing.
    ///
    /// # Errors
    /// [`EngineError::Exhausted`] when the budget, the deadline or a cancellation stops it.
    fn extend_theory(&self, _numbers: &[BigUint], _play: Play, _budget: &Budget) -> Result<(), EngineError> {
        Ok(())
    }

    /// The name of the closed form this ruleset uses under `play`, if it has one.
    fn theorem(&self, _play: Play, _lang: Lang) -> Option<String> {
        None
    }

    /// The closed-form answer for a checked position, listing at most `max_moves` winning moves
    /// (and [`Analysis::winning_move_count`] when more are known); `None` when
    /// [`Ruleset::theorem`] is `None` for `play`, or when the closed form does not cover this
    /// position (the automatic method then searches). It must cover every position of
    /// [`Ruleset::verification_positions`].
    fn theory(&self, _numbers: &[BigUint], _play: Play, _max_moves: usize, _lang: Lang) -> Option<Analysis> {
        None
    }

    /// Every move to a position of Grundy value `target` (normal play) by closed form, if the
    /// ruleset has one for Grundy values; `target` may be larger than the position's value.
    /// Used to play a component of a sum.
    fn theory_moves_to_value(
        &self,
        _numbers: &[BigUint],
        _target: &BigUint,
        _lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        None
    }

    /// The P-positions under `play` by closed form, if the ruleset can list them: on the
    /// ruleset's default number of heaps, heaps in non-decreasing order, in increasing order of
    /// the largest heap (the order of a search through positions), the first `count` of them
    /// (fewer when there are no more), generated with [`list_positions`] so that the budget
    /// bounds their memory.
    fn theory_p_positions(&self, _count: usize, _play: Play, _budget: &Budget) -> Option<Listed> {
        None
    }

    /// The positions on which `verify` compares theory with search: every position whose
    /// numbers are at most `bound` (the ruleset chooses the number of heaps), generated lazily
    /// so that a large bound costs budget, not memory.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_>;

    /// Which positions [`Ruleset::verification_positions`] yields, in words, where they are not
    /// every position whose numbers are at most `bound`; `None` (the default) where they are.
    fn verification_scope(&self, _bound: u64) -> Option<String> {
        None
    }

    /// How many positions [`Ruleset::verification_positions`] yields (for progress; saturating).
    fn verification_count(&self, bound: u64) -> u64;

    /// Who wins a game of `n` players when the player to move has no move (default: the last
    /// mover, as in normal play).
    fn terminal_convention(&self) -> Terminal {
        Terminal::LastMoverWins
    }

    /// The closed-form `n`-player answer for a checked position, if the ruleset has one.
    fn multiplayer_theory(&self, _numbers: &[BigUint], _players: u32, _lang: Lang) -> Option<MultiAnalysis> {
        None
    }

    /// Named quantities of a checked position shown with `n`-player answers (default: none).
    fn measures(&self, _numbers: &[BigUint]) -> Vec<Measure> {
        Vec::new()
    }

    /// Why the ruleset's positions are not heaps (a graph's deleted vertices or cut edges), so
    /// that one-heap and two-heap tables and listings of P-positions by heaps do not apply; `None`
    /// (the default) for a game on heaps. A fast path ([`Ruleset::fast_sequence`]) still answers
    /// first: a family of graphs has a table of its members.
    fn not_heaps(&self) -> Option<Words> {
        None
    }

    /// The number a word of a typed position names, for a game whose positions are vertices
    /// with names (a board's cells `a1`, `b1`, ...; a graph file's vertices): `None` (the
    /// default) when it names none, or the game's positions are not vertices.
    fn named_number(&self, _word: &str) -> Option<BigUint> {
        None
    }

    /// A checked position of a game on a graph as its picture shows it ([`GraphView`]: what is
    /// gone, the token, the move each click makes); `None` (the default) for a game not on a
    /// graph.
    fn graph_view(&self, _numbers: &[BigUint]) -> Option<GraphView<'_>> {
        None
    }

    /// For each of `options` (positions one move from the checked position `numbers`), one
    /// representative of its class under the symmetries of the rules that map `numbers` onto
    /// itself (a board's turns and reflections): options of one class have equal values, so a
    /// split of the options (the shards) values one per class. The default knows no symmetry:
    /// each option is its own class.
    fn symmetric_options(&self, _numbers: &[BigUint], options: &[Vec<BigUint>]) -> Vec<Vec<BigUint>> {
        options.to_vec()
    }

    /// The position that is the whole `rows x cols` rectangle, for a game played on a board of
    /// squares whose start is a rectangle (the capability [`super::Research::Rectangles`]);
    /// `None` (the default) for any other game.
    fn rectangle(&self, _rows: u64, _cols: u64) -> Option<Vec<BigUint>> {
        None
    }

    /// The ruleset's own producer of a one-heap table (a closed form, a streaming generator, a
    /// certified period), if it has one faster than the generic dense path; `None` (the
    /// default) lets [`super::tables::sequence`] use that path. The request is
    /// already checked for Grundy values only in normal play; a ruleset whose positions are not
    /// heaps (a family of graphs) answers here before the one-heap check. The
    /// memory the producer holds is paid from `budget` here, its values as they are produced
    /// (see [`crate::tables`]).
    ///
    /// # Errors
    /// [`TableError`] when the fast path cannot run within the budget.
    fn fast_sequence(
        &self,
        _request: &SequenceRequest,
        _budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        Ok(None)
    }

    /// The ruleset's own producer of a two-heap grid (a closed form, the line kernel), as
    /// [`Ruleset::fast_sequence`] is for one heap.
    ///
    /// # Errors
    /// [`TableError`] when the fast path cannot run within the budget.
    fn fast_grid(&self, _request: &GridRequest, _budget: &Budget) -> Result<Option<Grid>, TableError> {
        Ok(None)
    }

    /// The values of the three-pile positions `(M, N, N)`, `M, N <= bound`, for a ruleset that
    /// declares [`crate::analysis::Research::TripleTable`]; `None` when its parameters do not
    /// allow it (the default: no such table).
    ///
    /// # Errors
    /// [`Exhausted`] when the table does not fit the budget.
    fn triple_table(&self, _bound: u64, _budget: &Budget) -> Result<Option<TripleTable>, Exhausted> {
        Ok(None)
    }

    /// The winner's whole plan from `start`, listing at most `line_limit` searched lines, for a
    /// ruleset that declares [`crate::analysis::Research::WinningPlan`]; `None` for the others
    /// (the default).
    ///
    /// # Errors
    /// The ruleset's: a position it rejects, a search that does not fit the budget, a plan of
    /// more lines than `line_limit`.
    fn winning_plan(
        &self,
        _start: &[BigUint],
        _line_limit: usize,
        _budget: &Budget,
    ) -> Result<Option<Strategy>, EngineError> {
        Ok(None)
    }
}

/// Describes a take-away move between two heap vectors of the same length:
/// "take 2 from the heap of 3", "take 3 from both heaps", ... ("从 3 个那堆取走 2 个").
pub(crate) fn describe_take(from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
    let changed: Vec<(usize, BigUint)> = from
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (f, t))| f != t)
        .map(|(i, (f, t))| (i, if f > t { f - t } else { t - f }))
        .collect();
    let heap = |i: usize| {
        if from.len() == 1 {
            lang.pick("the heap", "这堆").to_string()
        } else {
            say!(lang, "the heap of {}", " {} 个那堆", from[i])
        }
    };
    match changed.as_slice() {
        [] => lang.pick("pass", "不走").to_string(),
        [(i, amount)] => say!(lang, "take {amount} from {}", "从{}取走 {amount} 个", heap(*i)),
        [(_, amount), rest @ ..] if rest.iter().all(|(_, a)| a == amount) => {
            let heaps: Vec<String> = changed.iter().map(|(i, _)| from[*i].to_string()).collect();
            if changed.len() == from.len() && from.len() == 2 {
                say!(lang, "take {amount} from both heaps", "从两堆各取走 {amount} 个")
            } else {
                say!(
                    lang,
                    "take {amount} from each of the heaps of {}",
                    "从 {} 个那几堆各取走 {amount} 个",
                    heaps.join(lang.pick(", ", "、"))
                )
            }
        }
        _ => {
            let parts: Vec<String> =
                changed.iter().map(|(i, a)| say!(lang, "{a} from {}", "从{}取走 {a} 个", heap(*i))).collect();
            say!(lang, "take {}", "{}", parts.join(lang.pick(" and ", "，并")))
        }
    }
}
