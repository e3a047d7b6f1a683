//! Tabulates the apple game on three piles (A, B, C) and tests candidate structure against the
//! dense table: the residue-XOR rule below S+1, P-positions with every pile at least S+1,
//! periodicity, and the bounded variant. The findings are reported in docs/apple.md.
//!
//! Run: `cargo run --release -p nimlab-engine --example apple_structure -- 60`

use nimlab_engine::kernels::Apple;
use nimlab_engine::Budget;

fn main() {
    let bound: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    println!("three piles, every pile <= {bound}; q = S+1; rx = XOR of the residues mod q");
    for bounded in [false, true] {
        println!(
            "\n== take from every pile {} ==",
            if bounded { "at most S (bounded)" } else { "unbounded" }
        );
        println!(" S |   P total | P, min<q, rx!=0 | rx=0, min<q, not P | P with min>=q | G!=rx (min<q) | G!=rx (all) | P != (rx=0) | C -> C+q (C >= B+2q): P changes, G changes");
        for max in 1..=8u64 {
            let q = max + 1;
            let game = Apple::new(max, bounded).expect("S >= 1");
            // One unit per position and per option visited: about 2 * 10^6 for the default bound of
            // 60; the budget stops bounds beyond a few hundred before memory runs short.
            let table = game.triple_table(bound, &Budget::new(2_000_000_000)).expect("fits the budget");
            let (mut p_total, mut p_bad, mut miss, mut p_big, mut g_low, mut g_all, mut period_bad) =
                (0, 0, 0, 0, 0, 0, 0);
            let (mut p_vs_rx, mut g_period_bad) = (0, 0);
            let mut first_big = Vec::new();
            let mut first_low = None;
            for c in 0..=bound {
                for b in 0..=c {
                    for a in 0..=b {
                        let g = table.get([a, b, c]).expect("in range");
                        let rx = (a % q) ^ (b % q) ^ (c % q);
                        let p = g == 0;
                        p_total += usize::from(p);
                        if a < q {
                            p_bad += usize::from(p && rx != 0);
                            miss += usize::from(!p && rx == 0);
                            if u64::from(g) != rx {
                                g_low += 1;
                                first_low.get_or_insert((a, b, c, g, rx));
                            }
                        } else if p {
                            p_big += 1;
                            if first_big.len() < 6 {
                                first_big.push((a, b, c));
                            }
                        }
                        g_all += usize::from(u64::from(g) != rx);
                        p_vs_rx += usize::from(p != (rx == 0));
                        if c >= b + 2 * q && c + q <= bound {
                            let shifted = table.get([a, b, c + q]).expect("in range");
                            period_bad += usize::from((shifted == 0) != p);
                            g_period_bad += usize::from(shifted != g);
                        }
                    }
                }
            }
            println!(
                "{max:>2} | {p_total:>9} | {p_bad:>15} | {miss:>18} | {p_big:>13} | {g_low:>13} | {g_all:>11} | {p_vs_rx:>11} | {period_bad}, {g_period_bad}"
            );
            if !first_big.is_empty() {
                println!("     first P with min >= q: {first_big:?}");
            }
            if let Some(x) = first_low {
                println!("     first G != rx with min < q (a, b, c, G, rx): {x:?}");
            }
        }
    }
}
