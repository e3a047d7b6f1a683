//! Sweep families (`periodicity::Family`): `parse` and `members` never panic; every member set
//! is sorted, distinct and positive; the definition text is stable.
//!
//! Input: the first line is `--set`, each further line an `--add` (at most three).

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab_engine::periodicity::parse_family_set as parse_set;
use nimlab_engine::periodicity::Family;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.split('\n');
    let set = lines.next().unwrap_or("");
    let adds: Vec<String> = lines.take(3).map(str::to_string).collect();
    if let Ok(members) = parse_set(set) {
        assert!(members.windows(2).all(|w| w[0] < w[1]) && members[0] >= 1, "{set:?}: {members:?}");
    }
    let Ok(family) = Family::parse(set, &adds) else { return };
    assert_eq!(family.definition(), family.definition());
    let Ok(members) = family.members() else { return };
    for member in &members {
        assert!(!member.set.is_empty(), "{set:?} {adds:?}: an empty set");
        assert!(member.set.windows(2).all(|w| w[0] < w[1]), "{set:?} {adds:?}: {:?}", member.set);
        assert!(member.set[0] >= 1, "{set:?} {adds:?}: {:?}", member.set);
    }
});
