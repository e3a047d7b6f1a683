//! Every table of the subtraction-game slides (seed 003) as a data-driven regression test.
//!
//! Each table is a list of rows: when the row applies (in the slides' parameters), the
//! preperiod ℓ and period p it states and, where the slides print it, the Grundy sequence in
//! their notation (`0^a 1`, `(...)^t`). Every row is checked against [`certify_period`] for
//! every parameter in the stated ranges. Where the slides are garbled the tests hold the
//! rebuilt, checked values; `docs/subtraction.md` records each such place with its evidence.

use nimlab_engine::periodicity::{
    certify_period, fit_conjecture, grundy_values, ConjectureFit, FitRow, Periodicity, Quantity,
};
use nimlab_engine::Budget;

const LIMIT: u64 = 1 << 26;

/// The certified period, bounded by [`LIMIT`] values alone: the work budget is unlimited, as the
/// slides' tables are checked in full.
fn certify(set: &[u64]) -> Periodicity {
    certify_period(set, LIMIT, &Budget::new(u64::MAX)).unwrap_or_else(|e| panic!("{set:?}: {e}"))
}

/// Expands the slides' notation: digits are values; `^N` repeats the previous digit or
/// parenthesised group N times (N may be 0); spaces are ignored.
fn notation(text: &str) -> Vec<u32> {
    fn group(chars: &[char], at: &mut usize) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        let mut last: Vec<u32> = Vec::new();
        while *at < chars.len() {
            match chars[*at] {
                ' ' => *at += 1,
                ')' => {
                    *at += 1;
                    break;
                }
                '(' => {
                    *at += 1;
                    out.extend(&last);
                    last = group(chars, at);
                }
                '^' => {
                    *at += 1;
                    let start = *at;
                    while *at < chars.len() && chars[*at].is_ascii_digit() {
                        *at += 1;
                    }
                    let n: usize = chars[start..*at].iter().collect::<String>().parse().unwrap();
                    out.extend(last.iter().cycle().take(last.len() * n));
                    last.clear();
                }
                d => {
                    *at += 1;
                    out.extend(&last);
                    last = vec![d.to_digit(10).unwrap_or_else(|| panic!("bad notation digit {d}"))];
                }
            }
        }
        out.extend(&last);
        out
    }
    let chars: Vec<char> = text.chars().collect();
    group(&chars, &mut 0)
}

/// Checks that G of `set` is `preperiod` followed by `period` repeating (at least three times
/// and past max(S)); this does not claim `period` is minimal.
fn assert_sequence(set: &[u64], preperiod: &str, period: &str) {
    let (pre, per) = (notation(preperiod), notation(period));
    let count = pre.len() + 3 * per.len() + *set.iter().max().unwrap() as usize;
    let g = grundy_values(set, count).unwrap();
    let expected: Vec<u32> = pre.iter().chain(per.iter().cycle()).take(count).copied().collect();
    assert_eq!(g, expected, "sequence of {set:?}: {preperiod} ({period})");
}

/// The printed sequence of a row: (preperiod, period) in the slides' notation.
type Printed<P> = fn(&P) -> (String, String);

/// One row of a table: the parameters it applies to, ℓ and p, and the printed sequence
/// (preperiod, period) if the slides give one.
struct Row<P> {
    name: &'static str,
    applies: fn(&P) -> bool,
    preperiod: fn(&P) -> u64,
    period: fn(&P) -> u64,
    sequence: Option<Printed<P>>,
}

/// Checks every parameter against the first row that applies (there must be one).
fn check_table<P: std::fmt::Debug>(
    rows: &[Row<P>],
    params: impl Iterator<Item = P>,
    set: fn(&P) -> Vec<u64>,
) {
    let mut checked = vec![0usize; rows.len()];
    for param in params {
        let s = set(&param);
        let (i, row) = rows
            .iter()
            .enumerate()
            .find(|(_, row)| (row.applies)(&param))
            .unwrap_or_else(|| panic!("no row for {param:?}"));
        let p = certify(&s);
        assert_eq!(
            (p.preperiod, p.period),
            ((row.preperiod)(&param), (row.period)(&param)),
            "row '{}' for {param:?}, set {s:?}",
            row.name
        );
        if let Some(sequence) = row.sequence {
            let (pre, per) = sequence(&param);
            assert_sequence(&s, &pre, &per);
        }
        checked[i] += 1;
    }
    for (row, count) in rows.iter().zip(checked) {
        assert!(count > 0, "row '{}' was never exercised", row.name);
    }
}

/// Two-element sets S = {a, c = at + r}, 0 ≤ r < a: ℓ = 0, p = c + a, except 2a when r = 0 and
/// t is odd (then S = a{1, t} and the printed sequence is not minimal, as the slides warn).
#[test]
fn two_element_sets() {
    #[derive(Debug)]
    struct P {
        a: u64,
        c: u64,
        t: u64,
        r: u64,
    }
    let rows = [
        Row::<P> {
            name: "t even",
            applies: |p| p.t % 2 == 0,
            preperiod: |_| 0,
            period: |p| p.c + p.a,
            sequence: Some(|p| {
                (
                    String::new(),
                    format!("(0^{a} 1^{a})^{} 0^{r} 2^{} 1^{r}", p.t / 2, p.a - p.r, a = p.a, r = p.r),
                )
            }),
        },
        Row {
            name: "t odd, r = 0",
            applies: |p| p.r == 0,
            preperiod: |_| 0,
            period: |p| 2 * p.a,
            sequence: Some(|p| (String::new(), format!("(0^{a} 1^{a})^{} 2^0", p.t.div_ceil(2), a = p.a))),
        },
        Row {
            name: "t odd, r > 0",
            applies: |_| true,
            preperiod: |_| 0,
            period: |p| p.c + p.a,
            sequence: Some(|p| {
                (String::new(), format!("(0^{a} 1^{a})^{} 2^{}", p.t.div_ceil(2), p.r, a = p.a))
            }),
        },
    ];
    let params = (1..=12u64).flat_map(|a| (a + 1..=120).map(move |c| P { a, c, t: c / a, r: c % a }));
    check_table(&rows, params, |p| vec![p.a, p.c]);
}

/// {1, b, c}, b odd: c odd gives (01) repeating; c even gives H^{c/2} (23)^{(b-1)/2} 2, p = c + b.
#[test]
fn one_b_c_with_b_odd() {
    #[derive(Debug)]
    struct P {
        b: u64,
        c: u64,
    }
    let rows = [
        Row::<P> {
            name: "c odd",
            applies: |p| p.c % 2 == 1,
            preperiod: |_| 0,
            period: |_| 2,
            sequence: Some(|_| (String::new(), "01".to_string())),
        },
        Row {
            name: "c even",
            applies: |_| true,
            preperiod: |_| 0,
            period: |p| p.c + p.b,
            sequence: Some(|p| (String::new(), format!("(01)^{} (23)^{} 2", p.c / 2, (p.b - 1) / 2))),
        },
    ];
    let params = (3..=21u64).step_by(2).flat_map(|b| (b + 1..=200).map(move |c| P { b, c }));
    check_table(&rows, params, |p| vec![1, p.b, p.c]);
}

/// {1, 2, c = 3t + r}: r = 0 gives (012)^t 3, p = c + 1; otherwise (012), p = 3.
#[test]
fn one_two_c() {
    let rows = [
        Row::<u64> {
            name: "r = 0",
            applies: |c| c % 3 == 0,
            preperiod: |_| 0,
            period: |c| c + 1,
            sequence: Some(|c| (String::new(), format!("(012)^{} 3", c / 3))),
        },
        Row {
            name: "r = 1, 2",
            applies: |_| true,
            preperiod: |_| 0,
            period: |_| 3,
            sequence: Some(|_| (String::new(), "012".to_string())),
        },
    ];
    check_table(&rows, 3..=400u64, |&c| vec![1, 2, c]);
}

/// {1, 4, c = 5t + r}, H = 01012.
#[test]
fn one_four_c() {
    const H: &str = "(01012)";
    let rows = [
        Row::<u64> {
            name: "c = 5",
            applies: |&c| c == 5,
            preperiod: |_| 0,
            period: |_| 8,
            sequence: Some(|_| (String::new(), format!("{H} 323"))),
        },
        Row {
            name: "r = 0, c > 5",
            applies: |c| c % 5 == 0,
            preperiod: |c| c + 6,
            period: |c| c + 1,
            sequence: Some(|c| (format!("{H}^{} 323013", c / 5), format!("{H}^{} 012012", c / 5 - 1))),
        },
        Row {
            name: "r = 1, 4",
            applies: |c| c % 5 == 1 || c % 5 == 4,
            preperiod: |_| 0,
            period: |_| 5,
            sequence: Some(|_| (String::new(), H.to_string())),
        },
        Row {
            name: "r = 2",
            applies: |c| c % 5 == 2,
            preperiod: |_| 0,
            period: |c| c + 1,
            sequence: Some(|c| (String::new(), format!("{H}^{} 012", c / 5))),
        },
        Row {
            name: "r = 3",
            applies: |_| true,
            preperiod: |_| 0,
            period: |c| c + 4,
            sequence: Some(|c| (String::new(), format!("{H}^{} 32", c / 5 + 1))),
        },
    ];
    check_table(&rows, 5..=500u64, |&c| vec![1, 4, c]);
}

/// {1, b, c}, b ≥ 6 even, c = t(b+1) + r, 0 ≤ r ≤ b: the table the OCR garbled, rebuilt.
/// The rows are tried in order; the rebuilt table is in docs/subtraction.md.
#[test]
fn one_b_c_with_b_even_at_least_six_rebuilt() {
    #[derive(Debug)]
    struct P {
        b: u64,
        c: u64,
        t: u64,
        r: u64,
    }
    // ℓ = t(c + b + 2) - b for the rows with r ≤ b - 2t - 2.
    fn deep(p: &P) -> u64 {
        p.t * (p.c + p.b + 2) - p.b
    }
    let rows = [
        Row::<P> {
            name: "r = 1 or r = b",
            applies: |p| p.r == 1 || p.r == p.b,
            preperiod: |_| 0,
            period: |p| p.b + 1,
            sequence: None,
        },
        Row {
            name: "r odd in [3, b-1]",
            applies: |p| p.r % 2 == 1,
            preperiod: |_| 0,
            period: |p| p.c + p.b,
            sequence: None,
        },
        Row {
            name: "r = b-2",
            applies: |p| p.r == p.b - 2,
            preperiod: |_| 0,
            period: |p| p.c + 1,
            sequence: None,
        },
        Row {
            name: "c = b+1",
            applies: |p| p.c == p.b + 1,
            preperiod: |_| 0,
            period: |p| 2 * p.b,
            sequence: None,
        },
        Row {
            name: "c > b+1, r ≤ b-4 even, r > b-2t-2",
            applies: |p| p.r + 2 * p.t + 2 > p.b,
            preperiod: |p| ((p.b - p.r) / 2 - 1) * (p.c + p.b + 2) - p.b,
            period: |p| p.c + 1,
            sequence: None,
        },
        Row {
            name: "c > b+1, r ≤ b-4 even, r = b-2t-2",
            applies: |p| p.r + 2 * p.t + 2 == p.b,
            preperiod: deep,
            period: |p| p.b - 1,
            sequence: None,
        },
        Row {
            name: "c > b+1, r ≤ b-4 even, r < b-2t-2",
            applies: |_| true,
            preperiod: deep,
            period: |p| p.c + p.b,
            sequence: None,
        },
    ];
    let params = (6..=24u64)
        .step_by(2)
        .flat_map(|b| (b + 1..=25 * (b + 1)).map(move |c| P { b, c, t: c / (b + 1), r: c % (b + 1) }));
    check_table(&rows, params, |p| vec![1, p.b, p.c]);
}

/// {a, 2a, c = 3at + r}: ℓ = c + a - r if 0 < r < a, else 0; p = 3a/2 if r = a/2, 3a if
/// a/2 < r ≤ 2a, else c + a.
#[test]
fn a_two_a_c() {
    #[derive(Debug)]
    struct P {
        a: u64,
        c: u64,
        r: u64,
    }
    let rows = [
        Row::<P> {
            name: "r = a/2",
            applies: |p| 2 * p.r == p.a,
            preperiod: |p| p.c + p.a - p.r,
            period: |p| 3 * p.a / 2,
            sequence: None,
        },
        Row {
            name: "0 < r < a, r ≠ a/2",
            applies: |p| 0 < p.r && p.r < p.a,
            preperiod: |p| p.c + p.a - p.r,
            period: |p| if 2 * p.r > p.a { 3 * p.a } else { p.c + p.a },
            sequence: None,
        },
        Row {
            name: "a ≤ r ≤ 2a",
            applies: |p| p.a <= p.r && p.r <= 2 * p.a,
            preperiod: |_| 0,
            period: |p| 3 * p.a,
            sequence: None,
        },
        Row {
            name: "r = 0 or r > 2a",
            applies: |_| true,
            preperiod: |_| 0,
            period: |p| p.c + p.a,
            sequence: None,
        },
    ];
    let params = (1..=12u64).flat_map(|a| (2 * a + 1..=36 * a).map(move |c| P { a, c, r: c % (3 * a) }));
    check_table(&rows, params, |p| vec![p.a, 2 * p.a, p.c]);
}

/// {a, a+1, ..., b, c = t(a+b) + r}: ℓ = 0; p = a+b if a ≤ r ≤ b; c+a if r = 0 or r > b; c+b
/// if 0 < r < a.
#[test]
fn interval_and_c() {
    #[derive(Debug)]
    struct P {
        a: u64,
        b: u64,
        c: u64,
        r: u64,
    }
    let rows = [
        Row::<P> {
            name: "a ≤ r ≤ b",
            applies: |p| p.a <= p.r && p.r <= p.b,
            preperiod: |_| 0,
            period: |p| p.a + p.b,
            sequence: None,
        },
        Row {
            name: "r = 0 or r > b",
            applies: |p| p.r == 0 || p.r > p.b,
            preperiod: |_| 0,
            period: |p| p.c + p.a,
            sequence: None,
        },
        Row { name: "0 < r < a", applies: |_| true, preperiod: |_| 0, period: |p| p.c + p.b, sequence: None },
    ];
    let params = (1..=7u64).flat_map(|a| {
        (a + 1..=a + 7).flat_map(move |b| (b + 1..=12 * (a + b)).map(move |c| P { a, b, c, r: c % (a + b) }))
    });
    check_table(&rows, params, |p| (p.a..=p.b).chain([p.c]).collect());
}

/// S = {2,3,5,7}: G = (0^2 1^2 2^2 3^2 4), p = 9; and S ∪ {c} for 11 ≤ c ≤ 500, row by row
/// and through the automatic fit.
#[test]
fn two_three_five_seven_and_c() {
    let base = certify(&[2, 3, 5, 7]);
    assert_eq!((base.preperiod, base.period), (0, 9));
    assert_eq!(base.values, notation("0^2 1^2 2^2 3^2 4"));
    let rows = [
        Row::<u64> {
            name: "c ≡ 1 (mod 18)",
            applies: |c| c % 18 == 1,
            preperiod: |c| 2 * c - 4,
            period: |_| 4,
            sequence: None,
        },
        Row {
            name: "c ≡ 10 (mod 18)",
            applies: |c| c % 18 == 10,
            preperiod: |c| c + 5,
            period: |c| c + 2,
            sequence: None,
        },
        Row {
            name: "c ≡ 0, 8, 9, 17 (mod 18)",
            applies: |c| [0, 8, 9, 17].contains(&(c % 18)),
            preperiod: |_| 0,
            period: |c| c + 2,
            sequence: None,
        },
        Row { name: "otherwise", applies: |_| true, preperiod: |_| 0, period: |_| 9, sequence: None },
    ];
    check_table(&rows, 11..=500u64, |&c| vec![2, 3, 5, 7, c]);

    let rows: Vec<FitRow> = (11..=500u64)
        .map(|c| {
            let p = certify(&[2, 3, 5, 7, c]);
            FitRow { c, preperiod: p.preperiod, period: p.period }
        })
        .collect();
    let ConjectureFit::Fit(fit) = fit_conjecture(&rows) else { panic!("no fit for {{2,3,5,7}} ∪ {{c}}") };
    assert_eq!(fit.modulus, 18);
    assert_eq!(fit.threshold, 11);
    assert!(fit.exceptions.is_empty());
    assert_eq!(
        fit.formula(Quantity::Preperiod),
        "2c - 4 if c ≡ 1 (mod 18); c + 5 if c ≡ 10 (mod 18); 0 otherwise"
    );
    assert_eq!(
        fit.formula(Quantity::Period),
        "c + 2 if c ≡ 0, 8, 9, 10, 17 (mod 18); 4 if c ≡ 1 (mod 18); 9 otherwise"
    );
}

/// The ultimately bipartite families (period 2): the four examples (a ≥ 3 odd) and the
/// theorem's three families (a ≥ 3 odd, t ≥ 1).
#[test]
fn ultimately_bipartite_families() {
    let mut sets: Vec<Vec<u64>> = Vec::new();
    for a in (3..=15u64).step_by(2) {
        sets.push([3, 5].into_iter().chain((3..=a.min(11)).map(|i| (1 << i) + 1)).collect());
        sets.push(vec![3, 5, (1 << a.min(13)) + 1]);
        sets.push(vec![a, a + 2, 2 * a + 3]);
        sets.push(vec![a, 2 * a + 1, 3 * a]);
        for t in 1..=10 {
            sets.push(vec![a, a + 2, (2 * a + 2) * t + 1]);
            sets.push(vec![a, 2 * a + 1, (3 * a + 1) * t - 1]);
            sets.push(vec![a, 2 * a - 1, (3 * a - 1) * t + a - 2]);
        }
    }
    for set in sets {
        assert_eq!(certify(&set).period, 2, "{set:?} is not ultimately bipartite");
    }
}

/// The table of G((a+1)(2t+1)i + j), 0 ≤ j < c + a, for family (1) {a, a+2, c = (2a+2)t+1},
/// a = 2k+1: rows 0, 1 ≤ i ≤ k-1 (general row) and k, as printed (the general row's garbled end
/// read as `(01)^{i-1} 0202^{a-2i-3} 321`, which rows 1 and k-1 confirm).
#[test]
fn bipartite_family_one_sequence_table() {
    for k in 2..=7u64 {
        let a = 2 * k + 1;
        for t in 1..=5u64 {
            let c = (2 * a + 2) * t + 1;
            let width = ((a + 1) * (2 * t + 1)) as usize;
            let mut expected =
                vec![format!("0^{a} 1 (1^{} 22 0^{a} 1)^{} 1^{} 22 0 2^{} 331", a - 1, t - 1, a - 1, a - 3)];
            for i in 1..k {
                let e = a - 2 * i;
                expected.push(format!(
                    "(01)^{i1} 03 0^{e} 1 ((01)^{i1} 0 1^{e} 21 (01)^{i1} 02 0^{e} 1)^{t1} (01)^{i1} 0 1^{e} 21 \
                     (01)^{i1} 020 2^{f} 321",
                    i1 = i - 1,
                    t1 = t - 1,
                    f = e - 3
                ));
            }
            expected.push(format!(
                "(01)^{k1} 0301 ((01)^{k1} 0121 (01)^{k1} 0301)^{} (01)^{k1} 0101 (01)^{k1} 0101",
                t - 1,
                k1 = k - 1
            ));
            let g = grundy_values(&[a, a + 2, c], width * (k as usize + 1)).unwrap();
            for (i, row) in expected.iter().enumerate() {
                assert_eq!(g[i * width..(i + 1) * width], notation(row)[..], "a = {a}, t = {t}, row {i}");
            }
        }
    }
}
