//! [`Request`]: one question of `solve` or `table` as every surface asks it, decided once.
//!
//! The command line, the web API (and the WebAssembly worker through it) and Python translate
//! their own syntax into a `Request` of typed parts (each with its one text form, [`FromStr`], and serde),
//! then call [`Request::decide`] or [`Request::answer`] and render the typed answer. The rules a
//! surface would otherwise decide live in `decide`, once:
//!
//! * a game on a graph file takes vertex names, any other game numbers (or a typed row of coins),
//!   within the surface's fixed [`Limits`];
//! * a loopy game has two players (refused by [`crate::loopy::two_players`] on the path taken);
//! * misère play with `players` is refused (the alliance matrix is normal play's: by
//!   [`crate::solve::answer_built`], the one home of that rule, which every `solve` passes);
//! * a sum is normal play for two players;
//! * a table's cells follow its shape and play (misère play means outcomes;
//!   [`crate::table::CellKind::asked`]); a table takes no players; a period is a sequence's;
//! * a table of rectangles' winning first moves is normal play for two players.
//!
//! Invariant: a surface builds a `Request` and nothing else from its syntax; what is asked is
//! checked here, never in a surface (a surface keeps only its syntax and its fixed limits, which
//! it hands over as [`Limits`]).

use std::fmt;
use std::str::FromStr;

use nimlab_engine::{
    ascii_forms, not_answered, parse_natural, AnyGame, BigUint, Board, Budget, GameId, GameSpec, Lang,
    Method, Play, Research,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{invalid, CommandError};
use crate::loopy::{graph_file_game, LoopyGame, ReadFile};
use crate::position::parse_part;
use crate::rectangles::{rectangles, RectanglesReport, RectanglesRequest};
use crate::solve::{
    answer_built, solve, solve_sum, solve_tokens, SolveAnswer, SolveRequest, SumReport, SumRequest,
    TokensRequest,
};
use crate::table::{
    table_answer, table_answer_of, CellKind, TableAnswer, TableAnswerWithPeriod, TableRequest, TableShape,
};
use crate::{Position, ReportError, DEFAULT_MAX_MOVES};

/// The most digits a number of a position may have on the command line (a fixed limit; the
/// default of [`Limits::max_digits`]).
pub const MAX_DIGITS: usize = 100_000;

/// The number of players of an `n`-player question: at least 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Players(u32);

impl Players {
    /// The count.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl TryFrom<u32> for Players {
    type Error = CommandError;

    fn try_from(players: u32) -> Result<Players, CommandError> {
        if players < 2 {
            return Err(CommandError::TooFewPlayers { players });
        }
        Ok(Players(players))
    }
}

impl From<Players> for u32 {
    fn from(players: Players) -> u32 {
        players.0
    }
}

impl FromStr for Players {
    type Err = CommandError;

    /// An integer of at least 2.
    fn from_str(text: &str) -> Result<Players, CommandError> {
        let players: u32 =
            text.trim().parse().map_err(|_| CommandError::NotPlayers { text: text.to_string() })?;
        Players::try_from(players)
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A part of a sum: a game and its position, written together as `nim 3 4` or
/// `subtraction 10 --set 1,3,4` ([`parse_part`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The game.
    pub spec: GameSpec,
    /// The position's numbers.
    pub numbers: Vec<BigUint>,
}

impl FromStr for Part {
    type Err = ReportError;

    fn from_str(text: &str) -> Result<Part, ReportError> {
        let (spec, numbers) = parse_part(text)?;
        Ok(Part { spec, numbers })
    }
}

impl fmt::Display for Part {
    /// The game's spec, then the numbers: what [`Part::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.spec)?;
        self.numbers.iter().try_for_each(|n| write!(f, " {n}"))
    }
}

/// What a table's cells show, as asked: the shape's usual cells, outcomes, or Grundy values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cells {
    /// Grundy values (outcomes in misère play); the paper's f for an (M, N, N) table.
    #[default]
    Usual,
    /// P or N.
    Outcomes,
    /// Grundy values, also for an (M, N, N) table (normal play only).
    Grundy,
}

impl Cells {
    /// The cell kind of a table of `shape` in `play`: the one rule for every surface.
    ///
    /// # Errors
    /// [`CommandError::GrundyNormalPlay`] for Grundy values asked in misère play.
    pub fn kind(self, shape: &TableShape, play: Play) -> Result<CellKind, CommandError> {
        Ok(match (self, shape) {
            (Cells::Usual, TableShape::Mnn { .. }) => CellKind::F,
            (Cells::Outcomes, _) => CellKind::Outcome,
            (Cells::Grundy, _) if play == Play::Misere => return Err(CommandError::GrundyNormalPlay),
            (Cells::Grundy, _) => CellKind::Grundy,
            (Cells::Usual, _) => CellKind::asked(false, play),
        })
    }
}

/// A surface's fixed limits on what a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// The most winning moves a report lists.
    pub max_moves: usize,
    /// The most numbers (or tokens) in a position.
    pub max_numbers: usize,
    /// The most digits of one number.
    pub max_digits: usize,
}

impl Default for Limits {
    /// The command line's: [`DEFAULT_MAX_MOVES`] moves, [`MAX_DIGITS`] digits, any count.
    fn default() -> Limits {
        Limits { max_moves: DEFAULT_MAX_MOVES, max_numbers: usize::MAX, max_digits: MAX_DIGITS }
    }
}

/// What is asked, with the parts only that question has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "question", rename_all = "lowercase")]
pub enum Question {
    /// One position of one game, as words: numbers, a typed row of coins, or one vertex name
    /// per token for a game on a graph file.
    Solve {
        /// The game.
        #[serde(with = "text")]
        game: GameId,
        /// The position's words, as given.
        position: Vec<String>,
    },
    /// A disjunctive sum.
    Sum {
        /// The parts.
        parts: Vec<Part>,
    },
    /// A table of values.
    Table {
        /// The game.
        #[serde(with = "text")]
        game: GameId,
        /// Which positions.
        shape: TableShape,
        /// What the cells show, as asked.
        #[serde(default)]
        cells: Cells,
        /// The sequence's period beside it.
        #[serde(default)]
        period: bool,
    },
    /// The winning first moves of every `r x c` rectangle, `r <= rows`, `c <= cols`, of a game
    /// on a board of squares ([`crate::rectangles`]).
    Rectangles {
        /// The game.
        #[serde(with = "text")]
        game: GameId,
        /// The most rows.
        rows: u64,
        /// The most columns.
        cols: u64,
    },
}

/// One question of `solve` or `table`, as every surface asks it (module docs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// What is asked.
    #[serde(flatten)]
    pub question: Question,
    /// Normal or misère play.
    #[serde(default)]
    pub play: Play,
    /// `n` players under the standard alliance matrix; two when absent.
    #[serde(default)]
    pub players: Option<Players>,
    /// Theory, search, or theory where it exists.
    #[serde(default)]
    pub method: Method,
    /// The language of the answer's texts.
    #[serde(default)]
    pub lang: Lang,
    /// The surface's fixed limits.
    #[serde(default)]
    pub limits: Limits,
}

/// A request decided: the report function's own request, ready to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decided {
    /// A position of numbers.
    Solve(SolveRequest),
    /// Tokens on a graph read from a file (its text read by the surface's reader).
    Tokens(TokensRequest, LoopyGame),
    /// A sum.
    Sum(SumRequest),
    /// A table, with its period or not.
    Table {
        /// The table.
        request: TableRequest,
        /// A sequence's period beside it.
        period: bool,
    },
    /// The rectangles' winning first moves.
    Rectangles(RectanglesRequest),
}

/// Any answer to a [`Request`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `solve` of one position.
    Solve(SolveAnswer),
    /// `solve` of a sum.
    Sum(SumReport),
    /// `table`.
    Table(TableAnswer),
    /// `table` of a sequence with its period.
    TableWithPeriod(TableAnswerWithPeriod),
    /// `table --rectangles`.
    Rectangles(RectanglesReport),
}

impl Request {
    /// A request of `question` with every other part at its default (normal play, two players,
    /// `auto`, English, the command line's limits).
    pub fn new(question: Question) -> Request {
        Request {
            question,
            play: Play::Normal,
            players: None,
            method: Method::Auto,
            lang: Lang::En,
            limits: Limits::default(),
        }
    }

    /// Decides what is asked (module docs): which report answers it and with what. A graph
    /// file's text is read by `read`, the surface's reader (the reports read no files).
    ///
    /// # Errors
    /// [`ReportError::Invalid`] for a rule the request breaks; what `read` returns.
    pub fn decide(&self, read: ReadFile<'_>) -> Result<Decided, ReportError> {
        let players = self.players.map(Players::get);
        match &self.question {
            Question::Solve { game, position } => {
                let position = &position_words(position);
                if position.len() > self.limits.max_numbers {
                    return invalid(CommandError::TooManyNumbers { max: self.limits.max_numbers });
                }
                let graph = match game.registered() {
                    Some(spec) => graph_file_game(spec, read)?.map(|graph| (spec, graph)),
                    None => None,
                };
                if let Some((spec, graph)) = graph {
                    let request = TokensRequest {
                        spec: spec.clone(),
                        tokens: position.clone(),
                        play: self.play,
                        players,
                        lang: self.lang,
                    };
                    return Ok(Decided::Tokens(request, graph));
                }
                Ok(Decided::Solve(SolveRequest {
                    spec: game.clone(),
                    position: self.numbers(game, position)?,
                    play: self.play,
                    method: self.method,
                    players,
                    max_moves: self.limits.max_moves,
                    lang: self.lang,
                }))
            }
            Question::Sum { parts } => {
                if self.play == Play::Misere {
                    return invalid(CommandError::SumNormalPlay);
                }
                if players.is_some() {
                    return invalid(CommandError::SumPlayers);
                }
                for part in parts {
                    self.limits.check_numbers(&part.numbers)?;
                }
                Ok(Decided::Sum(SumRequest {
                    parts: parts.iter().map(|p| (p.spec.clone(), p.numbers.clone())).collect(),
                    method: self.method,
                    max_moves: self.limits.max_moves,
                    lang: self.lang,
                }))
            }
            Question::Table { game, shape, cells, period } => {
                if players.is_some() {
                    return invalid(CommandError::TablePlayers);
                }
                if *period && !matches!(shape, TableShape::Sequence { .. }) {
                    return invalid(CommandError::PeriodOfSequence);
                }
                let kind = cells.kind(shape, self.play)?;
                let request = TableRequest {
                    spec: game.clone(),
                    shape: *shape,
                    kind,
                    play: self.play,
                    method: self.method,
                };
                Ok(Decided::Table { request, period: *period })
            }
            Question::Rectangles { game, rows, cols } => {
                if self.play == Play::Misere || players.is_some() {
                    return invalid(CommandError::RectanglesNormalPlay);
                }
                let Some(spec) = game.registered() else {
                    return Err(not_answered(Research::Rectangles, game.name()).into());
                };
                Ok(Decided::Rectangles(RectanglesRequest {
                    spec: spec.clone(),
                    rows: *rows,
                    cols: *cols,
                    lang: self.lang,
                }))
            }
        }
    }

    /// Decides the request and answers it under `budget`.
    ///
    /// # Errors
    /// As [`Request::decide`]; the report's errors.
    pub fn answer(&self, read: ReadFile<'_>, budget: &Budget) -> Result<Answer, ReportError> {
        self.decide(read)?.answer(read, budget)
    }

    /// The numbers of `words` within the request's limits ([`position_numbers`]).
    fn numbers(&self, game: &GameId, words: &[String]) -> Result<Vec<BigUint>, ReportError> {
        read_numbers(game.registered(), words, &self.limits)
    }
}

/// A position's words as typed, each split at commas and spaces, a Chinese keyboard's
/// full-width digits and separators read as ASCII ([`ascii_forms`]): the command line's `３，４`
/// and the web API's `position=３，４` are both `["3", "4"]`.
pub fn position_words<S: AsRef<str>>(typed: &[S]) -> Vec<String> {
    typed
        .iter()
        .flat_map(|text| {
            ascii_forms(text.as_ref())
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|word| !word.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The numbers of a position of `game` written as `words` ([`position_words`]): the typed row
/// of a board of coins (`THHTH`), or whole numbers, within `limits`. The one reading of a
/// position's words, which [`Request::decide`] and the web API's other endpoints use.
///
/// # Errors
/// [`CommandError::BadNumber`], [`CommandError::TooManyNumbers`], [`CommandError::TooManyDigits`].
pub fn position_numbers<S: AsRef<str>>(
    game: &GameSpec,
    typed: &[S],
    limits: &Limits,
) -> Result<Vec<BigUint>, ReportError> {
    read_numbers(Some(game), typed, limits)
}

/// [`position_numbers`] of a registered game, or of a caller's game (`None`: whole numbers only).
fn read_numbers<S: AsRef<str>>(
    game: Option<&GameSpec>,
    typed: &[S],
    limits: &Limits,
) -> Result<Vec<BigUint>, ReportError> {
    let words = position_words(typed);
    let info = game.map(GameSpec::info);
    let row = info.and_then(|info| info.drawing.typed_row(&words));
    if let Some(row) = row {
        if row.len() > limits.max_numbers {
            return invalid(CommandError::TooManyNumbers { max: limits.max_numbers });
        }
        return Ok(row);
    }
    limits.check(words.len(), words.iter().map(|w| w.trim().len()))?;
    // A word that is not a number may name a vertex (a board's cell `b3`): the built game reads
    // it, built once and only for a game drawn on a graph.
    let mut named: Option<Option<Box<dyn AnyGame>>> = None;
    let on_graph = game.filter(|_| info.is_some_and(|info| info.drawing.board == Board::Graph));
    words
        .iter()
        .map(|word| {
            parse_natural(word).or_else(|reason| {
                let built = named.get_or_insert_with(|| {
                    on_graph.and_then(|game| game.build(&Budget::new(NAMES_WORK)).ok())
                });
                built
                    .as_ref()
                    .and_then(|built| built.named_number(word))
                    .ok_or(ReportError::Invalid(CommandError::BadNumber { reason }))
            })
        })
        .collect()
}

/// The work a game is built with to read its vertices' names ([`position_numbers`]): a graph,
/// not a search.
const NAMES_WORK: u64 = 1_000_000;

impl Limits {
    /// Fails when `count` numbers of `digits` digits each pass the limits.
    fn check(&self, count: usize, mut digits: impl Iterator<Item = usize>) -> Result<(), ReportError> {
        if count > self.max_numbers {
            return invalid(CommandError::TooManyNumbers { max: self.max_numbers });
        }
        match digits.find(|&d| d > self.max_digits) {
            Some(digits) => invalid(CommandError::TooManyDigits { max: self.max_digits, digits }),
            None => Ok(()),
        }
    }

    /// Fails when a position's numbers (a sum's part) pass the limits.
    ///
    /// # Errors
    /// [`CommandError::TooManyNumbers`], [`CommandError::TooManyDigits`].
    pub fn check_numbers(&self, numbers: &[BigUint]) -> Result<(), ReportError> {
        self.check(numbers.len(), numbers.iter().map(|n| n.to_string().len()))
    }
}

impl Decided {
    /// The report's answer under `budget` (a table of a graph game reads its text by `read`).
    ///
    /// # Errors
    /// The report's errors.
    pub fn answer(self, read: ReadFile<'_>, budget: &Budget) -> Result<Answer, ReportError> {
        Ok(match self {
            Decided::Solve(request) => Answer::Solve(solve(&request, budget)?),
            Decided::Tokens(request, graph) => Answer::Solve(solve_tokens(&request, graph, budget)?),
            Decided::Sum(request) => Answer::Sum(solve_sum(&request, budget)?),
            Decided::Table { request, period } => with_period(table_answer(&request, read, budget)?, period),
            Decided::Rectangles(request) => Answer::Rectangles(rectangles(&request, budget)?),
        })
    }

    /// [`Decided::answer`] of a position or a table of `game`, already built (Python keeps its
    /// games built, and a game defined in Python is built by no spec); the request was decided
    /// from `game`'s spec.
    ///
    /// # Errors
    /// As [`Decided::answer`]; a position `game` refuses.
    pub fn answer_built(
        self,
        game: &dyn AnyGame,
        read: ReadFile<'_>,
        budget: &Budget,
    ) -> Result<Answer, ReportError> {
        Ok(match self {
            Decided::Solve(request) => {
                let position = Position {
                    game: request.spec.clone(),
                    params: request.spec.params().clone(),
                    position: game.check_position(&request.position)?,
                };
                Answer::Solve(answer_built(game, position, &request, budget)?)
            }
            Decided::Table { request, period } => {
                with_period(table_answer_of(game, &request, budget)?, period)
            }
            // Tokens on a graph, sums and rectangles are answered from their specs.
            unbuilt @ (Decided::Tokens(..) | Decided::Sum(_) | Decided::Rectangles(_)) => {
                unbuilt.answer(read, budget)?
            }
        })
    }
}

/// A table's answer, with its period when asked.
fn with_period(table: TableAnswer, period: bool) -> Answer {
    if period {
        Answer::TableWithPeriod(table.with_period())
    } else {
        Answer::Table(table)
    }
}

/// Serde through a part's one text form ([`fmt::Display`] and [`FromStr`]).
mod text {
    use super::*;

    pub(super) fn serialize<T: fmt::Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub(super) fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for Part {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        text::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Part, D::Error> {
        text::deserialize(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::no_files;

    fn spec(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    fn solve_of(game: &str, position: &[&str]) -> Request {
        Request::new(Question::Solve {
            game: spec(game).into(),
            position: position.iter().map(|w| (*w).to_string()).collect(),
        })
    }

    fn table_of(game: &str, shape: TableShape) -> Request {
        Request::new(Question::Table { game: spec(game).into(), shape, cells: Cells::Usual, period: false })
    }

    /// The fault's code of a refused request.
    fn refused(request: &Request) -> &'static str {
        match request.decide(&no_files) {
            Err(ReportError::Invalid(e)) => e.code(),
            other => panic!("{request:?} was not refused as invalid: {other:?}"),
        }
    }

    /// A board's cells may be typed by name (`b1`, or `B1`), a graph file's vertices too; a word
    /// that names nothing is still refused as not a number, and a game not on a graph never
    /// reads names.
    #[test]
    fn cells_are_read_by_their_names() {
        let limits = Limits::default();
        let numbers = |game: &str, words: &[&str]| position_numbers(&spec(game), words, &limits);
        let big = |ns: &[u64]| ns.iter().map(|&n| BigUint::from(n)).collect::<Vec<_>>();
        assert_eq!(numbers("cram --board 3x4", &["b1", "C1"]).unwrap(), big(&[1, 2]));
        assert_eq!(numbers("cram --board 3x4", &["a3,d3"]).unwrap(), big(&[8, 11]));
        assert_eq!(numbers("cram --board ..#./..../....", &["d1"]).unwrap(), big(&[3]));
        assert_eq!(numbers("cram --board 3x4", &["1", "b2"]).unwrap(), big(&[1, 5]));
        for (game, word) in [("cram --board 3x4", "z9"), ("cram --board 3x4", "b"), ("nim", "a1")] {
            assert!(
                matches!(numbers(game, &[word]), Err(ReportError::Invalid(CommandError::BadNumber { .. }))),
                "{game} {word}"
            );
        }
    }

    #[test]
    fn parts_have_one_text_form() {
        assert_eq!("3".parse::<Players>().map(Players::get), Ok(3));
        assert_eq!("1".parse::<Players>(), Err(CommandError::TooFewPlayers { players: 1 }));
        assert_eq!("three".parse::<Players>(), Err(CommandError::NotPlayers { text: "three".into() }));
        assert_eq!("misere".parse::<Play>(), Ok(Play::Misere));
        assert!("loser".parse::<Play>().is_err());
        for text in ["nim 3 4", "subtraction --set 1,3,4 10", "apple --max 3 --bounded-equal 1 5 5"] {
            let part: Part = text.parse().unwrap();
            assert_eq!(part.to_string().parse::<Part>().unwrap(), part, "{text}");
        }
        assert_eq!(
            "subtraction 10 --set 1,3,4".parse::<Part>().unwrap().to_string(),
            "subtraction --set 1,3,4 10"
        );
    }

    #[test]
    fn a_request_round_trips_through_serde() {
        let mut request = solve_of("bash --max 3", &["10"]);
        request.play = Play::Misere;
        request.method = Method::Search;
        request.lang = Lang::Zh;
        let sum = Request {
            players: None,
            ..Request::new(Question::Sum {
                parts: vec!["nim 3 4".parse().unwrap(), "wythoff 3 5".parse().unwrap()],
            })
        };
        let table = Request {
            question: Question::Table {
                game: spec("nim").into(),
                shape: TableShape::Grid { rows: 3, cols: 4 },
                cells: Cells::Outcomes,
                period: false,
            },
            players: None,
            ..request.clone()
        };
        let players = Request { players: Some(Players(3)), ..solve_of("nim", &["1", "2", "3"]) };
        for request in [request, sum, table, players] {
            let json = serde_json::to_value(&request).unwrap();
            assert_eq!(serde_json::from_value::<Request>(json.clone()).unwrap(), request, "{json}");
        }
        // The defaults fill what a request leaves out; a bad part is refused with its reason.
        let short: Request = serde_json::from_value(
            serde_json::json!({"question": "solve", "game": "nim", "position": ["3"]}),
        )
        .unwrap();
        assert_eq!(short, solve_of("nim", &["3"]));
        let bad = serde_json::from_value::<Request>(
            serde_json::json!({"question": "solve", "game": "nim", "position": [], "players": 1}),
        );
        assert!(bad.unwrap_err().to_string().contains("at least 2 players"));
    }

    #[test]
    fn the_rules_are_decided_here() {
        // Misère play means an outcome table; Grundy values are normal play's.
        let mut table = table_of("nim", TableShape::Sequence { upto: 8 });
        table.play = Play::Misere;
        match table.decide(&no_files).unwrap() {
            Decided::Table { request, .. } => assert_eq!(request.kind, CellKind::Outcome),
            other => panic!("{other:?}"),
        }
        if let Question::Table { cells, .. } = &mut table.question {
            *cells = Cells::Grundy;
        }
        assert_eq!(refused(&table), "grundy-normal-play");
        // The (M, N, N) table's usual cells are the paper's f.
        let mnn = table_of("apple --max 3", TableShape::Mnn { m: (1, 3), n: (1, 3) });
        assert!(
            matches!(mnn.decide(&no_files), Ok(Decided::Table { request, .. }) if request.kind == CellKind::F)
        );
        // A period is a sequence's; a table takes no players.
        let mut grid = table_of("nim", TableShape::Grid { rows: 3, cols: 3 });
        if let Question::Table { period, .. } = &mut grid.question {
            *period = true;
        }
        assert_eq!(refused(&grid), "period-of-sequence");
        let players =
            Request { players: Some(Players(3)), ..table_of("nim", TableShape::Sequence { upto: 3 }) };
        assert_eq!(refused(&players), "table-players");
        // Misère play with players; a loopy game has two players (by its rules, on the path).
        let misere_players =
            Request { players: Some(Players(3)), play: Play::Misere, ..solve_of("nim", &["1", "2"]) };
        assert!(matches!(
            misere_players.answer(&no_files, &Budget::default()),
            Err(ReportError::Invalid(CommandError::MiserePlayers))
        ));
        let loopy = Request { players: Some(Players(3)), ..solve_of("fair-shares", &["4"]) };
        assert!(matches!(
            loopy.answer(&no_files, &Budget::default()),
            Err(ReportError::Invalid(CommandError::LoopyPlayers { .. }))
        ));
        // A sum is normal play for two.
        let sum = Request::new(Question::Sum { parts: vec!["nim 3 4".parse().unwrap()] });
        assert_eq!(refused(&Request { play: Play::Misere, ..sum.clone() }), "sum-normal-play");
        assert_eq!(refused(&Request { players: Some(Players(2)), ..sum }), "sum-players");
    }

    #[test]
    fn positions_are_read_once_within_the_limits() {
        // A game on a graph file takes vertex names, read through the surface's reader.
        let graph = solve_of("graph --file g.txt", &["start"]);
        assert_eq!(refused(&graph), "files-not-read");
        let read = |_: &str| Ok("start -> end\n".to_string());
        assert!(matches!(graph.decide(&read), Ok(Decided::Tokens(r, _)) if r.tokens == ["start"]));
        // A typed row of coins (the numbers of its three heads), or numbers.
        let coins = solve_of("turning-turtles", &["THHTH"]);
        assert!(matches!(coins.decide(&no_files), Ok(Decided::Solve(r)) if r.position.len() == 3));
        assert_eq!(refused(&solve_of("nim", &["3", "four"])), "bad-number");
        let limits = Limits { max_numbers: 2, max_digits: 3, ..Limits::default() };
        let too_many = Request { limits, ..solve_of("nim", &["1", "2", "3"]) };
        assert_eq!(refused(&too_many), "too-many-numbers");
        let too_long = Request { limits, ..solve_of("nim", &["1000"]) };
        assert_eq!(refused(&too_long), "too-many-digits");
        let row = Request { limits, ..solve_of("turning-turtles", &["HHH"]) };
        assert_eq!(refused(&row), "too-many-numbers");
        let sum =
            Request { limits, ..Request::new(Question::Sum { parts: vec!["nim 3 4 5".parse().unwrap()] }) };
        assert_eq!(refused(&sum), "too-many-numbers");
    }

    /// A Chinese keyboard's "３，４，５" (full-width digits and commas, the ideographic comma and
    /// space) is read as "3,4,5" by the one reader, in one word or several, and a sum's part and
    /// a parameter's value so too: the same answers on every surface.
    #[test]
    fn a_chinese_keyboards_position_reads_as_its_ascii_form() {
        let budget = Budget::default();
        let ascii = solve_of("nim", &["3", "4", "5"]).answer(&no_files, &budget).unwrap();
        for typed in
            [&["３，４，５"][..], &["3,4,5"], &["３", "４", "５"], &["3、4、5"], &["３\u{3000}４ ５"]]
        {
            assert_eq!(solve_of("nim", typed).answer(&no_files, &budget).unwrap(), ascii, "{typed:?}");
        }
        assert_eq!(position_words(&["３，４", " 5 ", ""]), ["3", "4", "5"]);
        assert_eq!("nim ３ ４".parse::<Part>().unwrap(), "nim 3 4".parse::<Part>().unwrap());
        assert_eq!(spec("subtraction --set １，３，４"), spec("subtraction --set 1,3,4"));
        let limits = Limits { max_numbers: 2, ..Limits::default() };
        assert_eq!(refused(&Request { limits, ..solve_of("nim", &["１，２，３"]) }), "too-many-numbers");
    }

    #[test]
    fn an_answer_is_the_reports() {
        let budget = Budget::default();
        let request = solve_of("nim", &["3", "4", "5"]);
        let direct = solve(
            &SolveRequest {
                spec: spec("nim").into(),
                position: [3u32, 4, 5].map(BigUint::from).to_vec(),
                play: Play::Normal,
                method: Method::Auto,
                players: None,
                max_moves: DEFAULT_MAX_MOVES,
                lang: Lang::En,
            },
            &budget,
        )
        .unwrap();
        assert_eq!(request.answer(&no_files, &budget).unwrap(), Answer::Solve(direct));
        let mut sequence = table_of("subtraction --set 1,3,4", TableShape::Sequence { upto: 30 });
        if let Question::Table { period, .. } = &mut sequence.question {
            *period = true;
        }
        let json = serde_json::to_value(sequence.answer(&no_files, &budget).unwrap()).unwrap();
        assert_eq!(json["period"]["period"], 7, "{json}");
    }
}
