//! Conway's genus of a heap (Winning Ways, ch. 13), by its definition.
//!
//! The genus of a game `G` is `g^{γ₀γ₁γ₂...}`: `g = G⁺(G)` its normal-play Grundy value and
//! `γ_n = G⁻(G + 2 + ... + 2)` (`n` copies of the nim-heap `*2`) misère Grundy values, where
//! `G⁻(0) = 1` and `G⁻(H) = mex{G⁻(H')}` otherwise. The sequence `γ` ends alternating between
//! two values (`γ_{n+2} = γ_n`); it is written up to the first alternating pair: `0^{120}` is
//! `γ = 1, 2, 0, 2, 0, ...`. A heap is tame exactly when its genus is that of a nim-heap.
//!
//! [`genera`] computes `γ_0 .. γ_N` (`N` = [`GAMMAS`]) by memoized search over positions
//! (a multiset of the game's heaps, `a` copies of `*2`, `b` copies of `*1`), so the alternation
//! is observed up to `N`, not proved; the genus is written from the first index from which it
//! alternates up to `N`.

use std::collections::HashMap;

use serde::Serialize;

use crate::budget::{Budget, Exhausted};
use crate::octal::game::MoveMenu;
use crate::octal::OctalCode;
use crate::solve::mex32;

/// The most copies of `*2` added: `γ_0 .. γ_GAMMAS` are computed.
pub(crate) const GAMMAS: u32 = 6;

/// The genus of one heap.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// `g`: the normal-play Grundy value.
    pub grundy: u32,
    /// `γ_0 .. γ_GAMMAS`.
    pub gammas: Vec<u32>,
    /// How many of `gammas` the notation shows (up to the first alternating pair).
    pub shown: usize,
}

impl Genus {
    /// `g^{γ₀γ₁...}` as text: `4^146`; values above 9 are separated by commas (`12^{13,14}`).
    pub fn render(&self) -> String {
        let shown = &self.gammas[..self.shown];
        if shown.iter().all(|&x| x < 10) {
            let digits: String = shown.iter().map(u32::to_string).collect();
            format!("{}^{digits}", self.grundy)
        } else {
            let parts: Vec<String> = shown.iter().map(u32::to_string).collect();
            format!("{}^{{{}}}", self.grundy, parts.join(","))
        }
    }
}

/// A position: the game's heaps (sorted), copies of `*2`, copies of `*1`.
type State = (Vec<u64>, u32, u32);

struct Search<'a> {
    menu: &'a MoveMenu,
    memo: HashMap<State, u32>,
    budget: &'a Budget,
}

impl Search<'_> {
    /// The misère Grundy value `G⁻` of a position (recursion depth at most its tokens).
    fn value(&mut self, state: &State) -> Result<u32, Exhausted> {
        if let Some(&v) = self.memo.get(state) {
            return Ok(v);
        }
        let (heaps, twos, ones) = state;
        let mut seen = Vec::new();
        let mut options: Vec<State> = Vec::new();
        if *twos > 0 {
            options.push((heaps.clone(), twos - 1, ones + 1));
            options.push((heaps.clone(), twos - 1, *ones));
        }
        if *ones > 0 {
            options.push((heaps.clone(), *twos, ones - 1));
        }
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            for (_, leaves) in self.menu.heap_moves(h) {
                let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(leaves.iter().copied().filter(|&l| l > 0));
                next.sort_unstable();
                options.push((next, *twos, *ones));
            }
        }
        self.budget.charge(options.len() as u64 + 1)?;
        let v = if options.is_empty() {
            1
        } else {
            for option in &options {
                seen.push(self.value(option)?);
            }
            mex32(seen.iter().copied())
        };
        self.memo.insert(state.clone(), v);
        Ok(v)
    }
}

/// The genus of the heaps `0..=upto` of `code`, heap by heap until `budget` runs out (one unit
/// per position examined and per option): the genera computed, and what ran out if it did.
pub fn genera(code: &OctalCode, upto: u64, budget: &Budget) -> (Vec<Genus>, Option<Exhausted>) {
    let mut out = Vec::with_capacity(upto as usize + 1);
    let stopped = genera_into(code, upto, budget, &mut out).err();
    (out, stopped)
}

fn genera_into(code: &OctalCode, upto: u64, budget: &Budget, out: &mut Vec<Genus>) -> Result<(), Exhausted> {
    let menu = MoveMenu::of_code(code);
    // Normal-play values by the mex of the nim-sums of the heaps each move leaves.
    let mut grundy: Vec<u32> = Vec::with_capacity(upto as usize + 1);
    for h in 0..=upto {
        let moves = menu.heap_moves(h);
        budget.charge(moves.len() as u64 + 1)?;
        let values: Vec<u32> =
            moves.iter().map(|(_, leaves)| leaves.iter().fold(0, |x, &l| x ^ grundy[l as usize])).collect();
        grundy.push(mex32(values));
    }
    let mut search = Search { menu: &menu, memo: HashMap::new(), budget };
    for h in 0..=upto {
        let heaps = if h == 0 { Vec::new() } else { vec![h] };
        let gammas =
            (0..=GAMMAS).map(|n| search.value(&(heaps.clone(), n, 0))).collect::<Result<Vec<u32>, _>>()?;
        // The first index from which γ alternates (γ_{k+2} = γ_k up to GAMMAS).
        let n = gammas.len();
        let mut from = n - 2;
        while from > 0 && gammas[from - 1] == gammas[from + 1] {
            from -= 1;
        }
        out.push(Genus { grundy: grundy[h as usize], shown: (from + 2).min(n), gammas });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps (`0.3333`: heaps up to 4 are nim-heaps): `0^120`, `1^031`, `2^20`, `3^31`,
    /// `4^46` (Winning Ways: `n^{n, n⊕2}` for `n ≥ 2`).
    #[test]
    fn nim_heaps_have_the_tame_genera() {
        let code: OctalCode = "0.3333".parse().unwrap();
        let g: Vec<String> = genera(&code, 4, &Budget::default()).0.iter().map(Genus::render).collect();
        assert_eq!(g, ["0^120", "1^031", "2^20", "3^31", "4^46"]);
    }

    /// Kayles' first heaps by hand: heap 1 is `*1`, heap 2 (options 1 and 0) is `*2`, heap 3
    /// (options 2, 1 + 1 and 1) has `g = 3` and the genus of `*3`; and `γ_0 = G⁻` is 0 exactly
    /// at the misère P-positions, which the brute-force search of `crate::misere::brute` finds
    /// independently.
    #[test]
    fn kayles_first_heaps_and_gamma_zero_against_brute_force() {
        let code = OctalCode::kayles();
        let (g, stopped) = genera(&code, 10, &Budget::default());
        assert_eq!((g.len(), stopped), (11, None));
        let text: Vec<String> = g.iter().take(4).map(Genus::render).collect();
        assert_eq!(text, ["0^120", "1^031", "2^20", "3^31"]);
        let mut brute = crate::misere::brute::BruteMisere::new(&code);
        for (h, genus) in g.iter().enumerate() {
            let heaps: Vec<u32> = if h == 0 { Vec::new() } else { vec![h as u32] };
            let p = brute.is_p(&heaps, &Budget::default()).unwrap();
            assert_eq!(genus.gammas[0] == 0, p, "heap {h}");
        }
    }
}
