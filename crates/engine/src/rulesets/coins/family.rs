//! The coin-turning family `coins --turn K [--exactly] [--consecutive] [--span S]`: a move turns
//! over up to `K` coins (exactly `K` with `--exactly`), consecutive ones with `--consecutive`,
//! all within `S` consecutive coins with `--span`, the rightmost from heads to tails. Coins are
//! numbered from 1 (coin 0 a dummy). `--turn 2` is Turning Turtles, `--turn 3` is Mock Turtles
//! shifted by one coin, `--consecutive` with a large `K` is Ruler. The closed forms and their
//! proofs are in [`super`]; other rules have their heads' values computed by the recursion.

use super::{CoinRule, Named, Row};
use crate::analysis::{AnyGame, Capabilities, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};

/// The declaration of the family.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "coins",
    title: "Coin turning",
    summary: "a row of coins; turn up to K (--turn), optionally --exactly K, --consecutive, or within --span S coins; the rightmost from heads to tails",
    rules: "A row of coins, numbered from 1 on the left. A move turns over up to K coins (exactly K if \
            so set; consecutive ones if so set; all within S consecutive coins if a span is set); the \
            rightmost of them must go from heads to tails.",
    position: "the coins showing heads (or the row, e.g. THHTH)",
    example_position: "2 5 7",
    params: &[
        ParamDecl {
            name: "turn",
            label: "coins per move (at most)",
            help: "a move turns over at most this many coins",
            kind: ParamKind::Count { min: 1, max: 64 },
            default: None,
            example: "4",
        },
        ParamDecl {
            name: "exactly",
            label: "exactly that many",
            help: "a move turns over exactly --turn coins",
            kind: ParamKind::Flag,
            default: None,
            example: "",
        },
        ParamDecl {
            name: "consecutive",
            label: "consecutive coins",
            help: "the coins turned over are consecutive",
            kind: ParamKind::Flag,
            default: None,
            example: "",
        },
        ParamDecl {
            name: "span",
            label: "within a span of",
            help: "the coins turned over lie within this many consecutive coins (0: anywhere)",
            kind: ParamKind::Count { min: 0, max: 1_000_000 },
            default: Some("0"),
            example: "6",
        },
    ],
    drawing: Drawing::of(Board::Coins, Token::Coin),
    zh: Texts {
        title: "翻硬币",
        rules: "一排硬币，从左往右编号为 1、2、3……。每一步至多翻转 K 枚硬币（若设定则恰好 K 枚；若设定则须连续；若设定跨度 S 则都在连续 S 枚之内），其中最右边的一枚必须从正面翻成反面。",
        position: "正面朝上的硬币编号（或整排，如 THHTH）",
        params: &[
            ParamTexts { name: "turn", label: "每步至多翻几枚", help: "每一步至多翻转这么多枚硬币" },
            ParamTexts { name: "exactly", label: "恰好这么多枚", help: "每一步恰好翻转这么多枚硬币" },
            ParamTexts { name: "consecutive", label: "须连续", help: "翻转的硬币须相邻连续" },
            ParamTexts { name: "span", label: "跨度", help: "翻转的硬币都在连续这么多枚之内（0：不限）" },
        ],
    },
    capabilities: Capabilities { fast_sequence: true, ..Capabilities::NONE },
    verify_bound: 9,
    build,
};

/// The rule a spec of the family names.
pub(crate) fn rule_of(spec: &GameSpec) -> CoinRule {
    let params = spec.params();
    let span = params.count("span");
    CoinRule {
        first: 1,
        most: Some(params.count("turn")),
        exactly: params.flag("exactly"),
        consecutive: params.flag("consecutive"),
        span: (span > 0).then_some(span),
    }
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Row::new(rule_of(spec), Named { en: "Coin turning", zh: "翻硬币" })))
}
