//! Values crossing between Python and the engine: positions (Python ints of any size, both
//! ways), game parameters given as keyword arguments, and reports (serde values) as Python
//! objects.

use nimlab_engine::bigint::JSON_SAFE;
use nimlab_engine::{BigUint, GameSpec, ParamKind, RulesetInfo, SpecError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyRange, PyString};
use serde_json::Value;

/// One number of a position: a non-negative Python int of any size.
pub(crate) fn natural(item: &Bound<'_, PyAny>) -> PyResult<BigUint> {
    if let Ok(n) = item.extract::<u64>() {
        return Ok(BigUint::from(n));
    }
    if !item.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "a position is made of ints, not {} ({})",
            item.get_type().name()?,
            item.repr()?
        )));
    }
    item.extract::<BigUint>().map_err(|_| {
        PyValueError::new_err(format!(
            "{} is not a valid heap size: it must not be negative",
            item.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))
    })
}

/// A position as the caller gives it: one int (a single heap) or an iterable of ints.
pub(crate) fn position(value: &Bound<'_, PyAny>) -> PyResult<Vec<BigUint>> {
    if value.is_instance_of::<PyInt>() {
        return Ok(vec![natural(value)?]);
    }
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("a position is a sequence of ints such as [3, 4, 5], not a string"));
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("a position is an int or a sequence of ints, not {}", type_name(value)))
    })?;
    items.map(|item| natural(&item?)).collect()
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
}

/// The game `name` with parameters given as keyword arguments: each key is a declared
/// parameter (`bounded_equal` for `bounded-equal`), each value an int, a bool (flags), a string
/// in the parameter's own grammar (`"1,3,4"`, `"3..6"`), an iterable of ints or strings (a set),
/// a `range` (a set), or for a repeatable parameter a list of its texts; a graph (the parameter
/// `graph`) may also be a networkx graph or a list of edges, written as text by `nimlab._graph`.
pub(crate) fn game_spec(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<GameSpec> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    if let Some(params) = params {
        let info = RulesetInfo::find(name);
        for (key, value) in params.iter() {
            let key: String = key.extract()?;
            let key = key.replace('_', "-");
            if value.is_none() {
                continue;
            }
            let decl = info.and_then(|i| i.param(&key));
            let repeatable = decl.is_some_and(|p| matches!(p.kind, ParamKind::Text { repeatable: true, .. }));
            // A graph given as a Python object (a networkx graph, a list of edges): the package's
            // `nimlab._graph.graph_text` writes it as `edges:...`, which the engine then reads as
            // any graph's text.
            let is_graph = decl.is_some_and(nimlab_engine::is_graph_param);
            if is_graph && !value.is_instance_of::<PyString>() {
                let text = value.py().import("nimlab._graph")?.getattr("graph_text")?.call1((&value,))?;
                pairs.push((key.clone(), text.extract()?));
                continue;
            }
            for text in param_texts(&key, &value, repeatable)? {
                pairs.push((key.clone(), text));
            }
        }
    }
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    GameSpec::from_pairs(name, &pairs).map_err(spec_error)
}

/// A spec error as the `ValueError` Python users expect.
pub(crate) fn spec_error(error: SpecError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The texts of one parameter value (several for a repeatable parameter given as a list).
fn param_texts(key: &str, value: &Bound<'_, PyAny>, repeatable: bool) -> PyResult<Vec<String>> {
    if value.is_instance_of::<PyBool>() {
        return Ok(vec![if value.is_truthy()? { "true" } else { "false" }.into()]);
    }
    if value.is_instance_of::<PyString>() {
        return Ok(vec![value.extract()?]);
    }
    if let Ok(n) = integer_text(value) {
        return Ok(vec![n]);
    }
    if let Ok(range) = value.cast::<PyRange>() {
        let (start, stop, step): (BigUint, BigUint, u64) = (
            natural(&range.getattr("start")?)?,
            natural(&range.getattr("stop")?)?,
            range.getattr("step")?.extract()?,
        );
        if step == 1 && stop > start {
            return Ok(vec![format!("{start}..{}", stop - 1u8)]);
        }
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "the parameter '{key}' takes an int, a bool, a string or a collection, not {}",
            type_name(value)
        ))
    })?;
    let mut texts = Vec::new();
    for item in items {
        let item = item?;
        texts.push(match integer_text(&item) {
            Ok(n) => n,
            Err(_) if item.is_instance_of::<PyString>() => item.extract()?,
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "the parameter '{key}' takes ints or strings, not {}",
                    type_name(&item)
                )))
            }
        });
    }
    if repeatable {
        return Ok(texts);
    }
    // A set: members sorted (the grammar sorts them too; sorting here keeps a Python set's
    // arbitrary order out of error messages).
    texts.sort_by_key(|t| t.parse::<u64>().unwrap_or(u64::MAX));
    Ok(vec![texts.join(",")])
}

/// An int-like value (a Python int, a numpy integer) as decimal text.
fn integer_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("not an integer"));
    }
    let index = value.call_method0("__index__")?;
    Ok(index.str()?.to_string())
}

/// A report value as Python objects: objects become dicts, arrays lists, and numbers ints at
/// any size (the JSON contract writes numbers above 2^53 as decimal strings for JSON readers;
/// Python ints are exact, so they come back as ints).
pub(crate) fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => match big_number(s) {
            Some(n) => n.into_pyobject(py)?.into_any(),
            None => PyString::new(py, s).into_any(),
        },
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// The number a report wrote as a decimal string because it is above 2^53 (see
/// `nimlab_engine::bigint::json`), or `None` for any other string.
fn big_number(text: &str) -> Option<BigUint> {
    if text.len() < 16 || !text.bytes().all(|b| b.is_ascii_digit()) || text.starts_with('0') {
        return None;
    }
    let n: BigUint = text.parse().ok()?;
    (n > BigUint::from(JSON_SAFE)).then_some(n)
}
