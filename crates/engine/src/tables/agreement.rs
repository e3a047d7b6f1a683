//! Every ruleset's table against the generic search, cell by cell: whatever path a table takes
//! (closed form, generator, certified period, line kernel, dense), its values are the search's.

use num_traits::ToPrimitive;

use crate::analysis::{AnyGame, Method, Query};
use crate::bigint::to_bigs;
use crate::budget::Budget;
use crate::game::Play;
use crate::spec::GameSpec;

use super::{outcome_cell, GridRequest, SequenceRequest, TableMethod, TableValues};

fn game(spec: &str) -> Box<dyn AnyGame> {
    let spec: GameSpec = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
    spec.build(&Budget::default()).unwrap()
}

/// The value search gives for a cell, as a table stores it.
fn searched(game: &dyn AnyGame, heaps: &[u64], values: TableValues, play: Play) -> u64 {
    let numbers = game.check_position(&to_bigs(heaps)).unwrap();
    let analysis = game.analyze(&numbers, &Query::new(Method::Search, play), &Budget::default()).unwrap();
    match values {
        TableValues::Grundy => analysis.grundy.value().unwrap().to_u64().unwrap(),
        TableValues::Outcomes => outcome_cell(analysis.outcome),
    }
}

const KINDS: [(TableValues, Play); 3] = [
    (TableValues::Grundy, Play::Normal),
    (TableValues::Outcomes, Play::Normal),
    (TableValues::Outcomes, Play::Misere),
];

/// Checks the sequence `0..=upto` of every kind and returns the methods used.
fn check_sequence(spec: &str, upto: u64) -> Vec<TableMethod> {
    let game = game(spec);
    let mut methods = Vec::new();
    for (values, play) in KINDS {
        let request = SequenceRequest::new(upto, values, play);
        let mut sequence = game.sequence(&request, &Budget::default()).unwrap();
        methods.push(sequence.basis().method);
        let bound = sequence.basis().value_bound;
        let table = sequence.collect_rest().unwrap();
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
fn check_grid(spec: &str, rows: u64, cols: u64) -> Vec<TableMethod> {
    let game = game(spec);
    let mut methods = Vec::new();
    for (values, play) in KINDS {
        let request = GridRequest::new(rows, cols, values, play);
        let mut grid = game.grid(&request, &Budget::default()).unwrap();
        methods.push(grid.basis().method);
        let bound = grid.basis().value_bound;
        let mut row = vec![0; grid.row_len()];
        while let Some(r) = grid.next_row(&mut row).unwrap() {
            for (c, &value) in (0u64..).zip(&row) {
                let expected = searched(game.as_ref(), &[r, c], values, play);
                assert_eq!(value, expected, "{spec:?} ({r}, {c}) {values:?} {play:?}");
                assert!(bound.is_none_or(|b| value <= b), "{spec:?}: {value} above the bound {bound:?}");
            }
        }
    }
    methods
}

use TableMethod::{CertifiedPeriod, ClosedForm, Dense, LineKernel, MisereQuotient, Search, SequenceEngine};

#[test]
fn one_heap_sequences_agree_with_search() {
    assert_eq!(check_sequence("nim", 300), [ClosedForm; 3]);
    for max in 1..=5 {
        assert_eq!(check_sequence(&format!("bash --max {max}"), 300), [ClosedForm; 3]);
    }
    assert_eq!(check_sequence("half", 1000), [ClosedForm; 3]);
    for set in ["1,3,4", "2,3,5,7,101", "6,9,15"] {
        let methods = check_sequence(&format!("subtraction --set {set}"), 400);
        // Misère play from the quotient of the code with digit 3 at each take.
        assert_eq!(methods, [CertifiedPeriod, CertifiedPeriod, MisereQuotient]);
    }
    assert_eq!(check_sequence("fibonacci", 120), [Search, ClosedForm, Search]);
    assert_eq!(check_sequence("pattern --piles 1 --move one:2..5 --move one:7", 200), [Dense; 3]);
    assert_eq!(check_sequence("moore --k 2", 60), [Dense; 3]);
    // Take-and-break games: the certified period, or the sequence engine where the build found
    // none (Grundy's game has no theorem); misère play from the misère quotient.
    for (spec, upto) in
        [("kayles", 40), ("dawson-kayles", 24), ("octal --code 0.137", 24), ("octal --code 4.07", 30)]
    {
        assert_eq!(check_sequence(spec, upto), [CertifiedPeriod, CertifiedPeriod, MisereQuotient], "{spec}");
    }
    // Grundy's game (no theorem) and 0x0.8 (arithmetically periodic) have no certified period.
    for spec in ["grundy-game", "octal --code 0x0.8"] {
        assert_eq!(check_sequence(spec, 40), [SequenceEngine, SequenceEngine, Search], "{spec}");
    }
}

#[test]
fn two_heap_grids_agree_with_search() {
    assert_eq!(check_grid("wythoff", 45, 50), [LineKernel, ClosedForm, ClosedForm]);
    // A side of at most 10: the certified rows.
    assert_eq!(check_grid("wythoff", 10, 70), [CertifiedPeriod, ClosedForm, ClosedForm]);
    assert_eq!(check_grid("wythoff", 80, 6), [CertifiedPeriod, ClosedForm, ClosedForm]);
    assert_eq!(check_grid("nim", 40, 33), [ClosedForm; 3]);
    assert_eq!(check_grid("fibonacci", 40, 45), [Search, ClosedForm, Search]);
    let wythoff = "pattern --piles 2 --move one:1.. --move all:1..";
    assert_eq!(check_grid(wythoff, 30, 30), [LineKernel, LineKernel, Dense]);
    let mixed = "pattern --piles 2 --move one:1..2 --move 0:4.. --move all:2..3";
    assert_eq!(check_grid(mixed, 35, 30), [LineKernel, LineKernel, Dense]);
    assert_eq!(check_grid("moore --k 2", 12, 15), [Dense; 3]);
    // Take-and-break games: G(r) XOR G(c) (Sprague–Grundy).
    assert_eq!(check_grid("kayles", 14, 17), [CertifiedPeriod, CertifiedPeriod, MisereQuotient]);
    assert_eq!(check_grid("grundy-game", 16, 12), [SequenceEngine, SequenceEngine, Search]);
    // Staircase moves coins down a step, raising the other heap: the table is searched.
    assert_eq!(check_grid("staircase", 15, 12), [Search; 3]);
}

/// The methods of the request: theory only where the fast path is a closed form or certified
/// period; search always the generic path; both give the fast path's values.
#[test]
fn the_method_chooses_the_path() {
    let budget = Budget::default();
    let methods = |spec: &str, method: Method| -> Result<(TableMethod, Vec<u64>), String> {
        let request = GridRequest { method, ..GridRequest::new(12, 14, TableValues::Grundy, Play::Normal) };
        let mut grid = game(spec).grid(&request, &budget).map_err(|e| e.to_string())?;
        Ok((grid.basis().method, grid.collect_rest().unwrap()))
    };
    let (auto, values) = methods("nim", Method::Auto).unwrap();
    assert_eq!(auto, ClosedForm);
    assert_eq!(methods("nim", Method::Theory).unwrap(), (ClosedForm, values.clone()));
    assert_eq!(methods("nim", Method::Search).unwrap(), (Dense, values));
    let (auto, values) = methods("wythoff", Method::Auto).unwrap();
    assert_eq!(auto, LineKernel);
    assert_eq!(methods("wythoff", Method::Search).unwrap(), (Dense, values));
    assert_eq!(
        methods("wythoff", Method::Theory).unwrap_err(),
        "wythoff has no closed form for a grid of Grundy values in nimlab"
    );
    let request = SequenceRequest {
        method: Method::Theory,
        ..SequenceRequest::new(10, TableValues::Grundy, Play::Normal)
    };
    let err = game("moore --k 2").sequence(&request, &budget).err().unwrap();
    assert!(err.is_usage(), "{err}");
}

#[test]
fn tables_of_the_wrong_shape_are_refused() {
    let budget = Budget::default();
    let request = SequenceRequest::new(9, TableValues::Grundy, Play::Normal);
    let err = game("wythoff").sequence(&request, &budget).err().unwrap();
    assert!(err.is_usage());
    assert_eq!(
        err.to_string(),
        "a sequence needs a game on one heap; wythoff: wythoff takes exactly two heap sizes, got 1 number"
    );
    let request = GridRequest::new(3, 3, TableValues::Grundy, Play::Normal);
    assert!(game("bash --max 3")
        .grid(&request, &budget)
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
    let budget = Budget::default();
    let spec = PatternSpec::parse(2, &["one:1..".into(), "all:1..".into()]).unwrap();
    let dense = dense_grundy_table(&PatternGame::new(spec), &[400, 400], &budget).unwrap();
    let request = GridRequest::new(400, 400, TableValues::Grundy, Play::Normal);
    let mut grid = game("wythoff").grid(&request, &budget).unwrap();
    let mut row = vec![0; grid.row_len()];
    while let Some(r) = grid.next_row(&mut row).unwrap() {
        for (c, &value) in (0u64..).zip(&row) {
            assert_eq!(value, u64::from(dense.get(&[r, c]).unwrap()), "({r}, {c})");
        }
    }
}
