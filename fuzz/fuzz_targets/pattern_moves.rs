//! Take patterns: `pattern --piles K --move ...` with fuzzed move texts never panics while
//! parsing, validating or building; a built game round-trips through `Display`, and lists the
//! moves of a small position and analyses it under a small budget without panicking.
//!
//! Input: the first byte gives K (0 to 33, so 0 and 33 are out of range), the rest is the move
//! texts, one per line.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab_engine::{BigUint, Budget, GameSpec, Lang, Method, Play, Query};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let piles = (first % 34).to_string();
    let mut pairs = vec![("piles", piles.as_str())];
    pairs.extend(text.split('\n').take(8).map(|m| ("move", m)));
    let Ok(spec) = GameSpec::from_pairs("pattern", &pairs) else { return };
    let shown = spec.to_string();
    let again: GameSpec = shown.parse().unwrap_or_else(|e| panic!("{pairs:?} printed as {shown:?}: {e}"));
    assert_eq!(again, spec, "{pairs:?} printed as {shown:?}");
    let budget = Budget::new(20_000);
    let Ok(game) = spec.build(&budget) else { return };
    // A small position: pile i holds (i * 7 + first) % 6 stones.
    let position: Vec<BigUint> =
        (0..u64::from(first % 34)).map(|i| BigUint::from((i * 7 + u64::from(first)) % 6)).collect();
    let _ = game.options(&position, &budget, Lang::Zh);
    let query = Query { max_moves: 4, lang: Lang::Zh, ..Query::new(Method::Search, Play::Normal) };
    let _ = game.analyze(&position, &query, &Budget::new(20_000));
});
