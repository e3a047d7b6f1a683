//! Products of coin-turning games (Winning Ways ch. 14, "Tartan theorem"; ONAG ch. 6): coins on
//! a grid; a move of `G1 × G2` picks a move of `G1` turning the coins `X` (rightmost `x`) and a
//! move of `G2` turning `Y` (rightmost `y`), and turns over every coin of `X × Y`; the coin
//! `(x, y)` goes from heads to tails. The position is the set of heads, written as pairs
//! `x1 y1 x2 y2 ...`.
//!
//! **Tartan theorem**: a head at `(x, y)` is worth `G1(x) ⊗ G2(y)`, the nim product of the
//! factors' values, and a position the nim-sum of its heads (decomposition, [`super::rule`]).
//! Proof sketch: by the decomposition the move `X × Y` changes the value by
//! `XOR_{(a,b) ∈ X×Y} G(a, b)`, which by induction and distributivity is
//! `(XOR G1(X)) ⊗ (XOR G2(Y))` with `XOR G1(X) = G1(x) ^ α` for an option value `α` of `x`, and
//! likewise `β` for `y`; so the options of `(x, y)` are `(g ^ α) ⊗ (h ^ β) ^ g ⊗ h`
//! (`g = G1(x)`, `h = G2(y)`), i.e. `α ⊗ h ^ g ⊗ β ^ α ⊗ β`, over every option value `α < g`
//! ... and the mex of exactly these is `g ⊗ h`, the recursive definition of the nim product
//! (Conway). Options with values `α > g` only add values that are not `g ⊗ h`, since then
//! `g ^ α != 0`. Winning moves by the theorem: for a head worth `v` in a position worth `X`,
//! each move `X` of `x` (value `α`) needs `h ^ β = X ⊗ (g ^ α)^-1`, found by the factor's own
//! inverse.
//!
//! The factor games are named in `--of A,B`, each `turning-turtles`, `mock-turtles`, `ruler`,
//! `twins` (exactly two coins, numbered from 0) or `coins:K[:exactly][:consecutive][:span=S]`.
//! The tests compare the theorem with the recursion over the two-dimensional moves of single
//! heads on boards up to 16 × 16 (64 × 64 for Turning Corners), and with a search of every
//! position of small boards.

use crate::error::RequestError;
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::{coins_text, head_values, mock_turtles, reason, ruler, turning_turtles, CoinRule, Named, Row};
use crate::analysis::SearchCost;
use crate::analysis::{
    Analysis, AnyGame, Basis, Capabilities, GrundyValue, MoveReport, Ruleset, RulesetInfo,
};
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, words, Lang, Words};
use crate::nimber;
use crate::rulesets::{engine, invalid};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};
use crate::tables::{row_by_row, Grid, GridRequest, TableBasis, TableError, TableValues};

/// Twins: exactly two coins, numbered from 0 (a head at `n` is worth `n`): the factor of
/// Turning Corners.
pub(crate) const TWINS: CoinRule =
    CoinRule { first: 0, most: Some(2), exactly: true, consecutive: false, span: None };

/// The most moves of one head the theory enumerates on one side of a product.
const ENUMERATED: u128 = 1 << 16;

/// The largest coordinate a search takes.
const SEARCH_SIDE: u64 = 1 << 16;

/// The declaration of the product of two coin-turning games.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "product",
    title: "Product of coin-turning games",
    summary: "heads on a grid; a move turns the coins X × Y of a move X of one game and Y of the other (--of A,B); the Tartan theorem values it",
    rules: "Coins on a grid. A move picks a move of the first game (--of A,B) turning the coins X, the \
            rightmost x, and a move of the second turning the coins Y, the rightmost y, and turns over \
            every coin (a, b) with a in X and b in Y; the coin (x, y) must go from heads to tails.",
    position: "the coins showing heads, as pairs x y",
    example_position: "2 1 1 2",
    params: &[ParamDecl {
        name: "of",
        label: "the two games",
        help: "two coin-turning games, e.g. ruler,mock-turtles (turning-turtles, mock-turtles, ruler, twins, coins:K[:exactly][:consecutive][:span=S])",
        kind: ParamKind::Text { syntax: "GAME,GAME", repeatable: false, canonical: canonical_factors },
        default: None,
        example: "ruler,mock-turtles",
    }],
    drawing: Drawing::of(Board::CoinGrid, Token::Coin),
    zh: Texts {
        title: "翻硬币游戏之积",
        rules: "硬币排成方格。每一步取第一个游戏的一步（翻转硬币集合 X，最右为 x）和第二个游戏的一步（翻转 Y，最右为 y），翻转所有 a 属于 X、b 属于 Y 的硬币 (a, b)；硬币 (x, y) 必须从正面翻成反面。",
        position: "正面朝上的硬币坐标，成对写出 x y",
        params: &[ParamTexts {
            name: "of",
            label: "两个游戏",
            help: "两个翻硬币游戏，如 ruler,mock-turtles",
        }],
    },
    capabilities: Capabilities { fast_grid: true, ..Capabilities::NONE },
    verify_bound: 3,
    build,
};

/// One factor's rule and name, from its text.
fn factor(text: &str) -> Result<(CoinRule, &'static str), crate::lang::Words> {
    match text {
        "turning-turtles" => return Ok((turning_turtles::RULE, "turning-turtles")),
        "mock-turtles" => return Ok((mock_turtles::RULE, "mock-turtles")),
        "ruler" => return Ok((ruler::RULE, "ruler")),
        "twins" => return Ok((TWINS, "twins")),
        _ => {}
    }
    let Some(rest) = text.strip_prefix("coins:") else {
        return Err(crate::lang::words!(
            "'{text}' is not a coin-turning game: turning-turtles, mock-turtles, ruler, twins or coins:K[:exactly][:consecutive][:span=S]",
            "“{text}”不是翻硬币游戏：可用 turning-turtles、mock-turtles、ruler、twins 或 coins:K[:exactly][:consecutive][:span=S]"
        ));
    };
    let mut parts = rest.split(':');
    let turn: u64 =
        parts.next().and_then(|k| k.parse().ok()).filter(|k| (1..=64).contains(k)).ok_or_else(|| {
            crate::lang::words!(
                "'{text}': coins:K needs K in 1..64",
                "“{text}”：coins:K 的 K 须在 1..64 之间"
            )
        })?;
    let mut rule = CoinRule { first: 1, most: Some(turn), exactly: false, consecutive: false, span: None };
    for part in parts {
        match part {
            "exactly" => rule.exactly = true,
            "consecutive" => rule.consecutive = true,
            _ => {
                let span = part
                    .strip_prefix("span=")
                    .and_then(|s| s.parse::<u64>().ok())
                    .filter(|s| (1..=1_000_000).contains(s))
                    .ok_or_else(|| {
                        crate::lang::words!(
                            "'{text}': '{part}' is not exactly, consecutive or span=S (S in 1..1000000)",
                            "“{text}”：“{part}”不是 exactly、consecutive 或 span=S（S 在 1..1000000 之间）"
                        )
                    })?;
                rule.span = Some(span);
            }
        }
    }
    Ok((rule, "coins"))
}

/// The two factors written canonically (`a,b`).
fn canonical_factors(text: &str) -> Result<String, Words> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [a, b] = parts.as_slice() else {
        return Err(words!(
            "two games separated by a comma, e.g. ruler,mock-turtles",
            "用逗号分隔的两个游戏，例如 ruler,mock-turtles"
        ));
    };
    factor(a)?;
    factor(b)?;
    Ok(format!("{a},{b}"))
}

/// A product of two coin-turning games.
#[derive(Debug, Clone)]
pub(crate) struct Product {
    left: Row,
    right: Row,
    named: Named,
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let text = spec.params().texts("of").first().cloned().unwrap_or_default();
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| invalid(crate::lang::words!("--of needs two games", "--of 需要两个游戏")))?;
    let (rule_a, name_a) = factor(a).map_err(invalid)?;
    let (rule_b, name_b) = factor(b).map_err(invalid)?;
    let side = |rule, name| Row::new(rule, Named { en: name, zh: name });
    let product = Product::new(
        side(rule_a, name_a),
        side(rule_b, name_b),
        Named { en: "Tartan theorem", zh: "格子呢定理" },
    );
    Ok(engine(spec, product))
}

impl Product {
    /// The product of two rows, its theorem named `named`.
    pub(crate) fn new(left: Row, right: Row, named: Named) -> Product {
        Product { left, right, named }
    }

    /// The value of a head at `(x, y)` by the Tartan theorem, when it fits 64 bits.
    pub(crate) fn value(&self, x: &BigUint, y: &BigUint) -> Option<u64> {
        Some(nimber::mul(self.left.value(x)?.to_u64()?, self.right.value(y)?.to_u64()?))
    }

    fn theorem_text(&self, lang: Lang) -> String {
        say!(
            lang,
            "{}: a head at (x, y) is worth G1(x) ⊗ G2(y) (nim product), a position the nim-sum of its heads",
            "{}：坐标 (x, y) 的正面硬币值为 G1(x) ⊗ G2(y)（尼姆积），局面的值为各正面硬币值的异或和",
            lang.pick(self.named.en, self.named.zh)
        )
    }

    /// The moves of one side at `n` with the values of the coins they turn (the rightmost's
    /// included): `None` when they are too many or unknown.
    fn side_moves(side: &Row, n: u64) -> Option<Vec<(Vec<u64>, u64)>> {
        if side.rule().move_count(n) > ENUMERATED {
            return None;
        }
        let values: Vec<u64> =
            (0..=n).map(|c| side.value(&BigUint::from(c))?.to_u64()).collect::<Option<_>>()?;
        let mut moves = Vec::new();
        side.rule().for_each_move(n, &mut |others| {
            let value = others.iter().fold(values[n as usize], |v, &c| v ^ values[c as usize]);
            let mut coins = others.to_vec();
            coins.push(n);
            moves.push((coins, value));
            true
        });
        Some(moves)
    }

    /// Moves from `heads` (pairs, worth `x` in all) to value `target`: at most `limit`, how many,
    /// and whether they are all.
    fn moves_to(
        &self,
        heads: &[(u64, u64)],
        x: u64,
        target: u64,
        limit: usize,
        lang: Lang,
    ) -> (Vec<MoveReport>, u64, bool) {
        let c = x ^ target;
        let mut moves = Vec::new();
        let mut count = 0u64;
        let mut complete = c != 0;
        if c == 0 {
            return (moves, 0, false);
        }
        for &(hx, hy) in heads.iter().rev() {
            // Enumerate the side with fewer moves; solve the other by its inverse.
            let swap = self.left.rule().move_count(hx) > self.right.rule().move_count(hy);
            let (mine, other, n, m) =
                if swap { (&self.right, &self.left, hy, hx) } else { (&self.left, &self.right, hx, hy) };
            let Some(enumerated) = Self::side_moves(mine, n) else {
                complete = false;
                continue;
            };
            let Some(g_other) = other.value(&BigUint::from(m)).and_then(|v| v.to_u64()) else {
                complete = false;
                continue;
            };
            for (coins, p) in enumerated {
                let Some(inverse) = nimber::inv(p) else { continue };
                let q = nimber::mul(c, inverse);
                let d = BigUint::from(g_other ^ q);
                let Some((found, all)) =
                    other.moves_with_xor(&BigUint::from(m), &d, limit.saturating_sub(moves.len()).max(1))
                else {
                    complete = false;
                    continue;
                };
                complete &= all;
                count += found.len() as u64;
                for others in found {
                    if moves.len() >= limit {
                        complete = false;
                        break;
                    }
                    let mut line: Vec<u64> = others.iter().filter_map(ToPrimitive::to_u64).collect();
                    line.push(m);
                    let cells: Vec<(u64, u64)> = coins
                        .iter()
                        .flat_map(|&a| line.iter().map(move |&b| if swap { (b, a) } else { (a, b) }))
                        .collect();
                    let to = flip_cells(heads, &cells);
                    let from = flatten(heads);
                    let to = flatten(&to);
                    moves.push(MoveReport {
                        text: self.describe_move(&from, &to, lang),
                        to: crate::analysis::CheckedPosition::new(to),
                    });
                }
            }
        }
        (moves, count, complete)
    }
}

/// The pairs of a checked position.
fn pairs(numbers: &[BigUint]) -> Option<Vec<(u64, u64)>> {
    numbers.chunks(2).map(|p| Some((p[0].to_u64()?, p[1].to_u64()?))).collect()
}

fn flatten(cells: &[(u64, u64)]) -> Vec<BigUint> {
    cells.iter().flat_map(|&(x, y)| [BigUint::from(x), BigUint::from(y)]).collect()
}

/// `heads` with `cells` turned over, sorted.
fn flip_cells(heads: &[(u64, u64)], cells: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = heads.iter().filter(|c| !cells.contains(c)).copied().collect();
    out.extend(cells.iter().filter(|c| !heads.contains(c)));
    out.sort_unstable();
    out
}

impl Game for Product {
    /// The heads, sorted.
    type Position = Vec<(u64, u64)>;

    fn options(&self, heads: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        crate::game::gather_options(self, heads)
    }

    fn for_each_option(
        &self,
        heads: &Vec<(u64, u64)>,
        visit: &mut dyn FnMut(Vec<(u64, u64)>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &(x, y) in heads {
            let mut xs: Vec<Vec<u64>> = Vec::new();
            self.left.rule().for_each_move(x, &mut |others| {
                let mut coins = others.to_vec();
                coins.push(x);
                xs.push(coins);
                true
            });
            let mut stopped = false;
            for column in &xs {
                self.right.rule().for_each_move(y, &mut |others| {
                    let cells: Vec<(u64, u64)> = column
                        .iter()
                        .flat_map(|&a| others.iter().chain([&y]).map(move |&b| (a, b)))
                        .collect();
                    stopped = visit(flip_cells(heads, &cells)).is_break();
                    !stopped
                });
                if stopped {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, heads: &Vec<(u64, u64)>) -> Vec<(u64, u64)> {
        heads.clone()
    }
}

impl Ruleset for Product {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.len() % 2 == 1 {
            let got = numbers.len();
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "a position of a product lists heads as pairs x y; got {got} numbers",
                "乘积游戏的局面按 x y 成对列出正面朝上的硬币；这里给了 {got} 个数"
            )));
        }
        let mut cells: Vec<(BigUint, BigUint)> =
            numbers.chunks(2).map(|p| (p[0].clone(), p[1].clone())).collect();
        cells.sort();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            let (x, y) = (&w[0].0, &w[0].1);
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "the coin ({x}, {y}) is named twice",
                "硬币 ({x}, {y}) 出现了两次"
            )));
        }
        Ok(cells.into_iter().flat_map(|(x, y)| [x, y]).collect())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<(u64, u64)>> {
        pairs(numbers).filter(|cells| cells.iter().all(|&(x, y)| x < SEARCH_SIDE && y < SEARCH_SIDE))
    }

    fn numbers(&self, heads: &Vec<(u64, u64)>) -> Vec<BigUint> {
        flatten(heads)
    }

    /// At least the root's moves; at most every set of coins of the box below the heads.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let Some(cells) = pairs(numbers) else { return SearchCost::default() };
        let moves = |&(x, y): &(u64, u64)| {
            self.left.rule().move_count(x).saturating_mul(self.right.rule().move_count(y))
        };
        let root = cells.iter().map(moves).fold(0u128, u128::saturating_add);
        let (w, h) = cells.iter().fold((0u64, 0u64), |(w, h), &(x, y)| (w.max(x + 1), h.max(y + 1)));
        let area = u128::from(w).saturating_mul(u128::from(h));
        let at_most = (area < 120).then(|| {
            let per = cells.iter().map(moves).fold(u128::from(UNITS_PER_POSITION), u128::saturating_add);
            BigUint::from((1u128 << area).saturating_mul(per.saturating_mul(area.max(1))))
        });
        SearchCost { at_least: BigUint::from(root), at_most }
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let cells = |n: &[BigUint]| -> Vec<(BigUint, BigUint)> {
            n.chunks(2).map(|p| (p[0].clone(), p[1].clone())).collect()
        };
        let coins: Vec<String> =
            super::turned(&cells(from), &cells(to)).iter().map(|(x, y)| format!("({x},{y})")).collect();
        say!(lang, "turn {}", "翻转{}", coins_text(&coins, lang))
    }

    fn extend_theory(&self, numbers: &[BigUint], play: Play, budget: &Budget) -> Result<(), EngineError> {
        let Some(cells) = pairs(numbers) else { return Ok(()) };
        if play != Play::Normal {
            return Ok(());
        }
        let (w, h) = cells.iter().fold((0, 0), |(w, h), &(x, y)| (x.max(w), y.max(h)));
        if w < 1 << 24 && h < 1 << 24 {
            self.left.extend(w, budget)?;
            self.right.extend(h, budget)?;
        }
        Ok(())
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| self.theorem_text(lang))
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal {
            return None;
        }
        let values: Vec<u64> = numbers.chunks(2).map(|p| self.value(&p[0], &p[1])).collect::<Option<_>>()?;
        let x = values.iter().fold(0, |x, v| x ^ v);
        let (moves, count, complete) = match pairs(numbers) {
            Some(cells) if x != 0 => self.moves_to(&cells, x, 0, max_moves, lang),
            Some(_) => (Vec::new(), 0, true),
            None => (Vec::new(), 0, false),
        };
        let values: Vec<BigUint> = values.into_iter().map(BigUint::from).collect();
        let x = BigUint::from(x);
        Some(Analysis {
            outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
            reason: reason(&values, &x, moves.first(), lang),
            grundy: GrundyValue::Value(x),
            moves_complete: complete && moves.len() as u64 == count,
            winning_move_count: complete.then_some(count),
            winning_moves: moves,
            basis: Basis::Theory(self.theorem_text(lang)),
        })
    }

    fn theory_moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let values: Vec<u64> = numbers.chunks(2).map(|p| self.value(&p[0], &p[1])).collect::<Option<_>>()?;
        let x = values.iter().fold(0, |x, v| x ^ v);
        let (moves, _, complete) = self.moves_to(&pairs(numbers)?, x, target.to_u64()?, usize::MAX, lang);
        complete.then_some(moves)
    }

    /// Every set of heads on the board `first..=bound` squared (at most 16 coins).
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let cells = self.board(bound);
        Box::new((0..1u64 << cells.len()).map(move |mask| {
            let chosen: Vec<(u64, u64)> =
                cells.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect();
            flatten(&chosen)
        }))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        1 << self.board(bound).len()
    }

    /// Not every position whose numbers are at most `bound`: the sets of heads on at most 16
    /// cells of the board, the first ones in row order.
    fn verification_scope(&self, bound: u64) -> Option<String> {
        let cells = self.board(bound);
        let (first, last) = (cells.first()?, cells.last()?);
        Some(format!(
            "sets of heads on the {} cells ({}, {}) to ({}, {}) in row order",
            cells.len(),
            first.0,
            first.1,
            last.0,
            last.1
        ))
    }

    /// `G(r, c)`: a single head at `(r, c)`, the nim product of the factors' values.
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        if request.play != Play::Normal {
            return Ok(None);
        }
        crate::tables::pay_memory(
            crate::error::Holder::FactorValues,
            u128::from(request.rows + request.cols + 2) * 8,
            budget,
        )?;
        let side = |row: &Row, upto: u64| -> Result<Vec<u64>, TableError> {
            match row.rule().closed_form() {
                Some(_) => (0..=upto)
                    .map(|n| row.value(&BigUint::from(n)).and_then(|v| v.to_u64()))
                    .collect::<Option<_>>()
                    .ok_or(TableError::InvalidRequest(RequestError::CoinValueTooWide)),
                None => head_values(row.rule(), upto, budget).map_err(|cause| TableError::Exhausted {
                    task: Box::new(crate::error::Task::FactorValues),
                    cause,
                }),
            }
        };
        let g1 = side(&self.left, request.rows)?;
        let g2 = side(&self.right, request.cols)?;
        let largest = g1.iter().chain(&g2).copied().max().unwrap_or(0);
        // Nim products of numbers below 2^(2^j) stay below it.
        let mut field = 1u32;
        while field < 64 && largest >> field != 0 {
            field *= 2;
        }
        let bound = if field >= 64 { u64::MAX } else { (1u64 << field) - 1 };
        let outcomes = request.values == TableValues::Outcomes;
        let source = row_by_row(move |r, out| {
            for (slot, &h) in out.iter_mut().zip(&g2) {
                let v = nimber::mul(g1[r as usize], h);
                *slot = if outcomes { u64::from(v != 0) } else { v };
            }
        });
        let basis = TableBasis::closed_form(
            format!("{}: G(r, c) = G1(r) ⊗ G2(c)", self.named.en),
            if outcomes { 1 } else { bound },
        );
        Ok(Some(Grid::new(source, basis, request.rows, request.cols, budget)))
    }
}

impl Product {
    /// The cells of the board `first..=bound` in each direction, at most 16 of them.
    fn board(&self, bound: u64) -> Vec<(u64, u64)> {
        let (fx, fy) = (self.left.rule().first, self.right.rule().first);
        // The first 16 cells in row order: the loops stop there, whatever the bound.
        (fx..=bound.max(fx)).flat_map(|x| (fy..=bound.max(fy)).map(move |y| (x, y))).take(16).collect()
    }
}
