//! Every ruleset's table against the generic search, cell by cell: whatever path a table takes
//! (closed form, generator, certified period, line kernel, dense), its values are the search's.

use num_traits::ToPrimitive;

use crate::analysis::{AnyGame, Method};
use crate::bigint::to_bigs;
use crate::game::Play;
use crate::rulesets::{build, GameSpec};
use crate::solve::Budget;

use super::{outcome_cell, GridRequest, SequenceRequest, TableMethod, TableValues};

fn spec(name: &str, edit: impl FnOnce(&mut GameSpec)) -> GameSpec {
    let mut spec = GameSpec::named(name);
    edit(&mut spec);
    spec
}

fn pattern(piles: u64, moves: &[&str]) -> GameSpec {
    spec("pattern", |s| {
        s.piles = Some(piles);
        s.moves = moves.iter().map(|m| m.to_string()).collect();
    })
}

/// The value search gives for a cell, as a table stores it.
fn searched(game: &dyn AnyGame, heaps: &[u64], values: TableValues, play: Play) -> u64 {
    let numbers = game.check_position(&to_bigs(heaps)).unwrap();
    let analysis = game.analyze(&numbers, Method::Search, play).unwrap();
    match values {
        TableValues::Grundy => analysis.grundy.unwrap().to_u64().unwrap(),
        TableValues::Outcomes => outcome_cell(analysis.outcome),
    }
}

const KINDS: [(TableValues, Play); 3] = [
    (TableValues::Grundy, Play::Normal),
    (TableValues::Outcomes, Play::Normal),
    (TableValues::Outcomes, Play::Misere),
];

/// Checks the sequence `0..=upto` of every kind and returns the methods used.
fn check_sequence(spec: &GameSpec, upto: u64) -> Vec<TableMethod> {
    let game = build(spec, Budget::default()).unwrap();
    let mut methods = Vec::new();
    for (values, play) in KINDS {
        let request = SequenceRequest { upto, values, play, budget: Budget::default() };
        let mut sequence = game.sequence(&request).unwrap();
        methods.push(sequence.basis().method);
        let bound = sequence.basis().value_bound;
        let table = sequence.collect_rest(Budget::default()).unwrap();
        assert_eq!(table.len() as u64, upto + 1);
        for (n, &value) in (0u64..).zip(&table) {
            assert_eq!(
                value,
                searched(game.as_ref(), &[n], values, play),
                "{spec:?} n = {n} {values:?} {play:?}"
            );
            assert!(bound.is_none_or(|b| value <= b), "{spec:?}: {value} above the bound {bound:?}");
        }
    }
    methods
}

/// Checks the grid `0..=rows` x `0..=cols` of every kind and returns the methods used.
fn check_grid(spec: &GameSpec, rows: u64, cols: u64) -> Vec<TableMethod> {
    let game = build(spec, Budget::default()).unwrap();
    let mut methods = Vec::new();
    for (values, play) in KINDS {
        let request = GridRequest { rows, cols, values, play, budget: Budget::default() };
        let mut grid = game.grid(&request).unwrap();
        methods.push(grid.basis().method);
        let bound = grid.basis().value_bound;
        let mut row = vec![0; grid.row_len()];
        while let Some(r) = grid.next_row(&mut row) {
            for (c, &value) in (0u64..).zip(&row) {
                let expected = searched(game.as_ref(), &[r, c], values, play);
                assert_eq!(value, expected, "{spec:?} ({r}, {c}) {values:?} {play:?}");
                assert!(bound.is_none_or(|b| value <= b), "{spec:?}: {value} above the bound {bound:?}");
            }
        }
    }
    methods
}

use TableMethod::{CertifiedPeriod, ClosedForm, Dense, LineKernel, Search};

#[test]
fn one_heap_sequences_agree_with_search() {
    assert_eq!(check_sequence(&GameSpec::named("nim"), 300), [ClosedForm; 3]);
    for max in 1..=5 {
        assert_eq!(check_sequence(&spec("bash", |s| s.max = Some(max)), 300), [ClosedForm; 3]);
    }
    assert_eq!(check_sequence(&GameSpec::named("half"), 1000), [ClosedForm; 3]);
    for set in [vec![1, 3, 4], vec![2, 3, 5, 7, 101], vec![6, 9, 15]] {
        let methods = check_sequence(&spec("subtraction", |s| s.set = Some(set)), 400);
        assert_eq!(methods, [CertifiedPeriod, CertifiedPeriod, Dense]);
    }
    assert_eq!(check_sequence(&GameSpec::named("fibonacci"), 120), [Search, ClosedForm, Search]);
    assert_eq!(check_sequence(&pattern(1, &["one:2..5", "one:7"]), 200), [Dense; 3]);
    assert_eq!(check_sequence(&spec("moore", |s| s.k = Some(2)), 60), [Dense; 3]);
}

#[test]
fn two_heap_grids_agree_with_search() {
    assert_eq!(check_grid(&GameSpec::named("wythoff"), 45, 50), [LineKernel, ClosedForm, ClosedForm]);
    assert_eq!(check_grid(&GameSpec::named("nim"), 40, 33), [ClosedForm; 3]);
    assert_eq!(check_grid(&GameSpec::named("fibonacci"), 40, 45), [Search, ClosedForm, Search]);
    let wythoff = pattern(2, &["one:1..", "all:1.."]);
    assert_eq!(check_grid(&wythoff, 30, 30), [LineKernel, LineKernel, Dense]);
    let mixed = pattern(2, &["one:1..2", "0:4..", "all:2..3"]);
    assert_eq!(check_grid(&mixed, 35, 30), [LineKernel, LineKernel, Dense]);
    assert_eq!(check_grid(&spec("moore", |s| s.k = Some(2)), 12, 15), [Dense; 3]);
    // Staircase moves coins down a step, raising the other heap: the table is searched.
    assert_eq!(check_grid(&GameSpec::named("staircase"), 15, 12), [Search; 3]);
}

#[test]
fn tables_of_the_wrong_shape_are_refused() {
    let wythoff = build(&GameSpec::named("wythoff"), Budget::default()).unwrap();
    let request = SequenceRequest {
        upto: 9,
        values: TableValues::Grundy,
        play: Play::Normal,
        budget: Budget::default(),
    };
    let err = wythoff.sequence(&request).err().unwrap();
    assert!(err.is_usage());
    assert_eq!(
        err.to_string(),
        "a sequence needs a game on one heap; wythoff: wythoff takes exactly two heap sizes, got 1 number"
    );
    let bash = build(&spec("bash", |s| s.max = Some(3)), Budget::default()).unwrap();
    let request = GridRequest {
        rows: 3,
        cols: 3,
        values: TableValues::Grundy,
        play: Play::Normal,
        budget: Budget::default(),
    };
    assert!(bash
        .grid(&request)
        .err()
        .unwrap()
        .to_string()
        .starts_with("a grid needs a game on two heaps; bash --max 3"));
}

/// The Wythoff grid of the issue (3999 x 3999) is checked against the dense solver on its
/// first 400 x 400 cells (the line kernel's values do not depend on the grid's size beyond
/// the bitsets' width, which the larger grid only widens).
#[test]
fn wythoff_kernel_agrees_with_the_dense_solver_on_400_by_400() {
    use crate::rulesets::pattern::{PatternGame, PatternSpec};
    use crate::solve::dense_grundy_table;
    let spec = PatternSpec::parse(2, &["one:1..".into(), "all:1..".into()]).unwrap();
    let dense = dense_grundy_table(&PatternGame::new(spec), &[400, 400], Budget::default()).unwrap();
    let wythoff = build(&GameSpec::named("wythoff"), Budget::default()).unwrap();
    let request = GridRequest {
        rows: 400,
        cols: 400,
        values: TableValues::Grundy,
        play: Play::Normal,
        budget: Budget::default(),
    };
    let mut grid = wythoff.grid(&request).unwrap();
    let mut row = vec![0; grid.row_len()];
    while let Some(r) = grid.next_row(&mut row) {
        for (c, &value) in (0u64..).zip(&row) {
            assert_eq!(value, u64::from(dense.get(&[r, c]).unwrap()), "({r}, {c})");
        }
    }
}
