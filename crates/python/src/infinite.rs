//! `Infinite(K)`: the value ∞(K) of a loopy game's position (the generalized Sprague-Grundy
//! function; docs/loopy.md), as result objects give it: `r.value` is an int (a nimber) or an
//! `Infinite`. The JSON contract writes it `{"infinite": [K...]}`; `to_dict()` keeps that form.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::Value;

/// ∞(K): a position of a loopy game whose value is infinite, with ``k`` the finite values of its
/// options (sorted, without repeats). Its ``outcome`` is ``'N'`` when 0 is in ``k`` (a move to
/// a 0 wins) and ``'D'`` (a draw) otherwise. Two are equal when their ``k`` are; they sort by
/// ``k``; an int (a nimber) is never equal to one.
///
/// >>> v = Infinite([2, 0, 2])
/// >>> v, str(v), v.k, v.outcome
/// (Infinite([0, 2]), '∞(0,2)', (0, 2), 'N')
/// >>> Infinite([]) == Infinite(()), Infinite([1]).outcome
/// (True, 'D')
#[pyclass(module = "nimlab", frozen, eq, ord, hash)]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Infinite {
    k: Vec<u64>,
}

impl Infinite {
    /// The ∞(K) of a report's value `{"infinite": [K...]}`, if `value` is one.
    pub(crate) fn of_json(value: &Value) -> Option<Infinite> {
        let map = value.as_object().filter(|m| m.len() == 1)?;
        let k = map.get("infinite")?.as_array()?;
        let k: Option<Vec<u64>> = k.iter().map(Value::as_u64).collect();
        Some(Infinite::from_values(k?))
    }

    fn from_values(mut k: Vec<u64>) -> Infinite {
        k.sort_unstable();
        k.dedup();
        Infinite { k }
    }
}

#[pymethods]
impl Infinite {
    #[new]
    fn new(k: Vec<u64>) -> Self {
        Infinite::from_values(k)
    }

    /// The finite values of the position's options, sorted, without repeats.
    #[getter]
    fn k<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.k)
    }

    /// ``'N'`` when 0 is in ``k``, else ``'D'`` (a draw).
    #[getter]
    fn outcome(&self) -> &'static str {
        if self.k.first() == Some(&0) {
            "N"
        } else {
            "D"
        }
    }

    fn __repr__(&self) -> String {
        let k: Vec<String> = self.k.iter().map(u64::to_string).collect();
        format!("Infinite([{}])", k.join(", "))
    }

    fn __str__(&self) -> String {
        let k: Vec<String> = self.k.iter().map(u64::to_string).collect();
        format!("∞({})", k.join(","))
    }
}
