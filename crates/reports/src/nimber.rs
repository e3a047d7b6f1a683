//! `nimber`: nim arithmetic. An expression of nimbers evaluated (`(5*7 + 3)^-1`), and many
//! 64-bit nim-products in a row (the Library Checker's "Nim Product (64 bit)").

use crate::error::CommandError;
use nimlab_engine::nimber::{big::field_level, evaluate, ExprError, Multiplier};
use nimlab_engine::{BigUint, Budget, EngineError};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::ReportError;

/// The value of an expression of nimbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimberReport {
    /// The expression as given.
    pub expression: String,
    /// Its value (a number up to 2^53, a decimal string above).
    #[serde(serialize_with = "nimlab_engine::bigint::json::number")]
    pub value: BigUint,
    /// The value in hexadecimal, `0x...`.
    pub hex: String,
    /// The number of bits of the least field of nimbers holding the value: `2^k` for the least
    /// `k` with `value < 2^(2^k)`.
    pub field_bits: u64,
}

/// Evaluates an expression of nimbers under `budget`.
///
/// # Errors
/// A usage error naming the column of a fault in the expression (or an inverse of 0); what
/// ran out of the budget.
pub fn nimber(expression: &str, budget: &Budget) -> Result<NimberReport, ReportError> {
    let value = evaluate(expression, budget).map_err(|e| match e {
        ExprError::Syntax { column, fault } => ReportError::Invalid(CommandError::BadExpression {
            expression: expression.to_string(),
            column,
            fault,
        }),
        ExprError::Exhausted(cause) => ReportError::Engine(EngineError::Exhausted {
            task: Box::new(nimlab_engine::Task::Evaluation { expression: expression.to_string() }),
            cause,
        }),
    })?;
    Ok(NimberReport {
        expression: expression.to_string(),
        hex: format!("{value:#x}"),
        field_bits: 1 << field_level(&value),
        value,
    })
}

/// Many 64-bit nim-products.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProductsReport {
    /// How many.
    pub count: u64,
    /// `a ⊗ b` for each pair, in order (numbers up to 2^53, decimal strings above).
    #[serde(serialize_with = "u64s")]
    pub products: Vec<u64>,
}

fn u64s<S: Serializer>(values: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(Some(values.len()))?;
    for &v in values {
        if v <= nimlab_engine::bigint::JSON_SAFE {
            seq.serialize_element(&v)?;
        } else {
            seq.serialize_element(&v.to_string())?;
        }
    }
    seq.end()
}

/// The nim-products of the pairs, one unit of work each (checked every 4096).
///
/// # Errors
/// What ran out of the budget.
pub fn products(pairs: &[(u64, u64)], budget: &Budget) -> Result<Vec<u64>, ReportError> {
    let m = Multiplier::new();
    let mut out = Vec::with_capacity(pairs.len());
    let stopped = |cause| {
        ReportError::Engine(EngineError::Exhausted {
            task: Box::new(nimlab_engine::Task::NimProducts { pairs: pairs.len() }),
            cause,
        })
    };
    for chunk in pairs.chunks(4096) {
        budget.charge(chunk.len() as u64).map_err(stopped)?;
        out.extend(chunk.iter().map(|&(a, b)| m.mul(a, b)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports() {
        let r = nimber("(5*7 + 3)^-1", &Budget::default()).unwrap();
        assert_eq!(nimlab_engine::nimber::mul(14, r.value.to_string().parse().unwrap()), 1);
        assert_eq!(r.field_bits, 4);
        let json =
            serde_json::to_value(nimber("2^64 * 0x10000000000000000", &Budget::default()).unwrap()).unwrap();
        assert_eq!(json["field_bits"], 128);
        assert!(json["value"].is_string());
        let err = nimber("2 +", &Budget::default()).unwrap_err();
        assert!(err.is_usage());
        assert_eq!(err.to_string(), "in the expression '2 +', at column 4: expected a number, '(' or a function, found the end of the expression");
        let err = nimber(&format!("0x{}", "f".repeat(30_000)), &Budget::new(10)).err();
        assert!(err.is_none(), "a number alone costs nothing but its token");
        let err = nimber(&format!("0x{0} * 0x{0}", "f".repeat(30_000)), &Budget::new(10)).unwrap_err();
        assert!(err.exhausted().is_some());
        assert_eq!(
            products(&[(2, 2), (4, 4), (8, 8), (16, 16)], &Budget::default()).unwrap(),
            [3, 6, 13, 24]
        );
        assert!(products(&vec![(1, 1); 10_000], &Budget::new(5000)).is_err());
    }
}
