//! Misère outcomes of sums of heaps by plain memoized search: the check the quotient answers
//! against. Exponential; for small sums only.

use std::collections::HashMap;

use crate::budget::{Budget, Exhausted};
use crate::octal::game::MoveMenu;
use crate::octal::OctalCode;

/// Memoized misère outcomes of sums of heaps of one game.
pub(crate) struct BruteMisere {
    menu: MoveMenu,
    options: Vec<Vec<Vec<u32>>>,
    memo: HashMap<Vec<u32>, bool>,
}

impl BruteMisere {
    /// The search for `code`.
    pub(crate) fn new(code: &OctalCode) -> Self {
        BruteMisere { menu: MoveMenu::of_code(code), options: Vec::new(), memo: HashMap::new() }
    }

    fn options_of(&mut self, h: u32) -> &[Vec<u32>] {
        while self.options.len() <= h as usize {
            let heap = self.options.len() as u64;
            let opts = self
                .menu
                .heap_moves(heap)
                .into_iter()
                .map(|(_, l)| l.into_iter().map(|x| x as u32).collect())
                .collect();
            self.options.push(opts);
        }
        &self.options[h as usize]
    }

    /// The sums whose outcome is stored.
    pub(crate) fn states(&self) -> usize {
        self.memo.len()
    }

    /// True when the sum `heaps` is a misère P-position (whoever moves last loses; a sum with
    /// no move is an N-position).
    ///
    /// # Errors
    /// When the budget runs out.
    pub(crate) fn is_p(&mut self, heaps: &[u32], budget: &Budget) -> Result<bool, Exhausted> {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return Ok(p);
        }
        let mut has_move = false;
        let mut p = true;
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            let opts = self.options_of(key[i]).to_vec();
            budget.charge(opts.len() as u64 + 1)?;
            for o in opts {
                has_move = true;
                let mut next: Vec<u32> = key[..i].to_vec();
                next.extend(&key[i + 1..]);
                next.extend(o);
                if self.is_p(&next, budget)? {
                    p = false;
                    break;
                }
            }
            if !p {
                break;
            }
        }
        let p = p && has_move;
        self.memo.insert(key, p);
        Ok(p)
    }
}

/// Every multiset of heap sizes with total at most `total` (the empty sum included), calling
/// `f` on each (heaps descending).
pub(crate) fn for_each_sum(total: u32, mut f: impl FnMut(&[u32])) {
    fn rec(left: u32, max: u32, current: &mut Vec<u32>, f: &mut impl FnMut(&[u32])) {
        f(current);
        for h in (1..=max.min(left)).rev() {
            current.push(h);
            rec(left - h, h, current, f);
            current.pop();
        }
    }
    rec(total, total, &mut Vec::new(), &mut f);
}
