//! The quotient of the heaps `1..=n`, heap by heap (Plambeck and Siegel's method, in our own
//! formulation; docs/misere.md gives the proofs).
//!
//! # Pretensions and their check
//! A *pretension* is a finite commutative monoid `M` with a subset `P` and a map `Φ` from heap
//! sizes to `M`, extended to sums by multiplication. For a sum `w`, let `T(w)` be the set of
//! `Φ(w')` over its options `w'`. Adding one heap `h` to `w` gives
//! `T(w + h) = T(w)·Φ(h) ∪ Φ(w)·S_h`, where `S_h` is the set of `Φ(o)` over the options `o` of
//! the heap `h` alone. So the *state* `(Φ(w), T(w))` of a sum follows from the state of a
//! smaller sum and the *letter* `(Φ(h), S_h)` of the heap added. The pretension is **correct**
//! (`w` is a misère P-position exactly when `Φ(w) ∈ P`) if and only if every reachable state
//! satisfies `Φ(w) ∈ P ⟺ T(w) ≠ ∅ and T(w) ∩ P = ∅` (induction on the game). Only what a
//! state's `T` says about the future matters, `{z : T·z ∩ P ≠ ∅}`, so a state is kept as
//! `(x, U, nonterminal)`, `U` a bitset over `M`; there are finitely many, and the check
//! visits them all.
//!
//! # The quotient from a correct pretension
//! Two sums are indistinguishable among the sums of heaps `≤ n` exactly when their images
//! have the same P-signature `{z : x·z ∈ P}` within the submonoid the heaps generate; so the
//! quotient `Q_n` is that submonoid with equal signatures merged (a partition refinement).
//!
//! # Heap by heap
//! Given `Q_{n-1}`, heap `n` is first tried as a *conservative extension*: `Φ(n)` an existing
//! element (at most one can pass the check). Otherwise the presentation grows: a trial monoid
//! `Q_{n-1} × C(i, 2)` (`C(i, p)`: the cyclic monoid `a^{i+p} = a^i`) gets its P-portion by
//! walking the sums in colexicographic order (larger heaps most significant, so a sum's options
//! come before it), each element's P-status set by the first sum that reaches it and checked
//! against every later one. The least sum where they disagree (a *failure*, whose true outcome
//! follows from its options) tells which heaps to free: a freed heap becomes its own cyclic
//! factor, with an index above its exponent in the failure, so that sum gets an image of its
//! own. The walk repeats until no failure is left; the trial monoid is then reduced to `Q_n`.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::budget::{Budget, Exhausted};
use crate::octal::game::MoveMenu;
use crate::octal::OctalCode;

use super::quotient::Quotient;

/// Why a step stopped.
#[derive(Debug)]
pub(crate) enum Stop {
    Exhausted(Exhausted),
    /// A bug: an invariant of the method failed (never expected).
    Internal(String),
}

impl From<Exhausted> for Stop {
    fn from(e: Exhausted) -> Self {
        Stop::Exhausted(e)
    }
}

/// The options of each heap, as lists of heap sizes (empty heaps left out).
pub(crate) struct HeapOptions {
    menu: MoveMenu,
    options: Vec<Vec<Vec<u32>>>,
}

impl HeapOptions {
    pub(crate) fn new(code: &OctalCode) -> Self {
        HeapOptions { menu: MoveMenu::of_code(code), options: vec![Vec::new()] }
    }

    /// The options of heap `h` (computed once).
    pub(crate) fn of(&mut self, h: usize, budget: &Budget) -> Result<&[Vec<u32>], Exhausted> {
        while self.options.len() <= h {
            let heap = self.options.len() as u64;
            let moves = self.menu.heap_moves(heap);
            budget.charge(moves.len() as u64 + 1)?;
            let mut opts: Vec<Vec<u32>> =
                moves.into_iter().map(|(_, leaves)| leaves.into_iter().map(|x| x as u32).collect()).collect();
            opts.sort();
            opts.dedup();
            self.options.push(opts);
        }
        Ok(&self.options[h])
    }

    pub(crate) fn cached(&self, h: usize) -> &[Vec<u32>] {
        &self.options[h]
    }
}

/// A heap added to a sum, as the check sees it: its image and the images of its options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Letter {
    phi: u32,
    options: Vec<u32>,
}

/// A reachable state `(x, U, nonterminal)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    x: u32,
    nonterminal: bool,
    u: Vec<u64>,
}

/// The states of every sum of the heaps so far, all checked, and what it takes to extend them.
pub(crate) struct Checker {
    signatures: Vec<Vec<u64>>,
    letters: Vec<Letter>,
    states: HashSet<State>,
}

fn bit(bits: &[u64], i: u32) -> bool {
    bits[i as usize / 64] >> (i % 64) & 1 == 1
}

impl Checker {
    fn new(q: &Quotient) -> Self {
        let signatures = (0..q.order() as u32).map(|x| q.signature(x)).collect();
        let start = State { x: 0, nonterminal: false, u: vec![0; q.order().div_ceil(64)] };
        Checker { signatures, letters: Vec::new(), states: HashSet::from([start]) }
    }

    fn step(&self, q: &Quotient, s: &State, letter: &Letter) -> State {
        let n = q.order();
        let mut u = vec![0u64; n.div_ceil(64)];
        for z in 0..n as u32 {
            if bit(&s.u, q.mul(letter.phi, z)) {
                u[z as usize / 64] |= 1 << (z % 64);
            }
        }
        for &o in &letter.options {
            for (w, sig) in u.iter_mut().zip(&self.signatures[q.mul(s.x, o) as usize]) {
                *w |= sig;
            }
        }
        State { x: q.mul(s.x, letter.phi), nonterminal: s.nonterminal || !letter.options.is_empty(), u }
    }

    fn consistent(q: &Quotient, s: &State) -> bool {
        q.is_p(s.x) == (s.nonterminal && !bit(&s.u, 0))
    }

    /// The new states reached once `letter` joins the alphabet, all checked; `None` at the
    /// first inconsistent one. With `quick`, only one step from the known states.
    fn extend(
        &self,
        q: &Quotient,
        letter: &Letter,
        quick: bool,
        budget: &Budget,
    ) -> Result<Option<HashSet<State>>, Exhausted> {
        let cost = 1 + q.order() as u64 / 16 * (1 + letter.options.len() as u64);
        let mut fresh: HashSet<State> = HashSet::new();
        let mut queue = VecDeque::new();
        for s in &self.states {
            budget.charge(cost)?;
            let t = self.step(q, s, letter);
            if !self.states.contains(&t) && !fresh.contains(&t) {
                if !Self::consistent(q, &t) {
                    return Ok(None);
                }
                fresh.insert(t.clone());
                queue.push_back(t);
            }
        }
        if quick {
            return Ok(Some(fresh));
        }
        while let Some(s) = queue.pop_front() {
            for l in self.letters.iter().chain(std::iter::once(letter)) {
                budget.charge(cost)?;
                let t = self.step(q, &s, l);
                if !self.states.contains(&t) && !fresh.contains(&t) {
                    if !Self::consistent(q, &t) {
                        return Ok(None);
                    }
                    fresh.insert(t.clone());
                    queue.push_back(t);
                }
            }
            budget.check_held((self.states.len() + fresh.len()) as u64 * (q.order() as u64 / 8 + 64))?;
        }
        Ok(Some(fresh))
    }
}

/// A heap freed in a trial monoid: its own cyclic factor `C(index, period)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Free {
    heap: usize,
    index: u64,
    period: u64,
}

/// A trial monoid `Q × C(i₁, p₁) × ...`, its elements coded in mixed radix.
struct Trial<'q> {
    base: &'q Quotient,
    /// Images in the base of the heaps not freed (the identity for freed heaps).
    base_phi: Vec<u32>,
    free: Vec<Free>,
}

impl Trial<'_> {
    fn size(&self) -> Option<u64> {
        self.free.iter().try_fold(self.base.order() as u64, |acc, f| acc.checked_mul(f.index + f.period))
    }

    fn mul(&self, mut a: u64, mut b: u64) -> u64 {
        let bs = self.base.order() as u64;
        let mut out = u64::from(self.base.mul((a % bs) as u32, (b % bs) as u32));
        a /= bs;
        b /= bs;
        let mut scale = bs;
        for f in &self.free {
            let r = f.index + f.period;
            let s = a % r + b % r;
            a /= r;
            b /= r;
            let c = if s < r { s } else { f.index + (s - f.index) % f.period };
            out += c * scale;
            scale *= r;
        }
        out
    }

    fn image(&self, heap: usize) -> u64 {
        let mut scale = self.base.order() as u64;
        for f in &self.free {
            if f.heap == heap {
                return scale;
            }
            scale *= f.index + f.period;
        }
        u64::from(self.base_phi[heap])
    }
}

/// The colexicographic walk that sets a trial monoid's P-portion and finds its least failure.
struct Walk<'t> {
    trial: &'t Trial<'t>,
    /// Heaps with options, largest first, with their images and their options' images.
    heaps: Vec<(usize, u64, Vec<u64>)>,
    visited: HashSet<(u32, u64, Vec<u64>)>,
    marks: HashMap<u64, bool>,
    exponents: Vec<u32>,
    budget: &'t Budget,
    held: u64,
}

enum WalkStop {
    Stop(Stop),
    /// The least failure: the exponent of each heap (indexed by heap size).
    Failure(Vec<u32>),
}

impl From<Exhausted> for WalkStop {
    fn from(e: Exhausted) -> Self {
        WalkStop::Stop(Stop::Exhausted(e))
    }
}

impl Walk<'_> {
    fn add(&self, level: usize, x: u64, t: &[u64]) -> (u64, Vec<u64>) {
        let (_, img, opts) = &self.heaps[level];
        let mut next: Vec<u64> = t.iter().map(|&y| self.trial.mul(y, *img)).collect();
        next.extend(opts.iter().map(|&o| self.trial.mul(x, o)));
        next.sort_unstable();
        next.dedup();
        (self.trial.mul(x, *img), next)
    }

    fn run(&mut self, level: usize, x: u64, t: Vec<u64>) -> Result<(), WalkStop> {
        if level == self.heaps.len() {
            self.budget.charge(1 + t.len() as u64)?;
            let mut status = !t.is_empty();
            for y in &t {
                match self.marks.get(y) {
                    Some(true) => status = false,
                    Some(false) => {}
                    None => {
                        return Err(WalkStop::Stop(Stop::Internal(format!("option image {y} not marked"))))
                    }
                }
            }
            match self.marks.get(&x) {
                Some(&marked) if marked != status => return Err(WalkStop::Failure(self.exponents.clone())),
                Some(_) => {}
                None => {
                    self.marks.insert(x, status);
                }
            }
            return Ok(());
        }
        let heap = self.heaps[level].0;
        let (mut x, mut t) = (x, t);
        let saved = self.exponents[heap];
        loop {
            self.budget.charge(1 + t.len() as u64)?;
            self.held += 48 + 8 * t.len() as u64;
            self.budget.check_held(self.held)?;
            if !self.visited.insert((level as u32, x, t.clone())) {
                break;
            }
            self.run(level + 1, x, t.clone())?;
            let (nx, nt) = self.add(level, x, &t);
            x = nx;
            t = nt;
            self.exponents[heap] += 1;
        }
        self.exponents[heap] = saved;
        Ok(())
    }
}

/// What a walk found: the P-marks of every element reached, or the least failure.
enum WalkResult {
    Correct(HashMap<u64, bool>),
    Failure(Vec<u32>),
}

fn walk(trial: &Trial<'_>, n: usize, options: &HeapOptions, budget: &Budget) -> Result<WalkResult, Stop> {
    let mut heaps = Vec::new();
    for h in (1..=n).rev() {
        let opts = options.cached(h);
        if opts.is_empty() {
            continue;
        }
        let mut images: Vec<u64> = opts
            .iter()
            .map(|o| o.iter().fold(0u64, |acc, &g| trial.mul(acc, trial.image(g as usize))))
            .collect();
        images.sort_unstable();
        images.dedup();
        heaps.push((h, trial.image(h), images));
    }
    let mut w = Walk {
        trial,
        heaps,
        visited: HashSet::new(),
        marks: HashMap::new(),
        exponents: vec![0; n + 1],
        budget,
        held: 0,
    };
    match w.run(0, 0, Vec::new()) {
        Ok(()) => Ok(WalkResult::Correct(w.marks)),
        Err(WalkStop::Failure(word)) => Ok(WalkResult::Failure(word)),
        Err(WalkStop::Stop(s)) => Err(s),
    }
}

/// Colexicographic order on exponent vectors (larger heaps most significant).
fn colex_less(a: &[u32], b: &[u32]) -> bool {
    for i in (0..a.len().max(b.len())).rev() {
        let (x, y) = (a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0));
        if x != y {
            return x < y;
        }
    }
    false
}

/// The index and period of `x` in `q`: the least `i`, `p` with `x^{i+p} = x^i`.
fn index_period(q: &Quotient, x: u32) -> (u64, u64) {
    let mut seen = HashMap::new();
    let mut y = 0u32;
    for k in 0u64.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = q.mul(y, x);
    }
    unreachable!("a finite monoid's powers repeat")
}

/// The state of the computation: `Q_n`, `Φ` on heaps `0..=n`, and the checked states.
pub(crate) struct Solver {
    pub(crate) options: HeapOptions,
    pub(crate) quotient: Quotient,
    pub(crate) phi: Vec<u32>,
    pub(crate) expansions: Vec<u64>,
    checker: Checker,
}

impl Solver {
    pub(crate) fn new(code: &OctalCode) -> Self {
        let quotient = Quotient::trivial();
        let checker = Checker::new(&quotient);
        Solver { options: HeapOptions::new(code), quotient, phi: vec![0], expansions: Vec::new(), checker }
    }

    /// The heaps computed so far (`n` of `Q_n`).
    pub(crate) fn reached(&self) -> usize {
        self.phi.len() - 1
    }

    fn letter_of(&self, h: usize, phi: u32) -> Letter {
        let q = &self.quotient;
        let mut opts: Vec<u32> = self
            .options
            .cached(h)
            .iter()
            .map(|o| q.product(o.iter().map(|&g| self.phi[g as usize])))
            .collect();
        opts.sort_unstable();
        opts.dedup();
        Letter { phi, options: opts }
    }

    /// Adds heap `n + 1`.
    pub(crate) fn next(&mut self, budget: &Budget) -> Result<(), Stop> {
        let n = self.phi.len();
        self.options.of(n, budget)?;
        let probe = self.letter_of(n, 0);
        if probe.options.is_empty() {
            // No move at all: the heap is the empty game.
            self.phi.push(0);
            return Ok(());
        }
        let should_be_p = probe.options.iter().all(|&o| !self.quotient.is_p(o));
        let candidates: Vec<u32> =
            (0..self.quotient.order() as u32).filter(|&x| self.quotient.is_p(x) == should_be_p).collect();
        // A letter already in the alphabet adds no state.
        for &x in &candidates {
            let letter = Letter { phi: x, options: probe.options.clone() };
            if self.checker.letters.contains(&letter) {
                self.phi.push(x);
                return Ok(());
            }
        }
        let mut passing = Vec::new();
        for &x in &candidates {
            let letter = Letter { phi: x, options: probe.options.clone() };
            if self.checker.extend(&self.quotient, &letter, true, budget)?.is_some() {
                passing.push(letter);
            }
        }
        for letter in passing {
            if let Some(fresh) = self.checker.extend(&self.quotient, &letter, false, budget)? {
                self.phi.push(letter.phi);
                self.checker.states.extend(fresh);
                self.checker.letters.push(letter);
                return Ok(());
            }
        }
        self.expand(n, budget)
    }

    /// Heap `n` is no conservative extension: find `Q_n` by trial monoids.
    fn expand(&mut self, n: usize, budget: &Budget) -> Result<(), Stop> {
        let base = self.quotient.clone();
        let mut base_phi = self.phi.clone();
        base_phi.push(0);
        let mut free = vec![Free { heap: n, index: 2, period: 2 }];
        loop {
            let trial = Trial { base: &base, base_phi: base_phi.clone(), free: free.clone() };
            if trial.size().is_none_or(|s| s > 1 << 40) {
                return Err(Stop::Exhausted(Exhausted::Memory { bytes: budget.memory_limit() }));
            }
            match walk(&trial, n, &self.options, budget)? {
                WalkResult::Correct(marks) => {
                    self.adopt(&trial, n, &marks, budget)?;
                    self.expansions.push(n as u64);
                    return Ok(());
                }
                WalkResult::Failure(word) => {
                    free = self.refine(&base, &base_phi, &free, &word, n, budget)?;
                    for f in &free {
                        base_phi[f.heap] = 0;
                    }
                }
            }
        }
    }

    /// The freed heaps after the failure `word`: first one heap at a time (the first whose
    /// walk gets past `word`), else every heap of `word` at once.
    fn refine(
        &self,
        base: &Quotient,
        base_phi: &[u32],
        free: &[Free],
        word: &[u32],
        n: usize,
        budget: &Budget,
    ) -> Result<Vec<Free>, Stop> {
        let widen = |free: &mut Vec<Free>, heap: usize| -> bool {
            let e = u64::from(word[heap]);
            if let Some(f) = free.iter_mut().find(|f| f.heap == heap) {
                if f.index > e {
                    return false;
                }
                f.index = e + 1;
            } else {
                let (i, p) = index_period(base, base_phi[heap]);
                free.push(Free { heap, index: i.max(e + 1), period: if p % 2 == 0 { p } else { 2 * p } });
            }
            true
        };
        let heaps: Vec<usize> = (1..=n).rev().filter(|&h| word[h] > 0).collect();
        let mut all = free.to_vec();
        let mut changed = false;
        for &h in &heaps {
            changed |= widen(&mut all, h);
        }
        if !changed {
            return Err(Stop::Internal(format!("failure {word:?} with every heap already free")));
        }
        for &h in &heaps {
            let mut one = free.to_vec();
            if !widen(&mut one, h) {
                continue;
            }
            let mut phi = base_phi.to_vec();
            for f in &one {
                phi[f.heap] = 0;
            }
            let trial = Trial { base, base_phi: phi, free: one.clone() };
            if trial.size().is_none_or(|s| s > 1 << 40) {
                continue;
            }
            match walk(&trial, n, &self.options, budget)? {
                WalkResult::Correct(_) => return Ok(one),
                WalkResult::Failure(next) if colex_less(word, &next) => return Ok(one),
                WalkResult::Failure(_) => {}
            }
        }
        Ok(all)
    }

    /// Reduces a correct trial monoid to `Q_n` and rebuilds the checked states.
    fn adopt(
        &mut self,
        trial: &Trial<'_>,
        n: usize,
        marks: &HashMap<u64, bool>,
        budget: &Budget,
    ) -> Result<(), Stop> {
        let images: Vec<u64> = (0..=n).map(|h| trial.image(h)).collect();
        let mut gens: Vec<u64> = Vec::new();
        for &g in &images[1..] {
            if g != 0 && !gens.contains(&g) {
                gens.push(g);
            }
        }
        // The submonoid the heaps generate, in breadth-first order from the identity.
        let mut index: HashMap<u64, usize> = HashMap::from([(0, 0)]);
        let mut elements = vec![0u64];
        let mut at = 0;
        while at < elements.len() {
            let x = elements[at];
            at += 1;
            for &g in &gens {
                budget.charge(1)?;
                let y = trial.mul(x, g);
                if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(y) {
                    slot.insert(elements.len());
                    elements.push(y);
                }
            }
            budget.check_held(elements.len() as u64 * 48)?;
        }
        let mut class: Vec<usize> = Vec::with_capacity(elements.len());
        for x in &elements {
            match marks.get(x) {
                Some(&p) => class.push(usize::from(p)),
                None => return Err(Stop::Internal(format!("element {x} reached but never marked"))),
            }
        }
        // Moore's partition refinement: equal classes and equal classes after each generator.
        let succ: Vec<Vec<usize>> =
            elements.iter().map(|&x| gens.iter().map(|&g| index[&trial.mul(x, g)]).collect()).collect();
        let mut count = 0;
        loop {
            budget.charge(elements.len() as u64 * (1 + gens.len() as u64))?;
            let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
            let mut next = Vec::with_capacity(elements.len());
            for (i, s) in succ.iter().enumerate() {
                let mut key = vec![class[i]];
                key.extend(s.iter().map(|&j| class[j]));
                let fresh = ids.len();
                next.push(*ids.entry(key).or_insert(fresh));
            }
            let new_count = ids.len();
            class = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        // Number the classes in the order the walk met them.
        let mut renumber = vec![usize::MAX; count];
        let mut reps = Vec::with_capacity(count);
        for (i, &c) in class.iter().enumerate() {
            if renumber[c] == usize::MAX {
                renumber[c] = reps.len();
                reps.push(elements[i]);
            }
        }
        let size = reps.len();
        budget.check_held(size as u64 * size as u64 * 4)?;
        budget.charge(size as u64 * size as u64)?;
        let mut table = vec![0u32; size * size];
        for (a, &ra) in reps.iter().enumerate() {
            for (b, &rb) in reps.iter().enumerate() {
                table[a * size + b] = renumber[class[index[&trial.mul(ra, rb)]]] as u32;
            }
        }
        let p = reps.iter().map(|r| marks[r]).collect();
        self.quotient = Quotient::from_table(size, table, p);
        self.phi = images.iter().map(|g| renumber[class[index[g]]] as u32).collect();
        self.rebuild(budget)
    }

    /// Checks every sum of the heaps so far against the quotient, keeping the states.
    fn rebuild(&mut self, budget: &Budget) -> Result<(), Stop> {
        let mut checker = Checker::new(&self.quotient);
        for h in 1..self.phi.len() {
            let letter = self.letter_of(h, self.phi[h]);
            if letter.options.is_empty() || checker.letters.contains(&letter) {
                continue;
            }
            match checker.extend(&self.quotient, &letter, false, budget)? {
                Some(fresh) => {
                    checker.states.extend(fresh);
                    checker.letters.push(letter);
                }
                None => {
                    return Err(Stop::Internal(format!("the reduced quotient fails its check at heap {h}")))
                }
            }
        }
        self.checker = checker;
        Ok(())
    }
}
