//! The nimlab engine: impartial games of Nim's family.
//!
//! This file is the engine's boundary: every surface (reports, store, web, WebAssembly, Python,
//! the binary) reaches the engine through what it exports, and `tests/boundary.rs` fails when one
//! names a path past it. It exports
//!
//! * at the root: games as users name them ([`GameSpec`], [`RulesetInfo`], [`ParamDecl`]), the
//!   [`Game`] trait and the solvers generic over it ([`GrundySolver`], [`SolveGame`], ...), the
//!   [`Ruleset`] trait and the object-safe face of every ruleset ([`AnyGame`]) with its answers
//!   ([`Analysis`], [`VerifyReport`], [`Strategy`], sums), the [`Budget`], the errors
//!   ([`EngineError`]), the languages ([`Lang`], `say!`), the grammar of counts, sets and ranges,
//!   and the research helpers of single rulesets that the reports present;
//! * the faces of the domain modules, each re-exporting what callers use: [`listing`]
//!   (P-positions in order), [`periodicity`] (the subtraction-game laboratory and observed
//!   periods), [`octal`] (take-and-break games: codes, sequences, certified periods, atlases),
//!   [`misere`] (misère quotients), [`tables`] (big tables at the kernels' speed), [`graphs`]
//!   (games on graphs and boards), [`loopy`] (games whose positions repeat), [`nimber`] (nim
//!   arithmetic) and [`bigint`] (big numbers and their JSON form);
//! * [`large_nim`] (Large Nim's research) and [`kernels`] (for the benches, timing examples and
//!   integration tests).
//!
//! Every other module is private, and no `pub` item is unreachable (`unreachable_pub`): the
//! rulesets, the registry, the planner (`analysis`), the solvers' internals.
//!
//! Invariant: the engine never prints, never parses a command line and never touches files.
//!
//! # Defining a game
//!
//! A game is a type that lists the options of a position. Here is "take 1 or 4 from one heap":
//!
//! ```
//! use nimlab_engine::{Budget, Game, GrundySolver, SolveGame};
//!
//! struct OneOrFour;
//! impl Game for OneOrFour {
//!     type Position = u64;
//!     fn options(&self, n: &u64) -> Vec<u64> {
//!         [1, 4].iter().filter(|&&s| s <= *n).map(|s| n - s).collect()
//!     }
//! }
//!
//! let mut solver = GrundySolver::new(OneOrFour);
//! let budget = Budget::default();
//! let values: Vec<u32> = (0..10).map(|n| solver.value(&n, &budget).unwrap()).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
//! assert!(OneOrFour.is_p_position(&5, &budget).unwrap());
//! assert_eq!(OneOrFour.winning_moves(&6, &budget).unwrap(), vec![5, 2]);
//! ```
//!
//! # Naming a game
//!
//! ```
//! use nimlab_engine::{Budget, GameSpec, Query};
//!
//! let spec: GameSpec = "subtraction --set 1,3,4".parse().unwrap();
//! let budget = Budget::default();
//! let game = spec.build(&budget).unwrap();
//! // A position reaches an answer only through the game's check.
//! let position = game.check_position(&[10u32.into()]).unwrap();
//! let answer = game.analyze(&position, &Query::default(), &budget).unwrap();
//! assert_eq!(answer.outcome.as_str(), "N");
//! assert_eq!(spec.to_string(), "subtraction --set 1,3,4");
//! ```

// Every `pub` item is reachable through the boundary; anything else is `pub(crate)`.
#![warn(unreachable_pub)]

// The engine's own modules: private, reached through the boundary below.
mod analysis;
mod budget;
mod clock;
mod error;
mod game;
mod lang;
mod positions;
mod registry;
mod rulesets;
mod solve;
mod spec;

// The domain modules of the boundary: each `mod.rs` re-exports what callers may use and keeps
// its files `pub(crate)`.
pub mod bigint;
pub mod graphs;
pub mod listing;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod octal;
pub mod periodicity;
pub mod tables;

pub use analysis::{
    analyze_sum, no_progress, Analysis, AnyGame, Basis, BestMove, Capabilities, CheckedPosition, CodeSource,
    Counterexample, Engine, GrundyValue, Line, LoopyPositions, Method, MoveReport, MultiAnalysis, MultiMove,
    PeriodSequence, PeriodTheorem, Plan, Player, Progress, Query, Research, RulePlan, Ruleset, RulesetInfo,
    Strategy, SumAnalysis, SumPart, VerifyReport,
};
pub use budget::{
    default_memory_ceiling, format_size, parse_size, Budget, CancelHandle, Exhausted, HeldBytes,
    ALLOCATION_OVERHEAD, DEFAULT_MEMORY_CAP, UNITS_PER_POSITION,
};
pub use error::{
    CodeError, EngineError, ErrorDetail, Holder, LimitReached, RequestError, Task, TheoryQuestion,
};
pub use game::{Game, Outcome, Play, UnknownMethod, UnknownPlay};
pub use lang::{Lang, UnknownLang, Words};
pub use num_bigint::BigUint;
pub use registry::{answering, not_answered, unknown_game, RULESETS};
pub use rulesets::apple::strategy::DEFAULT_LINE_LIMIT;
pub use rulesets::chomp::census::Census;
pub use rulesets::graph_games::is_graph_param;
pub use rulesets::misere::{verify as verify_misere_quotient, VERIFY_TOKENS as MISERE_VERIFY_TOKENS};
pub use rulesets::octal::{sequence_error, title as octal_title};
pub use solve::{
    mex, GrundySolver, MisereSolver, MultiplayerSolver, SolveGame, Solver, StandardAlliance, Terminal,
    TripleTable, Valuation,
};
pub use spec::grammar::{
    ascii_forms, parse_count, parse_natural, parse_range, parse_set, set_text, NaturalError, ValueFault,
    MAX_SET_MEMBERS,
};
pub use spec::{
    Board, CustomGame, Drawing, GameId, GameSpec, ParamDecl, ParamKind, ParamTexts, ParamValue, Params,
    SpecError, SyntaxFault, Texts, Token, ValueWhy,
};

/// Large Nim's research questions: values grouped by order pattern (`explore`) and theorems for
/// heaps of any size (`prove`), what the reports `explore` and `prove` present.
pub mod large_nim {
    pub use crate::rulesets::large_nim::explore::{explore, Exploration, FormulaCase};
    pub use crate::rulesets::large_nim::prove::{
        prove, ProofReport, ProofStage, ProveError, RefinementOutcome,
    };
}

/// The engine's kernels as its benches, timing examples and integration tests use them (ruleset
/// types, dense tables, enumerations). No surface uses this module: `tests/boundary.rs` refuses
/// it there.
pub mod kernels {
    pub use crate::graphs::family::{
        build as build_graph, instantiate as instantiate_family, FamilyError as GraphFamilyError,
    };
    pub use crate::positions::SortedTuples;
    pub use crate::rulesets::apple::Apple;
    pub use crate::rulesets::large_nim::LargeNim;
    pub use crate::rulesets::nim::Nim;
    pub use crate::rulesets::wythoff::Wythoff;
    pub use crate::solve::{dense_grundy_table, sorted_heap_table, ByOptions};
}

/// What the unit tests share: the budget, queries and a game built from its spec text.
#[cfg(test)]
pub(crate) mod test_prelude {
    pub(crate) use crate::analysis::{no_progress, trusted, AnyGame, Method, Query};
    pub(crate) use crate::budget::Budget;
    pub(crate) use crate::game::{Outcome, Play};
    pub(crate) use crate::positions::heap_box;

    /// Names and notation the Chinese texts keep in Latin letters.
    const LATIN_IN_CHINESE: &[&str] = &[
        "mex",
        "mod",
        "max",
        "min",
        "Nim",
        "Moore",
        "Kayles",
        "Dawson",
        "Grundy",
        "Guy",
        "Smith",
        "Beatty",
        "Bouton",
        "Sprague",
        "Wythoff",
        "Zeckendorf",
        "Fibonacci",
        "Hackenbush",
        "Fraenkel",
        "Scheinerman",
        "Ullman",
    ];

    /// The words of three or more Latin letters in a Chinese text that are not names or
    /// notation: English left untranslated.
    pub(crate) fn english_words(text: &str) -> Vec<&str> {
        text.split(|c: char| !c.is_ascii_alphabetic())
            .filter(|word| word.len() >= 3 && !LATIN_IN_CHINESE.contains(word))
            .collect()
    }

    /// Asserts that the theory's moves from the one heap `n` to each value of `targets` are the
    /// generic search's, move for move.
    pub(crate) fn assert_theory_moves_to_values(
        game: &dyn AnyGame,
        n: u64,
        targets: impl IntoIterator<Item = u64>,
    ) {
        let position = trusted(&[crate::bigint::big(n)]);
        for t in targets {
            let moves = |method| {
                game.moves_to_value(
                    &position,
                    &crate::bigint::big(t),
                    method,
                    &Budget::default(),
                    crate::Lang::En,
                )
                .unwrap_or_else(|e| panic!("heap {n} to {t}: {e}"))
            };
            assert_eq!(moves(Method::Theory), moves(Method::Search), "heap {n} to {t}");
        }
    }

    /// The game a spec text names, built under the default budget.
    pub(crate) fn test_game(spec: &str) -> Box<dyn AnyGame> {
        let spec: crate::spec::GameSpec = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        spec.build(&Budget::default()).unwrap_or_else(|e| panic!("{spec}: {e}"))
    }
}
