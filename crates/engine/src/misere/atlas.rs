//! The misère atlas: the quotient of every code of a list, each under its own share of work, in
//! parallel; codes that are the same game (trailing zeros) computed once.
//!
//! A code's result is deterministic — the quotient up to the heap bound or to the certificate, or
//! the partial quotient where the code's own work share ran out — so shards and resumed runs
//! agree with one whole run. When the atlas's budget itself (work, deadline, cancellation) stops
//! a code, that code has no result at all (a resumed run computes it again).

use super::{compute, MisereError, MisereQuotient};
use crate::budget::{Budget, Exhausted};
use crate::octal::{run_games, AtlasStop, CodeGroup, Finished, OctalCode};

/// A game of the atlas: its code without trailing zeros and the codes of the list that are it.
pub type MisereGroup = CodeGroup<OctalCode>;

/// One finished game: its quotient (certified, or partial with [`MisereQuotient::stopped`] or at
/// the bound).
pub type MisereAtlasEntry = Finished<OctalCode, MisereQuotient>;

/// Why the misère atlas stopped: the budget, or a broken invariant of a quotient.
pub(crate) type MisereAtlasError = AtlasStop<MisereError>;

/// The codes grouped by game (without trailing zeros), in the order of their first code.
pub fn group_same_game(codes: &[OctalCode]) -> Vec<MisereGroup> {
    let mut groups: Vec<MisereGroup> = Vec::new();
    for code in codes {
        let canonical = code.canonical();
        match groups.iter_mut().find(|g| g.representative == canonical) {
            Some(group) => {
                if *code != canonical && !group.aliases.contains(code) {
                    group.aliases.push(code.clone());
                }
            }
            None => groups.push(MisereGroup {
                representative: canonical.clone(),
                aliases: if *code == canonical { Vec::new() } else { vec![code.clone()] },
            }),
        }
    }
    groups
}

/// Computes each group's quotient (heaps up to `upto`, at most `work_per_code` units each) by
/// the atlases' one driver ([`run_games`]), calling `on_done` from the worker as each finishes;
/// returns the finished entries in the order of `groups`.
///
/// # Errors
/// [`AtlasStop::Exhausted`] when `budget` (not a code's own share) stopped the atlas, after every
/// started game has stopped; [`AtlasStop::Game`] for a broken invariant.
pub fn run_misere_atlas(
    groups: &[MisereGroup],
    upto: u64,
    work_per_code: u64,
    budget: &Budget,
    on_done: impl Fn(&MisereAtlasEntry) + Sync,
) -> Result<Vec<MisereAtlasEntry>, MisereAtlasError> {
    let game = |group: &MisereGroup,
                stop: &(dyn Fn(Exhausted) + Sync)|
     -> Result<Option<MisereAtlasEntry>, MisereError> {
        // The code's own share, charged to the atlas's budget and sharing its deadline and
        // cancellation. A code stopped by the atlas's budget rather than by its full share has
        // no result (it would depend on what else ran).
        let share = budget.sub_budget(work_per_code);
        let quotient = compute(&group.representative, Some(upto), &share)?;
        if quotient.stopped.is_some() {
            if let Err(cause) = budget.check() {
                stop(cause);
                return Ok(None);
            }
            if share.limit() < work_per_code {
                stop(Exhausted::Work { limit: budget.limit() });
                return Ok(None);
            }
        }
        Ok(Some(MisereAtlasEntry { group: group.clone(), outcome: quotient }))
    };
    run_games(groups, budget, game, on_done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_games_are_grouped_and_each_computed_once() {
        let codes: Vec<OctalCode> =
            ["0.75", "0.750", "0.3", "0.30"].iter().map(|c| c.parse().unwrap()).collect();
        let groups = group_same_game(&codes);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].aliases, vec!["0.750".parse::<OctalCode>().unwrap()]);
        let done = std::sync::atomic::AtomicUsize::new(0);
        let entries = run_misere_atlas(&groups, 40, 10_000_000, &Budget::new(1_000_000_000), |_| {
            done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(done.into_inner(), 2);
        assert_eq!(entries[0].outcome.quotient.order(), 8);
        assert!(entries[0].outcome.is_certified() && entries[1].outcome.is_certified());
        // A tiny atlas budget stops the atlas rather than giving partial rows.
        assert!(matches!(
            run_misere_atlas(&groups, 40, 10_000_000, &Budget::new(10), |_| {}),
            Err(AtlasStop::Exhausted { .. })
        ));
    }
}
