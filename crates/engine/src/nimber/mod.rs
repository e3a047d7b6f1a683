//! Nim arithmetic: the field of nimbers (Conway, *On Numbers and Games*, chapter 6).
//!
//! The nim-sum `a ⊕ b` is the bitwise exclusive or. The nim-product `a ⊗ b` is defined by
//! `a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }`; with it the numbers below
//! `2^(2^k)` form a field of that order for every `k` (so the numbers below 2^64 are the field
//! of order 2^64, and every number lies in such a field). The rules used to compute it:
//!
//! * the product of distinct *Fermat 2-powers* `F_i = 2^(2^i)` is their ordinary product, and
//!   `F ⊗ F = F ⊕ F/2` (`3/2 F` in ordinary arithmetic);
//! * so, with `T = 2^(2^(k-1))` and `a = a1·T + a0`, `b = b1·T + b0` (halves below `T`),
//!   `a ⊗ b = ((a0 ⊕ a1) ⊗ (b0 ⊕ b1) ⊕ a0 ⊗ b0)·T ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ T/2`: three products
//!   of halves (Karatsuba's trick, which works because the sum is exclusive or) and one product
//!   by the constant `T/2`, the top bit of the half field;
//! * the product by that top bit `h = 2^(2^j - 1)` splits the same way:
//!   `x ⊗ h = ((x0 ⊕ x1) ⊗ h')·T' ⊕ x1 ⊗ h' ⊗ h'`, with `h' = T'/2` one level down.
//!
//! Fast path on 64-bit words ([`mul`]): the field of order 2^16 is computed once as logarithm
//! and exponential tables of a generator of its multiplicative group (cyclic of order 65535),
//! so a 16-bit product is three table reads; a 64-bit product is nine of them plus the products
//! by the top bits, with no branch on the data but the zero test. Numbers of any size
//! ([`big`]) are split the same way into 64-bit words.
//!
//! The inverse uses the norm to the half field: `x = a1·T + a0` has the conjugate
//! `a1·T ⊕ (a0 ⊕ a1)` (the other root of `T² ⊕ T ⊕ T/2 = 0` is `T ⊕ 1`), and
//! `x ⊗ conj(x) = a0² ⊕ a0 ⊗ a1 ⊕ a1² ⊗ T/2`, a number of the half field, so
//! `x^-1 = conj(x) ⊗ N^-1` with one inverse a level down. The square root is the inverse of the
//! Frobenius map `x ↦ x²` (a bijection in characteristic 2): `(s1·T + s0)² = s1²·T ⊕ s0² ⊕
//! s1² ⊗ T/2`, so `s1 = √a1` and `s0 = √(a0 ⊕ a1 ⊗ T/2)`.
//!
//! [`expr`] parses and evaluates expressions of nimbers (`(5*7 + 3)^-1`).
//!
//! Checks (tests below): the definition by mex for numbers below 64, known values, the field
//! axioms on random 64-bit triples, and the arbitrary-size path against the 64-bit one.

pub mod big;
pub(crate) mod expr;

pub use expr::{evaluate, ExprError, ExprFault, Found};

use std::sync::OnceLock;

/// The nim-sum: exclusive or.
#[inline]
pub fn add(a: u64, b: u64) -> u64 {
    a ^ b
}

/// The logarithm and exponential tables of the field of order 2^16.
struct Tables {
    /// `log[x]` for `x` in `1..65536` (`log[0]` unused).
    log: Vec<u32>,
    /// `exp[i] = g^i` for `i < 2·65535`, so that `exp[log a + log b]` needs no reduction.
    exp: Vec<u16>,
}

/// The order of the multiplicative group of the field of order 2^16.
const GROUP16: u32 = 65535;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // 65535 = 3·5·17·257: g generates the group iff g^(65535/q) != 1 for each prime q.
        let pow = |g: u16, mut e: u32| {
            let (mut r, mut b) = (1u16, g);
            while e > 0 {
                if e & 1 == 1 {
                    r = mul16_slow(r, b);
                }
                b = mul16_slow(b, b);
                e >>= 1;
            }
            r
        };
        let generator = (2u16..)
            .find(|&g| [3, 5, 17, 257].iter().all(|q| pow(g, GROUP16 / q) != 1))
            .expect("the group is cyclic");
        let mut log = vec![0u32; 1 << 16];
        let mut exp = vec![0u16; 2 * GROUP16 as usize];
        let mut x = 1u16;
        for i in 0..GROUP16 {
            exp[i as usize] = x;
            exp[(i + GROUP16) as usize] = x;
            log[x as usize] = i;
            x = mul16_slow(x, generator);
        }
        Tables { log, exp }
    })
}

/// The 16-bit product for building the tables: one level of half-splitting over a table of the
/// 256 × 256 byte products, itself filled by one level over the 16 × 16 products of nibbles
/// ([`reference::mul`]): about a millisecond for all of them.
fn mul16_slow(a: u16, b: u16) -> u16 {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    let bytes = BYTES.get_or_init(|| {
        let nibbles: Vec<u64> = (0..256u64).map(|i| reference::mul(i >> 4, i & 15)).collect();
        let n = |x: u64, y: u64| nibbles[(x << 4 | y) as usize];
        (0..1u64 << 16)
            .map(|i| {
                let (x, y) = (i >> 8, i & 0xFF);
                let (x0, x1, y0, y1) = (x & 15, x >> 4, y & 15, y >> 4);
                let c0 = n(x0, y0);
                let c2 = n(x1, y1);
                let c1 = n(x0 ^ x1, y0 ^ y1);
                (((c1 ^ c0) << 4) | (c0 ^ n(c2, 8))) as u8
            })
            .collect()
    });
    let m = |x: u16, y: u16| u16::from(bytes[usize::from(x) << 8 | usize::from(y)]);
    let (a0, a1, b0, b1) = (a & 0xFF, a >> 8, b & 0xFF, b >> 8);
    let c0 = m(a0, b0);
    let c2 = m(a1, b1);
    let c1 = m(a0 ^ a1, b0 ^ b1);
    ((c1 ^ c0) << 8) | (c0 ^ m(c2, 0x80))
}

/// The field of order 2^16, by tables.
#[derive(Clone, Copy)]
struct F16(&'static Tables);

impl F16 {
    #[inline(always)]
    fn log(self, x: u64) -> u32 {
        // Safety of indexing: x < 2^16 by the callers' masks.
        self.0.log[x as usize]
    }

    #[inline(always)]
    fn mul(self, a: u64, b: u64) -> u64 {
        if a == 0 || b == 0 {
            0
        } else {
            u64::from(self.0.exp[(self.log(a) + self.log(b)) as usize])
        }
    }

    /// `a ⊗ c` for a constant `c != 0` given by its logarithm.
    #[inline(always)]
    fn mul_log(self, a: u64, log_c: u32) -> u64 {
        if a == 0 {
            0
        } else {
            u64::from(self.0.exp[(self.log(a) + log_c) as usize])
        }
    }

    /// `a ⊗ b ⊗ c` for a constant `c != 0` given by its logarithm.
    #[inline(always)]
    fn mul3_log(self, a: u64, b: u64, log_c: u32) -> u64 {
        if a == 0 || b == 0 {
            0
        } else {
            let l = self.log(a) + self.log(b) + log_c;
            let l = if l >= 2 * GROUP16 { l - GROUP16 } else { l };
            u64::from(self.0.exp[l as usize])
        }
    }

    /// `x ⊗ 2^31` for `x < 2^32`: the product by the top bit of the field of order 2^32.
    #[inline(always)]
    fn half32(self, x: u64, logs: &Logs) -> u64 {
        let (x0, x1) = (x & 0xFFFF, x >> 16);
        (self.mul_log(x0 ^ x1, logs.h16) << 16) | self.mul_log(x1, logs.h16_squared)
    }

    #[inline(always)]
    fn mul32(self, a: u64, b: u64, logs: &Logs) -> u64 {
        let (a0, a1, b0, b1) = (a & 0xFFFF, a >> 16, b & 0xFFFF, b >> 16);
        let c0 = self.mul(a0, b0);
        let c1 = self.mul(a0 ^ a1, b0 ^ b1);
        let c2h = self.mul3_log(a1, b1, logs.h16);
        ((c1 ^ c0) << 16) | (c0 ^ c2h)
    }
}

/// Logarithms of the constants the 32- and 64-bit levels multiply by.
struct Logs {
    /// `log(2^15)`: the top bit of the field of order 2^16.
    h16: u32,
    /// `log(2^15 ⊗ 2^15)`.
    h16_squared: u32,
}

fn logs() -> &'static Logs {
    static LOGS: OnceLock<Logs> = OnceLock::new();
    LOGS.get_or_init(|| {
        let t = tables();
        let h16 = t.log[1 << 15];
        Logs { h16, h16_squared: (2 * h16) % GROUP16 }
    })
}

/// The nim-product of two numbers below 2^64 (the field of order 2^64 is closed).
#[inline]
pub fn mul(a: u64, b: u64) -> u64 {
    Multiplier::new().mul(a, b)
}

/// A handle on the tables for many products in a row (skips the one-time initialization check).
#[derive(Clone, Copy)]
pub struct Multiplier {
    f: F16,
    logs: &'static Logs,
}

impl Default for Multiplier {
    fn default() -> Self {
        Self::new()
    }
}

impl Multiplier {
    /// The tables, built on first use (about a millisecond).
    pub fn new() -> Self {
        Multiplier { f: F16(tables()), logs: logs() }
    }

    /// `a ⊗ b`.
    #[inline]
    pub fn mul(self, a: u64, b: u64) -> u64 {
        let (f, logs) = (self.f, self.logs);
        let (a0, a1, b0, b1) = (a & 0xFFFF_FFFF, a >> 32, b & 0xFFFF_FFFF, b >> 32);
        let c0 = f.mul32(a0, b0, logs);
        let c1 = f.mul32(a0 ^ a1, b0 ^ b1, logs);
        let c2 = f.mul32(a1, b1, logs);
        ((c1 ^ c0) << 32) | (c0 ^ f.half32(c2, logs))
    }

    /// `x ⊗ 2^63`: the product by the top bit of the field of order 2^64.
    #[inline]
    pub fn half(self, x: u64) -> u64 {
        let (f, logs) = (self.f, self.logs);
        let (x0, x1) = (x & 0xFFFF_FFFF, x >> 32);
        (f.half32(x0 ^ x1, logs) << 32) | f.half32(f.half32(x1, logs), logs)
    }
}

/// `a ⊗ a`.
pub fn square(a: u64) -> u64 {
    mul(a, a)
}

/// `a` to the power `e` (`a^0 = 1`, also for `a = 0`), by squaring and multiplying.
pub fn pow(a: u64, mut e: u64) -> u64 {
    let m = Multiplier::new();
    if a != 0 {
        // The multiplicative group has order 2^64 - 1.
        e %= u64::MAX;
        if e == 0 {
            return 1;
        }
    }
    let (mut result, mut base) = (1u64, a);
    while e > 0 {
        if e & 1 == 1 {
            result = m.mul(result, base);
        }
        base = m.mul(base, base);
        e >>= 1;
    }
    result
}

/// The nim-inverse `a^-1`, or `None` for 0.
pub fn inv(a: u64) -> Option<u64> {
    (a != 0).then(|| inv_in(a, 6, &Multiplier::new()))
}

/// The inverse of `x != 0` in the field of order `2^(2^k)`, `k <= 6`, by the norm to the half
/// field (module doc).
fn inv_in(x: u64, k: u32, m: &Multiplier) -> u64 {
    if k <= 4 {
        // Within the tables: g^(65535 - log x).
        let t = m.f.0;
        let l = t.log[x as usize];
        return u64::from(t.exp[((GROUP16 - l) % GROUP16) as usize]);
    }
    let h = 1u32 << (k - 1);
    let mask = (1u64 << h) - 1;
    let (a0, a1) = (x & mask, x >> h);
    let half = |y: u64| if k == 6 { m.f.half32(y, m.logs) } else { m.f.mul_log(y, m.logs.h16) };
    let mulh = |p: u64, q: u64| if k == 6 { m.f.mul32(p, q, m.logs) } else { m.f.mul(p, q) };
    let norm = mulh(a0, a0 ^ a1) ^ half(mulh(a1, a1));
    let n_inv = inv_in(norm, k - 1, m);
    (mulh(a1, n_inv) << h) | mulh(a0 ^ a1, n_inv)
}

/// The nim square root: the unique `s` with `s ⊗ s = a`.
pub fn sqrt(a: u64) -> u64 {
    sqrt_in(a, 6, &Multiplier::new())
}

fn sqrt_in(x: u64, k: u32, m: &Multiplier) -> u64 {
    if k <= 4 {
        // The Frobenius map has order 16 on the field of order 2^16: √x = x^(2^15).
        let t = m.f.0;
        if x == 0 {
            return 0;
        }
        let l = (u64::from(t.log[x as usize]) << 15) % u64::from(GROUP16);
        return u64::from(t.exp[l as usize]);
    }
    let h = 1u32 << (k - 1);
    let mask = (1u64 << h) - 1;
    let (a0, a1) = (x & mask, x >> h);
    let half = |y: u64| if k == 6 { m.f.half32(y, m.logs) } else { m.f.mul_log(y, m.logs.h16) };
    (sqrt_in(a1, k - 1, m) << h) | sqrt_in(a0 ^ half(a1), k - 1, m)
}

/// Straightforward nim multiplication, for checks: the recursive half-splitting rule down to
/// single bits, without tables or Karatsuba's trick (four half products per level).
pub(crate) mod reference {
    /// `a ⊗ b` for numbers below 2^64.
    pub(crate) fn mul(a: u64, b: u64) -> u64 {
        mul_in(a, b, 64)
    }

    /// `a ⊗ b` in the field of `bits`-bit numbers (`bits` a power of two).
    fn mul_in(a: u64, b: u64, bits: u32) -> u64 {
        if bits == 1 {
            return a & b;
        }
        let h = bits / 2;
        let mask = (1u64 << h) - 1;
        let (a0, a1, b0, b1) = (a & mask, a >> h, b & mask, b >> h);
        let c00 = mul_in(a0, b0, h);
        let high = mul_in(a1, b0, h) ^ mul_in(a0, b1, h);
        let c11 = mul_in(a1, b1, h);
        // T ⊗ T = T ⊕ T/2.
        ((high ^ c11) << h) | (c00 ^ mul_in(c11, 1 << (h - 1), h))
    }

    #[cfg(test)]
    /// The nim-product by its definition, `mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`, for
    /// every `a, b < n`: an `n × n` table (time `O(n^4)`).
    pub(crate) fn mex_table(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        let mut seen = Vec::new();
        for a in 0..n {
            for b in 0..n {
                seen.clear();
                seen.resize(a * b + 2, false);
                for x in 0..a {
                    for y in 0..b {
                        let v = (t[x][b] ^ t[a][y] ^ t[x][y]) as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
                t[a][b] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_values() {
        assert_eq!(mul(2, 2), 3);
        assert_eq!(mul(4, 4), 6);
        assert_eq!(mul(8, 8), 13);
        assert_eq!(mul(16, 16), 24);
        assert_eq!(mul(2, 3), 1);
        assert_eq!(mul(5, 7), 13);
        // Fermat 2-powers: F ⊗ F = 3/2 F; distinct ones multiply as integers.
        for i in 0..6 {
            let f = 1u64 << (1 << i);
            if f > 2 {
                assert_eq!(mul(f, f), f | (f >> 1), "F = {f}");
            }
        }
        assert_eq!(mul(1 << 32, 1 << 16), 1 << 48);
        assert_eq!(mul(1 << 32, 1 << 32), (1 << 32) | (1 << 31));
    }

    #[test]
    fn the_definition_by_mex_below_64() {
        let t = reference::mex_table(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(mul(a, b), t[a as usize][b as usize], "{a} ⊗ {b}");
                assert_eq!(reference::mul(a, b), t[a as usize][b as usize], "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn every_16_bit_square_and_inverse() {
        for a in 1..1u64 << 16 {
            let i = inv(a).unwrap();
            assert_eq!(mul(a, i), 1, "{a}");
            assert_eq!(square(sqrt(a)), a);
        }
        assert_eq!(inv(0), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn field_axioms(a: u64, b: u64, c: u64) {
            prop_assert_eq!(mul(a, b), reference::mul(a, b));
            prop_assert_eq!(mul(a, b), mul(b, a));
            prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
            prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
            prop_assert_eq!(mul(a, 1), a);
            prop_assert_eq!(mul(a, 0), 0);
            if a != 0 {
                let i = inv(a).unwrap();
                prop_assert_eq!(mul(a, i), 1);
                prop_assert_eq!(pow(a, u64::MAX - 1), i);
            }
            let s = sqrt(a);
            prop_assert_eq!(mul(s, s), a);
            prop_assert_eq!(Multiplier::new().half(a), mul(a, 1 << 63));
        }

        #[test]
        fn powers(a: u64, e in 0u64..200) {
            let mut p = 1u64;
            for _ in 0..e {
                p = mul(p, a);
            }
            prop_assert_eq!(pow(a, e), p);
        }
    }
}
