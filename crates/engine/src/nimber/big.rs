//! Nim arithmetic on numbers of any size: a number lies in the field of order `2^(2^k)` for the
//! least `k` with `n < 2^(2^k)`; above 64 bits its `2^(k-6)` words are split in halves by the
//! rules of the module [`super`] down to the 64-bit fast path. A product of two numbers of
//! `2^j` words costs `3^j` word products, an inverse or a square root about as much; every
//! operation charges that to the [`Budget`] before it starts.

use num_bigint::BigUint;

use super::Multiplier;
use crate::budget::{Budget, Exhausted};

/// The least `k` such that `n < 2^(2^k)`: the field of order `2^(2^k)` holds `n`.
pub fn field_level(n: &BigUint) -> u32 {
    let bits = n.bits().max(1);
    let mut k = 0;
    while (1u64 << k) < bits {
        k += 1;
    }
    k
}

/// The words of `n`, zero-padded to `len` (a power of two).
fn words(n: &BigUint, len: usize) -> Vec<u64> {
    let mut w = n.to_u64_digits();
    w.resize(len, 0);
    w
}

fn from_words(w: &[u64]) -> BigUint {
    let digits: Vec<u32> = w.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect();
    BigUint::new(digits)
}

/// The number of 64-bit words of the field holding both numbers.
fn common_len(a: &BigUint, b: &BigUint) -> usize {
    1usize << field_level(a).max(field_level(b)).saturating_sub(6)
}

/// What a product of numbers of `len` words costs in word products: `3^log2(len)`.
pub fn product_cost(len: usize) -> u64 {
    3u64.saturating_pow(len.trailing_zeros())
}

fn xor(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

/// `a ⊗ b` for words of the same power-of-two length.
fn mul_words(a: &[u64], b: &[u64], m: Multiplier) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![m.mul(a[0], b[0])];
    }
    let h = n / 2;
    let (a0, a1, b0, b1) = (&a[..h], &a[h..], &b[..h], &b[h..]);
    let c0 = mul_words(a0, b0, m);
    let c1 = mul_words(&xor(a0, a1), &xor(b0, b1), m);
    let c2 = mul_words(a1, b1, m);
    let low = xor(&c0, &half_words(&c2, m));
    let mut out = low;
    out.extend(xor(&c1, &c0));
    out
}

/// `x ⊗ h` for the top bit `h` of the field of `x`'s length.
fn half_words(x: &[u64], m: Multiplier) -> Vec<u64> {
    let n = x.len();
    if n == 1 {
        return vec![m.half(x[0])];
    }
    let h = n / 2;
    let (x0, x1) = (&x[..h], &x[h..]);
    let mut out = half_words(&half_words(x1, m), m);
    out.extend(half_words(&xor(x0, x1), m));
    out
}

fn inv_words(x: &[u64], m: Multiplier) -> Vec<u64> {
    let n = x.len();
    if n == 1 {
        return vec![super::inv(x[0]).expect("a nonzero norm")];
    }
    let h = n / 2;
    let (a0, a1) = (&x[..h], &x[h..]);
    let a01 = xor(a0, a1);
    let norm = xor(&mul_words(a0, &a01, m), &half_words(&mul_words(a1, a1, m), m));
    let n_inv = inv_words(&norm, m);
    let mut out = mul_words(&a01, &n_inv, m);
    out.extend(mul_words(a1, &n_inv, m));
    out
}

fn sqrt_words(x: &[u64], m: Multiplier) -> Vec<u64> {
    let n = x.len();
    if n == 1 {
        return vec![super::sqrt(x[0])];
    }
    let h = n / 2;
    let (a0, a1) = (&x[..h], &x[h..]);
    let mut out = sqrt_words(&xor(a0, &half_words(a1, m)), m);
    out.extend(sqrt_words(a1, m));
    out
}

/// `a ⊕ b`.
pub fn add(a: &BigUint, b: &BigUint) -> BigUint {
    a ^ b
}

/// `a ⊗ b`, charging its word products to `budget`.
///
/// # Errors
/// What ran out of the budget.
pub fn mul(a: &BigUint, b: &BigUint, budget: &Budget) -> Result<BigUint, Exhausted> {
    let len = common_len(a, b);
    budget.charge(product_cost(len))?;
    Ok(from_words(&mul_words(&words(a, len), &words(b, len), Multiplier::new())))
}

/// `a^-1`, or `None` for 0.
///
/// # Errors
/// What ran out of the budget.
pub fn inv(a: &BigUint, budget: &Budget) -> Result<Option<BigUint>, Exhausted> {
    if a.bits() == 0 {
        return Ok(None);
    }
    let len = common_len(a, a);
    // Three products and one inverse a level down: at most twice three products.
    budget.charge(6 * product_cost(len))?;
    Ok(Some(from_words(&inv_words(&words(a, len), Multiplier::new()))))
}

/// The square root: the unique `s` with `s ⊗ s = a`.
///
/// # Errors
/// What ran out of the budget.
pub fn sqrt(a: &BigUint, budget: &Budget) -> Result<BigUint, Exhausted> {
    let len = common_len(a, a);
    budget.charge(2 * product_cost(len))?;
    Ok(from_words(&sqrt_words(&words(a, len), Multiplier::new())))
}

/// `a^e` (`a^0 = 1`), by squaring and multiplying with the exponent reduced modulo the order
/// `2^(2^k) - 1` of the multiplicative group of `a`'s field.
///
/// # Errors
/// What ran out of the budget.
pub fn pow(a: &BigUint, e: &BigUint, budget: &Budget) -> Result<BigUint, Exhausted> {
    let one = BigUint::from(1u32);
    if a.bits() == 0 {
        return Ok(if e.bits() == 0 { one } else { BigUint::default() });
    }
    let len = common_len(a, a);
    let order = (BigUint::from(1u32) << (64 * len)) - 1u32;
    let e = e % &order;
    budget.charge(2 * e.bits() * product_cost(len))?;
    let m = Multiplier::new();
    let mut result = words(&one, len);
    let mut base = words(a, len);
    for i in 0..e.bits() {
        if e.bit(i) {
            result = mul_words(&result, &base, m);
        }
        if i + 1 < e.bits() {
            base = mul_words(&base, &base, m);
        }
        if i % 64 == 63 {
            budget.check()?;
        }
    }
    Ok(from_words(&result))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big_of(words: &[u64]) -> BigUint {
        from_words(words)
    }

    #[test]
    fn levels() {
        assert_eq!(field_level(&BigUint::from(0u32)), 0);
        assert_eq!(field_level(&BigUint::from(1u32)), 0);
        assert_eq!(field_level(&BigUint::from(2u32)), 1);
        assert_eq!(field_level(&BigUint::from(4u32)), 2);
        assert_eq!(field_level(&BigUint::from(u64::MAX)), 6);
        assert_eq!(field_level(&(BigUint::from(1u32) << 64)), 7);
    }

    #[test]
    fn fermat_powers_of_any_size() {
        let b = Budget::default();
        for k in 6..12 {
            let f = BigUint::from(1u32) << (1usize << k);
            assert_eq!(mul(&f, &f, &b).unwrap(), &f | (&f >> 1), "F = 2^(2^{k})");
            let g = BigUint::from(1u32) << (1usize << (k - 1));
            assert_eq!(mul(&f, &g, &b).unwrap(), &f * &g);
        }
    }

    #[test]
    fn the_budget_stops_a_large_product() {
        let a = BigUint::from(3u32) << 100_000;
        let err = mul(&a, &a, &Budget::new(1000)).unwrap_err();
        assert!(err.is_budget());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn agrees_with_the_64_bit_path(a: u64, b: u64) {
            let budget = Budget::default();
            let (x, y) = (BigUint::from(a), BigUint::from(b));
            prop_assert_eq!(mul(&x, &y, &budget).unwrap(), BigUint::from(super::super::mul(a, b)));
            prop_assert_eq!(sqrt(&x, &budget).unwrap(), BigUint::from(super::super::sqrt(a)));
            prop_assert_eq!(inv(&x, &budget).unwrap(), super::super::inv(a).map(BigUint::from));
        }

        #[test]
        fn field_axioms_on_256_bits(a in prop::array::uniform4(any::<u64>()), b in prop::array::uniform4(any::<u64>()),
                                    c in prop::array::uniform4(any::<u64>())) {
            let budget = Budget::default();
            let (a, b, c) = (big_of(&a), big_of(&b), big_of(&c));
            let m = |x: &BigUint, y: &BigUint| mul(x, y, &budget).unwrap();
            prop_assert_eq!(m(&a, &b), m(&b, &a));
            prop_assert_eq!(m(&m(&a, &b), &c), m(&a, &m(&b, &c)));
            prop_assert_eq!(m(&a, &(&b ^ &c)), m(&a, &b) ^ m(&a, &c));
            if a.bits() > 0 {
                let i = inv(&a, &budget).unwrap().unwrap();
                prop_assert_eq!(m(&a, &i), BigUint::from(1u32));
            }
            let s = sqrt(&a, &budget).unwrap();
            prop_assert_eq!(m(&s, &s), a.clone());
            // a^(2^256 - 1) = 1 for a != 0 in the field of order 2^256.
            let order = (BigUint::from(1u32) << 256) - 1u32;
            if a.bits() > 192 {
                prop_assert_eq!(pow(&a, &order, &budget).unwrap(), BigUint::from(1u32));
                prop_assert_eq!(pow(&a, &BigUint::from(3u32), &budget).unwrap(), m(&m(&a, &a), &a));
            }
        }
    }
}
