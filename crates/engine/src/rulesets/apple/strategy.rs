//! The winning player's whole plan from an apple position: the opening move, then a reply to
//! every move of the opponent until the game ends, like the paper's step table.
//!
//! Where a rule of the paper applies, the replies are grouped by it instead of listed line by
//! line: the **mirror** rule on (0, x, x), the **multiple** rule on (kq, N, N) (`q = S + 1`,
//! `N < q`, or any N with the bounded take) and **Bash** on (kq, 0, 0). The winner's moves are
//! chosen to land in these families when possible, so every (M, N, N) position's plan is a few
//! grouped rules, for piles of any size. Elsewhere the plan lists every opponent move with the
//! winner's reply, found by search; the number of lines is capped.

use crate::error::LimitReached;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use super::{mnn_form, Apple};
use crate::analysis::{Line, MoveReport, Plan, Player, RulePlan, RuleReply, Ruleset, Strategy};
use crate::lang::Lang;

use crate::bigint::{join, to_u64s};
use crate::budget::{Budget, HeldBytes, ALLOCATION_OVERHEAD};
use crate::error::{EngineError, Stopped, Task};
use crate::game::{Game, Outcome, Play};
use crate::solve::GrundySolver;

/// The most lines a searched plan may list.
pub const DEFAULT_LINE_LIMIT: usize = 2_000;

impl Apple {
    /// The winner's plan from `start`, with at most `line_limit` searched lines.
    ///
    /// # Errors
    /// [`EngineError::InvalidPosition`] for an empty position; [`EngineError::TooLargeForSearch`]
    /// when a position outside the rule families does not fit the search;
    /// [`EngineError::Exhausted`] when the search runs out of budget; [`EngineError::Limit`]
    /// when the plan needs more than `line_limit` lines.
    pub fn strategy(
        &self,
        start: &[BigUint],
        line_limit: usize,
        budget: &Budget,
    ) -> Result<Strategy, EngineError> {
        let start = self.check_position(start)?;
        let mut planner =
            Planner { apple: *self, solver: GrundySolver::new(*self), budget, lines: 0, line_limit, held: 0 };
        let (winner, opening, facing) = if planner.is_p(&start)? {
            (Player::Second, None, start.clone())
        } else {
            let opening = planner.winning_reply(&start)?;
            let facing = opening.to.to_vec();
            (Player::First, Some(opening), facing)
        };
        let plan = planner.plan(&facing)?;
        Ok(Strategy { start, winner, opening, plan })
    }

    /// The rule that answers every move from the P-position `piles`, if one applies.
    pub(crate) fn rule_plan(&self, piles: &[BigUint]) -> Option<RulePlan> {
        let form = mnn_form(piles)?;
        let q = self.q();
        let s = self.max;
        let (m, n) = (&form.m, &form.n);
        let position = piles.to_vec();
        if m.is_zero() && !n.is_zero() {
            return Some(RulePlan {
                name: "mirror",
                position,
                invariant: "one pile empty, the other two equal: (0, x, x)".into(),
                replies: vec![RuleReply {
                    loser: format!("take s (1 <= s <= min({s}, x)) from one of the two equal piles"),
                    reply: "take s from the other".into(),
                    leads_to: "(0, x-s, x-s)".into(),
                }],
                ends: "the piles reach (0, 0, 0): the winner takes the last apple".into(),
            });
        }
        if m.is_zero() || !m.is_multiple_of(&q) {
            return None;
        }
        if n.is_zero() {
            return Some(RulePlan {
                name: "bash",
                position,
                invariant: format!("two piles empty, the third a multiple of {q}: (k*{q}, 0, 0)"),
                replies: vec![RuleReply {
                    loser: format!("take s (1 <= s <= {s}) from the non-empty pile"),
                    reply: format!("take {q}-s from it"),
                    leads_to: format!("((k-1)*{q}, 0, 0)"),
                }],
                ends: "the pile reaches 0: the winner takes the last apple".into(),
            });
        }
        if !self.bounded_equal && *n >= q {
            return None;
        }
        let every_limit = if self.bounded_equal { format!("min({s}, N)") } else { "N".into() };
        let n_range = if self.bounded_equal { "N".to_string() } else { format!("N < {q}") };
        Some(RulePlan {
            name: "multiple",
            position,
            invariant: format!("(M, N, N) with M a multiple of {q} and {n_range} (here M = {m}, N = {n})"),
            replies: vec![
                RuleReply {
                    loser: format!("take s (1 <= s <= {s}) from the pile of M"),
                    reply: format!("take {q}-s from the pile of M"),
                    leads_to: format!("(M-{q}, N, N)"),
                },
                RuleReply {
                    loser: format!("take t (1 <= t <= {every_limit}) from every pile"),
                    reply: format!("take {q}-t from the pile of M"),
                    leads_to: format!("(M-{q}, N-t, N-t)"),
                },
                RuleReply {
                    loser: "take s from one of the two equal piles".into(),
                    reply: "take s from the other".into(),
                    leads_to: "(M, N-s, N-s)".into(),
                },
            ],
            ends: "M reaches 0: the mirror rule takes over; N reaches 0: Bash on the pile of M".into(),
        })
    }
}

struct Planner<'b> {
    apple: Apple,
    solver: GrundySolver<Apple>,
    budget: &'b Budget,
    lines: usize,
    line_limit: usize,
    /// Bytes of the plan built so far (its lines, their moves' texts and positions, its rules),
    /// held in the memory account with the search's memo.
    held: u64,
}

impl Planner<'_> {
    fn search_piles(&self, piles: &[BigUint]) -> Result<Vec<u64>, EngineError> {
        to_u64s(piles).ok_or_else(|| EngineError::TooLargeForSearch {
            position: format!("apple {} (no rule of the plan covers it)", join(piles, " ")),
        })
    }

    fn task(piles: &[BigUint]) -> impl FnOnce() -> Task + '_ {
        move || Task::PlanSearch { position: join(piles, " ") }
    }

    fn is_p(&mut self, piles: &[BigUint]) -> Result<bool, EngineError> {
        if let Some(analysis) = self.apple.theory(piles, Play::Normal, usize::MAX, Lang::En) {
            return Ok(analysis.outcome == Outcome::P);
        }
        let position = self.search_piles(piles)?;
        Ok(self.solver.value(&position, self.budget).during(Self::task(piles))? == 0)
    }

    /// The winner's move from the N-position `piles`, preferring the rule families.
    fn winning_reply(&mut self, piles: &[BigUint]) -> Result<MoveReport, EngineError> {
        let moves = match self.apple.theory(piles, Play::Normal, usize::MAX, Lang::En) {
            Some(analysis) if !analysis.winning_moves.is_empty() => analysis.winning_moves,
            _ => {
                let position = self.search_piles(piles)?;
                let mut moves = Vec::new();
                let options = self.solver.option_values(&position, self.budget).during(Self::task(piles))?;
                for (option, value) in options {
                    if value == 0 {
                        let to = self.apple.numbers(&option);
                        moves.push(MoveReport {
                            text: self.apple.describe_move(piles, &to, Lang::En),
                            to: crate::analysis::CheckedPosition::new(to),
                        });
                    }
                }
                moves
            }
        };
        self.apple.preferred_move(piles, &moves).cloned().ok_or_else(|| EngineError::Internal {
            what: "no winning move from an N-position in the apple rules".into(),
        })
    }

    /// Adds `bytes` to the plan's bytes and checks them, with the memo's, against the budget's
    /// memory.
    fn hold(&mut self, bytes: u64, piles: &[BigUint]) -> Result<(), EngineError> {
        self.held = self.held.saturating_add(bytes);
        let lines = self.lines;
        self.budget
            .check_held(self.held.saturating_add(self.solver.held_bytes()))
            .during(|| Task::Plan { position: join(piles, " "), lines })
    }

    fn plan(&mut self, piles: &[BigUint]) -> Result<Plan, EngineError> {
        if piles.iter().all(Zero::is_zero) {
            return Ok(Plan::Over);
        }
        if let Some(rule) = self.apple.rule_plan(piles) {
            self.hold(rule.heap_bytes(), piles)?;
            return Ok(Plan::Rule(rule));
        }
        let position = self.search_piles(piles)?;
        let mut lines = Vec::new();
        for option in self.apple.options(&position) {
            self.lines += 1;
            if self.lines > self.line_limit {
                return Err(EngineError::Limit(LimitReached::PlanLines { limit: self.line_limit as u64 }));
            }
            let to = self.apple.numbers(&option);
            let loser = MoveReport {
                text: self.apple.describe_move(piles, &to, Lang::En),
                to: crate::analysis::CheckedPosition::new(to),
            };
            let reply = self.winning_reply(&loser.to)?;
            // The nested plan counted itself; the line adds its two moves and its slot.
            let then = self.plan(&reply.to)?;
            let moves = loser.heap_bytes() + reply.heap_bytes();
            let capacity = lines.capacity();
            lines.push(Line { loser, reply, then });
            let slots = (lines.capacity() - capacity) * std::mem::size_of::<Line>();
            let allocated = if capacity == 0 { ALLOCATION_OVERHEAD } else { 0 };
            self.hold(moves + slots as u64 + allocated, piles)?;
        }
        Ok(Plan::Lines { lines })
    }
}
