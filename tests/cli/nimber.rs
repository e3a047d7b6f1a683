//! `nimlab nimber`: expressions of nimbers, their errors (with the column of the fault), and the
//! Library Checker's "Nim Product (64 bit)" read from standard input.

use crate::{json, json_error, nimlab, text};

#[test]
fn known_products_and_expressions() {
    for (expression, value) in [
        ("2*2", "3"),
        ("4*4", "6"),
        ("8*8", "13"),
        ("16*16", "24"),
        ("5*7 + 3", "14"),
        ("(5*7 + 3) * (5*7 + 3)^-1", "1"),
        ("sqrt(3)", "2"),
        ("0x10000000000000000 * 0x10000000000000000", "27670116110564327424"),
    ] {
        assert_eq!(text(&["nimber", expression]), format!("{value}\n"), "{expression}");
    }
    let inverse = text(&["nimber", "(5*7 + 3)^-1"]);
    assert_eq!(text(&["nimber", &format!("14 * {}", inverse.trim())]), "1\n");
}

#[test]
fn json_report() {
    let report = json(&["nimber", "(5*7 + 3)^-1", "--json"]);
    assert_eq!(report["expression"], "(5*7 + 3)^-1");
    assert_eq!(report["value"], 13);
    assert_eq!(report["hex"], "0xd");
    assert_eq!(report["field_bits"], 4);
    let report = json(&["nimber", "sqrt(0x10000000000000000)", "--json"]);
    assert_eq!(report["value"], "35200275427163635712");
    assert_eq!(report["field_bits"], 128);
}

#[test]
fn errors_name_the_column_and_exit_2() {
    let error = json_error(&["nimber", "(5*7 + 3^-1"], 2, "usage");
    assert_eq!(
        error["error"],
        "in the expression '(5*7 + 3^-1', at column 12: expected ')' to close the '(' at column 1, found the end of \
         the expression"
    );
    let error = json_error(&["nimber", "3 / (1+1)"], 2, "usage");
    assert_eq!(
        error["error"],
        "in the expression '3 / (1+1)', at column 3: division by 0: 0 has no nim-inverse"
    );
    json_error(&["nimber", "2 ** 3"], 2, "usage");
    json_error(&["nimber"], 2, "usage");
    let output = nimlab().args(["nimber", "1 $ 2"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: in the expression '1 $ 2', at column 3: unexpected character '$'\n"
    );
    let big = format!("0x{0} * 0x{0}", "f".repeat(40_000));
    json_error(&["nimber", &big, "--budget", "100"], 1, "budget");
}

#[test]
fn library_checker_products_from_standard_input() {
    let input = "4\n2 2\n4 4\n8 8\n18446744073709551615 18446744073709551615\n";
    let output = nimlab().args(["nimber", "--products"]).write_stdin(input).output().unwrap();
    assert!(output.status.success());
    let square = text(&["nimber", "0xffffffffffffffff * 0xffffffffffffffff"]);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), format!("3\n6\n13\n{square}"));
    let output =
        nimlab().args(["nimber", "--products", "--json"]).write_stdin("2\n2 2\n1 3\n").output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report, serde_json::json!({"count": 2, "products": [3, 3]}));
    for (input, message) in [
        ("2\n1 2\n", "T = 2 pairs announced, but standard input holds 1"),
        ("1\n1 -2\n", "line 2: '-2' is not a number from 0 to 2^64 - 1 (b of the pair)"),
    ] {
        let output = nimlab().args(["nimber", "--products"]).write_stdin(input).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8(output.stderr).unwrap(), format!("error: {message}\n"));
    }
}
