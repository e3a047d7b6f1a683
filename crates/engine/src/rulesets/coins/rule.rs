//! One-dimensional coin-turning rules ([`CoinRule`]): which sets of coins a move may turn over,
//! the value of a single head by closed form where one is proved ([`ClosedForm`]), by the
//! recursion over its moves otherwise ([`head_values`]), and the moves of a head that change the
//! value by a given amount ([`CoinRule::moves_with_xor`]).
//!
//! Coins are numbered `first, first + 1, ...` from the left; a move turns over a set of coins
//! whose rightmost goes from heads to tails. In a game numbered from 1, coin 0 is a dummy: no move
//! turns it, so a head there is worth 0 (Winning Ways' convention that makes "turn one or two
//! coins" numbered from 1 the same game as "turn exactly two" numbered from 0).
//!
//! The decomposition theorem (Winning Ways ch. 14; ONAG ch. 6): a position is the disjunctive sum
//! of its heads, each a game of its own, so its value is the nim-sum of its heads' values. Proof
//! sketch: turning a tails coin to heads adds a game; turning a heads coin (not the rightmost)
//! to tails removes one, which is the same as adding a second copy of it, since `G + G = 0`; so a
//! move from a head at `n` turning the coins `A` to its left changes the value by
//! `G(n) ^ XOR G(A)` whatever the other coins show, and the mex rule gives
//! `G(n) = mex { XOR G(A) : A a move of n }` by induction on the row. The tests compare this with
//! a search of every row as a bitmask.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::budget::{Budget, Exhausted};
use crate::lang::{say, Lang};

/// The sets of coins a move may turn over, with `n` (the rightmost, heads to tails) and `A`
/// (the others, all to the left of `n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CoinRule {
    /// The number of the leftmost coin (0 or 1); a coin numbered below it is a dummy.
    pub first: u64,
    /// At most this many coins are turned (`None`: any number).
    pub most: Option<u64>,
    /// Exactly `most` coins are turned.
    pub exactly: bool,
    /// The coins turned are consecutive.
    pub consecutive: bool,
    /// The coins turned lie within `span` consecutive coins (`None`: anywhere to the left).
    pub span: Option<u64>,
}

/// A head's value by a proved closed form, in terms of `k = n - first + 1` (the coin's rank,
/// from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClosedForm {
    /// Every head is worth 1 (a move turns the head alone).
    One,
    /// Every head is worth 0 (a head never moves: `exactly` with too few coins).
    Zero,
    /// `G = k` (Turning Turtles: one coin, and optionally one to its left).
    Rank,
    /// `G = ((k - 1) mod s) + 1` (one coin, and optionally one of the `s - 1` to its left).
    RankMod(u64),
    /// `G = k - 1` (Twins: exactly two coins).
    RankBelow,
    /// `G = (k - 1) mod s` (exactly two coins, at most `s` apart).
    RankBelowMod(u64),
    /// `G = 2^min(v(k), cap)`, `v(k)` the exponent of 2 in `k` (`None`: no cap; Ruler).
    Ruler(Option<u32>),
    /// `G = 2m or 2m + 1, whichever is odious`, `m = k - 1` (Mock Turtles).
    Odious,
}

impl ClosedForm {
    /// The value of the coin of rank `k >= 1`.
    pub(crate) fn value(self, k: &BigUint) -> BigUint {
        let one = BigUint::one();
        match self {
            ClosedForm::One => one,
            ClosedForm::Zero => BigUint::zero(),
            ClosedForm::Rank => k.clone(),
            ClosedForm::RankMod(s) => ((k - &one) % s) + one,
            ClosedForm::RankBelow => k - one,
            ClosedForm::RankBelowMod(s) => (k - one) % s,
            ClosedForm::Ruler(cap) => {
                let v = k.trailing_zeros().unwrap_or(0);
                let v = cap.map_or(v, |c| v.min(u64::from(c)));
                one << v
            }
            ClosedForm::Odious => {
                let m = k - &one;
                let evil = m.count_ones().is_multiple_of(2);
                (m << 1u8) + BigUint::from(u8::from(evil))
            }
        }
    }

    /// The value of the coin of rank `k >= 1` in 64 bits (`None` when it does not fit).
    pub(crate) fn value_u64(self, k: u64) -> Option<u64> {
        Some(match self {
            ClosedForm::One => 1,
            ClosedForm::Zero => 0,
            ClosedForm::Rank => k,
            ClosedForm::RankMod(s) => (k - 1) % s + 1,
            ClosedForm::RankBelow => k - 1,
            ClosedForm::RankBelowMod(s) => (k - 1) % s,
            ClosedForm::Ruler(cap) => {
                let v = k.trailing_zeros();
                1u64 << cap.map_or(v, |c| v.min(c))
            }
            ClosedForm::Odious => {
                let m = k - 1;
                m.checked_mul(2)? + u64::from(m.count_ones().is_multiple_of(2))
            }
        })
    }

    /// The formula in words.
    pub(crate) fn formula(self, lang: Lang) -> String {
        match self {
            ClosedForm::One => "G(k) = 1".into(),
            ClosedForm::Zero => "G(k) = 0".into(),
            ClosedForm::Rank => "G(k) = k".into(),
            ClosedForm::RankMod(s) => format!("G(k) = ((k - 1) mod {s}) + 1"),
            ClosedForm::RankBelow => "G(k) = k - 1".into(),
            ClosedForm::RankBelowMod(s) => format!("G(k) = (k - 1) mod {s}"),
            ClosedForm::Ruler(None) => {
                lang.pick("G(k) = the largest power of 2 dividing k", "G(k) = 整除 k 的最大 2 的幂").into()
            }
            ClosedForm::Ruler(Some(c)) => say!(
                lang,
                "G(k) = the largest power of 2 dividing k, at most {}",
                "G(k) = 整除 k 的最大 2 的幂，至多 {}",
                1u64 << c
            ),
            ClosedForm::Odious => lang
                .pick(
                    "G(k) = 2(k - 1) or 2(k - 1) + 1, whichever is odious",
                    "G(k) = 2(k - 1) 与 2(k - 1) + 1 中二进制 1 的个数为奇数的那个",
                )
                .into(),
        }
    }
}

/// The Gray code of `x`, `x ^ (x >> 1)`: the nim-sum of the ruler values `2^v(1..=x)`.
fn gray(x: &BigUint) -> BigUint {
    x ^ (x >> 1u8)
}

/// The inverse of [`gray`]: `x ^ (x >> 1) ^ (x >> 2) ^ ...`, in `O(log bits)` shifts.
fn gray_inverse(g: &BigUint) -> BigUint {
    let mut x = g.clone();
    let mut shift = 1u64;
    while shift < g.bits().max(1) {
        x = &x ^ (&x >> shift);
        shift *= 2;
    }
    x
}

impl CoinRule {
    /// The largest number of other coins a move turns with the rightmost (`u64::MAX`: any).
    fn most_others(&self) -> u64 {
        self.most.map_or(u64::MAX, |m| m.saturating_sub(1))
    }

    /// The lowest coin a move whose rightmost is `n` may turn.
    pub(crate) fn window_low(&self, n: u64) -> u64 {
        let low = self.span.map_or(0, |s| (n + 1).saturating_sub(s));
        low.max(self.first)
    }

    /// True when a move may turn `count` other coins with the rightmost.
    fn allows(&self, count: u64) -> bool {
        if self.exactly {
            count == self.most_others()
        } else {
            count <= self.most_others()
        }
    }

    /// The closed form of a head's value, when one is proved for this rule (module docs of
    /// `coins`).
    pub(crate) fn closed_form(&self) -> Option<ClosedForm> {
        let most = self.most.unwrap_or(u64::MAX);
        let span = self.span.unwrap_or(u64::MAX);
        if most == 0 {
            return Some(ClosedForm::Zero);
        }
        if self.exactly {
            return match most {
                1 => Some(ClosedForm::One),
                _ if span < most => Some(ClosedForm::Zero),
                2 if self.consecutive => Some(ClosedForm::RankBelowMod(2)),
                2 if span == u64::MAX => Some(ClosedForm::RankBelow),
                2 => Some(ClosedForm::RankBelowMod(span)),
                _ => None,
            };
        }
        if most == 1 || span == 1 {
            return Some(ClosedForm::One);
        }
        if self.consecutive {
            let e = most.min(span);
            return Some(ClosedForm::Ruler((e != u64::MAX).then(|| e.ilog2())));
        }
        match (most, span) {
            (2, u64::MAX) => Some(ClosedForm::Rank),
            (2, s) => Some(ClosedForm::RankMod(s)),
            (3, u64::MAX) => Some(ClosedForm::Odious),
            _ => None,
        }
    }

    /// Calls `visit` with each move of a head at `n` (the other coins turned, in increasing
    /// order), until it returns `false`; `false` when it was stopped.
    pub(crate) fn for_each_move(&self, n: u64, visit: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        if n < self.first {
            return true;
        }
        let low = self.window_low(n);
        let room = n - low;
        if self.consecutive {
            let mut block: Vec<u64> = Vec::new();
            for length in 0..=room.min(self.most_others()) {
                if length > 0 {
                    block.insert(0, n - length);
                }
                if self.allows(length) && !visit(&block) {
                    return false;
                }
            }
            return true;
        }
        let most = room.min(self.most_others());
        let mut chosen: Vec<u64> = Vec::new();
        subsets(low, n, most, self, &mut chosen, visit)
    }

    /// The number of moves of a head at `n` (saturating).
    pub(crate) fn move_count(&self, n: u64) -> u128 {
        if n < self.first {
            return 0;
        }
        let room = u128::from(n - self.window_low(n));
        let most = room.min(u128::from(self.most_others()));
        let sizes = if self.exactly { most..=most } else { 0..=most };
        if self.exactly && u128::from(self.most_others()) > room {
            return 0;
        }
        if self.consecutive {
            return sizes.count() as u128;
        }
        sizes.fold(0u128, |total, c| total.saturating_add(binomial(room, c)))
    }

    /// The value of a head at `n` by the closed form, if there is one (a dummy coin: 0).
    pub(crate) fn closed_value(&self, n: &BigUint) -> Option<BigUint> {
        let first = BigUint::from(self.first);
        if *n < first {
            return Some(BigUint::zero());
        }
        self.closed_form().map(|form| form.value(&(n - first + 1u8)))
    }

    /// Moves of a head at `n` whose other coins' values have the nim-sum `d` (so that the move
    /// changes the position's value by `G(n) ^ d`), by the closed form's inverse: at most `limit`
    /// of them, and whether they are all. `None` when the rule has no such inverse (then
    /// [`CoinRule::for_each_move`] enumerates them).
    pub(crate) fn moves_with_xor(
        &self,
        n: &BigUint,
        d: &BigUint,
        limit: usize,
    ) -> Option<(Vec<Vec<BigUint>>, bool)> {
        let first = BigUint::from(self.first);
        let one = BigUint::one();
        if *n < first {
            return Some((Vec::new(), true));
        }
        let form = self.closed_form()?;
        let k = n - &first + 1u8;
        let coin = |rank: &BigUint| rank + &first - 1u8;
        let single = |rank: Option<BigUint>| -> (Vec<Vec<BigUint>>, bool) {
            match rank {
                Some(r) if r >= one && r < k && limit > 0 => (vec![vec![coin(&r)]], true),
                Some(r) if r >= one && r < k => (Vec::new(), false),
                _ => (Vec::new(), true),
            }
        };
        let empty = || (if limit > 0 { vec![Vec::new()] } else { Vec::new() }, limit > 0);
        match form {
            ClosedForm::Zero => Some((Vec::new(), true)),
            ClosedForm::One => Some(if d.is_zero() { empty() } else { (Vec::new(), true) }),
            ClosedForm::Rank | ClosedForm::RankMod(_) if d.is_zero() => Some(empty()),
            ClosedForm::Rank => Some(single(Some(d.clone()))),
            ClosedForm::RankMod(s) => {
                // The coins of ranks k - s + 1 .. k - 1 hold every value of 1..=s but G(k) once.
                let s = BigUint::from(s);
                if *d > s {
                    return Some((Vec::new(), true));
                }
                let rank = (&k - &one) % &s + &one;
                let back = if *d < rank { &rank - d } else { &rank + &s - d };
                Some(single(if back < k && back < s { Some(&k - back) } else { None }))
            }
            ClosedForm::RankBelow => Some(single(Some(d + &one))),
            ClosedForm::RankBelowMod(s) => {
                let s = BigUint::from(s);
                if *d >= s {
                    return Some((Vec::new(), true));
                }
                let residue = (&k - &one) % &s;
                let back = if *d < residue { &residue - d } else { &residue + &s - d };
                Some(single(if back < k && back < s && !back.is_zero() { Some(&k - back) } else { None }))
            }
            ClosedForm::Ruler(None) => {
                // The block of ranks j..k-1 has the value gray(k - 1) ^ gray(j - 1).
                let target = gray(&(&k - &one)) ^ d;
                let j = gray_inverse(&target) + &one;
                if j > k || limit == 0 {
                    return Some((Vec::new(), j > k));
                }
                let mut block = Vec::new();
                let mut rank = j;
                while rank < k {
                    block.push(coin(&rank));
                    rank += 1u8;
                }
                Some((vec![block], true))
            }
            ClosedForm::Ruler(Some(_)) => {
                // At most e - 1 other coins: the blocks ending at n - 1, one by one.
                let e = self.most.unwrap_or(u64::MAX).min(self.span.unwrap_or(u64::MAX));
                if e > 1 << 16 {
                    return None;
                }
                let mut moves = Vec::new();
                let mut acc = BigUint::zero();
                let mut block: Vec<BigUint> = Vec::new();
                let mut rank = k.clone();
                for length in 0..e {
                    if length > 0 {
                        if rank <= one {
                            break;
                        }
                        rank -= 1u8;
                        acc ^= form.value(&rank);
                        block.insert(0, coin(&rank));
                    }
                    if acc == *d {
                        if moves.len() == limit {
                            return Some((moves, false));
                        }
                        moves.push(block.clone());
                    }
                }
                Some((moves, true))
            }
            ClosedForm::Odious => {
                if d.is_zero() {
                    return Some(empty());
                }
                let m_d = d >> 1u8;
                if d.count_ones() % 2 == 1 {
                    // One coin: the odious value d is that of the coin of m = d >> 1.
                    return Some(single(Some(m_d + &one)));
                }
                // Two coins a < b below n with a ^ b = d >> 1 (their parities then agree).
                let m_n = &k - &one;
                let top = m_d.bits() - 1;
                if (&one << top) >= m_n {
                    return Some((Vec::new(), true));
                }
                let mut moves = Vec::new();
                let mut a = BigUint::zero();
                let mut steps = 0u32;
                while a < m_n {
                    steps += 1;
                    if steps > 1 << 12 {
                        return Some((moves, false));
                    }
                    if a.bit(top) {
                        // Skip to the next a with that bit clear.
                        a = ((&a >> top) + &one) << top;
                        continue;
                    }
                    let b = &a ^ &m_d;
                    if b < m_n {
                        if moves.len() == limit {
                            return Some((moves, false));
                        }
                        moves.push(vec![coin(&(&a + &one)), coin(&(b + &one))]);
                    }
                    a += &one;
                }
                Some((moves, true))
            }
        }
    }
}

/// Every subset of `low..n` of an allowed size, in increasing order of its elements.
fn subsets(
    low: u64,
    n: u64,
    most: u64,
    rule: &CoinRule,
    chosen: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if rule.allows(chosen.len() as u64) && !visit(chosen) {
        return false;
    }
    if chosen.len() as u64 == most {
        return true;
    }
    let start = chosen.last().map_or(low, |&c| c + 1);
    for c in start..n {
        chosen.push(c);
        let go_on = subsets(low, n, most, rule, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// `n choose k`, saturating.
fn binomial(n: u128, k: u128) -> u128 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Cells of the bit tables of [`head_values`] updated for one unit of work.
pub(crate) const HEAD_CELLS_PER_UNIT: u64 = 128;

/// The values of single heads at `0..=upto` by the recursion `G(n) = mex { XOR G(A) }` over the
/// moves `A` of `n` (the decomposition theorem): the reachable nim-sums of up to `c` coins of
/// the window are kept as bit tables, one coin at a time, so a head costs `O(w · c · P)` for a
/// window of `w` coins and values below `P`. Charged to `budget` as it goes.
///
/// # Errors
/// [`Exhausted`] when the budget or the memory for the tables runs out.
pub(crate) fn head_values(rule: &CoinRule, upto: u64, budget: &Budget) -> Result<Vec<u64>, Exhausted> {
    const MAX_VALUE_BITS: u32 = 24;
    let count = usize::try_from(upto.saturating_add(1)).unwrap_or(usize::MAX);
    budget.check_memory((count as u64).saturating_mul(8))?;
    let mut meter = budget.meter();
    let mut values: Vec<u64> = Vec::with_capacity(count.min(1 << 20));
    for n in 0..=upto {
        if n < rule.first {
            values.push(0);
            meter.charge(1)?;
            continue;
        }
        let low = rule.window_low(n) as usize;
        let window = &values[low..n as usize];
        let most = (window.len() as u64).min(rule.most_others()) as usize;
        let mut seen: Vec<bool>;
        if rule.consecutive {
            let mut acc = 0u64;
            let mut found = Vec::with_capacity(most + 1);
            for length in 0..=most {
                if length > 0 {
                    acc ^= window[window.len() - length];
                }
                if rule.allows(length as u64) {
                    found.push(acc);
                }
            }
            meter.charge(most as u64 + 1)?;
            let size = found.iter().max().map_or(1, |&m| m as usize + 2);
            seen = vec![false; size];
            for f in found {
                seen[f as usize] = true;
            }
        } else {
            let largest = window.iter().copied().max().unwrap_or(0);
            let bits = 64 - largest.leading_zeros();
            if bits > MAX_VALUE_BITS {
                return Err(Exhausted::Memory { bytes: 1u64 << bits });
            }
            let p = 1usize << bits;
            budget.check_memory(((most + 1) * p) as u64)?;
            // Each pair (window coin, count) updates a bit table of `p` cells (a test and a
            // store, about 1 ns) after a fixed ~15 ns: `p + 32` cells' worth, `HEAD_CELLS_PER_UNIT`
            // of them a unit. bench/calibrate.sh, 26 Nov 2026 (load about 8): `table coins
            // --turn 3 --span 6 --upto 2000000` (p = 16) cost 1.05 s; at `p / 8 + 1` a pair,
            // 9 ns a unit against 41 to 180 ns on the other paths.
            let pairs = (window.len() as u64 + 1) * (most as u64 + 1);
            meter.charge((pairs * (p as u64 + 32)).div_ceil(HEAD_CELLS_PER_UNIT))?;
            // reach[c][x]: some c coins of the window seen so far have the nim-sum x.
            let mut reach = vec![vec![false; p]; most + 1];
            reach[0][0] = true;
            for &v in window {
                for c in (1..=most).rev() {
                    let (below, at) = reach.split_at_mut(c);
                    for (x, &r) in below[c - 1].iter().enumerate() {
                        if r {
                            at[0][x ^ v as usize] = true;
                        }
                    }
                }
            }
            seen = vec![false; p + 1];
            for (c, row) in reach.iter().enumerate() {
                if rule.allows(c as u64) {
                    for (x, &r) in row.iter().enumerate() {
                        seen[x] |= r;
                    }
                }
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        values.push(mex);
    }
    meter.flush()?;
    Ok(values)
}
