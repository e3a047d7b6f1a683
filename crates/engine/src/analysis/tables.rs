//! The planner's table paths: a table over a range of heaps comes from the ruleset's declared
//! fast path ([`Ruleset::fast_sequence`], [`Ruleset::fast_grid`]) when it has one and the request
//! allows it, otherwise from the generic dense path below, which any ruleset supports.
//!
//! The generic table path, for any ruleset without a fast one: every cell of the box of heaps
//! `0..=bounds[i]` computed from the ruleset's own moves and stored, 4 bytes a cell.
//!
//! Cells are visited in row-major order (the last heap fastest). When every option of every
//! cell is an earlier cell of the box — true of take-away games on the table's heaps — the
//! table fills bottom-up with one lookup per option ([`TableMethod::Dense`]). Otherwise (a move
//! raises a number, as the limit of Fibonacci Nim does, or leaves the positions the table names)
//! every cell is answered by the memoized search instead ([`TableMethod::Search`]), under the
//! same budget. The table's 4 bytes a cell are paid up front; the dense path then charges one
//! unit per cell and one per option it lists (as the search does), the search its own work and
//! positions, so time is bounded too.

use crate::error::{Holder, RequestError, Task};
use num_traits::ToPrimitive;

use super::ruleset::Ruleset;
use crate::bigint::{big, to_bigs};
use crate::budget::{Budget, Exhausted};
use crate::error::EngineError;
use crate::game::{Method, Play};
use crate::solve::{collect_options, mex32, GrundySolver, MisereSolver};
use crate::spec::GameId;
use crate::tables::sequence::MAX_UPTO;
use crate::tables::{
    check_values, no_theory, pay_memory, Grid, GridRequest, GridSource, Sequence, SequenceRequest,
    SequenceSource, TableBasis, TableError, TableMethod, TableValues, N_CELL, P_CELL,
};

/// Cells computed in full before they are handed out, in row-major order.
pub(crate) struct StoredCells {
    values: Vec<u32>,
    at: usize,
}

impl StoredCells {
    fn copy_next(&mut self, out: &mut [u64]) {
        let values = &self.values[self.at..self.at + out.len()];
        for (slot, &v) in out.iter_mut().zip(values) {
            *slot = u64::from(v);
        }
        self.at += out.len();
    }
}

impl SequenceSource for StoredCells {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        self.copy_next(out);
        Ok(())
    }
}

impl GridSource for StoredCells {
    fn fill_row(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        self.copy_next(out);
        Ok(())
    }
}

/// A stored table and how it was computed.
pub(crate) struct Stored {
    pub values: StoredCells,
    pub basis: TableBasis,
}

/// How a cell's value follows from its options' values.
#[derive(Debug, Clone, Copy)]
enum Rule {
    Grundy,
    NormalOutcome,
    MisereOutcome,
}

impl Rule {
    fn new(values: TableValues, play: Play) -> Rule {
        match (values, play) {
            (TableValues::Grundy, _) => Rule::Grundy,
            (TableValues::Outcomes, Play::Normal) => Rule::NormalOutcome,
            (TableValues::Outcomes, Play::Misere) => Rule::MisereOutcome,
        }
    }

    fn evaluate(self, options: &[u32]) -> u32 {
        let some_p = options.contains(&(P_CELL as u32));
        let n = match self {
            Rule::Grundy => return mex32(options.iter().copied()),
            Rule::NormalOutcome => some_p,
            Rule::MisereOutcome => options.is_empty() || some_p,
        };
        (if n { N_CELL } else { P_CELL }) as u32
    }
}

/// Every cell of the box `0..=bounds[i]`, row-major, by the dense path or, when a move leaves
/// the box, by search.
///
/// Time `O(cells × options)`, memory 4 bytes a cell (plus the search's memo on that path).
///
/// # Errors
/// [`TableError::Exhausted`] when the box's memory exceeds what is left of the budget, or when
/// the budget, the deadline or a cancellation stops the work; an engine error when a cell is
/// not a valid position or does not fit the search.
pub(crate) fn box_values<R: Ruleset>(
    ruleset: &R,
    game: &GameId,
    bounds: &[u64],
    values: TableValues,
    play: Play,
    budget: &Budget,
) -> Result<Stored, TableError> {
    let cells =
        bounds.iter().try_fold(1u128, |cells, &b| cells.checked_mul(u128::from(b) + 1)).unwrap_or(u128::MAX);
    pay_memory(Holder::DenseTable { cells }, cells.saturating_mul(4), budget)?;
    let cells = cells as usize;
    let rule = Rule::new(values, play);
    let (values, method, detail) = match dense(ruleset, game, bounds, cells, rule, budget)? {
        Some(values) => {
            (values, TableMethod::Dense, format!("every cell bottom-up from the moves of {game}"))
        }
        None => (
            searched(ruleset, game, bounds, cells, rule, budget)?,
            TableMethod::Search,
            format!("memoized search of {game} (a move leaves the table's cells)"),
        ),
    };
    let value_bound = values.iter().copied().max().map(u64::from);
    let basis = TableBasis { method, detail, value_bound, certified_period: None };
    Ok(Stored { values: StoredCells { values, at: 0 }, basis })
}

/// The search position of the cell with these heaps.
fn cell_position<R: Ruleset>(ruleset: &R, game: &GameId, heaps: &[u64]) -> Result<R::Position, TableError> {
    let numbers = ruleset.check_position(&to_bigs(heaps))?;
    ruleset.search_position(&numbers).ok_or_else(|| {
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        TableError::Engine(EngineError::TooLargeForSearch { position: format!("{game} {}", heaps.join(" ")) })
    })
}

/// Moves to the next cell in row-major order (the last heap fastest).
fn next_cell(heaps: &mut [u64], bounds: &[u64]) {
    for (h, &b) in heaps.iter_mut().zip(bounds).rev() {
        if *h < b {
            *h += 1;
            return;
        }
        *h = 0;
    }
}

/// The error of a table path (by search, else dense) stopped by its budget.
fn stopped(search: bool, game: &GameId, cell: usize) -> impl FnOnce(Exhausted) -> TableError {
    let task = Task::TableCell { search, game: game.to_string(), cell };
    move |cause| TableError::Exhausted { task: Box::new(task), cause }
}

/// Units the dense path charges for checking an option (its numbers read back and the ruleset's
/// position check), beside the unit its generation costs. bench/calibrate.sh, 2026-11-26 07:03
/// UTC on the quiet 2-core guest (load 1.2): `table pattern --piles 1 --move one:2..900 --upto
/// 20000` cost 346 ns a unit at one unit an option, against 60 to 193 ns on every other path;
/// at two units an option it costs about 175 ns.
const CHECK_UNITS_PER_OPTION: u64 = 1;

/// The dense path, or `None` when some option is not an earlier cell of the box.
fn dense<R: Ruleset>(
    ruleset: &R,
    game: &GameId,
    bounds: &[u64],
    cells: usize,
    rule: Rule,
    budget: &Budget,
) -> Result<Option<Vec<u32>>, TableError> {
    let mut strides = vec![1usize; bounds.len()];
    for i in (0..bounds.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * (bounds[i + 1] as usize + 1);
    }
    let cell_index = |numbers: &[num_bigint::BigUint]| -> Option<usize> {
        if numbers.len() != bounds.len() {
            return None;
        }
        let mut index = 0;
        for ((n, &b), &s) in numbers.iter().zip(bounds).zip(&strides) {
            let h = n.to_u64().filter(|&h| h <= b)?;
            index += h as usize * s;
        }
        Some(index)
    };
    let mut meter = budget.meter();
    let mut table: Vec<u32> = Vec::with_capacity(cells);
    let mut heaps = vec![0u64; bounds.len()];
    let mut option_values = Vec::new();
    for index in 0..cells {
        let position = cell_position(ruleset, game, &heaps)?;
        meter.charge(1).map_err(stopped(false, game, index))?;
        option_values.clear();
        let options = collect_options(ruleset, &position, budget).map_err(stopped(false, game, index))?;
        meter.charge(CHECK_UNITS_PER_OPTION * options.len() as u64).map_err(stopped(false, game, index))?;
        for option in options {
            let numbers = ruleset.numbers(&option);
            let Some(j) = cell_index(&numbers).filter(|&j| j < index) else { return Ok(None) };
            // The cell stores the value of its checked position; the option must be that one.
            if ruleset.check_position(&numbers).ok().as_deref() != Some(numbers.as_slice()) {
                return Ok(None);
            }
            option_values.push(table[j]);
        }
        table.push(rule.evaluate(&option_values));
        next_cell(&mut heaps, bounds);
    }
    meter.flush().map_err(stopped(false, game, cells))?;
    Ok(Some(table))
}

/// Every cell by memoized search, in row-major order.
fn searched<R: Ruleset>(
    ruleset: &R,
    game: &GameId,
    bounds: &[u64],
    cells: usize,
    rule: Rule,
    budget: &Budget,
) -> Result<Vec<u32>, TableError> {
    let mut grundy = GrundySolver::new(ruleset.clone());
    let mut misere = MisereSolver::misere(ruleset.clone());
    let mut value = |position: &R::Position| -> Result<u32, Exhausted> {
        Ok(match rule {
            Rule::Grundy => grundy.value(position, budget)?,
            Rule::NormalOutcome => u32::from(grundy.value(position, budget)? != 0),
            Rule::MisereOutcome => crate::tables::outcome_cell(misere.value(position, budget)?) as u32,
        })
    };
    let mut table = Vec::with_capacity(cells);
    let mut heaps = vec![0u64; bounds.len()];
    for index in 0..cells {
        let position = cell_position(ruleset, game, &heaps)?;
        table.push(value(&position).map_err(stopped(true, game, index))?);
        next_cell(&mut heaps, bounds);
    }
    Ok(table)
}

/// The one-heap table a request asks for: from the ruleset's fast path, or the dense path (see
/// [`SequenceRequest::method`]).
///
/// # Errors
/// [`TableError::InvalidRequest`] for Grundy values in misère play, `upto` above [`MAX_UPTO`], or a
/// game whose positions are not one heap; [`EngineError::NoTheory`](crate::EngineError) (in
/// [`TableError::Engine`]) for [`Method::Theory`] without a closed form or certified period;
/// [`TableError::Exhausted`] or an engine error from the path that computes it.
pub(crate) fn sequence<R: Ruleset>(
    ruleset: &R,
    game: &GameId,
    request: &SequenceRequest,
    budget: &Budget,
) -> Result<Sequence, TableError> {
    check_values(request.values, request.play)?;
    if request.upto > MAX_UPTO {
        return Err(TableError::InvalidRequest(RequestError::SequenceBeyond { max: MAX_UPTO }));
    }
    // The fast path first: a game whose table is not of one heap (a family of graphs) has its
    // own, its only one, which honours the method.
    if request.method != Method::Search || ruleset.not_heaps().is_some() {
        let fast = ruleset.fast_sequence(request, budget)?;
        match fast {
            Some(sequence) if request.method.accepts(sequence.basis().method.is_theory()) => {
                return Ok(sequence)
            }
            _ if request.method == Method::Theory => {
                return Err(no_theory(game.name(), "sequence", request.values, request.play))
            }
            _ => {}
        }
    }
    if let Some(why) = ruleset.not_heaps() {
        return Err(TableError::InvalidRequest(RequestError::NoHeapTable { game: game.to_string(), why }));
    }
    ruleset.check_position(&[big(0)]).map_err(|e| match e {
        EngineError::InvalidPosition(reason) => {
            TableError::InvalidRequest(RequestError::NotOneHeap { game: game.to_string(), reason })
        }
        other => TableError::Engine(other),
    })?;
    let Stored { values, basis } =
        box_values(ruleset, game, &[request.upto], request.values, request.play, budget)?;
    Ok(Sequence::new(Box::new(values), basis, request.upto, budget))
}

/// The two-heap table a request asks for: from the ruleset's fast path, or the dense path (see
/// [`GridRequest::method`]). The caller's row buffer (8 bytes a cell) is paid for here.
///
/// # Errors
/// [`TableError::InvalidRequest`] for Grundy values in misère play or a game whose positions are
/// not two heaps; [`EngineError::NoTheory`](crate::EngineError) (in [`TableError::Engine`]) for
/// [`Method::Theory`] without a closed form or certified rows; [`TableError::Exhausted`] when a
/// row alone exceeds the budget, or from the path that computes the table; an engine error from
/// the generic path.
pub(crate) fn grid<R: Ruleset>(
    ruleset: &R,
    game: &GameId,
    request: &GridRequest,
    budget: &Budget,
) -> Result<Grid, TableError> {
    check_values(request.values, request.play)?;
    if request.rows > MAX_UPTO || request.cols > MAX_UPTO {
        return Err(TableError::InvalidRequest(RequestError::GridBeyond { max: MAX_UPTO }));
    }
    pay_memory(Holder::GridRow, (u128::from(request.cols) + 1) * 8, budget)?;
    // The fast path first: a game whose table is not of two heaps (a family of graphs in two
    // numbers) has its own, its only one, which honours the method.
    if request.method != Method::Search || ruleset.not_heaps().is_some() {
        let fast = ruleset.fast_grid(request, budget)?;
        match fast {
            Some(grid) if request.method.accepts(grid.basis().method.is_theory()) => return Ok(grid),
            _ if request.method == Method::Theory => {
                return Err(no_theory(game.name(), "grid", request.values, request.play))
            }
            _ => {}
        }
    }
    if let Some(why) = ruleset.not_heaps() {
        return Err(TableError::InvalidRequest(RequestError::NoHeapTable { game: game.to_string(), why }));
    }
    ruleset.check_position(&[big(0), big(0)]).map_err(|e| match e {
        EngineError::InvalidPosition(reason) => {
            TableError::InvalidRequest(RequestError::NotTwoHeaps { game: game.to_string(), reason })
        }
        other => TableError::Engine(other),
    })?;
    let Stored { values, basis } =
        box_values(ruleset, game, &[request.rows, request.cols], request.values, request.play, budget)?;
    Ok(Grid::new(Box::new(values), basis, request.rows, request.cols, budget))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::rulesets::bash::Bash;
    use crate::rulesets::fibonacci::FibonacciNim;
    use crate::rulesets::moore::Moore;
    use crate::rulesets::nim::Nim;
    use crate::solve::GrundySolver;

    fn spec(text: &str) -> GameId {
        GameId::Registered(text.parse().unwrap())
    }

    #[test]
    fn dense_nim_grid_is_xor_and_outcomes_follow() {
        let budget = Budget::default();
        let nim = spec("nim");
        let stored = box_values(&Nim, &nim, &[5, 7], TableValues::Grundy, Play::Normal, &budget).unwrap();
        assert_eq!(stored.basis.method, TableMethod::Dense);
        let expected: Vec<u32> = (0..=5u32).flat_map(|r| (0..=7u32).map(move |c| r ^ c)).collect();
        assert_eq!(stored.values.values, expected);
        assert_eq!(stored.basis.value_bound, Some(7));
        let misere = box_values(&Nim, &nim, &[3, 3], TableValues::Outcomes, Play::Misere, &budget).unwrap();
        let p: Vec<(u32, u32)> =
            (0..16).filter(|&i| misere.values.values[i] == 0).map(|i| (i as u32 / 4, i as u32 % 4)).collect();
        assert_eq!(p, [(0, 1), (1, 0), (2, 2), (3, 3)]);
    }

    #[test]
    fn a_move_that_leaves_the_box_switches_to_search() {
        // Fibonacci Nim's opening [n] is (n, n - 1); its options (n - t, 2t) are not openings.
        let stored = box_values(
            &FibonacciNim,
            &spec("fibonacci"),
            &[30],
            TableValues::Outcomes,
            Play::Normal,
            &Budget::default(),
        )
        .unwrap();
        assert_eq!(stored.basis.method, TableMethod::Search);
        let p: Vec<usize> = (0..=30).filter(|&n| stored.values.values[n] == 0).collect();
        assert_eq!(p, [0, 1, 2, 3, 5, 8, 13, 21]);
    }

    #[test]
    fn budgets_bound_memory_and_work() {
        let nim = spec("nim");
        let budget = Budget::new(1000);
        let err =
            box_values(&Nim, &nim, &[999, 999], TableValues::Grundy, Play::Normal, &budget).err().unwrap();
        assert!(
            err.to_string().starts_with(
                "the dense table of 1000000 cells needs 4000000 bytes of memory (1000000 units at 4 bytes a unit) and \
                 1000 units are left"
            ),
            "{err}"
        );
        assert!(err.exhausted().is_some_and(Exhausted::is_budget));
        assert_eq!(budget.used(), 0, "a refused table charges nothing");
        // 2000 cells fit (2000 units), but Nim lists up to 999 options per cell: the work runs out.
        let budget = Budget::new(100_000);
        let err =
            box_values(&Nim, &nim, &[1, 999], TableValues::Grundy, Play::Normal, &budget).err().unwrap();
        assert_eq!(err.exhausted(), Some(&Exhausted::Work { limit: 100_000 }), "{err}");
        assert!(err.to_string().starts_with("the dense table of nim stopped at cell "), "{err}");
        // Bash on 20 heaps: 20 cells (20 units of memory), 20 units for the cells and 57 options
        // (at most 3 a cell), each generated (one unit) and checked (CHECK_UNITS_PER_OPTION).
        let bash = Bash::new(3).unwrap();
        let budget = Budget::new(20 + 20 + 57 * (1 + CHECK_UNITS_PER_OPTION));
        let stored =
            box_values(&bash, &spec("bash --max 3"), &[19], TableValues::Grundy, Play::Normal, &budget)
                .unwrap();
        assert_eq!(stored.values.values, (0..20).map(|n| n % 4).collect::<Vec<u32>>());
    }

    fn moore() -> (Moore, GameId) {
        (Moore::new(2).unwrap(), spec("moore --k 2"))
    }

    #[test]
    fn dense_fallback_matches_search_and_rows_come_in_order() {
        let (moore, spec) = moore();
        let request = GridRequest::new(9, 12, TableValues::Grundy, Play::Normal);
        let budget = Budget::default();
        let mut table = grid(&moore, &spec, &request, &budget).unwrap();
        assert_eq!(table.basis().method, TableMethod::Dense);
        let all = grid(&moore, &spec, &request, &budget).unwrap().collect_rest().unwrap();
        assert_eq!(all.len(), 130);
        let mut solver = GrundySolver::new(moore);
        let mut row = vec![0; table.row_len()];
        for r in 0..=9u64 {
            assert_eq!(table.next_row(&mut row).unwrap(), Some(r));
            for (c, &value) in row.iter().enumerate() {
                assert_eq!(
                    value,
                    u64::from(solver.value(&vec![r, c as u64], &budget).unwrap()),
                    "({r}, {c})"
                );
            }
        }
        assert_eq!(table.next_row(&mut row).unwrap(), None);
        assert_eq!(table.next_row_index(), 10);
    }

    #[test]
    fn one_heap_games_and_misere_grundy_are_refused() {
        let request = GridRequest::new(3, 3, TableValues::Grundy, Play::Misere);
        let (moore, spec) = moore();
        let budget = Budget::default();
        let err = grid(&moore, &spec, &request, &budget).err().unwrap();
        assert!(err.is_usage() && err.to_string().contains("normal play only"), "{err}");
        let half = crate::rulesets::half::Half;
        let request = GridRequest { play: Play::Normal, ..request };
        let err = grid(&half, &self::spec("half"), &request, &budget).err().unwrap();
        assert!(err.to_string().starts_with("a grid needs a game on two heaps; half:"), "{err}");
    }

    #[test]
    fn a_row_beyond_the_budget_is_refused() {
        let (moore, spec) = moore();
        let request = GridRequest::new(0, 1_000_000, TableValues::Grundy, Play::Normal);
        let err = grid(&moore, &spec, &request, &Budget::new(1000)).err().unwrap();
        assert!(err.to_string().starts_with("one row of the grid needs 8000008 bytes of memory"), "{err}");
        assert!(err.exhausted().is_some_and(|e| e.is_budget()));
    }
}
