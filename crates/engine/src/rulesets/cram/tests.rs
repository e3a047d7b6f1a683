//! Cram's theory against the generic search, the component engine and the misère search by
//! regions against a plain exhaustive search on random boards with holes, winning moves that
//! lead to value 0, and the values of igs's published table.

use num_bigint::BigUint;
use proptest::prelude::*;

use crate::analysis::{GrundyValue, MoveReport};
use crate::bigint::{big, to_bigs};
use crate::graphs::family::Picture;
use crate::graphs::{regions, ComponentSolver, Deletion, DeletionGame, Memo, MisereMemo};
use crate::lang::Lang;
use crate::solve::{GrundySolver, MisereSolver};
#[allow(unused_imports)]
use crate::test_prelude::*;

fn game(board: &str) -> Box<dyn AnyGame> {
    test_game(&format!("cram --board {board}"))
}

fn value(game: &dyn AnyGame, numbers: &[BigUint], method: Method) -> GrundyValue {
    game.analyze(&trusted(numbers), &Query::new(method, Play::Normal), &Budget::default()).unwrap().grundy
}

/// Theory (the symmetry strategy, 1 x n and paths by 0.07) against the generic search on every
/// position with some of the first 12 free cells covered that the theory answers.
#[test]
fn theory_equals_the_search() {
    for board in
        ["2x2", "2x4", "4x4", "2x3", "4x3", "2x5", "1x9", "1x12", "3x3", "#..#/..../#..#", ".#./.../.#."]
    {
        let report = game(board).verify(12, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert!(report.agree, "{board}: {:?}", report.counterexample);
        assert!(report.positions > 0, "{board}: the theory answered nothing");
    }
}

#[test]
fn boards_get_the_theory_they_should() {
    let auto = Query::default();
    let empty = game("4x6").analyze(&trusted(&[]), &auto, &Budget::default()).unwrap();
    assert_eq!((empty.outcome, &empty.grundy), (Outcome::P, &GrundyValue::Value(big(0))));
    assert!(empty.reason.contains("half turn"), "{}", empty.reason);
    // Even x odd: the central domino, the only move listed, the list marked incomplete.
    let odd =
        game("2x3").analyze(&trusted(&[]), &Query { max_moves: 10, ..auto }, &Budget::default()).unwrap();
    assert_eq!(odd.outcome, Outcome::N);
    assert!(!odd.moves_complete);
    assert_eq!(odd.winning_moves.len(), 1);
    assert_eq!(odd.winning_moves[0].text, "place a domino on b1–b2");
    assert_eq!(odd.winning_moves[0].to, to_bigs(&[1, 4]));
    let row = game("1x7").analyze(&trusted(&[]), &auto, &Budget::default()).unwrap();
    assert!(row.reason.contains("0.07"), "{}", row.reason);
    assert_eq!(row.grundy, GrundyValue::Value(big(1)));
}

/// An even x odd board's value is a by-product search beside the theory's outcome, made only
/// when the value is wanted: a listing of P-positions asks for the outcome alone.
#[test]
fn the_value_beside_the_theory_is_searched_only_when_wanted() {
    let board = game("3x8");
    let budget = Budget::default();
    let outcome = Query { outcome_only: true, ..Query::default() };
    let alone = board.analyze(&trusted(&[]), &outcome, &budget).unwrap();
    assert_eq!((alone.outcome, &alone.grundy), (Outcome::N, &GrundyValue::Unknown));
    let used = budget.used();
    let full = board.analyze(&trusted(&[]), &Query::default(), &budget).unwrap();
    assert_eq!(full.grundy, GrundyValue::Value(big(3)));
    assert!(budget.used() > used, "the value's search is charged");
}

#[test]
fn moves_are_worded_on_the_board() {
    let game = game("3x4");
    let moves = game.options(&trusted(&[]), &Budget::default(), Lang::En).unwrap();
    assert_eq!(moves.len(), 17);
    assert_eq!(moves[0].text, "place a domino on a1–b1");
    assert!(moves.iter().any(|m| m.text == "place a domino on d2–d3"));
    let zh = game.options(&trusted(&[]), &Budget::default(), Lang::Zh).unwrap();
    assert_eq!(zh[0].text, "在 a1–b1 放一张骨牌");
}

#[test]
fn bad_positions_and_boards_are_refused() {
    let game = game("..#./....");
    assert!(game.check_position(&to_bigs(&[2])).unwrap_err().to_string().contains("blocked"));
    assert!(game.check_position(&to_bigs(&[8])).is_err());
    assert!(game.check_position(&to_bigs(&[1, 1])).is_err());
    for bad in ["3x", "..#/.", "17x17", "0x4", "..a."] {
        assert!(format!("cram --board {bad}").parse::<crate::spec::GameSpec>().is_err(), "{bad}");
    }
    // A family has no positions, only members.
    assert!(test_game("cram --board 3xn").check_position(&[]).is_err());
}

/// The values of the boards of igs's published Cram table (github.com/beling/impartial-games,
/// README.md, "The results obtained so far": 4 x 4 to 4 x 15, 5 x 5 to 5 x 12, 6 x 6 to 6 x 14,
/// 7 x 7 to 7 x 9) that take the debug build under a second; the larger ones are checked with
/// the release build (docs/boards.md).
#[test]
fn the_published_table_is_reproduced() {
    for (rows, cols, nimber) in
        [(4, 4, 0), (4, 5, 2), (4, 6, 0), (4, 7, 3), (4, 8, 0), (5, 5, 0), (4, 10, 0), (6, 6, 0)]
    {
        let got = value(&*game(&format!("{rows}x{cols}")), &[], Method::Auto);
        assert_eq!(got, GrundyValue::Value(big(nimber)), "{rows} x {cols}");
    }
}

/// Small boards of Cram's own: values by the plain search (Dawson's Kayles for 1 x n, 2 x n
/// alternating by the symmetry strategy's parity).
#[test]
fn small_boards_equal_the_plain_search() {
    for (rows, cols) in [(1, 10), (2, 5), (2, 7), (3, 3), (3, 4), (3, 5)] {
        let game = game(&format!("{rows}x{cols}"));
        assert_eq!(value(&*game, &[], Method::Auto), value(&*game, &[], Method::Search), "{rows} x {cols}");
    }
}

/// A board of at most 4 x 5 cells with holes, as a picture, and its free cells.
fn board(rows: u16, cols: u16, holes: u32) -> Picture {
    let blocked = (0..rows * cols).map(|i| holes >> i & 1 == 1).collect();
    Picture { rows, cols, blocked }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random boards with holes, at most 16 free cells: the component engine (normal play) and
    /// the misère search by regions equal a plain exhaustive search without components.
    #[test]
    fn engines_equal_the_plain_search(rows in 1u16..=4, cols in 1u16..=5, holes in any::<u32>()) {
        let picture = board(rows, cols, holes);
        let graph = picture.graph().unwrap();
        let mut left = picture.free();
        while left.len() > 16 {
            left.remove(left.least().unwrap());
        }
        let plain = DeletionGame { graph: graph.clone(), deletion: Deletion::Edge };
        let want = GrundySolver::new(plain.clone()).value(&left, &Budget::default()).unwrap();
        let mut memo = Memo::new(Deletion::Edge);
        let got = ComponentSolver::new(graph.clone(), &mut memo).value(&left, &Budget::default()).unwrap();
        prop_assert_eq!(got, want, "{}", picture.text());
        let mut memo = Memo::new(Deletion::Edge);
        let pruned = ComponentSolver::new(graph.clone(), &mut memo).value_pruned(&left, &Budget::default()).unwrap();
        prop_assert_eq!(pruned, want, "pruned {}", picture.text());
        let want = MisereSolver::misere(plain).value(&left, &Budget::default()).unwrap();
        let mut memo = MisereMemo::new(Deletion::Edge);
        let got = regions::misere_outcome(&graph, &left, &mut memo, &Budget::default()).unwrap().unwrap();
        prop_assert_eq!(got, want, "misère {}", picture.text());
    }

    /// Every winning move listed (normal play by theory or components, misère by regions) leads to
    /// a position the generic search values 0 (P in misère play); a complete list in normal play
    /// is the generic search's.
    #[test]
    fn winning_moves_lead_to_zero(rows in 1u16..=4, cols in 1u16..=4, holes in any::<u16>(), covered in any::<u16>()) {
        let picture = board(rows, cols, u32::from(holes) & 0x5555);
        let game = game(&picture.text());
        let free: Vec<usize> = picture.free().iter().collect();
        let mut numbers: Vec<usize> = free.iter().copied().filter(|&v| covered >> v & 1 == 1).collect();
        numbers.truncate(4);
        let numbers = to_bigs(&numbers.iter().map(|&v| v as u64).collect::<Vec<_>>());
        for play in [Play::Normal, Play::Misere] {
            let answer = game.analyze(&trusted(&numbers), &Query::play(play), &Budget::default()).unwrap();
            if play == Play::Normal && answer.moves_complete {
                // The component engine asks each option only whether its value is at most the
                // position's: the same winning moves and value as the generic search's.
                let generic = game.analyze(&trusted(&numbers), &Query::new(Method::Search, play), &Budget::default()).unwrap();
                let texts = |moves: &[MoveReport]| moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
                prop_assert_eq!(texts(&answer.winning_moves), texts(&generic.winning_moves));
                prop_assert_eq!(&answer.grundy, &generic.grundy);
            }
            for m in &answer.winning_moves {
                let after = game.analyze(&trusted(&m.to), &Query::new(Method::Search, play), &Budget::default()).unwrap();
                prop_assert_eq!(after.outcome, Outcome::P, "{} {:?}: {}", picture.text(), play, m.text);
            }
        }
    }
}

/// Every R x C board of at most 24 cells: the pruned search (questions about sets of values,
/// aspiration for the board itself, symmetric boards and options 0 by the symmetry strategy)
/// equals the component engine's exact mex search, and the plain search without
/// components up to 16 cells. Each search gets a memo of its own.
#[test]
fn every_small_board_equals_the_exact_search() {
    for rows in 1u16..=24 {
        for cols in 1..=24 / rows {
            let picture = Picture::parse(&format!("{rows}x{cols}")).unwrap();
            let graph = picture.graph().unwrap();
            let left = picture.free();
            let mut memo = Memo::new(Deletion::Edge);
            let exact =
                ComponentSolver::new(graph.clone(), &mut memo).value(&left, &Budget::default()).unwrap();
            let mut memo = Memo::new(Deletion::Edge);
            let pruned = ComponentSolver::new(graph.clone(), &mut memo)
                .value_pruned(&left, &Budget::default())
                .unwrap();
            assert_eq!(pruned, exact, "{rows} x {cols}");
            if rows * cols <= 16 {
                let plain = DeletionGame { graph, deletion: Deletion::Edge };
                assert_eq!(
                    GrundySolver::new(plain).value(&left, &Budget::default()).unwrap(),
                    exact,
                    "{rows} x {cols}"
                );
            }
        }
    }
}

/// The misère search stops at the memory limit with `Exhausted`, never beyond it.
#[test]
fn the_misere_search_stays_within_the_budget() {
    let picture = Picture::parse("5x5").unwrap();
    let graph = picture.graph().unwrap();
    let tight = Budget::new(u64::MAX / 8).with_memory_ceiling(4096);
    let mut memo = MisereMemo::new(Deletion::Edge);
    assert!(regions::misere_outcome(&graph, &picture.free(), &mut memo, &tight).unwrap().is_err());
    let little = Budget::new(1000);
    let mut memo = MisereMemo::new(Deletion::Edge);
    assert!(regions::misere_outcome(&graph, &picture.free(), &mut memo, &little).unwrap().is_err());
}

/// Misère outcomes of small boards, by the regions' search and by the plain search.
#[test]
fn misere_boards_equal_the_plain_search() {
    for board in ["2x2", "2x3", "3x3", "3x4", "2x6", "1x9", ".#./.../.#."] {
        let game = game(board);
        let auto = game.analyze(&trusted(&[]), &Query::play(Play::Misere), &Budget::default()).unwrap();
        let plain = game
            .analyze(&trusted(&[]), &Query::new(Method::Search, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(auto.outcome, plain.outcome, "{board}");
        assert_eq!(auto.winning_moves, plain.winning_moves, "{board}");
    }
}

/// The misère outcome of the whole graph by the plain search, as a table's cell.
fn plain_misere_cell(graph: crate::graphs::Graph, deletion: Deletion) -> u64 {
    use crate::tables::{N_CELL, P_CELL};
    let left = graph.vertices();
    match MisereSolver::misere(DeletionGame { graph, deletion }).value(&left, &Budget::default()).unwrap() {
        Outcome::P => P_CELL,
        Outcome::N => N_CELL,
    }
}

/// A misère table of a family of boards lists misère outcomes, member by member equal to the
/// plain misère search of the board (and a board with no cell, which has no move, is N); the
/// same for Node-Kayles on a family of graphs that is not a board (paths).
#[test]
fn misere_family_tables_equal_the_plain_search() {
    use crate::graphs::family;
    use crate::tables::{SequenceRequest, TableValues, N_CELL};
    for (spec, template, deletion, upto) in [
        ("cram --board 1xn", "grid:1xn", Deletion::Edge, 12),
        ("cram --board 2xn", "grid:2xn", Deletion::Edge, 6),
        ("cram --board 3xn", "grid:3xn", Deletion::Edge, 5),
        ("node-kayles --graph path:n", "path:n", Deletion::Vertex, 12),
        ("node-kayles --graph cycle:n", "cycle:n", Deletion::Vertex, 10),
    ] {
        let request = SequenceRequest::new(upto, TableValues::Outcomes, Play::Misere);
        let table = test_game(spec).sequence(&request, &Budget::default()).unwrap().collect_rest().unwrap();
        assert_eq!(table.len() as u64, upto + 1, "{spec}");
        for (n, &cell) in table.iter().enumerate() {
            let want = match family::build(&family::instantiate(template, n as u64).unwrap()) {
                Ok(graph) => plain_misere_cell(graph, deletion),
                Err(_) => N_CELL,
            };
            assert_eq!(cell, want, "{spec} at n = {n}");
        }
    }
}

/// The grid of a family in `m` and `n` holds each member's Grundy value (normal play) or misère
/// outcome by the plain search, member by member; a member with no vertex counts as no move.
#[test]
fn grid_family_tables_equal_the_plain_search() {
    use crate::graphs::family;
    use crate::tables::{GridRequest, TableValues, N_CELL};
    for (spec, template, deletion, rows, cols) in [
        ("cram --board mxn", "grid:mxn", Deletion::Edge, 4, 5),
        ("node-kayles --graph grid:mxn", "grid:mxn", Deletion::Vertex, 3, 4),
    ] {
        for (values, play) in [(TableValues::Grundy, Play::Normal), (TableValues::Outcomes, Play::Misere)] {
            let request = GridRequest::new(rows, cols, values, play);
            let grid = test_game(spec).grid(&request, &Budget::default()).unwrap().collect_rest().unwrap();
            assert_eq!(grid.len() as u64, (rows + 1) * (cols + 1), "{spec}");
            for (i, &cell) in grid.iter().enumerate() {
                let (m, n) = (i as u64 / (cols + 1), i as u64 % (cols + 1));
                let graph = family::build(&family::instantiate_grid(template, m, n).unwrap()).ok();
                let want = match (graph, play) {
                    (None, Play::Normal) => 0,
                    (None, Play::Misere) => N_CELL,
                    (Some(graph), Play::Normal) => {
                        let left = graph.vertices();
                        GrundySolver::new(DeletionGame { graph, deletion })
                            .value(&left, &Budget::default())
                            .unwrap() as u64
                    }
                    (Some(graph), Play::Misere) => plain_misere_cell(graph, deletion),
                };
                assert_eq!(cell, want, "{spec} {play:?} at m = {m}, n = {n}");
            }
        }
    }
}

/// A grid asks for a family in two numbers, a one-number table for a family in one.
#[test]
fn tables_ask_for_the_family_they_list() {
    use crate::tables::{GridRequest, SequenceRequest, TableValues};
    let budget = Budget::default();
    let grid = GridRequest::new(3, 3, TableValues::Grundy, Play::Normal);
    let row = SequenceRequest::new(3, TableValues::Grundy, Play::Normal);
    for (board, grid_ok, row_ok) in [("mxn", true, false), ("3xn", false, true), ("3x3", false, false)] {
        let game = game(board);
        assert_eq!(game.grid(&grid, &budget).is_ok(), grid_ok, "{board}: grid");
        assert_eq!(game.sequence(&row, &budget).is_ok(), row_ok, "{board}: sequence");
    }
    let e = game("3xn").grid(&grid, &budget).err().unwrap().to_string();
    assert!(e.contains("--board mxn"), "{e}");
    let grid = GridRequest::new(4097, 3, TableValues::Grundy, Play::Normal);
    assert!(game("mxn").grid(&grid, &budget).is_err());
}
