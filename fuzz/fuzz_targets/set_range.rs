//! The set and range grammar (`spec::grammar`): no panic on any text; a parsed set is sorted,
//! without duplicates, every member at least the minimum, at most `MAX_SET_MEMBERS` members, and
//! it round-trips through `set_text`; a parsed range is non-empty; counts and naturals agree on
//! the texts both accept.
//!
//! Texts whose ranges add up to more than [`EXPANDED`] members skip `parse_set` (the ranges are
//! still parsed): expanding up to a million members per input would slow the fuzzer a hundredfold,
//! and the limit itself is checked before any member is stored (unit tests in `spec::grammar`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab_engine::{
    parse_count, parse_natural, parse_range, parse_set, set_text, MAX_SET_MEMBERS,
};
use nimlab_engine::BigUint;

/// The most members a fuzzed set may expand to.
const EXPANDED: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let min = u64::from(first % 4);
    let expanded = text
        .split(',')
        .filter_map(|item| parse_range(item).ok())
        .fold(0u64, |sum, (low, high)| sum.saturating_add(high - low).saturating_add(1));
    if expanded > EXPANDED {
        return;
    }
    if let Ok(members) = parse_set(text, min) {
        assert!(!members.is_empty(), "{text:?}: an empty set");
        assert!(members.len() as u64 <= MAX_SET_MEMBERS, "{text:?}: {} members", members.len());
        assert!(members.windows(2).all(|w| w[0] < w[1]), "{text:?}: not sorted and distinct");
        assert!(members[0] >= min, "{text:?}: a member below {min}");
        let shown = set_text(&members);
        assert_eq!(parse_set(&shown, min).as_ref(), Ok(&members), "{text:?} printed as {shown:?}");
    }
    if let Ok((low, high)) = parse_range(text) {
        assert!(low <= high, "{text:?}: {low}..{high}");
    }
    if let Ok(count) = parse_count(text) {
        assert_eq!(parse_natural(text), Ok(BigUint::from(count)), "{text:?}");
    }
});
