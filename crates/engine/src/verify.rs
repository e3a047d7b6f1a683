//! Theory against search: the evidence behind every closed form.

use num_bigint::BigUint;

use crate::game::Play;

/// What a verification run checked and found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// The game, with its parameters.
    pub game: String,
    /// The closed form that was checked.
    pub theorem: String,
    /// Normal or misère play.
    pub play: Play,
    /// The number of players for an `n`-player verification (standard alliance matrix), `None`
    /// for two-player play.
    pub players: Option<u32>,
    /// Positions in range where the closed form gives no answer and which were therefore not
    /// compared (`n`-player theorems cover some orders of heaps only).
    pub uncovered: usize,
    /// Every number of every position checked was at most this.
    pub bound: u64,
    /// How many positions were compared (up to and including a counterexample).
    pub positions: usize,
    /// The largest number of states the search stored.
    pub search_states: usize,
    /// The first position where theory and search disagree, if any.
    pub counterexample: Option<Counterexample>,
}

/// A position where theory and search disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The position.
    pub position: Vec<BigUint>,
    /// What they disagree on.
    pub problem: String,
}

/// Every vector of `heaps` numbers in `0..=bound` (the box of heap positions), in
/// lexicographic order. `O((bound+1)^heaps)`.
pub fn heap_box(heaps: usize, bound: u64) -> Vec<Vec<BigUint>> {
    let mut out = Vec::new();
    let mut current = vec![0u64; heaps];
    loop {
        out.push(crate::bigint::to_bigs(&current));
        let mut i = heaps;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if current[i] < bound {
                current[i] += 1;
                break;
            }
            current[i] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn heap_box_counts() {
        assert_eq!(super::heap_box(3, 2).len(), 27);
        assert_eq!(super::heap_box(1, 30).len(), 31);
        assert_eq!(super::heap_box(0, 5).len(), 1);
    }
}
