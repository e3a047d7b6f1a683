//! Game and position arguments shared by the commands, validated into engine types at the edge.

use clap::Args;
use nimlab_engine::{AnyGame, BigUint, Budget, GameSpec};

use crate::UsageError;

/// Which game, with its parameters.
#[derive(Args, Debug, Clone, Default)]
pub struct GameOptions {
    /// Bash: the most stones one move may take.
    #[arg(long, value_name = "M")]
    pub max: Option<u64>,
    /// Subtraction: the allowed takes, comma-separated (e.g. 1,3,4).
    #[arg(long, value_name = "S", value_delimiter = ',', num_args = 1)]
    pub set: Option<Vec<u64>>,
    /// Moore's Nim_k: the most heaps one move may take from.
    #[arg(long, value_name = "K")]
    pub k: Option<u64>,
    /// Fibonacci Nim: the current take limit (default: the opening, where the whole heap may not be taken).
    #[arg(long, value_name = "L")]
    pub limit: Option<String>,
    /// The most states a search may store before it stops.
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.0)]
    pub budget: usize,
}

impl GameOptions {
    /// The engine's specification of `game` with these options.
    pub fn spec(&self, game: &str) -> GameSpec {
        GameSpec { name: game.to_string(), max: self.max, set: self.set.clone(), k: self.k }
    }

    /// Builds the game.
    ///
    /// # Errors
    /// A usage error for an unknown game or bad parameters.
    pub fn game(&self, game: &str) -> anyhow::Result<Box<dyn AnyGame>> {
        if self.budget == 0 {
            return Err(UsageError("--budget must be at least 1".into()).into());
        }
        Ok(nimlab_engine::build_ruleset(&self.spec(game), Budget(self.budget))?)
    }

    /// Builds the game and checks `position` (heap sizes as typed) against it.
    ///
    /// # Errors
    /// A usage error for an unknown game, bad parameters, or a bad position.
    pub fn build(&self, game: &str, position: &[String]) -> anyhow::Result<(Box<dyn AnyGame>, Vec<BigUint>)> {
        if self.limit.is_some() && game != "fibonacci" {
            return Err(UsageError(format!("--limit does not apply to the game '{game}'")).into());
        }
        let game = self.game(game)?;
        let mut numbers = parse_numbers(position)?;
        if let Some(limit) = &self.limit {
            numbers.push(parse_number(limit, "take limit")?);
        }
        let numbers = game.check_position(&numbers)?;
        Ok((game, numbers))
    }
}

/// Parses one non-negative integer of any size.
///
/// # Errors
/// A usage error naming the text and what it should have been.
pub fn parse_number(text: &str, what: &str) -> anyhow::Result<BigUint> {
    let digits = text.trim();
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = digits.parse() {
            return Ok(n);
        }
    }
    let hint = if digits.starts_with('-') { " (it must not be negative)" } else { "" };
    Err(UsageError(format!("'{text}' is not a valid {what}: expected a non-negative integer{hint}")).into())
}

/// Parses heap sizes.
///
/// # Errors
/// A usage error for the first invalid one.
pub fn parse_numbers(texts: &[String]) -> anyhow::Result<Vec<BigUint>> {
    texts.iter().map(|t| parse_number(t, "heap size")).collect()
}

/// A clap error as one line: its first paragraph with the lines joined.
pub fn clap_error_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or_default();
    first_paragraph.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}
