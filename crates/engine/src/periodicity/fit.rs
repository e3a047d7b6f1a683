//! Fitting the conjecture: for fixed S, the preperiod and period of SUB(S ∪ {c}) are, for
//! `c ≥ N` and `c ≡ r (mod q)`, linear functions `α_r c + β_r` and `λ_r c + μ_r`.
//!
//! # Algorithm
//! For each candidate modulus `q = 1, 2, ...`:
//! 1. split the rows (sorted by `c`) into residue classes `c mod q`;
//! 2. in each class, find the longest run of final rows on which both `ℓ` and `p` lie on one
//!    line (exact check: equal slopes by cross-multiplication, so gaps in `c` are fine); a class
//!    with fewer than [`MIN_SUPPORT`] rows in that run rejects `q` (two points always fit a
//!    line, the others confirm it);
//! 3. the threshold `N` is the least `c` from which every row lies on its class's lines; the
//!    *exceptions* are the rows below `N` that do not;
//! 4. the cost of `q` is `exceptions + 4 × classes` (each class states four numbers): the
//!    formula must explain the data more briefly than the data themselves.
//!
//! The fit with the least cost wins (ties: the smaller `q`). Multiples of the true modulus fit
//! as well but cost more, which is why the minimal description is chosen. There is **no fit**
//! when no `q` has enough support, or when the best cost is more than half the number of rows
//! (the "formula" would be little more than the table).
//!
//! Complexity: `O(rows × q_max)` with `q_max ≤ rows / MIN_SUPPORT`, and the scan stops once
//! `4q` exceeds the best cost found, so in practice `O(rows × q*)`. All arithmetic is exact.

use std::fmt;

use num_integer::Integer;

/// Rows a residue class needs on its final line before the line is believed.
pub(crate) const MIN_SUPPORT: usize = 4;

/// One row of a family sweep: the varying member `c` and the certified ℓ and p of S ∪ {c}.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FitRow {
    /// The varying member.
    pub c: u64,
    /// The minimal preperiod of S ∪ {c}.
    pub preperiod: u64,
    /// The minimal period of S ∪ {c}.
    pub period: u64,
}

/// An exact rational number `numerator / denominator`, in lowest terms, denominator positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rational {
    /// The numerator.
    pub numerator: i128,
    /// The denominator, at least 1.
    pub denominator: i128,
}

impl Rational {
    /// `numerator / denominator` reduced; `denominator` must not be 0.
    fn new(numerator: i128, denominator: i128) -> Self {
        let sign = if denominator < 0 { -1 } else { 1 };
        let divisor = numerator.gcd(&denominator).max(1);
        Rational { numerator: sign * numerator / divisor, denominator: sign * denominator / divisor }
    }

    /// The integer value, if the number is an integer.
    pub(crate) fn as_integer(&self) -> Option<i128> {
        (self.denominator == 1).then_some(self.numerator)
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_integer() {
            Some(n) => write!(f, "{n}"),
            None => write!(f, "{}/{}", self.numerator, self.denominator),
        }
    }
}

/// `slope × c + intercept`, exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LinearForm {
    /// The coefficient of `c`.
    pub slope: Rational,
    /// The constant term.
    pub intercept: Rational,
}

impl LinearForm {
    /// The line through `(c0, v0)` and `(c1, v1)`, `c0 ≠ c1`.
    fn through(c0: u64, v0: u64, c1: u64, v1: u64) -> Self {
        let dc = c1 as i128 - c0 as i128;
        let slope = Rational::new(v1 as i128 - v0 as i128, dc);
        // intercept = v0 - slope × c0
        let intercept =
            Rational::new(v0 as i128 * slope.denominator - slope.numerator * c0 as i128, slope.denominator);
        LinearForm { slope, intercept }
    }

    /// True when the form gives `value` at `c`.
    pub fn matches(&self, c: u64, value: u64) -> bool {
        // value = (sn c)/sd + in/id  <=>  value sd id = sn c id + in sd
        let (sn, sd, inum, id) = (
            self.slope.numerator,
            self.slope.denominator,
            self.intercept.numerator,
            self.intercept.denominator,
        );
        value as i128 * sd * id == sn * c as i128 * id + inum * sd
    }
}

impl fmt::Display for LinearForm {
    /// Written as the slides do: `2c - 4`, `c + 5`, `9`, `(3/2)c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let slope = match (self.slope.numerator, self.slope.denominator) {
            (0, _) => return write!(f, "{}", self.intercept),
            (1, 1) => "c".to_string(),
            (-1, 1) => "-c".to_string(),
            (n, 1) => format!("{n}c"),
            (n, d) => format!("({n}/{d})c"),
        };
        if self.intercept.numerator == 0 {
            return write!(f, "{slope}");
        }
        let sign = if self.intercept.numerator < 0 { '-' } else { '+' };
        let magnitude = Rational { numerator: self.intercept.numerator.abs(), ..self.intercept };
        write!(f, "{slope} {sign} {magnitude}")
    }
}

/// The forms on one residue class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResidueForms {
    /// The residue `r` of `c mod q`.
    pub residue: u64,
    /// ℓ on this class, for `c ≥ N`.
    pub preperiod: LinearForm,
    /// p on this class, for `c ≥ N`.
    pub period: LinearForm,
    /// Rows of the class on its lines at or after the threshold.
    pub support: usize,
}

/// A piecewise-linear fit of a sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PiecewiseFit {
    /// The modulus q.
    pub modulus: u64,
    /// The threshold N: every row with `c ≥ N` follows its class's forms.
    pub threshold: u64,
    /// One entry per residue class present in the data, by residue.
    pub classes: Vec<ResidueForms>,
    /// Rows below N that do not follow their class's forms.
    pub exceptions: Vec<FitRow>,
}

/// The outcome of [`fit_conjecture`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConjectureFit {
    /// The data follow a piecewise-linear form.
    Fit(PiecewiseFit),
    /// They do not (yet): why, as data.
    NoFit(NoFit),
}

/// Why sweep rows have no piecewise-linear fit ([`ConjectureFit::NoFit`]); `Display` is the
/// English a research report shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoFit {
    /// Too few distinct rows to fit anything.
    #[error("too few rows ({rows}) to fit: at least {needed} are needed")]
    TooFewRows {
        /// The distinct rows given.
        rows: usize,
        /// The least number of rows a fit needs.
        needed: usize,
    },
    /// No modulus up to `q_max` gives every residue class enough rows on one line.
    #[error("no modulus q ≤ {q_max} gives every residue class at least {support} rows on one line")]
    NoModulus {
        /// The largest modulus tried.
        q_max: u64,
        /// The rows each class needs on its line.
        support: usize,
    },
    /// The best formula is not shorter than half the rows.
    #[error("the best formula (modulus {modulus}, {exceptions} exceptions) is not shorter than half the {rows} rows")]
    TooManyExceptions {
        /// The best formula's modulus.
        modulus: u64,
        /// Its exceptions.
        exceptions: usize,
        /// The rows.
        rows: usize,
    },
}

/// Which quantity a piecewise formula describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// The preperiod ℓ.
    Preperiod,
    /// The period p.
    Period,
}

impl PiecewiseFit {
    /// The formula for one quantity, grouped as the slides write it: the distinct forms, each with
    /// its residues, the most common form last as "otherwise" (when there are several).
    pub fn pieces(&self, quantity: Quantity) -> Vec<(LinearForm, Vec<u64>)> {
        let mut pieces: Vec<(LinearForm, Vec<u64>)> = Vec::new();
        for class in &self.classes {
            let form = match quantity {
                Quantity::Preperiod => class.preperiod,
                Quantity::Period => class.period,
            };
            match pieces.iter_mut().find(|(f, _)| *f == form) {
                Some((_, residues)) => residues.push(class.residue),
                None => pieces.push((form, vec![class.residue])),
            }
        }
        // Stable: the most common form goes last; others keep the order of their first residue.
        if let Some(most) = (0..pieces.len()).max_by_key(|&i| (pieces[i].1.len(), std::cmp::Reverse(i))) {
            let common = pieces.remove(most);
            pieces.push(common);
        }
        pieces
    }

    /// The formula for one quantity in one line, e.g.
    /// `2c - 4 if c ≡ 1 (mod 18); c + 5 if c ≡ 10 (mod 18); 0 otherwise`.
    pub fn formula(&self, quantity: Quantity) -> String {
        let pieces = self.pieces(quantity);
        let count = pieces.len();
        let q = self.modulus;
        pieces
            .into_iter()
            .enumerate()
            .map(|(i, (form, residues))| {
                if count == 1 {
                    format!("{form}")
                } else if i + 1 == count {
                    format!("{form} otherwise")
                } else {
                    let list: Vec<String> = residues.iter().map(u64::to_string).collect();
                    format!("{form} if c ≡ {} (mod {q})", list.join(", "))
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// One candidate modulus evaluated.
struct Candidate {
    fit: PiecewiseFit,
    cost: usize,
}

/// Fits the conjecture's piecewise-linear form to sweep rows (any order; `c` distinct).
///
/// See the module doc for the algorithm, the acceptance rule and the complexity.
pub fn fit_conjecture(rows: &[FitRow]) -> ConjectureFit {
    let mut rows = rows.to_vec();
    rows.sort_unstable();
    rows.dedup_by_key(|r| r.c);
    if rows.len() < 2 * MIN_SUPPORT {
        return ConjectureFit::NoFit(NoFit::TooFewRows { rows: rows.len(), needed: 2 * MIN_SUPPORT });
    }
    let mut best: Option<Candidate> = None;
    let q_max = (rows.len() / MIN_SUPPORT) as u64;
    for q in 1..=q_max {
        if let Some(best) = &best {
            if 4 * q as usize > best.cost {
                break;
            }
        }
        if let Some(candidate) = evaluate(&rows, q) {
            let better = match &best {
                Some(b) => candidate.cost < b.cost,
                None => true,
            };
            if better {
                best = Some(candidate);
            }
        }
    }
    match best {
        None => ConjectureFit::NoFit(NoFit::NoModulus { q_max, support: MIN_SUPPORT }),
        Some(b) if 2 * b.cost > rows.len() => ConjectureFit::NoFit(NoFit::TooManyExceptions {
            modulus: b.fit.modulus,
            exceptions: b.fit.exceptions.len(),
            rows: rows.len(),
        }),
        Some(b) => ConjectureFit::Fit(b.fit),
    }
}

/// Evaluates modulus `q` on sorted rows: `None` when some class lacks support.
fn evaluate(rows: &[FitRow], q: u64) -> Option<Candidate> {
    let mut classes: Vec<Vec<FitRow>> = vec![Vec::new(); q as usize];
    for row in rows {
        classes[(row.c % q) as usize].push(*row);
    }
    let mut forms = Vec::new();
    let mut threshold = rows[0].c;
    for (residue, class) in classes.iter().enumerate() {
        if class.is_empty() {
            continue;
        }
        let run = final_linear_run(class);
        if run < MIN_SUPPORT {
            return None;
        }
        let first = class.len() - run;
        if first > 0 {
            threshold = threshold.max(class[first - 1].c + 1);
        }
        let (a, b) = (class[first], class[first + 1]);
        forms.push(ResidueForms {
            residue: residue as u64,
            preperiod: LinearForm::through(a.c, a.preperiod, b.c, b.preperiod),
            period: LinearForm::through(a.c, a.period, b.c, b.period),
            support: run,
        });
    }
    let mut exceptions = Vec::new();
    for row in rows {
        let class = forms.iter().find(|f| f.residue == row.c % q)?;
        let on_lines =
            class.preperiod.matches(row.c, row.preperiod) && class.period.matches(row.c, row.period);
        if !on_lines {
            // Below the threshold by construction: every row from it on is in its class's run.
            exceptions.push(*row);
        }
    }
    for class in &mut forms {
        class.support = rows.iter().filter(|r| r.c % q == class.residue && r.c >= threshold).count();
    }
    let cost = exceptions.len() + 4 * forms.len();
    Some(Candidate { fit: PiecewiseFit { modulus: q, threshold, classes: forms, exceptions }, cost })
}

/// Length of the longest suffix of `class` on which ℓ and p are each on one line.
fn final_linear_run(class: &[FitRow]) -> usize {
    let n = class.len();
    if n <= 2 {
        return n;
    }
    let collinear = |a: &FitRow, b: &FitRow, z: &FitRow, value: fn(&FitRow) -> u64| {
        let (dc1, dc2) = (b.c as i128 - a.c as i128, z.c as i128 - b.c as i128);
        let (dv1, dv2) = (value(b) as i128 - value(a) as i128, value(z) as i128 - value(b) as i128);
        dv1 * dc2 == dv2 * dc1
    };
    let mut run = 2;
    while run < n {
        let (a, b, z) = (&class[n - run - 1], &class[n - run], &class[n - run + 1]);
        if collinear(a, b, z, |r| r.preperiod) && collinear(a, b, z, |r| r.period) {
            run += 1;
        } else {
            break;
        }
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    fn rows_from(mut f: impl FnMut(u64) -> (u64, u64), range: std::ops::RangeInclusive<u64>) -> Vec<FitRow> {
        range
            .map(|c| {
                let (preperiod, period) = f(c);
                FitRow { c, preperiod, period }
            })
            .collect()
    }

    #[test]
    fn recovers_a_planted_formula_with_exceptions() {
        let rows = rows_from(
            |c| match (c, c % 6) {
                (13, _) => (99, 1),
                (_, 0) => (0, c + 1),
                (_, 3) => (2 * c - 7, 5),
                _ => (0, 7),
            },
            10..=200,
        );
        let ConjectureFit::Fit(fit) = fit_conjecture(&rows) else { panic!("no fit") };
        assert_eq!(fit.modulus, 6);
        assert_eq!(fit.threshold, 14);
        assert_eq!(fit.exceptions, vec![FitRow { c: 13, preperiod: 99, period: 1 }]);
        assert_eq!(fit.formula(Quantity::Preperiod), "2c - 7 if c ≡ 3 (mod 6); 0 otherwise");
        assert_eq!(fit.formula(Quantity::Period), "c + 1 if c ≡ 0 (mod 6); 5 if c ≡ 3 (mod 6); 7 otherwise");
    }

    #[test]
    fn rational_slopes_are_exact() {
        let rows = rows_from(|c| ((c - c % 4) / 4 * 3, 2), 0..=100);
        let ConjectureFit::Fit(fit) = fit_conjecture(&rows) else { panic!("no fit") };
        assert_eq!(fit.modulus, 4);
        assert_eq!(fit.classes[1].preperiod.to_string(), "(3/4)c - 3/4");
        assert!(fit.exceptions.is_empty());
    }

    #[test]
    fn noise_is_no_fit() {
        // A pseudo-random sequence has no short piecewise-linear description.
        let mut x = 12345u64;
        let rows = rows_from(
            |_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 60, (x >> 50) % 7)
            },
            1..=120,
        );
        assert!(matches!(fit_conjecture(&rows), ConjectureFit::NoFit(_)));
        assert!(matches!(fit_conjecture(&rows[..5]), ConjectureFit::NoFit(_)));
    }
}
