//! Empty: a build script is what lets `[build-dependencies]` widen the host syn's features (see
//! Cargo.toml).
fn main() {}
