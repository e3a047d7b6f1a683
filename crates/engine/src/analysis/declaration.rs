//! A ruleset's declaration ([`RulesetInfo`]): its name, texts and parameters as data, and how
//! to build it. Each ruleset file declares one; the registry (`crate::registry`) lists them.

use super::engine::AnyGame;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::lang::Lang;
use crate::spec::{Drawing, GameSpec, ParamDecl, Texts};

/// Builds the ruleset (with its solvers) from a spec with validated parameters; work done while
/// building (a subtraction game certifies its period) is charged to the budget.
pub type Builder = fn(&GameSpec, &Budget) -> Result<Box<dyn AnyGame>, EngineError>;

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
    /// The default bound of `verify`: every number of every position up to it is checked.
    pub verify_bound: u64,
    /// Builds the ruleset.
    pub build: Builder,
}

impl RulesetInfo {
    /// The game's name as shown in `lang` (the English title when the declaration has none).
    pub fn title_in(&self, lang: Lang) -> &'static str {
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
