//! `quotient`: the misère quotient of a take-and-break game (the capability `misere_quotient`):
//! `Q_n` heap by heap until the periodicity certificate, `--upto` or the budget; its
//! presentation, P-portion, pretending function `Φ`, tameness, and the certificate, or the
//! partial quotient `Q_n` honestly when it stops first.

use crate::error::CommandError;
use nimlab_engine::misere::{compute, Certificate, MisereQuotient, Periodicity};
use nimlab_engine::misere::{genera, Genus};
use nimlab_engine::CodeSource;
use nimlab_engine::{Budget, GameSpec};
use serde::Serialize;

use crate::position::GameRef;
use crate::ReportError;

/// What to compute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientRequest {
    /// The game: a ruleset with the capability `misere_quotient`.
    pub spec: GameSpec,
    /// Stop after this heap (`Q_upto`), certified or not.
    pub upto: Option<u64>,
}

/// A generator: the image of a heap that is not a product of smaller heaps' images.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// Its name in the presentation (`a`, `b`, ...).
    pub name: String,
    /// The heap it is the image of.
    pub heap: u64,
    /// The element.
    pub element: u32,
}

/// A relation `lhs = rhs` of the presentation, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Relation {
    /// A minimal word that is not its element's least word.
    pub lhs: String,
    /// The least word of the same element.
    pub rhs: String,
}

/// An element of the quotient.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Element {
    /// Its number (the index of its row of `table`); 0 is the identity.
    pub element: u32,
    /// Its least word (`1` for the identity).
    pub word: String,
    /// The exponent of each generator in that word.
    pub exponents: Vec<u32>,
    /// True when it lies in the P-portion.
    pub p: bool,
}

/// `Φ`'s periodicity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PhiPeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// True when proved by the certificate; false when only seen over two periods or more of
    /// the heaps computed.
    pub certified: bool,
}

/// Whether the quotient is tame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tameness {
    /// True when the quotient is isomorphic to a tame quotient `T_k` (misère Nim's).
    pub tame: bool,
    /// `k` of `T_k` when tame.
    pub k: Option<u32>,
}

/// The status of a misère quotient (of `quotient` and of each game of the misère atlas).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum QuotientStatus {
    /// The quotient of all heaps, certified.
    Certified,
    /// `Q_n` of the heaps up to the one reached.
    Partial,
}

impl QuotientStatus {
    /// `certified` or `partial`, as the JSON contract writes it.
    pub fn name(self) -> &'static str {
        match self {
            QuotientStatus::Certified => "certified",
            QuotientStatus::Partial => "partial",
        }
    }
}

/// A quotient report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The game's name and code, e.g. "Kayles (0.77)".
    pub title: String,
    /// The take-and-break code the quotient is computed for.
    pub code: String,
    /// Certified (`Q_n` is the quotient of all heaps, by the certificate) or partial (the
    /// quotient `Q_n` of the heaps up to `heaps`).
    pub status: QuotientStatus,
    /// `n`: the last heap computed.
    pub heaps: u64,
    /// `|Q|`.
    pub order: usize,
    /// The presentation in the usual notation, `⟨a, b | a² = 1, b³ = b⟩`.
    pub presentation: String,
    /// The generators.
    pub generators: Vec<Generator>,
    /// The relations (with commutativity they define the monoid).
    pub relations: Vec<Relation>,
    /// Every element with its least word.
    pub elements: Vec<Element>,
    /// The multiplication table: `table[x][y]` is `x·y`.
    pub table: Vec<Vec<u32>>,
    /// The P-portion: its elements.
    pub p_portion: Vec<u32>,
    /// `Φ(0), Φ(1), ..., Φ(heaps)` as elements (`Φ(0) = 0`, the identity).
    pub phi: Vec<u32>,
    /// `Φ`'s preperiod and period, certified or seen; null when none was seen.
    pub phi_period: Option<PhiPeriod>,
    /// Whether the quotient is tame.
    pub tameness: Tameness,
    /// The heaps where the presentation changed (a new generator or relation), ascending.
    pub changes: Vec<u64>,
    /// The certificate when certified.
    pub certificate: Option<Certificate>,
    /// What stopped the computation before the certificate or `upto`, if anything.
    pub stopped: Option<String>,
    /// Conway's genus `g^{γ₀γ₁...}` of the heaps `0, 1, ...` (as far as [`GENUS_HEAPS`] and
    /// [`GENUS_WORK`] reach): `γ_n` computed for `n ≤ 6`, the alternation observed, not proved.
    pub genus: Vec<String>,
}

/// The most heaps whose genus the report gives.
pub const GENUS_HEAPS: u64 = 12;

/// The most work the genus may take.
pub const GENUS_WORK: u64 = 2_000_000;

impl QuotientReport {
    /// The least word of `x`.
    pub fn word(&self, x: u32) -> &str {
        &self.elements[x as usize].word
    }

    /// The heap where the presentation last changed.
    pub fn last_change(&self) -> Option<u64> {
        self.changes.last().copied()
    }
}

/// Computes the quotient.
///
/// # Errors
/// [`ReportError::Invalid`] for a game without the capability `misere_quotient`; the code's
/// errors; an internal failure of the method.
pub fn quotient(request: &QuotientRequest, budget: &Budget) -> Result<QuotientReport, ReportError> {
    let spec = &request.spec;
    let info = spec.info();
    let Some(source) = info.capabilities.misere_quotient else {
        return Err(ReportError::Invalid(CommandError::NoMisereQuotient { game: spec.name().to_string() }));
    };
    let code = source.code(spec)?;
    let q = compute(&code, request.upto, budget)
        .map_err(|e| nimlab_engine::EngineError::Internal { what: e.to_string() })?;
    let (genera, _) = genera(&code, q.reached().min(GENUS_HEAPS), &budget.sub_budget(GENUS_WORK));
    let title = match source {
        CodeSource::Param { .. } => code.to_string(),
        CodeSource::Fixed { .. } | CodeSource::SubtractionSet { .. } => {
            format!("{} ({code})", info.title)
        }
    };
    let mut report = report_of(spec, title, &q);
    report.genus = genera.iter().map(Genus::render).collect();
    Ok(report)
}

/// The report of a computed quotient, under the game's name `title`.
pub fn report_of(spec: &GameSpec, title: String, q: &MisereQuotient) -> QuotientReport {
    let presentation = q.presentation();
    let names = &presentation.names;
    let order = q.quotient.order();
    let elements = (0..order as u32)
        .map(|x| Element {
            element: x,
            word: presentation.word(x),
            exponents: presentation.words[x as usize].exponents.clone(),
            p: q.quotient.is_p(x),
        })
        .collect();
    QuotientReport {
        game: GameRef::from(spec),
        title,
        code: q.code.to_string(),
        status: if q.is_certified() { QuotientStatus::Certified } else { QuotientStatus::Partial },
        heaps: q.reached(),
        order,
        presentation: presentation.render(),
        generators: q
            .generators
            .iter()
            .zip(&q.generator_heaps)
            .zip(names)
            .map(|((&element, &heap), name)| Generator { name: name.clone(), heap, element })
            .collect(),
        relations: presentation
            .relations
            .iter()
            .map(|(l, r)| Relation { lhs: l.render(names), rhs: r.render(names) })
            .collect(),
        elements,
        table: q.quotient.table_rows(),
        p_portion: q.quotient.p_portion(),
        phi: q.phi.clone(),
        phi_period: q.periodicity.map(|Periodicity { preperiod, period }| PhiPeriod {
            preperiod,
            period,
            certified: q.is_certified(),
        }),
        tameness: Tameness { tame: q.tame().is_some(), k: q.tame() },
        changes: q.expansions.clone(),
        certificate: q.certificate,
        stopped: q.stopped.as_ref().map(ToString::to_string),
        genus: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(spec: &str, upto: Option<u64>) -> QuotientReport {
        let spec: GameSpec = spec.parse().unwrap();
        quotient(&QuotientRequest { spec, upto }, &Budget::default()).unwrap()
    }

    #[test]
    fn dot_75_is_certified_of_order_8_and_wild() {
        let r = report("octal --code 0.75", None);
        assert_eq!((r.status, r.order, r.p_portion.len()), (QuotientStatus::Certified, 8, 2));
        assert_eq!(r.phi_period.map(|p| (p.preperiod, p.period, p.certified)), Some((8, 2, true)));
        assert!(!r.tameness.tame);
        assert_eq!(r.table.len(), 8);
        assert_eq!(r.elements[0].word, "1");
        assert_eq!(r.generators.iter().map(|g| g.heap).collect::<Vec<_>>(), vec![1, 2, 5]);
        assert_eq!(r.genus.len(), 13);
        assert_eq!(r.genus[0], "0^120");
    }

    #[test]
    fn subtraction_sets_are_codes_and_partial_quotients_say_so() {
        // SUB{1,2} is the code 0.33.
        let by_set = report("subtraction --set 1,2", Some(12));
        let by_code = report("octal --code 0.33", Some(12));
        assert_eq!(by_set.code, "0.33");
        assert_eq!((by_set.order, &by_set.phi, &by_set.table), (by_code.order, &by_code.phi, &by_code.table));
        assert_eq!(by_set.title, "Subtraction game (0.33)");
        let partial = report("kayles", Some(20));
        assert_eq!((partial.status, partial.heaps, partial.certificate), (QuotientStatus::Partial, 20, None));
        assert!(partial.phi_period.is_none_or(|p| !p.certified));
    }

    #[test]
    fn games_without_a_code_are_refused() {
        let spec: GameSpec = "wythoff".parse().unwrap();
        let err = quotient(&QuotientRequest { spec, upto: None }, &Budget::default()).unwrap_err();
        assert!(err.to_string().contains("no misère quotient"), "{err}");
    }
}
