//! Small helpers for the unbounded integers that positions are made of.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// `n` as a [`BigUint`].
pub(crate) fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// The numbers as `u64`s, or `None` if one does not fit.
pub fn to_u64s(numbers: &[BigUint]) -> Option<Vec<u64>> {
    numbers.iter().map(|n| n.to_u64()).collect()
}

/// The numbers as [`BigUint`]s.
pub fn to_bigs(numbers: &[u64]) -> Vec<BigUint> {
    numbers.iter().map(|&n| big(n)).collect()
}

/// `a ^ b ^ ...` of all numbers.
pub(crate) fn xor_all<'a>(numbers: impl IntoIterator<Item = &'a BigUint>) -> BigUint {
    numbers.into_iter().fold(BigUint::default(), |acc, n| acc ^ n)
}

/// The numbers joined with `sep`, e.g. `3^4^5`.
pub(crate) fn join(numbers: &[BigUint], sep: &str) -> String {
    numbers.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(sep)
}

/// The largest integer every JSON reader represents exactly (2^53).
pub const JSON_SAFE: u64 = 1 << 53;

/// Serde helpers for unbounded integers in JSON: a number up to 2^53, a decimal string above
/// (so that no reader rounds a heap).
pub mod json {
    use num_bigint::BigUint;
    use num_traits::ToPrimitive;
    use serde::ser::SerializeSeq;
    use serde::Serializer;

    use super::JSON_SAFE;

    /// One number.
    pub fn number<S: Serializer>(n: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
        match n.to_u64() {
            Some(v) if v <= JSON_SAFE => serializer.serialize_u64(v),
            _ => serializer.collect_str(n),
        }
    }

    /// A list of numbers.
    pub fn numbers<S: Serializer>(ns: &[BigUint], serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(ns.len()))?;
        for n in ns {
            seq.serialize_element(&Number(n))?;
        }
        seq.end()
    }

    /// A borrowed number that serializes as [`number`] does.
    #[derive(Debug, Clone, Copy)]
    pub struct Number<'a>(pub &'a BigUint);

    impl serde::Serialize for Number<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            number(self.0, serializer)
        }
    }

    /// A position: a list of numbers.
    #[derive(Debug, Clone, Copy)]
    pub struct Numbers<'a>(pub &'a [BigUint]);

    impl serde::Serialize for Numbers<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            numbers(self.0, serializer)
        }
    }
}
