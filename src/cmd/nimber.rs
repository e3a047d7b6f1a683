//! `nimlab nimber`: nim arithmetic. An expression of nimbers evaluated, or (`--products`) the
//! Library Checker's "Nim Product (64 bit)": `T`, then `T` lines `a b`, read from standard
//! input, one product a line written out.

use std::io::{Read, Write};

use nimlab_reports::nimber::{nimber, products, ProductsReport};

use crate::{usage, write_json, Context};

/// Arguments of `nimlab nimber`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Nimbers are the numbers 0, 1, 2, ... with nim arithmetic: a + b is the nim-sum (exclusive or), a * b \
the nim-product (Conway), so that the numbers below 2^(2^k) form a field for every k. In an expression: + (or ⊕) \
nim-sum, * (or ⊗) nim-product, a / b = a * b^-1, a^e a nim power (e an integer; ^-1 the inverse, ^-e the inverse's \
power), sqrt(x) the nim square root, inv(x) the inverse; numbers in decimal, 0x hexadecimal or 0b binary, of any \
size. Note that 2^64 is the nim power (2 * 2 * ... = 2), not the integer 18446744073709551616 (write 0x1 followed \
by 16 zeros). Errors name the column of the fault.\n\nWith --products, standard input holds T, then T lines \"a b\" \
(0 <= a, b < 2^64), and the T products are written one a line (the Library Checker's \"Nim Product (64 bit)\").\n\n\
Examples:\n  nimlab nimber '2*2'\n  nimlab nimber '(5*7 + 3)^-1'\n  nimlab nimber 'sqrt(0x10000000000000000)' --json\n  \
printf '3\\n2 2\\n4 4\\n16 16\\n' | nimlab nimber --products"
)]
pub struct Args {
    /// The expression to evaluate, e.g. '(5*7 + 3)^-1' (quote it for the shell).
    #[arg(value_name = "EXPRESSION", required_unless_present = "products", conflicts_with = "products")]
    pub expression: Option<String>,
    /// Read T and then T pairs "a b" of 64-bit numbers from standard input and write their
    /// nim-products, one a line.
    #[arg(long)]
    pub products: bool,
}

/// Runs `nimlab nimber`.
///
/// # Errors
/// Usage errors for a bad expression or input (with its column or line); what ran out.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.products {
        let mut input = String::new();
        std::io::stdin().read_to_string(&mut input)?;
        let pairs = read_pairs(&input)?;
        let products = products(&pairs, &cx.budget)?;
        if cx.json {
            return write_json(out, &ProductsReport { count: products.len() as u64, products });
        }
        let mut text = Vec::with_capacity(products.len() * 21);
        let mut buffer = itoa::Buffer::new();
        for p in products {
            text.extend_from_slice(buffer.format(p).as_bytes());
            text.push(b'\n');
        }
        return Ok(out.write_all(&text)?);
    }
    let expression = args.expression.as_deref().unwrap_or_default();
    let report = nimber(expression, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(writeln!(out, "{}", report.value)?)
    }
}

/// `T`, then `T` lines of two numbers below 2^64.
fn read_pairs(input: &str) -> anyhow::Result<Vec<(u64, u64)>> {
    let mut lines = input.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let Some((_, first)) = lines.next() else {
        return usage("--products reads T, then T lines \"a b\", from standard input; it is empty");
    };
    let count: usize = match first.trim().parse() {
        Ok(count) => count,
        Err(_) => return usage(format!("line 1: expected the number of pairs T, found '{}'", first.trim())),
    };
    let mut pairs = Vec::with_capacity(count.min(1 << 24));
    for (i, line) in lines.by_ref().take(count) {
        let mut words = line.split_ascii_whitespace();
        let mut number = |which: &str| -> anyhow::Result<u64> {
            match words.next() {
                Some(w) => w.parse().or_else(|_| {
                    usage(format!(
                        "line {}: '{w}' is not a number from 0 to 2^64 - 1 ({which} of the pair)",
                        i + 1
                    ))
                }),
                None => {
                    usage(format!("line {}: expected two numbers \"a b\", found '{}'", i + 1, line.trim()))
                }
            }
        };
        let pair = (number("a")?, number("b")?);
        if let Some(extra) = words.next() {
            return usage(format!("line {}: expected two numbers \"a b\", found also '{extra}'", i + 1));
        }
        pairs.push(pair);
    }
    if pairs.len() < count {
        return usage(format!("T = {count} pairs announced, but standard input holds {}", pairs.len()));
    }
    if let Some((i, line)) = lines.next() {
        return usage(format!(
            "line {}: more lines than the T = {count} pairs announced: '{}'",
            i + 1,
            line.trim()
        ));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::read_pairs;

    #[test]
    fn pairs() {
        assert_eq!(read_pairs("2\n1 2\n3 18446744073709551615\n").unwrap(), [(1, 2), (3, u64::MAX)]);
        assert_eq!(read_pairs("0\n").unwrap(), []);
        let err = |input: &str| read_pairs(input).unwrap_err().to_string();
        assert_eq!(err(""), "--products reads T, then T lines \"a b\", from standard input; it is empty");
        assert_eq!(err("x\n"), "line 1: expected the number of pairs T, found 'x'");
        assert_eq!(
            err("1\n1 18446744073709551616\n"),
            "line 2: '18446744073709551616' is not a number from 0 to 2^64 - 1 (b of the pair)"
        );
        assert_eq!(err("1\n1\n"), "line 2: expected two numbers \"a b\", found '1'");
        assert_eq!(err("1\n1 2 3\n"), "line 2: expected two numbers \"a b\", found also '3'");
        assert_eq!(err("2\n1 2\n"), "T = 2 pairs announced, but standard input holds 1");
        assert_eq!(err("1\n1 2\n3 4\n"), "line 3: more lines than the T = 1 pairs announced: '3 4'");
    }
}
