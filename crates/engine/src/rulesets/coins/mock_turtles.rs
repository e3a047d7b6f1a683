//! Mock Turtles (Winning Ways ch. 14): a move turns up to three coins, the rightmost from heads
//! to tails. Coins are numbered from 0, as in Winning Ways, so a head at `n` is worth `2n` or
//! `2n + 1`, whichever is odious (1, 2, 4, 7, 8, 11, 13, 14, ...; proof in [`super`]).

use super::{CoinRule, Named, Row};
use crate::analysis::{AnyGame, Capabilities, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};

/// The rule: up to three coins, anywhere, numbered from 0.
pub(crate) const RULE: CoinRule =
    CoinRule { first: 0, most: Some(3), exactly: false, consecutive: false, span: None };

/// The declaration of Mock Turtles.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "mock-turtles",
    title: "Mock Turtles",
    summary: "a row of coins numbered from 0; turn up to three, the rightmost from heads to tails (values: the odious numbers)",
    rules: "A row of coins, numbered from 0 on the left. A move turns over one, two or three coins; the \
            rightmost of them must go from heads to tails.",
    position: "the coins showing heads, numbered from 0 (or the row, e.g. THHTH)",
    example_position: "1 2 4",
    params: &[],
    drawing: Drawing::of(Board::CoinsFromZero, Token::Coin),
    zh: Texts {
        title: "仿乌龟",
        rules: "一排硬币，从左往右编号为 0、1、2……。每一步翻转一枚、两枚或三枚硬币，其中最右边的一枚必须从正面翻成反面。",
        position: "正面朝上的硬币编号，从 0 起（或整排，如 THHTH）",
        params: &[],
    },
    capabilities: Capabilities { fast_sequence: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 9,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Row::new(RULE, Named { en: "Mock Turtles", zh: "仿乌龟" })))
}
