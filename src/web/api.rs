//! The JSON API. `/api/games`, `/api/solve` and `/api/table` run the very commands behind
//! `nimlab games|solve|table --json` (their arguments are built from the validated query), so
//! the JSON is the same byte for byte; `/api/options` and `/api/move` serve play.
//!
//! Bounds: every search runs under [`SERVER_BUDGET`] states; a position whose numbers add up to
//! more than [`SEARCH_SUM_LIMIT`] is answered by closed-form theory only (or refused for a game
//! without one, and for play); tables are capped at [`MAX_TABLE_CELLS`] cells.

use std::collections::BTreeMap;

use clap::Parser;
use nimlab_engine::{AnyGame, BigUint, EngineError, Play};

use super::Reply;
use crate::cmd;
use crate::game_args::GameOptions;
use crate::render;

/// The state budget of every search the server runs.
pub const SERVER_BUDGET: usize = 2_000_000;
/// The largest sum of a position's numbers that the server searches (larger: theory only).
pub const SEARCH_SUM_LIMIT: u64 = 500;
/// The most cells a table may have.
pub const MAX_TABLE_CELLS: u64 = 64 * 64;
/// The longest one-heap table (`upto`).
pub const MAX_TABLE_UPTO: u64 = 2_000;
/// The most numbers in a position.
const MAX_NUMBERS: usize = 64;
/// The most digits in one number.
const MAX_DIGITS: usize = 400;

/// The answer to `GET path?query`.
pub fn answer(path: &str, query: &str) -> Reply {
    let result = Params::parse(query).and_then(|params| match path {
        "/api/games" => games(&params),
        "/api/solve" => solve(&params),
        "/api/table" => table(&params),
        "/api/options" => options(&params),
        "/api/move" => reply(&params),
        _ => Err(Reply::error(
            404,
            format!(
                "no API at {path}; the API is /api/games, /api/solve, /api/table, /api/options, /api/move"
            ),
        )),
    });
    result.unwrap_or_else(|error| error)
}

/// The query's parameters, each at most once.
struct Params(BTreeMap<String, String>);

impl Params {
    fn parse(query: &str) -> Result<Params, Reply> {
        let mut map = BTreeMap::new();
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if map.insert(key.to_string(), value.trim().to_string()).is_some() {
                return Err(Reply::error(400, format!("the parameter '{key}' is given more than once")));
            }
        }
        Ok(Params(map))
    }

    /// Fails on a parameter not in `allowed`.
    fn only(&self, allowed: &[&str]) -> Result<(), Reply> {
        match self.0.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(key) => Err(Reply::error(
                400,
                format!("unknown parameter '{key}'; this API takes: {}", allowed.join(", ")),
            )),
            None => Ok(()),
        }
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str).filter(|v| !v.is_empty())
    }

    fn flag(&self, key: &str) -> Result<bool, Reply> {
        match self.get(key) {
            None | Some("0" | "false" | "no") => Ok(false),
            Some("1" | "true" | "yes") => Ok(true),
            Some(other) => Err(Reply::error(400, format!("'{key}' must be 1 or 0, not '{other}'"))),
        }
    }

    /// A number parameter as typed: digits only, at most 20 of them.
    fn count(&self, key: &str) -> Result<Option<String>, Reply> {
        match self.get(key) {
            None => Ok(None),
            Some(v) if !v.is_empty() && v.len() <= 20 && v.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(Some(v.to_string()))
            }
            Some(v) => Err(Reply::error(400, format!("'{key}' must be a non-negative integer, not '{v}'"))),
        }
    }

    fn game(&self) -> Result<String, Reply> {
        let game = self.get("game").ok_or_else(|| Reply::error(400, "the parameter 'game' is required"))?;
        if game.len() > 40 || !game.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(Reply::error(400, "'game' must be a game name as listed by /api/games"));
        }
        Ok(game.to_string())
    }

    /// The position's numbers as typed, separated by commas or spaces.
    fn position(&self) -> Result<Vec<String>, Reply> {
        let text =
            self.get("position").ok_or_else(|| Reply::error(400, "the parameter 'position' is required"))?;
        let numbers: Vec<String> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        if numbers.len() > MAX_NUMBERS {
            return Err(Reply::error(400, format!("a position has at most {MAX_NUMBERS} numbers")));
        }
        if let Some(long) = numbers.iter().find(|n| n.len() > MAX_DIGITS) {
            return Err(Reply::error(
                400,
                format!("a number has at most {MAX_DIGITS} digits ({} given)", long.len()),
            ));
        }
        if let Some(bad) = numbers.iter().find(|n| !n.bytes().all(|b| b.is_ascii_digit())) {
            return Err(Reply::error(
                400,
                format!("'{bad}' is not a valid heap size: expected a non-negative integer"),
            ));
        }
        Ok(numbers)
    }

    /// The game parameters as command-line arguments (with the server's budget).
    fn game_args(&self) -> Result<Vec<String>, Reply> {
        let mut args = Vec::new();
        for key in ["max", "k", "limit"] {
            if let Some(v) = self.count(key)? {
                args.extend([format!("--{key}"), v]);
            }
        }
        if let Some(set) = self.get("set") {
            let ok = set.len() <= 400
                && set.split(',').all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
            if !ok {
                return Err(Reply::error(
                    400,
                    "'set' must be comma-separated non-negative integers, e.g. 1,3,4",
                ));
            }
            args.extend(["--set".to_string(), set.to_string()]);
        }
        if self.flag("misere")? {
            args.push("--misere".into());
        }
        args.extend(["--budget".to_string(), SERVER_BUDGET.to_string()]);
        Ok(args)
    }
}

const GAME_PARAMS: [&str; 6] = ["game", "max", "set", "k", "limit", "misere"];

/// Parses `args` as the command `C` would from its command line.
fn parse_command<C: Parser>(args: &[String]) -> Result<C, Reply> {
    C::try_parse_from(std::iter::once("nimlab").chain(args.iter().map(String::as_str)))
        .map_err(|e| Reply::error(400, crate::game_args::clap_error_line(&e)))
}

/// Runs a command with `--json` and returns what it printed, or the error as a 4xx/5xx.
fn run_json(run: impl FnOnce(&mut dyn std::io::Write) -> anyhow::Result<()>) -> Reply {
    let mut out = Vec::new();
    match run(&mut out) {
        Ok(()) => match serde_json::from_slice::<serde_json::Value>(&out) {
            Ok(value) => Reply::json(200, &value),
            Err(_) => Reply::error(500, "the command printed no JSON"),
        },
        Err(error) => error_reply(&error),
    }
}

/// 400 for the user's mistakes, 422 for a request the engine cannot answer within the bounds
/// (budget, size, no theory), 500 for anything else.
fn error_reply(error: &anyhow::Error) -> Reply {
    let mut message = error.to_string();
    for cause in error.chain().skip(1) {
        message.push_str(": ");
        message.push_str(&cause.to_string());
    }
    let engine = error.chain().find_map(|c| c.downcast_ref::<EngineError>());
    let status = match engine {
        _ if crate::exit_status(error) == crate::EXIT_USAGE => 400,
        Some(_) => 422,
        None => 500,
    };
    Reply::error(status, message)
}

#[derive(Parser)]
struct GamesCommand {
    #[command(flatten)]
    args: cmd::games::Args,
}

#[derive(Parser)]
#[command(allow_negative_numbers = true)]
struct SolveCommand {
    #[command(flatten)]
    args: cmd::solve::Args,
}

#[derive(Parser)]
struct TableCommand {
    #[command(flatten)]
    args: cmd::table::Args,
}

fn games(params: &Params) -> Result<Reply, Reply> {
    params.only(&[])?;
    let command: GamesCommand = parse_command(&["--json".to_string()])?;
    Ok(run_json(|out| cmd::games::run(&command.args, out)))
}

/// A request's game, checked position and play convention.
type Request = (Box<dyn AnyGame>, Vec<BigUint>, Play);

/// The game with its options (built as the commands build it) and the checked position.
fn build(params: &Params) -> Result<Request, Reply> {
    let game = params.game()?;
    let position = params.position()?;
    let options: GameOptions = parse_command::<OptionsCommand>(&params.game_args()?)?.options;
    let play = if params.flag("misere")? { Play::Misere } else { Play::Normal };
    let (game, numbers) = options.build(&game, &position).map_err(|e| error_reply(&e))?;
    Ok((game, numbers, play))
}

/// Parses the game options (and `--misere`) alone.
#[derive(Parser)]
struct OptionsCommand {
    #[command(flatten)]
    options: GameOptions,
    #[arg(long)]
    misere: bool,
}

fn within_search_limit(numbers: &[BigUint]) -> bool {
    numbers.iter().sum::<BigUint>() <= BigUint::from(SEARCH_SUM_LIMIT)
}

fn solve(params: &Params) -> Result<Reply, Reply> {
    params.only(&GAME_PARAMS.iter().copied().chain(["position"]).collect::<Vec<_>>())?;
    let (game, numbers, play) = build(params)?;
    let mut args = vec![params.game()?];
    args.extend(params.position()?);
    args.extend(params.game_args()?);
    args.push("--json".into());
    if !within_search_limit(&numbers) {
        if game.theorem(play).is_none() {
            return Err(Reply::error(
                422,
                format!(
                    "{} has no closed form here and the playground searches only positions whose numbers add \
                     up to at most {SEARCH_SUM_LIMIT}; use `nimlab solve` for larger ones",
                    game.name()
                ),
            ));
        }
        args.extend(["--method".to_string(), "theory".to_string()]);
    }
    let command: SolveCommand = parse_command(&args)?;
    Ok(run_json(|out| cmd::solve::run(&command.args, out)))
}

fn table(params: &Params) -> Result<Reply, Reply> {
    params
        .only(&GAME_PARAMS.iter().copied().chain(["upto", "rows", "cols", "outcomes"]).collect::<Vec<_>>())?;
    let mut args = vec![params.game()?];
    args.extend(params.game_args()?);
    let upto = params.count("upto")?;
    let (rows, cols) = (params.count("rows")?, params.count("cols")?);
    let number = |v: &Option<String>| v.as_deref().and_then(|v| v.parse::<u64>().ok());
    match (&upto, &rows, &cols) {
        (Some(_), None, None) if number(&upto).is_some_and(|n| n <= MAX_TABLE_UPTO) => {}
        (None, Some(_), Some(_))
            if number(&rows)
                .zip(number(&cols))
                .is_some_and(|(r, c)| (r + 1) * (c + 1) <= MAX_TABLE_CELLS) => {}
        _ => {
            return Err(Reply::error(
                400,
                format!(
                    "a table needs upto=N (N <= {MAX_TABLE_UPTO}) or rows=R&cols=C (at most {MAX_TABLE_CELLS} cells)"
                ),
            ))
        }
    }
    for (key, value) in [("upto", upto), ("rows", rows), ("cols", cols)] {
        if let Some(v) = value {
            args.extend([format!("--{key}"), v]);
        }
    }
    if params.flag("outcomes")? {
        args.push("--outcomes".into());
    }
    args.push("--json".into());
    let command: TableCommand = parse_command(&args)?;
    Ok(run_json(|out| cmd::table::run(&command.args, out)))
}

/// Builds the game for play, refusing positions too large to search.
fn build_for_play(params: &Params) -> Result<Request, Reply> {
    params.only(&GAME_PARAMS.iter().copied().chain(["position"]).collect::<Vec<_>>())?;
    let (game, numbers, play) = build(params)?;
    if !within_search_limit(&numbers) {
        return Err(Reply::error(
            422,
            format!("the playground plays positions whose numbers add up to at most {SEARCH_SUM_LIMIT}"),
        ));
    }
    Ok((game, numbers, play))
}

fn options(params: &Params) -> Result<Reply, Reply> {
    let (game, numbers, play) = build_for_play(params)?;
    let moves = game.options(&numbers).map_err(|e| error_reply(&e.into()))?;
    Ok(Reply::json(200, &render::options_json(&game.name(), &numbers, play, &moves)))
}

fn reply(params: &Params) -> Result<Reply, Reply> {
    let (game, numbers, play) = build_for_play(params)?;
    let chosen = crate::opponent::reply(game.as_ref(), &numbers, play).map_err(|e| error_reply(&e.into()))?;
    let game_over_after = match &chosen {
        Some(r) => game.options(&r.report.to).map_err(|e| error_reply(&e.into()))?.is_empty(),
        None => true,
    };
    Ok(Reply::json(200, &render::reply_json(&game.name(), &numbers, play, chosen.as_ref(), game_over_after)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(path: &str, query: &str) -> u16 {
        answer(path, query).status
    }

    #[test]
    fn bad_requests_are_4xx() {
        assert_eq!(status("/api/solve", "game=nim"), 400);
        assert_eq!(status("/api/solve", "game=nim&position=3,x"), 400);
        assert_eq!(status("/api/solve", "game=nim&position=-3"), 400);
        assert_eq!(status("/api/solve", "game=chess&position=3"), 400);
        assert_eq!(status("/api/solve", "game=nim&position=3&colour=red"), 400);
        assert_eq!(status("/api/solve", "game=nim&position=3&position=4"), 400);
        assert_eq!(status("/api/solve", "game=bash&position=3"), 400);
        assert_eq!(status("/api/table", "game=nim&rows=100&cols=100"), 400);
        assert_eq!(status("/api/table", "game=nim&upto=5&rows=3"), 400);
        assert_eq!(status("/api/solve", &format!("game=nim&position={}", "9".repeat(401))), 400);
        assert_eq!(status("/api/nothing", ""), 404);
        assert_eq!(status("/api/move", "game=nim&position=300,300"), 422);
    }

    #[test]
    fn large_positions_are_answered_by_theory() {
        let reply = answer("/api/solve", "game=nim&position=1000,2000,3000");
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert!(reply.body.contains("\"basis\":\"theory\""), "{}", reply.body);
    }

    #[test]
    fn move_and_options() {
        let reply = answer("/api/move", "game=nim&position=3,4,5");
        assert_eq!(reply.status, 200, "{}", reply.body);
        let v: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        assert_eq!(v["move"]["to"], serde_json::json!([1, 4, 5]));
        assert_eq!(v["game_over"], false);
        let reply = answer("/api/options", "game=bash&max=3&position=2");
        let v: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        assert_eq!(v["moves"].as_array().map(Vec::len), Some(2));
    }
}
