//! One module per subcommand: an `Args` struct (clap) and a `run` function.

pub mod explore;
pub mod games;
pub mod p_positions;
pub mod period;
pub mod play;
pub mod players;
pub mod plot;
pub mod prove;
pub mod search;
pub mod serve;
pub mod solve;
pub mod strategy;
pub mod sweep;
pub mod table;
pub mod table_mnn;
pub mod verify;

use clap::ValueEnum;
use nimlab_engine::{Method, Play};

/// How to answer, as typed on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum MethodArg {
    /// Theory where a closed form exists, otherwise search.
    #[default]
    Auto,
    /// Only closed-form theory.
    Theory,
    /// Only the generic search.
    Search,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Theory => Method::Theory,
            MethodArg::Search => Method::Search,
        }
    }
}

/// The play convention from the `--misere` flag.
pub fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}
