//! What is known of one heap's Grundy value, and the moves of one heap to a given value: by the
//! certified period for heaps of any size, or from the computed sequence for the heaps it covers.
//!
//! A two-heap split of `r` tokens has `r/2` options, so listing the winning ones of a large heap
//! one by one is out of the question. With a certified period `p` from `l`, the split `(a, r - a)`
//! with `a >= l` has the value `G(l + (a - l) mod p) ^ G(l + (r - a - l) mod p)`, which depends on
//! `a mod p` only: the winning `a >= l + p` form whole residue classes, counted by a division and
//! listed in increasing order class by class. So a heap of any size costs `O(l + p)` per split
//! digit; the small `a < l + p` are examined one by one.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::octal::game::MoveMenu;
use crate::octal::{CertifiedPeriod, Sequence};

/// The most three-heap splits examined for one heap (hexadecimal codes): a heap of `r` tokens has
/// about `r²/12` of them. Beyond this the listing stops and the count is unknown.
pub(crate) const MAX_TRIPLES: u64 = 10_000_000;

/// What is known of `G(n)`.
#[derive(Debug)]
pub(crate) enum Known {
    /// Certified periodic: every heap.
    Periodic(CertifiedPeriod),
    /// `G(0..len)` computed exactly, no period certified (or none can be: Grundy's game).
    Prefix(Sequence),
}

/// The moves of one heap to a given value: `(tokens taken, heaps left ascending)`, in the order
/// of the rules (whole, take, two-heap splits by the smaller heap, three-heap splits), the first
/// ones up to a limit, and how many there are in all when known.
#[derive(Debug, Default)]
pub(crate) struct HeapMoves {
    pub listed: Vec<(u64, Vec<BigUint>)>,
    /// `None` when not counted (three-heap splits of a heap beyond [`MAX_TRIPLES`]).
    pub count: Option<BigUint>,
}

/// Collects moves up to `max`, counting them all.
struct Collector {
    max: usize,
    moves: HeapMoves,
}

impl Collector {
    /// Counts a move, and lists it while there is room (`leaves` is only built then).
    fn add(&mut self, take: u64, leaves: impl FnOnce() -> Vec<BigUint>) {
        self.count(BigUint::from(1u8));
        if self.room() > 0 {
            self.moves.listed.push((take, leaves()));
        }
    }

    fn count(&mut self, n: BigUint) {
        if let Some(count) = self.moves.count.as_mut() {
            *count += n;
        }
    }

    fn room(&self) -> usize {
        self.max - self.moves.listed.len()
    }
}

impl Known {
    /// `G(n)`, when known. `O(size of n)`.
    pub(super) fn value(&self, n: &BigUint) -> Option<u32> {
        match self {
            Known::Periodic(c) => Some(c.value_big(n)),
            Known::Prefix(_) => self.small_value(n.to_u64()?),
        }
    }

    /// `G(n)` for a heap that fits 64 bits, when known. `O(1)`.
    pub(super) fn small_value(&self, n: u64) -> Option<u32> {
        match self {
            Known::Periodic(c) => Some(c.value(n)),
            Known::Prefix(sequence) => sequence.value(n),
        }
    }

    /// Values computed: the heaps below it are known (every heap when periodic: `None`).
    pub(super) fn computed(&self) -> Option<u64> {
        match self {
            Known::Periodic(_) => None,
            Known::Prefix(sequence) => Some(sequence.len()),
        }
    }

    /// `s -> G(r - s)` for `s <= r`: by a residue when `r` exceeds 64 bits (then `r - s` is in
    /// the periodic part for every `s` that fits 64 bits, which are the only ones asked for).
    fn rest_values<'a>(&'a self, r: &BigUint) -> Option<Box<dyn Fn(u64) -> Option<u32> + 'a>> {
        if let Some(r) = r.to_u64() {
            return Some(Box::new(move |s| self.small_value(r - s)));
        }
        let Known::Periodic(c) = self else { return None };
        let (l, p) = (c.preperiod, c.period);
        let rho = ((r - l) % p).to_u64()?;
        Some(Box::new(move |s| Some(c.values.get((l + (rho + p - s % p) % p) as usize))))
    }

    /// The moves of a heap of `heap` tokens to heaps of value `target`, listing at most `max`;
    /// `None` when `G(heap)` is not known. Time `O(l + p)` per split digit with a period,
    /// `O(heap)` per split digit from the prefix, `O(min(heap², MAX_TRIPLES))` per three-heap digit.
    pub(super) fn moves_to(
        &self,
        menu: &MoveMenu,
        heap: &BigUint,
        target: u32,
        max: usize,
    ) -> Option<HeapMoves> {
        self.value(heap)?;
        let mut found =
            Collector { max, moves: HeapMoves { listed: Vec::new(), count: Some(BigUint::zero()) } };
        for &j in &menu.whole {
            if *heap == BigUint::from(j) && target == 0 {
                found.add(j as u64, Vec::new);
            }
        }
        for &j in &menu.take {
            if *heap > BigUint::from(j) {
                let left = heap - j;
                if self.value(&left)? == target {
                    found.add(j as u64, || vec![left]);
                }
            }
        }
        for &j in &menu.split {
            if *heap >= BigUint::from(j + 2) {
                self.pairs_to(&(heap - j), j as u64, menu.unequal, target, &mut found)?;
            }
        }
        for &j in &menu.split3 {
            if *heap >= BigUint::from(j + 3) {
                self.triples_to(&(heap - j), j as u64, target, &mut found)?;
            }
        }
        Some(found.moves)
    }

    /// The two-heap splits `(a, r - a)`, `1 <= a <= r - a` (`a < r - a` when `unequal`), of
    /// value `target`.
    fn pairs_to(
        &self,
        r: &BigUint,
        take: u64,
        unequal: bool,
        target: u32,
        found: &mut Collector,
    ) -> Option<()> {
        let mut last: BigUint = r / 2u8;
        if unequal && (r % 2u8).is_zero() {
            last -= 1u8;
        }
        let rest = self.rest_values(r)?;
        let pair = |a: u64| vec![BigUint::from(a), r - a];
        // Small a one by one: all of them, or those below l + p when a period covers the rest.
        let periodic = match self {
            Known::Periodic(c) if last >= BigUint::from(c.preperiod + c.period) => Some(c),
            _ => None,
        };
        let one_by_one = match periodic {
            Some(c) => c.preperiod + c.period - 1,
            None => last.to_u64()?,
        };
        for a in 1..=one_by_one {
            if self.small_value(a)? ^ rest(a)? == target {
                found.add(take, || pair(a));
            }
        }
        let Some(c) = periodic else { return Some(()) };
        // a = l + p + class + k·p >= l + p: G(a) = G(l + class) and G(r - a) depend on the class
        // only (r - a >= r/2 >= l + p is periodic too).
        let (l, p) = (c.preperiod, c.period);
        let winning: Vec<u64> = (0..p)
            .filter(|&class| c.values.get((l + class) as usize) ^ rest(l + p + class).unwrap_or(0) == target)
            .collect();
        for &class in &winning {
            let first = BigUint::from(l + p + class);
            if first <= last {
                found.count((&last - &first) / p + 1u8);
            }
        }
        for k in 0u64.. {
            for &class in &winning {
                let a = l + p + class + k * p;
                if found.room() == 0 || BigUint::from(a) > last {
                    return Some(());
                }
                found.moves.listed.push((take, pair(a)));
            }
            if winning.is_empty() {
                return Some(());
            }
        }
        Some(())
    }

    /// The three-heap splits `a <= b <= c`, `a + b + c = r`, of value `target`: all of them when
    /// there are at most [`MAX_TRIPLES`], else the first ones found among that many (uncounted).
    fn triples_to(&self, r: &BigUint, take: u64, target: u32, found: &mut Collector) -> Option<()> {
        let complete = r.to_u64().is_some_and(|r| r.saturating_mul(r) / 12 <= MAX_TRIPLES);
        if !complete {
            found.moves.count = None;
        }
        let rest = self.rest_values(r)?;
        // a and b fit 64 bits: at most MAX_TRIPLES triples are examined. Beyond 64 bits every
        // b examined is far below r / 2.
        let small_r = r.to_u64();
        let third = small_r.map_or(u64::MAX, |r| r / 3);
        let mut examined = 0u64;
        for a in 1..=third {
            let ga = self.small_value(a)?;
            let mut b = a;
            while examined < MAX_TRIPLES && small_r.is_none_or(|r| a + 2 * b <= r) {
                examined += 1;
                if ga ^ self.small_value(b)? ^ rest(a + b)? == target {
                    let leaves = || vec![BigUint::from(a), BigUint::from(b), r - (a + b)];
                    if complete {
                        found.add(take, leaves);
                    } else if found.room() > 0 {
                        found.moves.listed.push((take, leaves()));
                    } else {
                        return Some(());
                    }
                }
                b += 1;
            }
            if examined >= MAX_TRIPLES {
                break;
            }
        }
        Some(())
    }
}
