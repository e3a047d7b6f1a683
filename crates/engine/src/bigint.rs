//! Small helpers for the unbounded integers that positions are made of.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// `n` as a [`BigUint`].
pub fn big(n: u64) -> BigUint {
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
pub fn xor_all<'a>(numbers: impl IntoIterator<Item = &'a BigUint>) -> BigUint {
    numbers.into_iter().fold(BigUint::default(), |acc, n| acc ^ n)
}

/// The numbers joined with `sep`, e.g. `3^4^5`.
pub fn join(numbers: &[BigUint], sep: &str) -> String {
    numbers.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(sep)
}
