//! `Game.sequence` and `Game.grid`: tables as numpy arrays, written by the engine's table path
//! (the ruleset's fastest path: a closed form, a certified period, the SUB(S) generator, the line
//! kernel, else the dense path) straight into the array's memory, chunk by chunk, without the GIL
//! and without a Python-level loop.
//!
//! The array's dtype is the narrowest unsigned integer (`uint8`, `uint16`, `uint32`, `uint64`)
//! that holds the path's proven bound on the values ([`TableBasis::value_bound`], known before
//! they are computed); `uint64` when the path knows no bound. Its memory is paid to the budget
//! up front ([`pay_memory`]), like every table the engine holds. Values are those of
//! `nimlab table`'s raw formats: Grundy values, or under misère play outcomes (0 for P, 1 for N).

use std::mem::MaybeUninit;

use nimlab_engine::tables::{
    pay_memory, Grid, GridRequest, Sequence, SequenceRequest, TableBasis, TableError, Width, PIECE,
};
use nimlab_engine::{AnyGame, Budget, Holder, Play, Task};
use nimlab_reports::table::CellKind;
use nimlab_reports::{CommandError, ReportError};
use numpy::{Element, IxDyn, PyArray, PyArrayMethods};
use pyo3::prelude::*;

/// A table being produced: a sequence (runs of consecutive heaps) or a grid (row by row).
pub(crate) enum Producer {
    Sequence(Sequence),
    Grid(Grid),
}

impl Producer {
    /// The sequence `G(0..=upto)` (Grundy values; outcomes under misère play) on `game`'s
    /// table path.
    ///
    /// # Errors
    /// As [`AnyGame::sequence`]: a game whose positions are not one heap, theory asked for
    /// where there is none, memory beyond the budget.
    pub(crate) fn sequence(
        game: &dyn AnyGame,
        upto: u64,
        play: Play,
        method: nimlab_engine::Method,
        budget: &Budget,
    ) -> Result<Producer, ReportError> {
        let request = SequenceRequest {
            method,
            ..SequenceRequest::new(upto, CellKind::asked(false, play).values(), play)
        };
        Ok(Producer::Sequence(game.sequence(&request, budget)?))
    }

    /// The grid of `(r, c)` for `r = 0..=rows`, `c = 0..=cols` on `game`'s table path.
    ///
    /// # Errors
    /// As [`AnyGame::grid`].
    pub(crate) fn grid(
        game: &dyn AnyGame,
        rows: u64,
        cols: u64,
        play: Play,
        method: nimlab_engine::Method,
        budget: &Budget,
    ) -> Result<Producer, ReportError> {
        let request = GridRequest {
            method,
            ..GridRequest::new(rows, cols, CellKind::asked(false, play).values(), play)
        };
        Ok(Producer::Grid(game.grid(&request, budget)?))
    }

    fn basis(&self) -> &TableBasis {
        match self {
            Producer::Sequence(sequence) => sequence.basis(),
            Producer::Grid(grid) => grid.basis(),
        }
    }

    /// The array's shape: `(upto + 1,)` or `(rows + 1, cols + 1)`; `None` when it does not fit
    /// this machine's address space.
    fn shape(&self) -> Option<Vec<usize>> {
        let len = |last: u64| usize::try_from(last).ok()?.checked_add(1);
        match self {
            Producer::Sequence(sequence) => Some(vec![len(sequence.upto())?]),
            Producer::Grid(grid) => Some(vec![len(grid.rows())?, len(grid.cols())?]),
        }
    }

    /// Writes the next values into `buffer` and returns them; empty when the table is complete.
    fn next<'b>(&mut self, buffer: &'b mut Vec<u64>) -> Result<&'b [u64], TableError> {
        match self {
            Producer::Sequence(sequence) => {
                buffer.resize(PIECE, 0);
                let count = sequence.fill(buffer)?;
                Ok(&buffer[..count])
            }
            Producer::Grid(grid) => {
                buffer.resize(grid.row_len(), 0);
                Ok(if grid.next_row(buffer)?.is_some() { &buffer[..] } else { &[] })
            }
        }
    }
}

/// The whole table as a numpy array (see the module doc), produced on the calling thread,
/// which must not hold the GIL: it takes the GIL only to create the array.
///
/// # Errors
/// [`TableError::Exhausted`] (in [`ReportError::Table`]) when the array's memory exceeds what is
/// left of the budget or the machine's memory ceiling, or the budget, the deadline or a
/// cancellation stops the table; [`CommandError::TableBeyondAddressSpace`] (in
/// [`ReportError::Invalid`]) for a table larger than the address space.
pub(crate) fn to_array(mut producer: Producer, budget: &Budget) -> Result<Py<PyAny>, ReportError> {
    let width = producer.basis().value_bound.map_or(Width::U64, Width::narrowest);
    let shape = producer.shape().ok_or(ReportError::Invalid(CommandError::TableBeyondAddressSpace))?;
    let cells = shape.iter().try_fold(1u128, |n, &len| n.checked_mul(len as u128)).unwrap_or(u128::MAX);
    let bytes = cells.saturating_mul(width.bytes() as u128);
    let holder = Holder::Array { width: width.to_string(), cells };
    pay_memory(holder.clone(), bytes, budget)?;
    budget
        .check_memory(u64::try_from(bytes).unwrap_or(u64::MAX))
        .map_err(|cause| TableError::Exhausted { task: Box::new(Task::Holding { holder, bytes }), cause })?;
    match width {
        Width::U8 => fill::<u8>(&mut producer, &shape),
        Width::U16 => fill::<u16>(&mut producer, &shape),
        Width::U32 => fill::<u32>(&mut producer, &shape),
        Width::U64 => fill::<u64>(&mut producer, &shape),
    }
}

/// A pointer into a new array's data, handed from the thread that made it (with the GIL) to
/// the thread that fills it (without).
struct Data<T>(*mut MaybeUninit<T>);

// SAFETY: the array is new and referenced only by the filling thread until it is returned.
unsafe impl<T> Send for Data<T> {}

/// Creates an uninitialised `T` array of `shape` and writes every value of `producer` into it.
fn fill<T: Element + TryFrom<u64>>(
    producer: &mut Producer,
    shape: &[usize],
) -> Result<Py<PyAny>, ReportError> {
    let len: usize = shape.iter().product();
    let (array, data) = Python::attach(|py| {
        // SAFETY: every element is written below before the array reaches Python; an array
        // dropped after an error is never read.
        let array = unsafe { PyArray::<T, IxDyn>::new(py, IxDyn(shape), false) };
        let data = Data(array.data().cast::<MaybeUninit<T>>());
        (array.into_any().unbind(), data)
    });
    // SAFETY: `data` points to `len` elements of the C-contiguous array kept alive by `array`,
    // which nothing else references while it is filled.
    let out = unsafe { std::slice::from_raw_parts_mut(data.0, len) };
    let mut buffer = Vec::new();
    let mut written = 0;
    loop {
        let values = producer.next(&mut buffer)?;
        if values.is_empty() {
            break;
        }
        for (slot, &value) in out[written..written + values.len()].iter_mut().zip(values) {
            let value = T::try_from(value)
                .unwrap_or_else(|_| panic!("the value {value} passes the bound the table path proved"));
            slot.write(value);
        }
        written += values.len();
    }
    assert_eq!(written, len, "the table path produced every cell");
    Ok(array)
}

/// The last heap, row or column of a table, `name`d in errors: a non-negative Python int (or
/// numpy integer) below 2^64.
pub(crate) fn last_index(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    use num_bigint::BigInt;
    use pyo3::exceptions::{PyTypeError, PyValueError};
    use pyo3::types::{PyBool, PyString};
    let not_int = || {
        let kind = value.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
        PyTypeError::new_err(format!("{name} must be an int, not {kind}"))
    };
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyString>() {
        return Err(not_int());
    }
    let index = value.call_method0("__index__").map_err(|_| not_int())?;
    let number: BigInt = index.extract()?;
    u64::try_from(&number).map_err(|_| {
        PyValueError::new_err(format!("{name} must be a non-negative int below 2**64, not {number}"))
    })
}
