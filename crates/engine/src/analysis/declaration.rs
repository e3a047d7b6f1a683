//! A ruleset's declaration ([`RulesetInfo`]): its name, texts and parameters as data, and how
//! to build it. Each ruleset file declares one; the registry (`crate::registry`) lists them.

use super::engine::AnyGame;
use crate::error::{CodeError, RequestError};
use crate::lang::{words, Words};
use serde::Serialize;

use crate::budget::Budget;
use crate::error::EngineError;
use crate::lang::Lang;
use crate::octal::{GameRules, OctalCode};
use crate::spec::{Drawing, GameSpec, ParamDecl, Texts};

/// Builds the ruleset (with its solvers) from a spec with validated parameters; work done while
/// building (a subtraction game certifies its period) is charged to the budget.
pub(crate) type Builder = fn(&GameSpec, &Budget) -> Result<Box<dyn AnyGame>, EngineError>;

/// A ruleset's declaration: everything a surface needs to offer it, from one place.
#[derive(Debug)]
pub struct RulesetInfo {
    /// The name users type.
    pub name: &'static str,
    /// The game's name as shown (e.g. "Wythoff's game").
    pub title: &'static str,
    /// One line: the rules and the position format.
    pub summary: &'static str,
    /// The rules in a sentence or two, for the page and the docs.
    pub rules: &'static str,
    /// What the numbers of a position are, e.g. "heap sizes".
    pub position: &'static str,
    /// A typical position (numbers separated by spaces).
    pub example_position: &'static str,
    /// The parameters.
    pub params: &'static [ParamDecl],
    /// How a position is drawn (default [`Drawing::HEAPS`]).
    pub drawing: Drawing,
    /// The texts in Chinese.
    pub zh: Texts,
    /// What it answers fast, and the research questions it answers: read by every surface, so
    /// that none recognises a game by its name.
    pub capabilities: Capabilities,
    /// The default bound of `verify`: every number of every position up to it is checked.
    pub verify_bound: u64,
    /// Builds the ruleset.
    pub build: Builder,
}

impl RulesetInfo {
    #[cfg(test)]
    /// The game's name as shown in `lang` (the English title when the declaration has none).
    pub(crate) fn title_in(&self, lang: Lang) -> &'static str {
        self.texts(lang).map_or(self.title, |t| t.title)
    }

    /// The declaration's texts in `lang`, if it is not English and they are given.
    pub fn texts(&self, lang: Lang) -> Option<&Texts> {
        match lang {
            Lang::En => None,
            Lang::Zh => (!self.zh.title.is_empty()).then_some(&self.zh),
        }
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&'static ParamDecl> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The game with every parameter at its example value: what `verify` checks by default.
    pub fn example_spec(&'static self) -> GameSpec {
        let pairs: Vec<(&str, &str)> =
            self.params.iter().filter(|p| p.required()).map(|p| (p.name, p.example)).collect();
        GameSpec::from_decls(self.name, self.params, &pairs).expect("every declared example is valid")
    }
}

/// What a ruleset answers beyond what every ruleset answers (any position by search, tables by
/// the generic dense path, an observed period of a one-heap sequence), declared once with it.
/// The fast paths are the [`super::Ruleset`] methods that take them; the registry's tests check
/// each declaration against them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Capabilities {
    /// One-heap tables come from a fast path ([`super::Ruleset::fast_sequence`]: a closed form,
    /// a generator, a certified period or the octal sequence engine) rather than the dense path.
    pub fast_sequence: bool,
    /// Two-heap tables come from a fast path ([`super::Ruleset::fast_grid`]).
    pub fast_grid: bool,
    /// The theorem by which `period` certifies the game's one-heap sequence, if one covers it
    /// (otherwise its period is only observed).
    pub certified_period: Option<PeriodTheorem>,
    /// Its theory answers positions whose numbers have any size, at once: a closed form, or,
    /// for a game with a period theorem, its certified period (once computed).
    pub any_size: bool,
    /// A position is a disjunctive sum of single heaps, so its value is the nim-sum of theirs
    /// (Sprague–Grundy): a sum of heaps costs no more than its largest heap.
    pub nim_sum_of_heaps: bool,
    /// The research questions that apply to it, beyond `solve`, `table`, `period` and the rest.
    pub research: &'static [Research],
    /// Its positions may repeat: `solve` and `table` answer it by the loopy engine (values
    /// ∞(K), draws, remoteness; `crate::loopy`) over a finite graph of positions, not by the
    /// search (which stops at a cycle). `None` for a game that always ends.
    pub loopy: Option<LoopyPositions>,
    /// The game is a take-and-break game with a code, so it has a misère quotient
    /// (`crate::misere`): where its code comes from. `None` when it is not one (or not a finite
    /// code: Grundy's game).
    pub misere_quotient: Option<CodeSource>,
    /// The game is a take-and-break game whose one-heap sequence the octal sequence engine
    /// computes (`crate::octal`): where its rules come from. `period` and the ruleset's build
    /// both read its rules here, so that they cannot disagree and no function matches names.
    /// Not serialized: it says which engine computes the game, not a question it answers.
    #[serde(skip)]
    pub take_and_break: Option<RulesSource>,
}

/// Where the rules of a take-and-break game come from (the capability `take_and_break`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesSource {
    /// A game of an octal or hexadecimal code.
    Code(CodeSource),
    /// Grundy's game (split a heap into two unequal heaps), which no finite code describes.
    GrundyGame,
}

impl RulesSource {
    /// The rules of the game `spec` names.
    ///
    /// # Errors
    /// [`EngineError::InvalidRequest`] when the code parameter is not a code.
    pub fn rules(&self, spec: &GameSpec) -> Result<GameRules, EngineError> {
        match self {
            RulesSource::Code(source) => source.code(spec).map(GameRules::Octal),
            RulesSource::GrundyGame => Ok(GameRules::GrundyGame),
        }
    }
}

/// The one-heap sequence whose period `period` certifies (or, for a take-and-break game no
/// theorem covers, computes up to its limit), as the capabilities of a ruleset name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeriodSequence {
    /// A take-and-break game, computed by the octal sequence engine and certified by the
    /// Guy–Smith theorem where it applies.
    TakeAndBreak(GameRules),
    /// A subtraction game's takes, certified by the window criterion.
    Subtraction(Vec<u64>),
}

/// Where the take-and-break code of a ruleset comes from (the capability `misere_quotient`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum CodeSource {
    /// The code is the text parameter `param` (`octal --code`).
    Param {
        /// The parameter.
        param: &'static str,
    },
    /// The code is fixed by the ruleset (`kayles`: `0.77`).
    Fixed {
        /// The code as Winning Ways writes it.
        code: &'static str,
    },
    /// A subtraction game: the set parameter `param` takes `s` tokens for each `s` in it, leaving
    /// zero or one heap, which is the code with digit 3 at each `s`.
    SubtractionSet {
        /// The parameter.
        param: &'static str,
    },
}

/// The largest take of a subtraction game whose misère quotient is computed (its code has one
/// digit per take up to it).
pub(crate) const MAX_CODE_TAKE: u64 = 1000;

impl CodeSource {
    /// The code of the game `spec` names.
    ///
    /// # Errors
    /// [`EngineError::InvalidRequest`] when the parameter is not a code, or a take exceeds
    /// [`MAX_CODE_TAKE`].
    pub fn code(&self, spec: &GameSpec) -> Result<OctalCode, EngineError> {
        let invalid = |e: CodeError| EngineError::InvalidRequest(RequestError::Code(e));
        match *self {
            CodeSource::Param { param } => {
                let text = spec.params().texts(param).first().cloned().unwrap_or_default();
                text.parse().map_err(invalid)
            }
            CodeSource::Fixed { code } => code.parse().map_err(invalid),
            CodeSource::SubtractionSet { param } => subtraction_code(spec.params().set(param)),
        }
    }
}

/// The take-and-break code of the subtraction game with the takes `set`: digit 3 at each take
/// (take `s` tokens, leaving zero heaps or one).
///
/// # Errors
/// [`EngineError::InvalidRequest`] for an empty set, a take of 0, or a take above
/// [`MAX_CODE_TAKE`].
pub(crate) fn subtraction_code(set: &[u64]) -> Result<OctalCode, EngineError> {
    let invalid = EngineError::InvalidRequest;
    let largest = set.iter().copied().max().unwrap_or(0);
    if largest > MAX_CODE_TAKE {
        return Err(invalid(RequestError::TakeBeyondQuotient { take: largest, max: MAX_CODE_TAKE }));
    }
    if set.contains(&0) || set.is_empty() {
        return Err(invalid(RequestError::BadTakeSet));
    }
    let mut digits = vec![0u8; largest as usize + 1];
    for &s in set {
        digits[s as usize] = 3;
    }
    OctalCode::from_digits(digits).map_err(|e| invalid(RequestError::Code(e)))
}

/// Where a loopy game's graph of positions comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum LoopyPositions {
    /// Positions are numbers, as for every ruleset: the positions reachable from the question's
    /// (or, for a table, from every verification position up to the table's bound) form a
    /// finite graph the engine explores by the rules ([`super::AnyGame::position_graph`]).
    Reachable,
    /// A token on a graph whose text the surface reads from the file the parameter `param`
    /// names (the engine reads no files); a position is one vertex name per token, a sum.
    GraphFile {
        /// The parameter naming the file.
        param: &'static str,
    },
}

impl Capabilities {
    /// Nothing beyond what every ruleset answers.
    pub const NONE: Capabilities = Capabilities {
        fast_sequence: false,
        fast_grid: false,
        certified_period: None,
        any_size: false,
        nim_sum_of_heaps: false,
        research: &[],
        loopy: None,
        misere_quotient: None,
        take_and_break: None,
    };

    /// True when `question` applies to the game.
    pub fn answers(&self, question: Research) -> bool {
        self.research.contains(&question)
    }

    /// The sequence `period` computes with a certificate's engine for the game `spec` names
    /// (a ruleset with these capabilities); `None` when its period can only be observed.
    ///
    /// # Errors
    /// [`EngineError::InvalidRequest`] when the parameter holding the rules is not valid.
    pub fn period_sequence(&self, spec: &GameSpec) -> Result<Option<PeriodSequence>, EngineError> {
        if let Some(source) = self.take_and_break {
            return source.rules(spec).map(|rules| Some(PeriodSequence::TakeAndBreak(rules)));
        }
        Ok(match self.certified_period {
            Some(PeriodTheorem::SubtractionWindow { param }) => {
                Some(PeriodSequence::Subtraction(spec.params().set(param).to_vec()))
            }
            // The registry's tests check that a game certified by Guy–Smith declares its rules.
            Some(PeriodTheorem::GuySmith) | None => None,
        })
    }
}

/// A theorem that certifies a one-heap sequence's period from finitely many values. Serialized
/// as its kebab-case name (`"subtraction-window"`, `"guy-smith"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodTheorem {
    /// A subtraction game's sequence repeats once a window of `max(S)` values repeats; its
    /// takes are the set parameter `param`.
    SubtractionWindow {
        /// The parameter holding the takes.
        param: &'static str,
    },
    /// The Guy–Smith theorem for octal (and hexadecimal) games, whose rules are the capability
    /// `take_and_break`.
    GuySmith,
}

impl PeriodTheorem {
    /// The theorem's name in the JSON contract.
    pub fn name(self) -> &'static str {
        match self {
            PeriodTheorem::SubtractionWindow { .. } => "subtraction-window",
            PeriodTheorem::GuySmith => "guy-smith",
        }
    }
}

impl Serialize for PeriodTheorem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A research question that applies to some rulesets only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Research {
    /// Values grouped by the order of the heaps, and theorems for heaps of any size (`explore`,
    /// `prove`).
    OrderPatterns,
    /// The winner's whole plan, turn by turn (`strategy`).
    WinningPlan,
    /// Tables of positions `(M, N, N)` of three piles (`table --mnn`).
    TripleTable,
    /// Families of parameter sets swept and searched (`sweep`, `search`).
    FamilySweep,
    /// Atlases of codes, one game per code (`sweep --codes`).
    CodeAtlas,
    /// The additive period of each row of the two-heap Grundy table (`period --row`).
    AdditiveRows,
    /// The values of a one-parameter family of graphs, `--graph grid:3xn`, member by member
    /// (`table`, `period`).
    GraphFamily,
    /// The winning first moves of every R x C rectangle of a game on a board of squares
    /// (`table --rectangles`).
    Rectangles,
}

impl Research {
    /// The question in both languages, with the commands that ask it, for messages.
    pub fn words(self) -> Words {
        match self {
            Research::OrderPatterns => words!(
                "values by order pattern and their theorems (explore, prove)",
                "按大小顺序模式分类的 SG 值及其定理（explore、prove）"
            ),
            Research::WinningPlan => {
                words!("the winner's whole plan (strategy)", "胜者的完整策略（strategy）")
            }
            Research::TripleTable => words!(
                "tables of three-pile positions (M, N, N) (table --m --n)",
                "三堆局面 (M, N, N) 的表（table --m --n）"
            ),
            Research::FamilySweep => words!(
                "sweeps and searches over families of parameter sets (sweep, search)",
                "对参数集合族的扫描与搜索（sweep、search）"
            ),
            Research::CodeAtlas => words!("atlases of codes (sweep --codes)", "代码图册（sweep --codes）"),
            Research::AdditiveRows => words!(
                "additively periodic rows of its Grundy table (period --row)",
                "SG 值表中加性周期的行（period --row）"
            ),
            Research::GraphFamily => words!(
                "the values of a family of graphs, --graph grid:3xn (table, period)",
                "一族图的 SG 值，--graph grid:3xn（table、period）"
            ),
            Research::Rectangles => words!(
                "the winning first moves of its rectangles (table --rectangles)",
                "各矩形的必胜第一步（table --rectangles）"
            ),
        }
    }
}
