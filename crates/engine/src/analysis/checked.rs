//! [`CheckedPosition`]: a position a game's rules accepted, the only kind of position the
//! engine's answers take (as shakmaty's `Setup` becomes a `Position` only through its rules).

use std::ops::Deref;

use num_bigint::BigUint;

use crate::budget::HeldBytes;

/// A position's numbers after its game's check ([`crate::AnyGame::check_position`]): valid for
/// the game and in full form (defaults filled in). Only the engine builds one, so a surface
/// cannot hand an answer numbers that skipped the rules; its numbers are read-only.
///
/// ```
/// use nimlab_engine::{Budget, GameSpec};
///
/// let game = "wythoff".parse::<GameSpec>().unwrap().build(&Budget::default()).unwrap();
/// let position = game.check_position(&[3u32.into(), 5u32.into()]).unwrap();
/// assert_eq!(position.numbers(), [3u32.into(), 5u32.into()]);
/// assert!(game.check_position(&[3u32.into()]).is_err());
/// ```
///
/// Outside the engine, numbers cannot be wrapped without the check:
///
/// ```compile_fail,E0624
/// let position = nimlab_engine::CheckedPosition::new(vec![3u32.into()]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CheckedPosition {
    numbers: Vec<BigUint>,
}

impl CheckedPosition {
    /// Numbers a ruleset's check accepted and returned.
    pub(crate) fn new(numbers: Vec<BigUint>) -> Self {
        CheckedPosition { numbers }
    }

    /// The numbers, in full form.
    pub fn numbers(&self) -> &[BigUint] {
        &self.numbers
    }

    /// The numbers, owned.
    pub fn into_numbers(self) -> Vec<BigUint> {
        self.numbers
    }
}

impl Deref for CheckedPosition {
    type Target = [BigUint];

    /// Read-only access to the numbers.
    fn deref(&self) -> &[BigUint] {
        &self.numbers
    }
}

impl PartialEq<Vec<BigUint>> for CheckedPosition {
    /// The same numbers.
    fn eq(&self, other: &Vec<BigUint>) -> bool {
        self.numbers == *other
    }
}

impl HeldBytes for CheckedPosition {
    /// Its numbers' bytes, by capacity: what a report listing many moves holds for each target.
    fn heap_bytes(&self) -> u64 {
        self.numbers.heap_bytes()
    }
}

/// A position the engine's unit tests state in full form, without a ruleset's check (each
/// ruleset's check is tested on its own).
#[cfg(test)]
pub(crate) fn trusted(numbers: &[BigUint]) -> CheckedPosition {
    CheckedPosition::new(numbers.to_vec())
}
