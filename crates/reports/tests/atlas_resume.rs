//! The atlas path end to end below the command line: an interrupted atlas resumes with every row
//! exactly once, and four shards merged equal the unsharded atlas. (The `kill -9` test of the
//! command is `tests/cli/octal.rs`.)

use std::sync::atomic::{AtomicUsize, Ordering};

use nimlab_engine::octal::{expand_pattern, group_codes, run_atlas, AtlasRunError, CodeGroup};
use nimlab_engine::{Budget, Exhausted};
use nimlab_reports::atlas::row_of;
use nimlab_store::{AtlasStore, Shard};

const UPTO: u64 = 20_000;

fn groups() -> Vec<CodeGroup> {
    group_codes(&expand_pattern("?.??", 1000).unwrap())
}

/// Runs the groups not yet done in `store`, recording each as it finishes; `stop_after` cancels
/// the budget once that many rows are recorded (an interruption).
fn run_into(store: &AtlasStore, groups: &[CodeGroup], stop_after: Option<usize>) {
    let todo: Vec<CodeGroup> = groups
        .iter()
        .filter(|g| !store.is_done(&g.representative.to_string(), UPTO).unwrap())
        .cloned()
        .collect();
    let budget = Budget::new(u64::MAX);
    let cancel = budget.cancel_handle();
    let recorded = AtomicUsize::new(0);
    let result = run_atlas(&todo, UPTO, &budget, |entry| {
        store.record(&row_of(entry)).unwrap();
        if stop_after.is_some_and(|n| recorded.fetch_add(1, Ordering::SeqCst) + 1 >= n) {
            cancel.cancel();
        }
    });
    match (result, stop_after) {
        (Ok(_), None) | (Err(AtlasRunError::Exhausted { cause: Exhausted::Cancelled, .. }), Some(_)) => {}
        (other, _) => panic!("unexpected end of the atlas: {other:?}"),
    }
}

#[test]
fn an_interrupted_atlas_resumes_with_every_row_once_and_shards_merge_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let groups = groups();
    let whole = AtlasStore::open(&dir.path().join("whole.sqlite")).unwrap();
    run_into(&whole, &groups, None);
    let expected = whole.rows().unwrap();
    assert_eq!(expected.len(), groups.len());
    let kayles = expected.iter().find(|r| r.code == "0.77").unwrap();
    assert_eq!((kayles.certified, kayles.preperiod, kayles.period), (true, Some(71), Some(12)));

    // Interrupted after 10 rows, the store closed, reopened and the run resumed.
    let path = dir.path().join("resumed.sqlite");
    {
        let store = AtlasStore::open(&path).unwrap();
        run_into(&store, &groups, Some(10));
        let partial = store.rows().unwrap().len();
        assert!((10..groups.len()).contains(&partial), "{partial} rows after the interruption");
    }
    let store = AtlasStore::open(&path).unwrap();
    run_into(&store, &groups, None);
    assert_eq!(store.rows().unwrap(), expected);

    // Four shards, each computing only its codes, merged.
    let merged = AtlasStore::open(&dir.path().join("merged.sqlite")).unwrap();
    for index in 0..4 {
        let shard = Shard { index, count: 4 };
        let mine: Vec<CodeGroup> =
            groups.iter().filter(|g| shard.owns(&g.representative.to_string())).cloned().collect();
        let shard_path = dir.path().join(format!("shard-{index}.sqlite"));
        run_into(&AtlasStore::open(&shard_path).unwrap(), &mine, None);
        merged.merge_from(&shard_path).unwrap();
    }
    assert_eq!(merged.rows().unwrap(), expected);
}
