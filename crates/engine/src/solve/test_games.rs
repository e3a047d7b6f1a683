//! Small games shared by the solvers' unit tests.

use crate::game::Game;

/// Nim on heap vectors; the canonical form keeps the non-empty heaps, sorted.
pub(crate) struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for v in 0..heaps[i] {
                let mut o = heaps.clone();
                o[i] = v;
                out.push(o);
            }
        }
        out
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut h: Vec<u64> = heaps.iter().copied().filter(|&x| x > 0).collect();
        h.sort_unstable();
        h
    }
}
