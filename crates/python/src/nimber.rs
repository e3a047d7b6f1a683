//! Nim arithmetic from Python: `nim_add`, `nim_mul`, `nim_pow`, `nim_inv`, `nim_sqrt` on Python
//! ints of any size or, elementwise, on numpy `uint64` arrays (the engine's 64-bit path, without
//! the GIL); `nimber(expression)` evaluates an expression as `nimlab nimber` does.

use nimlab_engine::nimber::{self as arith, big, Multiplier};
use nimlab_engine::{BigUint, Budget};
use numpy::ndarray::{ArrayD, Zip};
use numpy::{IntoPyArray, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

use crate::compute::py_error;

/// One operand: a numpy `uint64` array or a non-negative int.
enum Operand<'py> {
    Array(PyReadonlyArrayDyn<'py, u64>),
    Int(BigUint),
}

fn operand<'py>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Operand<'py>> {
    if let Ok(array) = value.extract::<PyReadonlyArrayDyn<'py, u64>>() {
        return Ok(Operand::Array(array));
    }
    let ndim =
        if value.hasattr("ndim")? { value.getattr("ndim")?.extract::<usize>().unwrap_or(0) } else { 0 };
    if ndim > 0 {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a numpy array of dtype uint64 (or an int), not one of dtype {}",
            value.getattr("dtype")?
        )));
    }
    let index = value
        .call_method0("__index__")
        .map_err(|_| PyTypeError::new_err(format!("{name} must be an int or a numpy uint64 array")))?;
    let number: num_bigint::BigInt = index.extract()?;
    number.to_biguint().map(Operand::Int).ok_or_else(|| {
        PyValueError::new_err(format!("{name} must be a non-negative int (a nimber), not {number}"))
    })
}

fn word(n: &BigUint, name: &str) -> PyResult<u64> {
    u64::try_from(n).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} = {n} does not fit in 64 bits, so it cannot go with a uint64 array"
        ))
    })
}

fn budget_error(e: nimlab_engine::Exhausted) -> PyErr {
    py_error(nimlab_reports::ReportError::Engine(nimlab_engine::EngineError::Exhausted {
        task: Box::new(nimlab_engine::Task::NimArithmetic),
        cause: e,
    }))
}

/// Applies a 64-bit operation elementwise (one array and an int, or two arrays of one shape).
fn elementwise<'py>(
    py: Python<'py>,
    a: Operand<'py>,
    b: Operand<'py>,
    f: impl Fn(u64, u64) -> u64 + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let out: ArrayD<u64> = match (&a, &b) {
        (Operand::Array(x), Operand::Array(y)) => {
            if x.shape() != y.shape() {
                return Err(PyValueError::new_err(format!(
                    "the arrays have different shapes {:?} and {:?}",
                    x.shape(),
                    y.shape()
                )));
            }
            let (x, y) = (x.as_array(), y.as_array());
            py.detach(|| Zip::from(&x).and(&y).map_collect(|&p, &q| f(p, q)))
        }
        (Operand::Array(x), Operand::Int(n)) => {
            let n = word(n, "b")?;
            let x = x.as_array();
            py.detach(|| x.map(|&p| f(p, n)))
        }
        (Operand::Int(n), Operand::Array(y)) => {
            let n = word(n, "a")?;
            let y = y.as_array();
            py.detach(|| y.map(|&q| f(n, q)))
        }
        (Operand::Int(_), Operand::Int(_)) => unreachable!("handled by the caller"),
    };
    Ok(out.into_pyarray(py).into_any())
}

/// The nim-sum ``a ⊕ b`` (exclusive or) of ints, or elementwise of numpy uint64 arrays.
///
/// >>> nim_add(5, 3)
/// 6
#[pyfunction]
pub(crate) fn nim_add<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    match (operand(a, "a")?, operand(b, "b")?) {
        (Operand::Int(x), Operand::Int(y)) => Ok(big::add(&x, &y).into_pyobject(py)?.into_any()),
        (x, y) => elementwise(py, x, y, arith::add),
    }
}

/// The nim-product ``a ⊗ b`` of ints of any size, or elementwise of numpy uint64 arrays (one
/// array and an int below 2**64, or two arrays of one shape).
///
/// >>> nim_mul(2, 2), nim_mul(8, 8), nim_mul(16, 16)
/// (3, 13, 24)
/// >>> import numpy as np
/// >>> nim_mul(np.array([2, 4, 8], dtype=np.uint64), 3).tolist()
/// [1, 12, 4]
#[pyfunction]
pub(crate) fn nim_mul<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    match (operand(a, "a")?, operand(b, "b")?) {
        (Operand::Int(x), Operand::Int(y)) => {
            let budget = Budget::default();
            Ok(big::mul(&x, &y, &budget).map_err(budget_error)?.into_pyobject(py)?.into_any())
        }
        (x, y) => {
            let m = Multiplier::new();
            elementwise(py, x, y, move |p, q| m.mul(p, q))
        }
    }
}

/// The nim power ``a`` to the ``e`` (an int; a negative ``e`` is a power of the inverse), of an
/// int or elementwise of a numpy uint64 array.
///
/// >>> nim_pow(2, 3), nim_pow(3, -1)
/// (1, 2)
#[pyfunction]
pub(crate) fn nim_pow<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    e: num_bigint::BigInt,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = Budget::default();
    let negative = e.sign() == num_bigint::Sign::Minus;
    let magnitude = e.magnitude().clone();
    match operand(a, "a")? {
        Operand::Int(x) => {
            let base = if negative {
                big::inv(&x, &budget).map_err(budget_error)?.ok_or_else(|| {
                    PyZeroDivisionError::new_err("0 has no nim-inverse, so it has no negative power")
                })?
            } else {
                x
            };
            Ok(big::pow(&base, &magnitude, &budget).map_err(budget_error)?.into_pyobject(py)?.into_any())
        }
        Operand::Array(x) => {
            if negative {
                zero_check(&x)?;
            }
            // The group of the field of order 2^64 has order 2^64 - 1: reduce the exponent.
            let reduced = u64::try_from(&(&magnitude % BigUint::from(u64::MAX))).expect("below 2^64 - 1");
            let zero_to_the = if magnitude.bits() == 0 { 1 } else { 0 };
            let x = x.as_array();
            let out = py.detach(|| {
                x.map(|&p| match (p, negative) {
                    (0, _) => zero_to_the,
                    (p, true) => arith::pow(arith::inv(p).expect("nonzero"), reduced),
                    (p, false) => arith::pow(p, reduced),
                })
            });
            Ok(out.into_pyarray(py).into_any())
        }
    }
}

fn zero_check(x: &PyReadonlyArrayDyn<'_, u64>) -> PyResult<()> {
    match x.as_array().iter().position(|&p| p == 0) {
        Some(i) => Err(PyZeroDivisionError::new_err(format!(
            "0 has no nim-inverse (the element at flat index {i} is 0)"
        ))),
        None => Ok(()),
    }
}

/// The nim-inverse ``a^-1`` of an int, or elementwise of a numpy uint64 array;
/// ``ZeroDivisionError`` for 0.
///
/// >>> nim_inv(2), nim_mul(14, nim_inv(14))
/// (3, 1)
#[pyfunction]
pub(crate) fn nim_inv<'py>(py: Python<'py>, a: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    match operand(a, "a")? {
        Operand::Int(x) => big::inv(&x, &Budget::default())
            .map_err(budget_error)?
            .ok_or_else(|| PyZeroDivisionError::new_err("0 has no nim-inverse"))
            .and_then(|v| Ok(v.into_pyobject(py)?.into_any())),
        Operand::Array(x) => {
            zero_check(&x)?;
            let x = x.as_array();
            let out = py.detach(|| x.map(|&p| arith::inv(p).expect("nonzero")));
            Ok(out.into_pyarray(py).into_any())
        }
    }
}

/// The nim square root (the ``s`` with ``nim_mul(s, s) == a``) of an int, or elementwise of a
/// numpy uint64 array.
///
/// >>> nim_sqrt(3), nim_sqrt(2**64)
/// (2, 35200275427163635712)
#[pyfunction]
pub(crate) fn nim_sqrt<'py>(py: Python<'py>, a: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    match operand(a, "a")? {
        Operand::Int(x) => {
            Ok(big::sqrt(&x, &Budget::default()).map_err(budget_error)?.into_pyobject(py)?.into_any())
        }
        Operand::Array(x) => {
            let x = x.as_array();
            let out = py.detach(|| x.map(|&p| arith::sqrt(p)));
            Ok(out.into_pyarray(py).into_any())
        }
    }
}

/// The value of an expression of nimbers, as ``nimlab nimber`` evaluates it: ``+`` nim-sum,
/// ``*`` nim-product, ``/``, ``^e`` (``^-1`` the inverse), ``sqrt(x)``, ``inv(x)``; a
/// ``ValueError`` names the column of a fault.
///
/// >>> nimber('(5*7 + 3)^-1')
/// 13
#[pyfunction]
#[pyo3(name = "nimber", signature = (expression, *, budget = None, timeout = None))]
pub(crate) fn evaluate(
    py: Python<'_>,
    expression: &str,
    budget: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<BigUint> {
    let budget = crate::compute::budget(budget, None, timeout)?;
    let report = py.detach(|| nimlab_reports::nimber::nimber(expression, &budget)).map_err(py_error)?;
    Ok(report.value)
}
