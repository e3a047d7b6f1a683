//! `loopy-pattern`: take patterns whose moves may also put stones back (`PATTERN:+AMOUNTS`, the
//! pattern language of [`super::pattern`]), with a cap on a pile's size so that the game has
//! finitely many positions (at most `(cap + 1)^piles`). Positions repeat, so some are draws:
//! the loopy engine answers it (capability [`LoopyPositions::Reachable`]), over the positions
//! reachable from the question. The tests compare its values with a retrograde analysis of a
//! graph built independently from the rules.

use crate::analysis::{Capabilities, LoopyPositions, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets::engine;
use crate::rulesets::pattern::{canonical_move, PatternGame, PatternSpec, PILES, PILES_ZH};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};
use crate::AnyGame;

/// The largest cap (a fixed limit: the positions of one pile are `cap + 1`).
pub(crate) const MAX_CAP: u64 = 1_000_000;

pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "loopy-pattern",
    title: "Take patterns that put stones back",
    summary: "your own take patterns, where a move may also put stones back (--move one:+1), no pile above \
              --cap (loopy: draws)",
    rules: "Piles of stones. Each kind of move names which piles it changes and by how much: it takes the \
            same amount from every pile of its pattern, or, written with +, puts the same amount back on each, \
            never making a pile larger than the cap. Positions repeat: with best play a game may never end \
            (a draw). The player who cannot move loses.",
    position: "pile sizes, one per pile, each at most the cap",
    example_position: "2 3",
    params: &[
        PILES,
        ParamDecl {
            name: "move",
            label: "kinds of move",
            help: "a kind of move, PATTERN:AMOUNTS or PATTERN:+AMOUNTS (puts stones back); see pattern",
            kind: ParamKind::Text {
                syntax: "PATTERN:AMOUNTS or PATTERN:+AMOUNTS, e.g. one:1..2 or one:+1",
                repeatable: true,
                canonical: canonical_move,
            },
            default: None,
            example: "one:1..2",
        },
        ParamDecl {
            name: "cap",
            label: "largest pile",
            help: "no move may make a pile larger than this",
            kind: ParamKind::Count { min: 1, max: MAX_CAP },
            default: None,
            example: "6",
        },
    ],
    drawing: Drawing::of(Board::Piles, Token::Stone),
    zh: Texts {
        title: "可放回石子的自定义取法",
        rules: "有几堆石子。每种走法指定改变哪几堆、改变多少：从所指定的每一堆取走同样多个，或（写作 +）\
                在每一堆放回同样多个，但任何一堆都不能超过上限。局面会重复：双方都走最好时对局可能永不结束（和局）。\
                无法走子的一方输。",
        position: "各堆的石子数，每堆一个数，都不超过上限",
        params: &[
            PILES_ZH,
            ParamTexts {
                name: "move",
                label: "走法种类",
                help: "一种走法，写作 PATTERN:AMOUNTS 或 PATTERN:+AMOUNTS（放回石子）；见自定义取法",
            },
            ParamTexts { name: "cap", label: "每堆上限", help: "任何走法都不能让一堆超过这个数" },
        ],
    },
    capabilities: Capabilities { loopy: Some(LoopyPositions::Reachable), ..Capabilities::NONE },
    verify_bound: 4,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let params = spec.params();
    let pattern = PatternSpec::parse_loopy(params.count("piles"), params.texts("move"))?;
    Ok(engine(spec, PatternGame::with_cap(pattern, params.count("cap"))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{check_definition, solve, Digraph, LoopyOutcome};
    use crate::{BigUint, Play};

    /// One pile, take 1 or 2, put 1 back, no pile above `cap`: the graph written directly
    /// (n -> n-1, n-2, n+1), analysed whole, against the ruleset's explored graph.
    #[test]
    fn a_loopy_take_pattern_agrees_with_its_graph() {
        let budget = Budget::default();
        for cap in 1..=12u64 {
            let spec = GameSpec::from_pairs(
                "loopy-pattern",
                &[("piles", "1"), ("move", "one:1..2"), ("move", "one:+1"), ("cap", &cap.to_string())],
            )
            .unwrap();
            let game = spec.build(&budget).unwrap();
            let roots: Vec<_> =
                (0..=cap).map(|n| game.check_position(&[BigUint::from(n)]).unwrap()).collect();
            let explored = game.position_graph(&roots, &budget).unwrap();
            let ours = solve(&explored.graph, Play::Normal, &budget).unwrap();
            check_definition(&explored.graph, ours.gsg.as_ref().unwrap()).unwrap();
            let mut edges = Vec::new();
            for n in 0..=cap as u32 {
                for m in [n.checked_sub(1), n.checked_sub(2), Some(n + 1).filter(|&m| m as u64 <= cap)]
                    .into_iter()
                    .flatten()
                {
                    edges.push((n, m));
                }
            }
            let direct = Digraph::from_edges(cap as usize + 1, &edges, &budget).unwrap();
            let whole = solve(&direct, Play::Normal, &budget).unwrap();
            for n in 0..=cap as u32 {
                let u = explored.roots[n as usize];
                assert_eq!(explored.numbers[u as usize], [BigUint::from(n)]);
                assert_eq!(ours.value(&explored.graph, u), whole.value(&direct, n), "cap {cap}, heap {n}");
                assert_eq!(ours.outcome(u), whole.outcome(n));
                assert_eq!(ours.remoteness(u), whole.remoteness(n));
            }
            // Every heap has a move (an empty heap can grow), so no position is ever decided:
            // every heap is a draw, of value ∞(∅).
            for n in 0..=cap as usize {
                assert_eq!(ours.outcome(explored.roots[n]), LoopyOutcome::D, "cap {cap}, heap {n}");
            }
        }
    }

    #[test]
    fn moves_that_add_need_the_loopy_ruleset_and_its_cap() {
        let budget = Budget::default();
        let e = GameSpec::from_pairs("pattern", &[("piles", "1"), ("move", "one:+1")])
            .unwrap()
            .build(&budget)
            .err()
            .unwrap();
        assert!(e.to_string().contains("play it as loopy-pattern"), "{e}");
        let spec =
            GameSpec::from_pairs("loopy-pattern", &[("piles", "2"), ("move", "all:+1..2"), ("cap", "3")])
                .unwrap();
        assert_eq!(spec.to_string(), "loopy-pattern --piles 2 --move all:+1..2 --cap 3");
        let game = spec.build(&budget).unwrap();
        assert!(game.check_position(&[BigUint::from(4u8), BigUint::from(0u8)]).is_err());
        let moves = game
            .options(
                &crate::test_prelude::trusted(&[BigUint::from(1u8), BigUint::from(0u8)]),
                &budget,
                crate::Lang::En,
            )
            .unwrap();
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["put 1 back on each of piles 1, 2", "put 2 back on each of piles 1, 2"]);
    }
}
