//! Turning Corners (Winning Ways ch. 14; ONAG ch. 6): coins on a grid numbered from `(0, 0)`; a
//! move turns over the four corners `(a, b), (a, y), (x, b), (x, y)` of a rectangle with
//! `a < x`, `b < y`, the corner `(x, y)` from heads to tails. It is the product of Twins (exactly
//! two coins, a head at `n` worth `n`) with itself, so by the Tartan theorem a head at `(x, y)`
//! is worth the nim product `x ⊗ y` ([`super::product`]).

use super::product::{Product, TWINS};
use super::{Named, Row};
use crate::analysis::{AnyGame, Capabilities, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};

/// The declaration of Turning Corners.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "turning-corners",
    title: "Turning Corners",
    summary: "heads on a grid from (0, 0); turn the four corners of a rectangle, the lower right from heads to tails (a head at (x, y) is worth x ⊗ y)",
    rules: "Coins on a grid, numbered from (0, 0). A move turns over the four corners (a, b), (a, y), \
            (x, b), (x, y) of a rectangle with a < x and b < y; the corner (x, y) must go from heads \
            to tails.",
    position: "the coins showing heads, as pairs x y",
    example_position: "1 2 2 1",
    params: &[],
    drawing: Drawing::of(Board::CoinGrid, Token::Coin),
    zh: Texts {
        title: "翻角游戏",
        rules: "硬币排成方格，坐标从 (0, 0) 起。每一步翻转一个矩形的四个角 (a, b)、(a, y)、(x, b)、(x, y)，其中 a < x、b < y；角 (x, y) 必须从正面翻成反面。",
        position: "正面朝上的硬币坐标，成对写出 x y",
        params: &[],
    },
    capabilities: Capabilities { fast_grid: true, ..Capabilities::NONE },
    verify_bound: 2,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let twins = Row::new(TWINS, Named { en: "Twins", zh: "双翻" });
    let product = Product::new(twins.clone(), twins, Named { en: "Tartan theorem", zh: "格子呢定理" });
    Ok(engine(spec, product))
}
