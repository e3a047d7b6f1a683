//! The speed of 64-bit nim multiplication: the engine's path (`nimber::mul`: the field of order
//! 2^16 by logarithm tables, then Karatsuba-style half-splitting) against two implementations
//! written here for comparison, on the same random pairs, all checked to agree:
//!
//! * **recursive** — the straightforward rule: split in halves down to single bits, four half
//!   products per level, `T ⊗ T = T ⊕ T/2`;
//! * **byte table** — a table-driven method: the 256 × 256 products of bytes, and for every pair
//!   of byte places `(i, j)` the products `v ⊗ 2^(8i) ⊗ 2^(8j)` for every byte `v`; a product is
//!   the exclusive or of 64 pairs of lookups (`a ⊗ b = ⊕ (a_i ⊗ b_j) ⊗ 2^(8i) ⊗ 2^(8j)`, since
//!   `a_i·2^(8i) = a_i ⊗ 2^(8i)`).
//!
//! Run: `cargo run --release -p nimlab-engine --example nim_product -- 1000000` (bench/nimber.sh;
//! figures in docs/benchmarks.md). Prints one line per method: the time per product and for
//! all of them, the best of five runs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use nimlab_engine::nimber::{self, Multiplier};

/// The straightforward recursion to single bits.
fn recursive(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> h, b & mask, b >> h);
    let low = recursive(a0, b0, h);
    let cross = recursive(a1, b0, h) ^ recursive(a0, b1, h);
    let top = recursive(a1, b1, h);
    ((cross ^ top) << h) | (low ^ recursive(top, 1 << (h - 1), h))
}

/// The byte-table method.
struct ByteTable {
    /// `bytes[x << 8 | y] = x ⊗ y`.
    bytes: Vec<u8>,
    /// `places[(i * 8 + j) << 8 | v] = v ⊗ 2^(8i) ⊗ 2^(8j)`.
    places: Vec<u64>,
}

impl ByteTable {
    fn new() -> Self {
        let mut bytes = vec![0u8; 1 << 16];
        for x in 0..256u64 {
            for y in 0..256u64 {
                bytes[(x << 8 | y) as usize] = recursive(x, y, 8) as u8;
            }
        }
        let mut places = vec![0u64; 64 << 8];
        for i in 0..8u64 {
            for j in 0..8u64 {
                let unit = recursive(1 << (8 * i), 1 << (8 * j), 64);
                for v in 0..256u64 {
                    places[((i * 8 + j) << 8 | v) as usize] = recursive(v, unit, 64);
                }
            }
        }
        ByteTable { bytes, places }
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let mut out = 0;
        for i in 0..8 {
            let x = (a >> (8 * i)) & 0xFF;
            if x == 0 {
                continue;
            }
            for j in 0..8 {
                let y = (b >> (8 * j)) & 0xFF;
                let v = u64::from(self.bytes[(x << 8 | y) as usize]);
                out ^= self.places[((i * 8 + j) << 8 | v) as usize];
            }
        }
        out
    }
}

/// xorshift64*: reproducible pseudo-random words.
fn pairs(n: usize) -> Vec<(u64, u64)> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        s.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    (0..n).map(|_| (next(), next())).collect()
}

/// The best of `runs` runs of `f` over every pair, and the xor of the products (to check).
fn time(pairs: &[(u64, u64)], runs: usize, f: impl Fn(u64, u64) -> u64) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut check = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let mut x = 0;
        for &(a, b) in pairs {
            x ^= f(black_box(a), black_box(b));
        }
        best = best.min(start.elapsed());
        check = black_box(x);
    }
    (best, check)
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let pairs = pairs(n);
    let start = Instant::now();
    let m = Multiplier::new();
    let setup_engine = start.elapsed();
    let start = Instant::now();
    let table = ByteTable::new();
    let setup_table = start.elapsed();
    for &(a, b) in pairs.iter().take(10_000) {
        let want = recursive(a, b, 64);
        assert_eq!(m.mul(a, b), want, "engine {a} ⊗ {b}");
        assert_eq!(table.mul(a, b), want, "byte table {a} ⊗ {b}");
        assert_eq!(nimber::mul(a, b), want);
    }
    println!("{n} products of random 64-bit pairs, best of 5 runs (the products agree on the first 10000)");
    // The recursive method is slow: it runs on the first tenth of the pairs (at most 10^5),
    // once, and its total is scaled to all of them.
    let few = &pairs[..(n / 10).clamp(1, 100_000)];
    let rows: [(&str, Duration, usize, (Duration, u64)); 3] = [
        ("engine (GF(2^16) logs + halves)", setup_engine, n, time(&pairs, 5, |a, b| m.mul(a, b))),
        ("byte table (64 lookup pairs)", setup_table, n, time(&pairs, 5, |a, b| table.mul(a, b))),
        ("recursive (halves to bits)", Duration::ZERO, few.len(), time(few, 1, |a, b| recursive(a, b, 64))),
    ];
    let check = |pairs: &[(u64, u64)]| pairs.iter().fold(0, |x, &(a, b)| x ^ table.mul(a, b));
    assert_eq!(rows[0].3 .1, check(&pairs), "the engine and the byte table disagree");
    assert_eq!(rows[1].3 .1, check(&pairs));
    assert_eq!(rows[2].3 .1, check(few), "the recursion and the byte table disagree");
    for (name, setup, count, (t, _)) in rows {
        let per = t.as_secs_f64() / count as f64;
        println!(
            "{name:34} {:>9.1} ns/product {:>9.3} s for {n}{}  (tables built in {:.1} ms)",
            per * 1e9,
            per * n as f64,
            if count < n { format!(" (timed on {count}, scaled)") } else { String::new() },
            setup.as_secs_f64() * 1e3
        );
    }
}
