//! Misère quotients of take-and-break games (Plambeck and Siegel).
//!
//! Two positions are *indistinguishable* among a set of positions `A` when no third position
//! of `A` tells them apart in misère play: `o⁻(G + X) = o⁻(H + X)` for every `X ∈ A`. The
//! classes form a commutative monoid `Q` with a *P-portion* `P ⊆ Q`, and a *pretending
//! function* `Φ` sends each heap to its class, so that a sum of heaps is a misère P-position
//! exactly when `Φ(h₁)·Φ(h₂)···Φ(h_k) ∈ P`. `Q_n` is the quotient of the sums of heaps of at
//! most `n` tokens.
//!
//! * [`quotient`] — [`Quotient`]: the monoid as a table with its P-portion, checked
//!   ([`Quotient::check`]), and its [`Presentation`] in the usual notation.
//! * `solver` — `Q_n` heap by heap: conservative extensions checked on every reachable state,
//!   new generators found by trial monoids and their least failures.
//! * [`brute`] — the misère outcome of sums by plain memoized search, to check the quotient.
//!
//! [`compute`] runs heap by heap until `--upto`, the budget, or the periodicity certificate
//! ([`Certificate`]): once `Φ` repeats with preperiod `l` and period `p` on heaps up to `N` and
//! `N ≥ k(l + p) + t − 1` (`t` the largest removal, `k` the most heaps a move leaves), the
//! quotient of every heap is `Q_N` and `Φ` is periodic for ever (docs/misere.md proves it).
//!
//! Exact integers throughout; nothing prints.

pub(crate) mod atlas;
pub(crate) mod brute;
pub(crate) mod genus;
pub(crate) mod quotient;
mod solver;
pub(crate) mod tame;

use serde::Serialize;
use thiserror::Error;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, Exhausted};
use crate::octal::OctalCode;

pub use atlas::{group_same_game, run_misere_atlas, MisereAtlasEntry, MisereGroup};
pub use genus::{genera, Genus};
pub(crate) use quotient::{Presentation, Quotient};

/// Why the quotient could not be computed at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MisereError {
    /// An invariant of the method failed: a bug, reported rather than answered wrongly. Its
    /// text is English on purpose: it is never the caller's fault, and it is read by whoever
    /// fixes the bug (the surfaces say "internal error" in both languages around it).
    #[error("internal error in the misère quotient computation: {0}")]
    Internal(String),
}

/// `Φ` repeats: `Φ(h + period) = Φ(h)` for every `h ≥ preperiod` (heaps from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap of the periodic part (the least).
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// Why `Q_N` is the quotient of all heaps: `Φ(h + p) = Φ(h)` for `l ≤ h ≤ N − p` and
/// `N ≥ k(l + p) + t − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// `l` of the hypothesis.
    pub from: u64,
    /// `p` of the hypothesis.
    pub period: u64,
    /// `N`: every sum of heaps up to it was checked.
    pub bound: u64,
    /// `t`: the most tokens a move removes.
    pub max_removal: u64,
    /// `k`: the most heaps a move leaves of one heap.
    pub max_heaps_left: u64,
}

/// The quotient of the heaps `1..=reached` of a take-and-break game, and whether it is the
/// quotient of all heaps.
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    /// The game.
    pub code: OctalCode,
    /// `Q_n`, `n` = [`MisereQuotient::reached`].
    pub quotient: Quotient,
    /// `Φ(h)` for heaps `0..=reached` (`Φ(0)` is the identity).
    pub phi: Vec<u32>,
    /// The heaps where the presentation changed (not a conservative extension).
    pub expansions: Vec<u64>,
    /// `Φ`'s preperiod and period: certified with the certificate, else as observed on the
    /// heaps computed (if some period shows twice).
    pub periodicity: Option<Periodicity>,
    /// Present when `Q_n` is the quotient of all heaps.
    pub certificate: Option<Certificate>,
    /// What stopped the computation before `--upto` or the certificate, if anything.
    pub stopped: Option<Exhausted>,
    /// The generators: `Φ` of the heaps whose image is not a product of smaller heaps' images.
    pub generators: Vec<u32>,
    /// The heap each generator is the image of.
    pub generator_heaps: Vec<u64>,
}

/// Computes `Q_n` heap by heap, until heap `upto` (when given), the budget runs out, or (without
/// `upto`) the certificate holds. Running out of budget is not an error: the partial quotient
/// comes back with [`MisereQuotient::stopped`] set.
///
/// # Errors
/// [`MisereError::Internal`] when an invariant fails.
pub fn compute(code: &OctalCode, upto: Option<u64>, budget: &Budget) -> Result<MisereQuotient, MisereError> {
    let mut solver = solver::Solver::new(code);
    let mut stopped = None;
    let mut certificate = None;
    loop {
        if upto.is_some_and(|u| solver.reached() as u64 >= u) {
            break;
        }
        match solver.next(budget) {
            Ok(()) => {}
            Err(solver::Stop::Exhausted(e)) => {
                stopped = Some(e);
                break;
            }
            Err(solver::Stop::Internal(msg)) => return Err(MisereError::Internal(msg)),
        }
        certificate = certify(code, &solver.phi);
        if upto.is_none() && certificate.is_some() {
            break;
        }
    }
    let phi = solver.phi;
    let periodicity = match certificate {
        Some(c) => Some(least_period(&phi, c.from, c.period)),
        None => observed_period(&phi),
    };
    let (generators, generator_heaps) = generators_of(&solver.quotient, &phi);
    Ok(MisereQuotient {
        code: code.clone(),
        quotient: solver.quotient,
        phi,
        expansions: solver.expansions,
        periodicity,
        certificate,
        stopped,
        generators,
        generator_heaps,
    })
}

/// The images of heaps that are not products of the images of smaller heaps, in heap order.
fn generators_of(q: &Quotient, phi: &[u32]) -> (Vec<u32>, Vec<u64>) {
    let mut reach = vec![false; q.order()];
    reach[0] = true;
    let (mut gens, mut heaps) = (Vec::new(), Vec::new());
    for (h, &x) in phi.iter().enumerate().skip(1) {
        if reach[x as usize] {
            continue;
        }
        gens.push(x);
        heaps.push(h as u64);
        let mut changed = true;
        while changed {
            changed = false;
            for y in 0..q.order() as u32 {
                if reach[y as usize] {
                    for &g in &gens {
                        let z = q.mul(y, g);
                        if !reach[z as usize] {
                            reach[z as usize] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    (gens, heaps)
}

/// The least `l ≥ 1` with `phi[h + p] = phi[h]` for every `l ≤ h ≤ N − p` (`N` the last heap).
fn start_of_period(phi: &[u32], p: usize) -> usize {
    let n = phi.len() - 1;
    let mut l = (n + 1).saturating_sub(p).max(1);
    while l > 1 && phi[l - 1 + p] == phi[l - 1] {
        l -= 1;
    }
    l
}

/// The certificate at the last heap computed, with the least period that has one.
fn certify(code: &OctalCode, phi: &[u32]) -> Option<Certificate> {
    let n = phi.len() as u64 - 1;
    let t = code.max_removal() as u64;
    let k = code.max_heaps_left() as u64;
    for p in 1..=n / 2 {
        let l = start_of_period(phi, p as usize) as u64;
        if l + p > n {
            continue;
        }
        if n + 1 >= k * (l + p) + t {
            return Some(Certificate { from: l, period: p, bound: n, max_removal: t, max_heaps_left: k });
        }
    }
    None
}

/// The least period (a divisor of `p`) and least preperiod of a sequence certified periodic
/// from `l` with period `p`.
fn least_period(phi: &[u32], l: u64, p: u64) -> Periodicity {
    let (l, p) = (l as usize, p as usize);
    // Φ beyond the heaps computed, by the certified period (a game that leaves at most one heap
    // is certified before `l + 2p`).
    let at = |h: usize| if h < phi.len() { phi[h] } else { phi[l + (h - l) % p] };
    let q = (1..=p).filter(|d| p % d == 0).find(|&d| (l..l + p).all(|h| at(h + d) == at(h))).unwrap_or(p);
    Periodicity { preperiod: start_of_period(phi, q) as u64, period: q as u64 }
}

/// A period seen twice over in the heaps computed, if any (observed only).
fn observed_period(phi: &[u32]) -> Option<Periodicity> {
    let n = phi.len() - 1;
    (1..=n / 3).find_map(|p| {
        let l = start_of_period(phi, p);
        (l + 2 * p <= n).then_some(Periodicity { preperiod: l as u64, period: p as u64 })
    })
}

impl MisereQuotient {
    /// The last heap computed (`n` of `Q_n`).
    pub fn reached(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// `Φ(heap)`: from the table up to [`MisereQuotient::reached`], beyond it by the certified
    /// period; `None` beyond it without a certificate.
    pub fn image(&self, heap: u64) -> Option<u32> {
        if heap <= self.reached() {
            return Some(self.phi[heap as usize]);
        }
        let c = self.certificate?;
        let h = c.from + (heap - c.from) % c.period;
        Some(self.phi[h as usize])
    }

    /// `Φ(heap)` for a heap of any size (see [`MisereQuotient::image`]).
    pub(crate) fn image_big(&self, heap: &BigUint) -> Option<u32> {
        if let Some(small) = heap.to_u64() {
            return self.image(small);
        }
        let c = self.certificate?;
        let h = c.from + ((heap - c.from) % c.period).to_u64()?;
        Some(self.phi[h as usize])
    }

    /// The heap whose `Φ` equals `Φ(heap)` by the certified period (`heap` itself when it was
    /// computed): the heap a reason names, `Φ(1000000) = Φ(80)`.
    pub(crate) fn reduced_heap(&self, heap: &BigUint) -> Option<u64> {
        if let Some(small) = heap.to_u64().filter(|&h| h <= self.reached()) {
            return Some(small);
        }
        let c = self.certificate?;
        Some(c.from + ((heap - c.from) % c.period).to_u64()?)
    }

    /// `k` when the quotient is the tame quotient `T_k` of misère Nim ([`tame::tame_index`]).
    pub fn tame(&self) -> Option<u32> {
        tame::tame_index(&self.quotient)
    }

    /// The image of a sum of heaps, when every heap has one.
    pub(crate) fn image_of_sum(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(0, |acc, &h| Some(self.quotient.mul(acc, self.image(h)?)))
    }

    /// True when the quotient is that of all heaps.
    pub fn is_certified(&self) -> bool {
        self.certificate.is_some()
    }

    /// The presentation by the generators.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(&self.quotient, &self.generators)
    }
}

#[cfg(test)]
mod tests;
