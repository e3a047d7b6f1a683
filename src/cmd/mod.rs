//! One module per subcommand: an `Args` struct (clap) and a `run` function that builds the
//! request, calls the report function and renders the report.

pub mod atlas;
pub mod census;
pub mod completions;
pub mod explore;
pub mod games;
pub mod loopy;
pub mod nimber;
pub mod p_positions;
pub mod period;
pub mod play;
pub mod plot;
pub mod prove;
pub mod quotient;
pub mod search;
pub mod serve;
pub mod solve;
pub mod strategy;
pub mod sweep;
pub mod table;
pub mod verify;

use nimlab_engine::{Method, Play};
use nimlab_reports::request::Players;

/// Parses `--method` through [`Method`]'s one text form, offering its names in the help.
pub fn method_parser() -> impl clap::builder::TypedValueParser<Value = Method> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Method::NAMES).try_map(|text| text.parse::<Method>())
}

/// The play convention from the `--misere` flag.
pub fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// Parses `--players`: an integer of at least 2, through the reports' one text form
/// ([`Players`]).
///
/// # Errors
/// A message for clap (which exits with status 2) for anything else.
pub fn parse_players(text: &str) -> Result<u32, String> {
    text.parse::<Players>().map(Players::get).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::parse_players;

    #[test]
    fn players_parse() {
        assert_eq!(parse_players("3"), Ok(3));
        assert!(parse_players("1").unwrap_err().contains("at least 2 players"));
        assert!(parse_players("0").unwrap_err().contains("at least 2 players"));
        assert!(parse_players("three").unwrap_err().contains("'three' is not a number of players"));
        assert!(parse_players("-2").is_err());
    }
}
