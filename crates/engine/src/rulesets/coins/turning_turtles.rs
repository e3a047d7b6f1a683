//! Turning Turtles (Winning Ways ch. 14): a move turns one coin from heads to tails and,
//! optionally, one coin to its left either way. Coins are numbered from 1; a head at `n` is a
//! Nim heap of `n` (proof in [`super`]), so the game is Nim in disguise.

use super::{CoinRule, Named, Row};
use crate::analysis::{AnyGame, Capabilities, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};

/// The rule: up to two coins, anywhere, numbered from 1.
pub(crate) const RULE: CoinRule =
    CoinRule { first: 1, most: Some(2), exactly: false, consecutive: false, span: None };

/// The declaration of Turning Turtles.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "turning-turtles",
    title: "Turning Turtles",
    summary: "a row of coins; turn one from heads to tails and optionally one to its left (a head at n is worth n)",
    rules: "A row of coins, numbered from 1 on the left. A move turns one coin from heads to tails and, \
            optionally, one other coin to its left (either way).",
    position: "the coins showing heads (or the row, e.g. THHTH)",
    example_position: "3 5 6",
    params: &[],
    drawing: Drawing::of(Board::Coins, Token::Coin),
    zh: Texts {
        title: "翻乌龟",
        rules: "一排硬币，从左往右编号为 1、2、3……。每一步把一枚正面朝上的硬币翻成反面，并可以再翻转它左边的任意一枚硬币。",
        position: "正面朝上的硬币编号（或整排，如 THHTH）",
        params: &[],
    },
    capabilities: Capabilities { fast_sequence: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 10,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Row::new(RULE, Named { en: "Turning Turtles", zh: "翻乌龟" })))
}
