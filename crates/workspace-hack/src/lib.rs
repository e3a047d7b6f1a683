//! Feature unification for nimlab's builds: no code (see this crate's Cargo.toml).
