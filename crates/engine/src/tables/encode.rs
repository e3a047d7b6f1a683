//! The raw binary formats of tables: each value an unsigned little-endian integer of 1, 2, 4 or
//! 8 bytes, one after the other (row-major for grids), as `numpy.fromfile(path, dtype)` reads
//! them. A value that does not fit the width is an error, never truncated.

use serde::Serialize;
use thiserror::Error;

/// The width of one value in a raw binary table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Width {
    /// 1 byte, values up to 255.
    U8,
    /// 2 bytes, values up to 65535.
    U16,
    /// 4 bytes, values up to 4294967295.
    U32,
    /// 8 bytes, every value.
    U64,
}

impl Width {
    /// Every width, narrowest first.
    pub const ALL: [Width; 4] = [Width::U8, Width::U16, Width::U32, Width::U64];

    /// Bytes per value.
    pub fn bytes(self) -> usize {
        match self {
            Width::U8 => 1,
            Width::U16 => 2,
            Width::U32 => 4,
            Width::U64 => 8,
        }
    }

    /// The largest value the width holds.
    pub fn max_value(self) -> u64 {
        match self {
            Width::U8 => u64::from(u8::MAX),
            Width::U16 => u64::from(u16::MAX),
            Width::U32 => u64::from(u32::MAX),
            Width::U64 => u64::MAX,
        }
    }

    /// The name used on the command line: `u8`, `u16`, `u32`, `u64`.
    pub fn name(self) -> &'static str {
        match self {
            Width::U8 => "u8",
            Width::U16 => "u16",
            Width::U32 => "u32",
            Width::U64 => "u64",
        }
    }

    /// The narrowest width holding `value`.
    pub fn narrowest(value: u64) -> Width {
        Width::ALL.into_iter().find(|w| value <= w.max_value()).unwrap_or(Width::U64)
    }
}

impl std::fmt::Display for Width {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A value too large for the requested width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error(
    "the value {value} does not fit {width} (at most {max}); choose a wider format such as {wider}",
    max = width.max_value(),
    wider = Width::narrowest(*value)
)]
pub struct ValueTooWide {
    /// The value.
    pub value: u64,
    /// Its index in the slice being encoded (the caller knows the slice's first heap or cell).
    pub index: usize,
    /// The width it does not fit.
    pub width: Width,
}

/// Appends `values` to `out` as little-endian integers of `width`.
///
/// `O(values)`; the check is one pass for the maximum, so the common case is two vectorizable
/// loops.
///
/// # Errors
/// [`ValueTooWide`] naming the first value that does not fit; `out` is then unchanged.
pub fn encode_le(values: &[u64], width: Width, out: &mut Vec<u8>) -> Result<(), ValueTooWide> {
    let max = width.max_value();
    if values.iter().copied().max().unwrap_or(0) > max {
        let index = values.iter().position(|&v| v > max).unwrap_or(0);
        return Err(ValueTooWide { value: values[index], index, width });
    }
    out.reserve(values.len() * width.bytes());
    match width {
        Width::U8 => out.extend(values.iter().map(|&v| v as u8)),
        Width::U16 => out.extend(values.iter().flat_map(|&v| (v as u16).to_le_bytes())),
        Width::U32 => out.extend(values.iter().flat_map(|&v| (v as u32).to_le_bytes())),
        Width::U64 => out.extend(values.iter().flat_map(|&v| v.to_le_bytes())),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_width_is_little_endian() {
        let values = [0, 1, 255, 0x1234];
        let mut out = Vec::new();
        assert_eq!(
            encode_le(&values, Width::U8, &mut out),
            Err(ValueTooWide { value: 0x1234, index: 3, width: Width::U8 })
        );
        assert!(out.is_empty(), "nothing is written on an error");
        encode_le(&values[..3], Width::U8, &mut out).unwrap();
        assert_eq!(out, [0, 1, 255]);
        out.clear();
        encode_le(&values, Width::U16, &mut out).unwrap();
        assert_eq!(out, [0, 0, 1, 0, 255, 0, 0x34, 0x12]);
        out.clear();
        encode_le(&[0x0102_0304], Width::U32, &mut out).unwrap();
        assert_eq!(out, [4, 3, 2, 1]);
        out.clear();
        encode_le(&[u64::MAX, 0x0102_0304_0506_0708], Width::U64, &mut out).unwrap();
        assert_eq!(out[..8], [0xff; 8]);
        assert_eq!(out[8..], [8, 7, 6, 5, 4, 3, 2, 1]);
    }

    #[test]
    fn widths_at_their_limits() {
        for width in Width::ALL {
            let mut out = Vec::new();
            encode_le(&[width.max_value()], width, &mut out).unwrap();
            assert_eq!(out, vec![0xff; width.bytes()]);
            if width != Width::U64 {
                let err = encode_le(&[7, width.max_value() + 1], width, &mut out).unwrap_err();
                assert_eq!((err.index, err.value), (1, width.max_value() + 1));
                assert!(err.to_string().contains(&format!("does not fit {width}")), "{err}");
            }
            assert_eq!(Width::narrowest(width.max_value()), width);
        }
        assert_eq!(Width::narrowest(256), Width::U16);
        let err = encode_le(&[300], Width::U8, &mut Vec::new()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the value 300 does not fit u8 (at most 255); choose a wider format such as u16"
        );
    }
}
