//! HTML for notebooks (`_repr_html_`): a report as a table of its fields, lists of records as
//! tables, P-positions and outcomes `P` coloured as `nimlab plot` colours them.

use serde_json::Value;

/// The colour of P-positions in every picture and table (`nimlab plot`'s red).
pub(crate) const P_COLOUR: &str = "#d62728";

/// The most items of a list shown; the rest are counted.
const SHOWN: usize = 60;

const STYLE: &str = "border-collapse:collapse;font-family:monospace;font-size:12px";
const CELL: &str = "border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top";

/// Text with `&`, `<`, `>` and `"` escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A report: its class name, then one row per field.
pub(crate) fn report(class: &str, value: &Value) -> String {
    format!("<div><b>nimlab.{}</b>{}</div>", escape(class), self::value(value))
}

/// Any value: objects as two-column tables, lists of objects as tables with a column per field,
/// positions (lists of numbers) as numbers separated by spaces.
pub(crate) fn value(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let rows: String = map
                .iter()
                .map(|(key, item)| {
                    format!("<tr><th style=\"{CELL}\">{}</th>{}</tr>", escape(key), cell(key, item))
                })
                .collect();
            format!("<table style=\"{STYLE}\">{rows}</table>")
        }
        Value::Array(items) if items.iter().any(Value::is_object) => records(items),
        other => escape(&scalar(other)),
    }
}

/// One cell of a field: P outcomes coloured; P-positions listed in red.
fn cell(key: &str, item: &Value) -> String {
    let coloured =
        |text: &str| format!("<td style=\"{CELL};background:{P_COLOUR};color:white\">{}</td>", escape(text));
    match (key, item) {
        ("outcome", Value::String(o)) if o == "P" => coloured(o),
        ("p_positions", Value::Array(positions)) => {
            let shown: Vec<String> = positions.iter().take(SHOWN).map(scalar).collect();
            let more = more(positions.len());
            format!("<td style=\"{CELL};color:{P_COLOUR}\">{}{more}</td>", escape(&shown.join(", ")))
        }
        _ => format!("<td style=\"{CELL}\">{}</td>", value(item)),
    }
}

fn more(len: usize) -> String {
    if len > SHOWN {
        format!(" ... and {} more", len - SHOWN)
    } else {
        String::new()
    }
}

/// A list of objects as a table: one column per field (in order of first appearance).
fn records(items: &[Value]) -> String {
    let mut columns: Vec<&str> = Vec::new();
    for item in items {
        if let Value::Object(map) = item {
            for key in map.keys() {
                if !columns.contains(&key.as_str()) {
                    columns.push(key);
                }
            }
        }
    }
    let head: String = columns.iter().map(|c| format!("<th style=\"{CELL}\">{}</th>", escape(c))).collect();
    let rows: String = items
        .iter()
        .take(SHOWN)
        .map(|item| {
            let cells: String =
                columns.iter().map(|c| cell(c, item.get(*c).unwrap_or(&Value::Null))).collect();
            format!("<tr>{cells}</tr>")
        })
        .collect();
    format!("<table style=\"{STYLE}\"><tr>{head}</tr>{rows}</table>{}", escape(&more(items.len())))
}

/// A number, string, null or list of scalars as text: `3`, `P`, `-`, `3 4 5`.
fn scalar(value: &Value) -> String {
    match value {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let shown: Vec<String> = items.iter().take(SHOWN).map(scalar).collect();
            format!("{}{}", shown.join(" "), more(items.len()))
        }
        Value::Object(_) => value.to_string(),
        other => other.to_string(),
    }
}
