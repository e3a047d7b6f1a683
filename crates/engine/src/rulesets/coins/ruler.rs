//! Ruler (Winning Ways ch. 14): a move turns over any number of consecutive coins, the
//! rightmost from heads to tails. Coins are numbered from 1; a head at `n` is worth the largest
//! power of 2 dividing `n` (1, 2, 1, 4, 1, 2, 1, 8, ...: the marks of a ruler; proof in
//! [`super`]).

use super::{CoinRule, Named, Row};
use crate::analysis::{AnyGame, Capabilities, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};

/// The rule: any number of consecutive coins, numbered from 1.
pub(crate) const RULE: CoinRule =
    CoinRule { first: 1, most: None, exactly: false, consecutive: true, span: None };

/// The declaration of Ruler.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "ruler",
    title: "Ruler",
    summary: "a row of coins; turn any run of consecutive coins, the rightmost from heads to tails (a head at n is worth the largest power of 2 dividing n)",
    rules: "A row of coins, numbered from 1 on the left. A move turns over any number of consecutive \
            coins; the rightmost of them must go from heads to tails.",
    position: "the coins showing heads (or the row, e.g. THHTH)",
    example_position: "3 6 12",
    params: &[],
    drawing: Drawing::of(Board::Coins, Token::Coin),
    zh: Texts {
        title: "尺子游戏",
        rules: "一排硬币，从左往右编号为 1、2、3……。每一步翻转连续的若干枚硬币，其中最右边的一枚必须从正面翻成反面。",
        position: "正面朝上的硬币编号（或整排，如 THHTH）",
        params: &[],
    },
    capabilities: Capabilities { fast_sequence: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 10,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Row::new(RULE, Named { en: "Ruler", zh: "尺子游戏" })))
}
