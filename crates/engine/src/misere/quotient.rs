//! A misère quotient as data: a finite commutative monoid given by its multiplication table,
//! its P-portion, and the words that name its elements.
//!
//! Element 0 is the identity (the class of the empty position). Elements are numbered in the
//! order a breadth-first walk from the identity meets them, multiplying by the generators in
//! their order, so each element's number follows from its least word.

use serde::Serialize;

use crate::budget::ALLOCATION_OVERHEAD;

/// A finite commutative monoid `Q` with a subset `P` (the P-portion): a bipartite monoid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotient {
    size: usize,
    table: Vec<u32>,
    p: Vec<bool>,
}

impl Quotient {
    /// The quotient of the empty game alone: one element (the identity), an N-position.
    pub fn trivial() -> Self {
        Quotient { size: 1, table: vec![0], p: vec![false] }
    }

    /// The monoid with this multiplication table (`table[a * size + b]`) and P-portion. The
    /// caller guarantees that element 0 is the identity.
    pub(crate) fn from_table(size: usize, table: Vec<u32>, p: Vec<bool>) -> Self {
        debug_assert_eq!(table.len(), size * size);
        debug_assert_eq!(p.len(), size);
        Quotient { size, table, p }
    }

    /// Bytes it holds: the multiplication table (4 bytes a product) and the P-portion.
    pub fn held_bytes(&self) -> u64 {
        (self.table.capacity() * 4 + self.p.capacity()) as u64 + 2 * ALLOCATION_OVERHEAD
    }

    /// Its order `|Q|`.
    pub fn order(&self) -> usize {
        self.size
    }

    /// The product `a·b`.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    /// True when `x` lies in the P-portion.
    /// The products `a·z` for every `z`, in order.
    pub(crate) fn row(&self, a: u32) -> &[u32] {
        &self.table[a as usize * self.size..(a as usize + 1) * self.size]
    }

    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The elements of the P-portion, ascending.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.size as u32).filter(|&x| self.p[x as usize]).collect()
    }

    /// The product of `elements` (the identity for none).
    pub fn product(&self, elements: impl IntoIterator<Item = u32>) -> u32 {
        elements.into_iter().fold(0, |acc, x| self.mul(acc, x))
    }

    /// `x^k`, by repeated squaring.
    pub fn pow(&self, x: u32, mut k: u64) -> u32 {
        let (mut base, mut acc) = (x, 0);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            k >>= 1;
        }
        acc
    }

    /// The P-signature of `x`: which `z` make `x·z` a P-position, as a bitset over the elements.
    pub(crate) fn signature(&self, x: u32) -> Vec<u64> {
        let mut bits = vec![0u64; self.size.div_ceil(64)];
        for z in 0..self.size {
            if self.p[self.table[x as usize * self.size + z] as usize] {
                bits[z / 64] |= 1 << (z % 64);
            }
        }
        bits
    }

    /// The multiplication table, row by row.
    pub fn table_rows(&self) -> Vec<Vec<u32>> {
        self.table.chunks(self.size).map(<[u32]>::to_vec).collect()
    }

    /// Checks the axioms and the invariants a misère quotient has: 0 is the identity, the table
    /// is commutative and associative, `generators` generate every element, no two elements
    /// have the same P-signature (reduced), and the identity is not in P. Returns the first
    /// violation in words.
    pub fn check(&self, generators: &[u32]) -> Result<(), String> {
        let n = self.size as u32;
        for a in 0..n {
            if self.mul(0, a) != a || self.mul(a, 0) != a {
                return Err(format!("0 is not the identity at {a}"));
            }
            for b in 0..n {
                if self.mul(a, b) != self.mul(b, a) {
                    return Err(format!("{a}·{b} ≠ {b}·{a}"));
                }
                for c in 0..n {
                    if self.mul(self.mul(a, b), c) != self.mul(a, self.mul(b, c)) {
                        return Err(format!("({a}·{b})·{c} ≠ {a}·({b}·{c})"));
                    }
                }
            }
        }
        let mut seen = vec![false; self.size];
        seen[0] = true;
        let mut queue = vec![0u32];
        while let Some(x) = queue.pop() {
            for &g in generators {
                let y = self.mul(x, g);
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    queue.push(y);
                }
            }
        }
        if let Some(x) = seen.iter().position(|s| !s) {
            return Err(format!("element {x} is not a product of the generators"));
        }
        let mut signatures = std::collections::HashMap::new();
        for x in 0..n {
            if let Some(y) = signatures.insert(self.signature(x), x) {
                return Err(format!("elements {y} and {x} have the same P-signature"));
            }
        }
        if self.p[0] {
            return Err("the identity (the empty position) is in P".into());
        }
        Ok(())
    }
}

/// A word in the generators: `exponents[i]` is the power of generator `i`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Word {
    /// The power of each generator, in the generators' order.
    pub exponents: Vec<u32>,
}

impl Word {
    /// The word in the usual notation with generators named `names` (`1` for the empty word,
    /// `ab²c`).
    pub fn render(&self, names: &[String]) -> String {
        let mut out = String::new();
        for (i, &e) in self.exponents.iter().enumerate() {
            if e == 0 {
                continue;
            }
            out.push_str(&names[i]);
            if e > 1 {
                out.push_str(&superscript(e));
            }
        }
        if out.is_empty() {
            out.push('1');
        }
        out
    }

    /// Total degree.
    pub fn degree(&self) -> u32 {
        self.exponents.iter().sum()
    }
}

/// `n` in superscript digits.
pub(crate) fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string().chars().map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize]).collect()
}

/// The names of `count` generators: `a`, `b`, ..., `z`, then `a₁`... — short and in order.
pub(crate) fn generator_names(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| {
            let letter = char::from(b'a' + (i % 26) as u8);
            if i < 26 {
                letter.to_string()
            } else {
                format!("{letter}{}", i / 26)
            }
        })
        .collect()
}

/// A presentation of a quotient: generators, each element's least word, and relations
/// `lhs = rhs` that together with commutativity define the monoid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The generators' names (`a`, `b`, ...).
    pub names: Vec<String>,
    /// The generators as elements of the quotient.
    pub generators: Vec<u32>,
    /// For each element, its least word: fewest letters, then the one met first.
    pub words: Vec<Word>,
    /// The relations, `(lhs, rhs)`: each `lhs` is a minimal word that is not an element's least
    /// word, `rhs` the least word of the same element.
    pub relations: Vec<(Word, Word)>,
}

impl Presentation {
    /// The presentation of `quotient` by `generators` (which must generate it).
    pub fn of(quotient: &Quotient, generators: &[u32]) -> Presentation {
        let k = generators.len();
        let mut words: Vec<Option<Word>> = vec![None; quotient.order()];
        words[0] = Some(Word { exponents: vec![0; k] });
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(x) = queue.pop_front() {
            let word = words[x as usize].clone().unwrap_or(Word { exponents: vec![0; k] });
            for (i, &g) in generators.iter().enumerate() {
                let y = quotient.mul(x, g);
                if words[y as usize].is_none() {
                    let mut w = word.clone();
                    w.exponents[i] += 1;
                    words[y as usize] = Some(w);
                    queue.push_back(y);
                }
            }
        }
        let words: Vec<Word> =
            words.into_iter().map(|w| w.unwrap_or(Word { exponents: vec![0; k] })).collect();
        let normal: std::collections::HashSet<&Word> = words.iter().collect();
        let mut relations = Vec::new();
        for (x, word) in words.iter().enumerate() {
            for (i, &g) in generators.iter().enumerate() {
                let mut lhs = word.clone();
                lhs.exponents[i] += 1;
                if normal.contains(&lhs) {
                    continue;
                }
                // Minimal: every word one letter shorter is a least word.
                let minimal = (0..k).all(|j| {
                    lhs.exponents[j] == 0 || {
                        let mut shorter = lhs.clone();
                        shorter.exponents[j] -= 1;
                        normal.contains(&shorter)
                    }
                });
                if !minimal || relations.iter().any(|(l, _): &(Word, Word)| *l == lhs) {
                    continue;
                }
                let y = quotient.mul(x as u32, g);
                relations.push((lhs, words[y as usize].clone()));
            }
        }
        relations.sort_by(|a, b| a.0.degree().cmp(&b.0.degree()).then_with(|| b.0.cmp(&a.0)));
        Presentation { names: generator_names(k), generators: generators.to_vec(), words, relations }
    }

    /// The element `x` as its least word.
    pub fn word(&self, x: u32) -> String {
        self.words[x as usize].render(&self.names)
    }

    /// `⟨a, b | a² = 1, b³ = b⟩`.
    pub fn render(&self) -> String {
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", l.render(&self.names), r.render(&self.names)))
            .collect();
        if self.names.is_empty() {
            return "⟨ ⟩ (the trivial monoid)".into();
        }
        if rels.is_empty() {
            format!("⟨{}⟩", self.names.join(", "))
        } else {
            format!("⟨{} | {}⟩", self.names.join(", "), rels.join(", "))
        }
    }
}
