//! `period --emit LANG`: a period report turned into a short, self-contained program computing
//! `G(n)`: a function `grundy(n)` (the preperiod's values and one period as tables) and a main
//! reading numbers from standard input and printing `G(n)` for each, one a line.
//!
//! A certified period (subtraction and take-and-break games) gives a function valid for every
//! `n`. An observed one (any other one-heap game) gives a function valid for `n` within the
//! values computed, `n < N`: the code says so in a comment and refuses `n >= N` (an exception
//! in Python, a panic in Rust, an exit status 1 with a message on standard error in C++). A
//! report without a period (an open take-and-break sequence, "none seen") emits nothing.

use crate::error::CommandError;
use std::fmt::Write as _;

use crate::period::{PeriodBody, PeriodReport};
use crate::ReportError;

/// The languages `--emit` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Python 3.
    Python,
    /// C++17.
    Cpp,
    /// Rust (a single file for `rustc`).
    Rust,
}

impl std::str::FromStr for Language {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "python" | "py" => Ok(Language::Python),
            "cpp" | "c++" => Ok(Language::Cpp),
            "rust" | "rs" => Ok(Language::Rust),
            _ => Err(format!("unknown language '{s}': the languages are python, cpp and rust")),
        }
    }
}

/// What the emitted function computes: `G(n) = pre[n]` for `n < l`, else
/// `period[(n - l) % p] + ((n - l) / p)·saltus`, for `n < bound` when there is one.
struct Shape {
    title: String,
    pre: Vec<u64>,
    period: Vec<u64>,
    saltus: i64,
    /// `Some(N)`: observed over `n < N` only.
    bound: Option<u64>,
    /// How it is known, for the comment.
    basis: String,
}

fn shape(report: &PeriodReport) -> Result<Shape, ReportError> {
    let title = report.game.game.to_string();
    let split = |values: Vec<u64>, l: u64, p: u64| {
        let (l, p) = (l as usize, p as usize);
        (values[..l].to_vec(), values[l..l + p].to_vec())
    };
    match &report.body {
        PeriodBody::Subtraction(p) => {
            let values: Vec<u64> = p.values.iter().map(|&v| u64::from(v)).collect();
            let (pre, period) = split(values, p.preperiod, p.period);
            Ok(Shape {
                title,
                pre,
                period,
                saltus: 0,
                bound: None,
                basis: format!(
                    "certified: G(n + {}) = G(n) was checked for {} <= n < {}, which proves it for every n >= {} \
                     (a subtraction game's window criterion)",
                    p.period, p.certificate.checked_from, p.certificate.checked_to, p.preperiod
                ),
            })
        }
        PeriodBody::TakeAndBreak(s) => match (s.preperiod, s.period, &s.values, &s.certificate) {
            (Some(l), Some(p), Some(values), Some(c)) => {
                let values: Vec<u64> = values.iter().map(u64::from).collect();
                let (pre, period) = split(values, l, p);
                Ok(Shape {
                    title: s.title.clone(),
                    pre,
                    period,
                    saltus: 0,
                    bound: None,
                    basis: format!(
                        "certified: G(n + {p}) = G(n) was checked for {l} <= n < {}, which proves it for every n >= \
                         {l} ({})",
                        c.checked_to, c.theorem
                    ),
                })
            }
            _ => Err(ReportError::Invalid(CommandError::NoCertifiedPeriod {
                title: s.title.clone(),
                values: s.values_computed,
            })),
        },
        PeriodBody::Observed(o) => match &o.observed {
            Some(seen) => {
                let (pre, period) = split(o.values.clone(), seen.preperiod, seen.period);
                Ok(Shape {
                    title,
                    pre,
                    period,
                    saltus: seen.saltus,
                    bound: Some(o.values_computed),
                    basis: format!(
                        "OBSERVED, NOT PROVED: G(n + {}) = G(n) + {} held for {} <= n < {} in the values nimlab \
                         computed; no periodicity theorem covers this game, so this function answers only n < {}",
                        seen.period,
                        seen.saltus,
                        seen.preperiod,
                        o.values_computed - seen.period,
                        o.values_computed
                    ),
                })
            }
            None => Err(ReportError::Invalid(CommandError::NoPeriodSeen {
                title: title.to_string(),
                values: o.values_computed,
            })),
        },
    }
}

fn list(values: &[u64]) -> String {
    let mut out = String::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 20 == 0 { ",\n    " } else { ", " });
        }
        let _ = write!(out, "{v}");
    }
    out
}

/// The program in `language` computing the report's `G(n)`.
///
/// # Errors
/// [`ReportError::Invalid`] when the report holds no period (an open sequence, none seen).
pub fn emit(report: &PeriodReport, language: Language) -> Result<String, ReportError> {
    let s = shape(report)?;
    let (l, p) = (s.pre.len(), s.period.len());
    let header = [
        format!("G(n) of {}, generated by nimlab (period --emit).", s.title),
        format!("Preperiod {l}, period {p}, saltus {}.", s.saltus),
        s.basis.clone(),
    ];
    let source = match language {
        Language::Python => {
            let mut out: String = header.iter().map(|line| format!("# {line}\n")).collect();
            let _ = write!(
                out,
                "import sys\n\nPRE = [{}]\nPERIOD = [{}]\nSALTUS = {}\n",
                list(&s.pre),
                list(&s.period),
                s.saltus
            );
            if let Some(bound) = s.bound {
                let _ = writeln!(out, "BOUND = {bound}  # observed over n < BOUND only");
            }
            out.push_str("\n\ndef grundy(n: int) -> int:\n    \"\"\"G(n) for an integer n >= 0.\"\"\"\n");
            out.push_str("    if n < 0:\n        raise ValueError(f'n must be >= 0, not {n}')\n");
            if s.bound.is_some() {
                out.push_str(
                    "    if n >= BOUND:\n        raise ValueError(f'n = {n} is beyond the observed range n < {BOUND}')\n",
                );
            }
            out.push_str(
                "    if n < len(PRE):\n        return PRE[n]\n    q, r = divmod(n - len(PRE), len(PERIOD))\n    return \
                 PERIOD[r] + q * SALTUS\n\n\nif __name__ == '__main__':\n    for word in sys.stdin.read().split():\n        \
                 print(grundy(int(word)))\n",
            );
            out
        }
        Language::Cpp => {
            let mut out: String = header.iter().map(|line| format!("// {line}\n")).collect();
            let _ = write!(
                out,
                "#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n#include <iostream>\n\n\
                 static const uint64_t PRE[] = {{{}}};\nstatic const uint64_t PERIOD[] = {{{}}};\n\
                 static const uint64_t L = {l}, P = {p};\nstatic const int64_t SALTUS = {};\n",
                if l == 0 { "0".to_string() } else { list(&s.pre) },
                list(&s.period),
                s.saltus
            );
            if let Some(bound) = s.bound {
                let _ =
                    writeln!(out, "static const uint64_t BOUND = {bound}; // observed over n < BOUND only");
            }
            out.push_str("\n// G(n) for every n >= 0 (any uint64_t)");
            out.push_str(if s.bound.is_some() { "; exits with status 1 for n >= BOUND.\n" } else { ".\n" });
            out.push_str("uint64_t grundy(uint64_t n) {\n");
            if s.bound.is_some() {
                out.push_str(
                    "    if (n >= BOUND) {\n        std::fprintf(stderr, \"n = %llu is beyond the observed range n < \
                     %llu\\n\", (unsigned long long)n, (unsigned long long)BOUND);\n        std::exit(1);\n    }\n",
                );
            }
            out.push_str(
                "    if (n < L) return PRE[n];\n    uint64_t q = (n - L) / P, r = (n - L) % P;\n    return (uint64_t)((int64_t)PERIOD[r] + \
                 (int64_t)q * SALTUS);\n}\n\nint main() {\n    unsigned long long n;\n    while (std::cin >> n) \
                 std::cout << grundy(n) << '\\n';\n    return 0;\n}\n",
            );
            out
        }
        Language::Rust => {
            let mut out: String = header.iter().map(|line| format!("// {line}\n")).collect();
            let _ = write!(
                out,
                "use std::io::{{self, Read, Write}};\n\nconst PRE: [u64; {l}] = [{}];\nconst PERIOD: [u64; {p}] = [{}];\n\
                 const SALTUS: i64 = {};\n",
                list(&s.pre),
                list(&s.period),
                s.saltus
            );
            if let Some(bound) = s.bound {
                let _ = write!(out, "/// Observed over n < BOUND only.\nconst BOUND: u64 = {bound};\n");
            }
            out.push_str("\n/// G(n) for every n (any u64)");
            out.push_str(if s.bound.is_some() { "; panics for n >= BOUND.\n" } else { ".\n" });
            out.push_str(
                "#[allow(clippy::unnecessary_cast, unused_comparisons)]\npub fn grundy(n: u64) -> u64 {\n",
            );
            if s.bound.is_some() {
                out.push_str(
                    "    assert!(n < BOUND, \"n = {n} is beyond the observed range n < {BOUND}\");\n",
                );
            }
            out.push_str(
                "    let l = PRE.len() as u64;\n    if n < l {\n        return PRE[n as usize];\n    }\n    let p = PERIOD.len() as \
                 u64;\n    let (q, r) = ((n - l) / p, (n - l) % p);\n    (PERIOD[r as usize] as i64 + q as i64 * SALTUS) as \
                 u64\n}\n\nfn main() {\n    let mut input = String::new();\n    io::stdin().read_to_string(&mut \
                 input).expect(\"standard input\");\n    let mut out = io::BufWriter::new(io::stdout().lock());\n    for word \
                 in input.split_whitespace() {\n        let n: u64 = word.parse().expect(\"a number below 2^64\");\n        \
                 writeln!(out, \"{}\", grundy(n)).expect(\"standard output\");\n    }\n}\n",
            );
            out
        }
    };
    Ok(source)
}
