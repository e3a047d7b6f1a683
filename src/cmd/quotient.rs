//! `nimlab quotient`: the misère quotient of a take-and-break game (the capability
//! `misere_quotient`), rendered as text or JSON.

use std::fmt::Write as _;
use std::io::Write;

use nimlab_reports::quotient::{quotient, QuotientReport, QuotientRequest, QuotientStatus};

use crate::game_args::GameArgs;
use crate::{write_json, Context};

/// Arguments of `nimlab quotient`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "In misère play (whoever moves last loses) a sum of heaps is not a nim-sum. Its misère \
quotient Q (Plambeck and Siegel) is a finite commutative monoid with a P-portion P and a pretending function \
Φ from heaps to Q: a sum h1 + ... + hk is a misère P-position exactly when Φ(h1)···Φ(hk) lies in P. The \
quotient Q_n of the heaps up to n is computed heap by heap, and the computation stops when the periodicity \
theorem for misère quotients (docs/misere.md) certifies that Q_n is the quotient of all heaps; otherwise \
(--upto, the budget) the report is the partial quotient Q_n, never called solved.\n\nFor take-and-break games \
with a code: octal and hexadecimal codes, kayles, dawson-kayles, dawsons-chess, subtraction games (their set \
as a code with digit 3 at each take).\n\nExamples:\n  nimlab quotient octal --code 0.75\n  nimlab quotient \
kayles\n  nimlab quotient subtraction --set 1,2 --json\n  nimlab quotient dawson-kayles --upto 12"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Stop after heap N: the partial quotient Q_N (certified only if the certificate holds at N).
    #[arg(long, value_name = "N", value_parser = crate::game_args::positive)]
    pub upto: Option<u64>,
}

/// Runs `nimlab quotient`.
///
/// # Errors
/// Usage errors for bad input or a game without a misère quotient.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let report = quotient(&QuotientRequest { spec, upto: args.upto }, &cx.budget)?;
    if cx.json {
        return write_json(out, &report);
    }
    Ok(write!(out, "{}", text(&report))?)
}

/// `Φ(1..)` in the slides' notation: the preperiod's words, then one period in parentheses and
/// "..." when periodic; every word computed otherwise.
fn phi_text(r: &QuotientReport) -> String {
    let words = |from: u64, to: u64| -> String {
        (from..to).map(|h| r.word(r.phi[h as usize]).to_string()).collect::<Vec<_>>().join(" ")
    };
    match r.phi_period {
        Some(p) if p.preperiod + p.period <= r.heaps + 1 => {
            let pre = words(1, p.preperiod);
            let period = words(p.preperiod, p.preperiod + p.period);
            if pre.is_empty() {
                format!("({period})...")
            } else {
                format!("{pre} ({period})...")
            }
        }
        _ => words(1, r.heaps + 1),
    }
}

/// The report as text.
pub fn text(r: &QuotientReport) -> String {
    let mut s = String::new();
    let p_words: Vec<&str> = r.p_portion.iter().map(|&x| r.word(x)).collect();
    let head = if r.status == QuotientStatus::Certified {
        format!("misère quotient of {}", r.title)
    } else {
        format!(
            "partial quotient Q_{} of {} (heaps up to {}; not the quotient of all heaps)",
            r.heaps, r.title, r.heaps
        )
    };
    let _ = writeln!(s, "{head}");
    let _ = writeln!(s, "presentation: {}", r.presentation);
    let gens: Vec<String> = r.generators.iter().map(|g| format!("{} = Φ({})", g.name, g.heap)).collect();
    if !gens.is_empty() {
        let _ = writeln!(s, "generators: {}", gens.join(", "));
    }
    let _ = writeln!(s, "|Q| = {}, |P| = {}", r.order, r.p_portion.len());
    let _ = writeln!(s, "P = {{{}}}", p_words.join(", "));
    let _ = writeln!(s, "Φ(1..{}) = {}", r.heaps, phi_text(r));
    match r.phi_period {
        Some(p) if p.certified => {
            let _ = writeln!(s, "Φ: preperiod {}, period {} (certified)", p.preperiod, p.period);
        }
        Some(p) => {
            let _ = writeln!(
                s,
                "Φ: preperiod {}, period {} (observed over heaps up to {}, not proved)",
                p.preperiod, p.period, r.heaps
            );
        }
        None => {
            let _ = writeln!(s, "Φ: no period seen over heaps up to {}", r.heaps);
        }
    }
    if !r.genus.is_empty() {
        let _ = writeln!(
            s,
            "genus g^γ₀γ₁... of heaps 0..{} (γ_n = G⁻(h + n·*2) for n ≤ 6; alternation observed): {}",
            r.genus.len() - 1,
            r.genus.join(" ")
        );
    }
    let tame = match r.tameness.k {
        Some(k) => format!("tame: Q is the tame quotient T_{k} (misère Nim's quotient of heaps below 2^{k})"),
        None => "wild: Q is not a tame quotient T_k (misère Nim's)".into(),
    };
    let _ = writeln!(s, "{tame}");
    match r.last_change() {
        Some(h) => {
            let changes: Vec<String> = r.changes.iter().map(u64::to_string).collect();
            let _ = writeln!(s, "presentation last changed at heap {h} (changes at {})", changes.join(", "));
        }
        None => {
            let _ = writeln!(s, "presentation never changed (no heap has a move)");
        }
    }
    match (&r.certificate, &r.stopped) {
        (Some(c), _) => {
            let _ = writeln!(
                s,
                "certified: Φ(h + {p}) = Φ(h) for {l} ≤ h ≤ {n} − {p}, and {n} + 1 ≥ k(l + p) + t = {k}·({l} + {p}) + \
                 {t} (k = {k} heaps left at most, t = {t} tokens removed at most): Q = Q_{n} for every heap",
                p = c.period,
                l = c.from,
                n = c.bound,
                k = c.max_heaps_left,
                t = c.max_removal
            );
        }
        (None, Some(stop)) => {
            let _ = writeln!(
                s,
                "stopped at heap {} ({stop}): partial quotient Q_{} of order {}, grown at heaps {}",
                r.heaps,
                r.heaps,
                r.order,
                grown(r)
            );
        }
        (None, None) => {
            let _ = writeln!(
                s,
                "not certified: partial quotient Q_{} of order {} (--upto {}), grown at heaps {}",
                r.heaps,
                r.order,
                r.heaps,
                grown(r)
            );
        }
    }
    s
}

fn grown(r: &QuotientReport) -> String {
    if r.changes.is_empty() {
        "none".into()
    } else {
        r.changes.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    }
}
