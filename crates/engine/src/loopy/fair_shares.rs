//! Fair Shares and Varied Pairs (Winning Ways, ch. 12, "Games Eternal – Games Entailed"): a
//! position is a multiset of heaps of coins; a move either divides one heap into two or more
//! heaps of equal size, or unites two heaps of different sizes into one. The number of coins
//! never changes, so positions repeat; the only position with no move is a row of single coins.

use crate::game::Game;

/// The rules of Fair Shares and Varied Pairs. Positions are heap sizes (each at least 1),
/// canonically in non-decreasing order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FairShares;

impl Game for FairShares {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut sizes = position.clone();
        sizes.sort_unstable();
        sizes.dedup();
        let mut out = Vec::new();
        let without = |drop: &[u64]| {
            let mut rest = position.clone();
            for d in drop {
                let i = rest.iter().position(|x| x == d).expect("the heap is in the position");
                rest.remove(i);
            }
            rest
        };
        // Fair shares: a heap of h into k >= 2 heaps of h / k.
        for &h in &sizes {
            for k in 2..=h {
                if h % k == 0 {
                    let mut next = without(&[h]);
                    next.extend(std::iter::repeat_n(h / k, k as usize));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        // Varied pairs: two heaps of different sizes into one.
        for (i, &a) in sizes.iter().enumerate() {
            for &b in &sizes[i + 1..] {
                let mut next = without(&[a, b]);
                next.push(a + b);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    fn canonical(&self, position: &Vec<u64>) -> Vec<u64> {
        let mut p = position.clone();
        p.sort_unstable();
        p
    }
}

/// Every position of `coins` coins (the partitions of `coins`), parts in non-decreasing order,
/// in reverse lexicographic order of the parts read from the largest: `[coins]` first, the row
/// of single coins last.
pub fn partitions(coins: u64) -> Vec<Vec<u64>> {
    fn go(left: u64, max: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            let mut p = prefix.clone();
            p.reverse();
            out.push(p);
            return;
        }
        for part in (1..=max.min(left)).rev() {
            prefix.push(part);
            go(left - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(coins, coins, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_divide_fairly_and_unite_different_heaps() {
        let mut o = FairShares.options(&vec![2, 4]);
        o.sort();
        // 4 -> 2+2, 4 -> 1+1+1+1, 2 -> 1+1, 2+4 -> 6.
        assert_eq!(o, vec![vec![1, 1, 1, 1, 2], vec![1, 1, 4], vec![2, 2, 2], vec![6]]);
        assert!(FairShares.options(&vec![1, 1, 1]).is_empty());
        assert_eq!(FairShares.options(&vec![3, 3]), vec![vec![1, 1, 1, 3]]);
    }

    #[test]
    fn partitions_are_counted_by_the_partition_numbers() {
        let counts: Vec<usize> = (1..=16).map(|n| partitions(n).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231]);
        assert_eq!(partitions(3), vec![vec![3], vec![1, 2], vec![1, 1, 1]]);
    }
}
