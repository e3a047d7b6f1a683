//! `GameSpec` text: `FromStr` never panics, and a parsed spec round-trips through `Display`
//! (the text it prints parses back to the same spec, and prints the same text again).

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab_engine::GameSpec;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(spec) = text.parse::<GameSpec>() else { return };
    let shown = spec.to_string();
    let again: GameSpec =
        shown.parse().unwrap_or_else(|e| panic!("{text:?} printed as {shown:?}, which does not parse: {e}"));
    assert_eq!(again, spec, "{text:?} printed as {shown:?}");
    assert_eq!(again.to_string(), shown);
});
