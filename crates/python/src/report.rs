//! Result objects: a report of `nimlab-reports` (the JSON contract) seen from Python.
//!
//! Each result class wraps one report. Its fields are attributes (`r.outcome`, `r.grundy`,
//! `r.winning_moves[0].to`); `to_dict()` gives the contract's fields and values (numbers as
//! Python ints at any size), `to_json()` the contract's text, `to_records()` (where a report
//! has rows) a list of flat dicts for `pandas.DataFrame`, and `_repr_html_` a table for
//! notebooks with P-positions coloured. The report is serialized only when it is first looked
//! at, so a call that returns one costs no more than the engine's answer.

use std::sync::OnceLock;

use pyo3::exceptions::{PyAttributeError, PyKeyError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::convert::to_python;
use crate::html;
use crate::infinite::Infinite;

/// A report, serialized on demand.
trait Serialized: Send + Sync {
    fn value(&self) -> Value;
    fn json(&self) -> String;
    fn any(&self) -> &dyn std::any::Any;
}

impl<T: Serialize + Send + Sync + 'static> Serialized for T {
    fn any(&self) -> &dyn std::any::Any {
        self
    }

    fn value(&self) -> Value {
        serde_json::to_value(self).expect("reports serialize to JSON objects")
    }
    fn json(&self) -> String {
        serde_json::to_string(self).expect("reports serialize to JSON objects")
    }
}

/// The report inside a result object.
pub(crate) struct Report {
    report: Box<dyn Serialized>,
    value: OnceLock<Value>,
}

impl Report {
    pub(crate) fn new(report: impl Serialize + Send + Sync + 'static) -> Self {
        Report { report: Box::new(report), value: OnceLock::new() }
    }

    /// The typed report, when it is a `T` (for methods that need more than its fields).
    pub(crate) fn typed<T: 'static>(&self) -> Option<&T> {
        self.report.any().downcast_ref::<T>()
    }

    /// The report as a JSON value (an object).
    pub(crate) fn value(&self) -> &Value {
        self.value.get_or_init(|| self.report.value())
    }

    fn object(&self) -> &Map<String, Value> {
        self.value().as_object().expect("every report is a JSON object")
    }

    /// The field `name` as a Python value ([`field`]).
    pub(crate) fn attribute<'py>(
        &self,
        py: Python<'py>,
        class: &str,
        name: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self.object().get(name) {
            Some(value) => field(py, name, value),
            None => Err(PyAttributeError::new_err(format!("'{class}' object has no attribute '{name}'"))),
        }
    }

    pub(crate) fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.value())
    }

    pub(crate) fn to_json(&self) -> String {
        self.report.json()
    }

    pub(crate) fn names(&self) -> Vec<String> {
        self.object().keys().cloned().collect()
    }
}

/// A field as an attribute: objects (a move, a row, a certificate) become [`Record`]s with
/// attribute access, except a game's `params`, a plain dict, and a loopy value ∞(K), an
/// [`Infinite`]; lists of them lists of records; numbers are ints of any size.
pub(crate) fn field<'py>(py: Python<'py>, name: &str, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    if let Some(infinite) = Infinite::of_json(value) {
        // A loopy game's value ∞(K).
        return Ok(Bound::new(py, infinite)?.into_any());
    }
    match value {
        Value::Object(_) if name != "params" => Ok(Bound::new(py, Record(value.clone()))?.into_any()),
        Value::Array(items) if items.iter().any(Value::is_object) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(field(py, "", item)?)?;
            }
            Ok(list.into_any())
        }
        _ => to_python(py, value),
    }
}

/// One object inside a report: a winning move (`.move`, `.to`), a sum's part, a sweep's row, a
/// certificate. Fields are attributes and keys (`record.to`, `record["to"]`).
#[pyclass(module = "nimlab", frozen)]
pub(crate) struct Record(pub(crate) Value);

impl Record {
    fn object(&self) -> &Map<String, Value> {
        self.0.as_object().expect("a record is a JSON object")
    }
}

#[pymethods]
impl Record {
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.object().get(name) {
            Some(value) => field(py, name, value),
            None => Err(PyAttributeError::new_err(format!("'Record' object has no attribute '{name}'"))),
        }
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.object().get(key) {
            Some(value) => field(py, key, value),
            None => Err(PyKeyError::new_err(key.to_string())),
        }
    }

    fn __dir__(&self) -> Vec<String> {
        let mut names: Vec<String> = self.object().keys().cloned().collect();
        names.extend(["to_dict".to_string(), "keys".to_string()]);
        names
    }

    /// The field names.
    fn keys(&self) -> Vec<String> {
        self.object().keys().cloned().collect()
    }

    /// The record as a dict (numbers as ints of any size).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.0)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Record>().is_ok_and(|o| o.get().0 == self.0)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        for (key, value) in self.object() {
            parts.push(format!("{key}={}", to_python(py, value)?.repr()?));
        }
        Ok(format!("Record({})", parts.join(", ")))
    }

    fn _repr_html_(&self) -> String {
        html::value(&self.0)
    }
}

/// Turns a report into rows for `to_records()`.
pub(crate) type Records = fn(&Value) -> Vec<Value>;

/// Declares a result class over [`Report`]: attribute access, `to_dict`, `to_json`, `__repr__`,
/// `_repr_html_`, and `to_records` when the report has rows.
macro_rules! result_class {
    ($name:ident, $doc:literal, $summary:expr $(, records: $records:expr)? $(, methods: { $($methods:tt)* })?) => {
        #[doc = $doc]
        #[pyclass(module = "nimlab", frozen)]
        pub(crate) struct $name(pub(crate) crate::report::Report);

        #[pymethods]
        impl $name {
            fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
                self.0.attribute(py, stringify!($name), name)
            }

            fn __dir__(&self) -> Vec<String> {
                let mut names = self.0.names();
                names.extend(["to_dict", "to_json", "to_records"].map(String::from));
                names
            }

            /// The report as a dict: the JSON contract's fields and values, with numbers as ints
            /// of any size (the contract writes those above 2**53 as decimal strings).
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.to_dict(py)
            }

            /// The report as JSON text: exactly what `nimlab ... --json` prints.
            fn to_json(&self) -> String {
                self.0.to_json()
            }

            fn __repr__(&self) -> String {
                let summary: fn(&serde_json::Value) -> String = $summary;
                format!("<{} {}>", stringify!($name), summary(self.0.value()))
            }

            fn _repr_html_(&self) -> String {
                crate::html::report(stringify!($name), self.0.value())
            }

            $(
            /// The report's rows as a list of flat dicts, ready for `pandas.DataFrame`.
            fn to_records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                let records: crate::report::Records = $records;
                let list = pyo3::types::PyList::empty(py);
                for record in records(self.0.value()) {
                    list.append(crate::convert::to_python(py, &record)?)?;
                }
                Ok(list)
            }
            )?

            $($($methods)*)?
        }
    };
}
pub(crate) use result_class;

/// A field of a report as text, for summaries.
pub(crate) fn text(value: &Value, name: &str) -> String {
    match value.get(name) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => "-".into(),
        Some(other) => other.to_string(),
    }
}

/// A position as text: `3 4 5`.
pub(crate) fn numbers_text(value: Option<&Value>) -> String {
    match value {
        Some(Value::Array(items)) => items
            .iter()
            .map(|n| match n {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    }
}

/// A dict of the object `value` (for `to_records` rows built by hand).
pub(crate) fn object(pairs: impl IntoIterator<Item = (String, Value)>) -> Value {
    Value::Object(pairs.into_iter().collect())
}
