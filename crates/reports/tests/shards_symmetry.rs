//! The shards' split by symmetry, end to end below the command line: boards (rectangles,
//! squares, blocked cells, positions with covered cells, one symmetric under the quarter turns
//! only) split three ways into stores and merged give the value of the plain search and of the
//! mex over every option valued on its own (no symmetry), and every option's reported value is
//! its own value. (The `kill -9` test of the command is `tests/cli/boards.rs`.)

use nimlab_engine::{mex, Budget, GameId, GrundyValue, Lang, Method, Play, Query};
use nimlab_reports::shards::{merge_shards, solve_sharded};
use nimlab_reports::solve::SolveRequest;
use nimlab_store::Shard;
use num_bigint::BigUint;

fn request(spec: &str, position: &[u64]) -> SolveRequest {
    SolveRequest {
        spec: spec.parse::<GameId>().unwrap(),
        position: position.iter().map(|&n| BigUint::from(n)).collect(),
        play: Play::Normal,
        method: Method::Auto,
        players: None,
        max_moves: usize::MAX,
        lang: Lang::En,
    }
}

/// The value of a position by the plain (generic) search.
fn searched(request: &SolveRequest, numbers: &[BigUint], budget: &Budget) -> u64 {
    let game = request.spec.registered().expect("a registered game").build(budget).unwrap();
    let numbers = game.check_position(numbers).unwrap();
    let query = Query { method: Method::Search, ..Query::default() };
    match game.analyze(&numbers, &query, budget).unwrap().grundy {
        GrundyValue::Value(value) => u64::try_from(value).unwrap(),
        other => panic!("{}: no value: {other:?}", request.spec),
    }
}

/// Splits `request` three ways, merges, and checks the answer against the searches; returns the
/// number of options and of classes.
fn check(spec: &str, position: &[u64]) -> (u64, u64) {
    let budget = Budget::default();
    let request = request(spec, position);
    let dir = tempfile::tempdir().unwrap();
    let mut stores = Vec::new();
    let mut owned = 0;
    for index in 0..3 {
        let store = dir.path().join(format!("{index}.sqlite"));
        let report = solve_sharded(&request, &store, Some(Shard { index, count: 3 }), &budget).unwrap();
        assert_eq!(report.computed, report.owned, "{spec}");
        owned += report.owned;
        stores.push(store);
    }
    let all = dir.path().join("all.sqlite");
    merge_shards(&all, &stores).unwrap();
    let merged = solve_sharded(&request, &all, None, &budget).unwrap();
    assert_eq!((merged.classes, merged.stored, merged.computed), (owned, owned, 0), "{spec}");
    assert_eq!(merged.values.len() as u64, merged.options, "{spec}: every option is listed");
    // Without symmetry: every option valued on its own, and its reported value is that one.
    let own: Vec<u64> = merged.values.iter().map(|v| searched(&request, &v.to.to, &budget)).collect();
    for (option, &value) in merged.values.iter().zip(&own) {
        assert_eq!(option.value, value, "{spec} {position:?}: {}", option.to.text);
    }
    let plain = searched(&request, &request.position, &budget);
    assert_eq!(merged.grundy, Some(mex(own)), "{spec} {position:?}");
    assert_eq!(merged.grundy, Some(plain), "{spec} {position:?}");
    (merged.options, merged.classes)
}

#[test]
fn shards_by_symmetry_equal_the_plain_search() {
    // Rectangles: the half turn and the mirrors.
    assert_eq!(check("cram --board 3x5", &[]), (22, 7));
    assert_eq!(check("cram --board 2x5", &[]), (13, 5));
    // A square: all eight symmetries (24 dominoes in 4 classes: at a corner, mid-edge, beside an edge, central).
    assert_eq!(check("cram --board 4x4", &[]), (24, 4));
    // Blocked cells: only the diagonal through the blocked corner is left, which takes every
    // domino to another (a row's to a column's): pairs.
    assert_eq!(check("cram --board #.../..../..../....", &[]), (22, 11));
    // Holes placed symmetrically, and none.
    check("cram --board ..#../...../..#..", &[]);
    check("cram --board .#../..../...#", &[]);
    // Covered cells: two opposite corners of a square, and a pinwheel (quarter turns only).
    check("cram --board 4x4", &[0, 15]);
    check("cram --board 4x4", &[1, 7, 14, 8]);
    check("cram --board 3x4", &[1, 2]);
    // Node-Kayles on a grid is on a board too; a game with no symmetry has a class per option.
    check("node-kayles --graph grid:3x4", &[]);
    let (options, classes) = check("chomp", &[4, 3, 2]);
    assert_eq!(options, classes);
}
