//! `games`: every ruleset with its declaration, the source of every surface's game options.

use std::collections::BTreeMap;

use nimlab_engine::Capabilities;
use nimlab_engine::{Board, Lang, ParamDecl, ParamKind, RulesetInfo, Token, RULESETS};
use serde::Serialize;

/// One parameter as surfaces offer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParamReport {
    /// The name (`--name` on the command line, `name=` in the web API).
    pub name: &'static str,
    /// A plain-language label.
    pub label: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// `count`, `set`, `flag` or `text`.
    pub kind: &'static str,
    /// True when the game needs it.
    pub required: bool,
    /// The value used when it is not given (null: required, or off for a flag).
    pub default: Option<&'static str>,
    /// A typical value.
    pub example: &'static str,
    /// The least value of a count, the least member of a set.
    pub min: Option<u64>,
    /// The largest value of a count (null: no limit below 2^64).
    pub max: Option<u64>,
    /// The grammar of a text parameter.
    pub syntax: Option<&'static str>,
    /// True when the parameter may be given several times.
    pub repeatable: bool,
}

impl From<&ParamDecl> for ParamReport {
    fn from(p: &ParamDecl) -> Self {
        let (min, max, syntax) = match p.kind {
            ParamKind::Count { min, max } => (Some(min), (max < u64::MAX).then_some(max), None),
            ParamKind::Set { min } => (Some(min), None, Some("members and ranges, e.g. 1,3,4 or 3..6,20")),
            ParamKind::Flag => (None, None, None),
            ParamKind::Text { syntax, .. } => (None, None, Some(syntax)),
        };
        ParamReport {
            name: p.name,
            label: p.label,
            help: p.help,
            kind: p.kind.name(),
            required: p.required(),
            default: p.default,
            example: p.example,
            min,
            max,
            syntax,
            repeatable: p.kind.repeatable(),
        }
    }
}

/// A parameter's label and help in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParamTextsReport {
    /// The label.
    pub label: &'static str,
    /// The help.
    pub help: &'static str,
}

/// A ruleset's texts in one language other than English.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextsReport {
    /// The game's name as shown.
    pub title: &'static str,
    /// The rules.
    pub rules: &'static str,
    /// What the numbers of a position are.
    pub position: &'static str,
    /// Each parameter's label and help, by the parameter's name.
    pub params: BTreeMap<&'static str, ParamTextsReport>,
}

/// How a ruleset's positions are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DrawingReport {
    /// `heaps`, `pins` (rows that split), `piles`, `steps`, `grid` (two heaps) or
    /// `heap-and-limit`.
    pub board: Board,
    /// `stone`, `pin`, `coin`, `apple` or `chip`.
    pub token: Token,
}

/// One ruleset as surfaces offer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// The name users type.
    pub name: &'static str,
    /// The game's name as shown, in English.
    pub title: &'static str,
    /// One line: the rules and the position format.
    pub summary: &'static str,
    /// The rules in a sentence or two.
    pub rules: &'static str,
    /// What the numbers of a position are.
    pub position: &'static str,
    /// A typical position.
    pub example_position: &'static str,
    /// The parameters.
    pub params: Vec<ParamReport>,
    /// How a position is drawn.
    pub drawing: DrawingReport,
    /// What the game answers fast and the research questions it answers (its declaration's).
    pub capabilities: Capabilities,
    /// The texts in the other languages, by language code (`zh`).
    pub texts: BTreeMap<&'static str, TextsReport>,
}

impl From<&RulesetInfo> for GameReport {
    fn from(r: &RulesetInfo) -> Self {
        GameReport {
            name: r.name,
            title: r.title,
            summary: r.summary,
            rules: r.rules,
            position: r.position,
            example_position: r.example_position,
            params: r.params.iter().map(ParamReport::from).collect(),
            drawing: DrawingReport { board: r.drawing.board, token: r.drawing.token },
            capabilities: r.capabilities,
            texts: Lang::ALL
                .iter()
                .filter_map(|&lang| {
                    let t = r.texts(lang)?;
                    let params = t
                        .params
                        .iter()
                        .map(|p| (p.name, ParamTextsReport { label: p.label, help: p.help }))
                        .collect();
                    Some((
                        lang.code(),
                        TextsReport { title: t.title, rules: t.rules, position: t.position, params },
                    ))
                })
                .collect(),
        }
    }
}

/// Every ruleset nimlab knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GamesReport {
    /// The rulesets, in the order of the registry.
    pub games: Vec<GameReport>,
    /// The languages the engine writes its reasons and move texts in (`--lang`, `lang=`).
    pub languages: Vec<&'static str>,
    /// A game whose positions may repeat ends in a draw when the same position, with the same
    /// player to move, has occurred this many times (the rule of `play`, which the playground
    /// follows).
    pub draw_repetitions: usize,
}

/// The `games` report.
pub fn games() -> GamesReport {
    GamesReport {
        games: RULESETS.iter().map(|r| GameReport::from(*r)).collect(),
        languages: Lang::ALL.iter().map(|lang| lang.code()).collect(),
        draw_repetitions: crate::play::DRAW_REPETITIONS,
    }
}
