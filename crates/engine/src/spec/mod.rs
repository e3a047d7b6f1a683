//! Games as users name them: each ruleset's **declaration** (its parameters as data) and the
//! [`GameSpec`], a ruleset name with validated parameter values.
//!
//! A ruleset declares its parameters once, in its own file, as [`ParamDecl`]s; every surface is
//! derived from that list: the command line's options and help, the web API's accepted keys, the
//! playground's inputs, `nimlab games`, the docs' list of games, and validation.
//!
//! A spec is written `NAME [--PARAM VALUE | --FLAG]...`, e.g. `subtraction --set 1,3,4` or
//! `pattern --piles 2 --move one:1.. --move all:1..`; [`GameSpec`]'s `FromStr` and `Display`
//! round-trip (a property test checks every ruleset).

pub(crate) mod grammar;

use std::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use thiserror::Error;

/// A bad game specification: names the game and the parameter, never a command-line flag.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No ruleset has this name.
    #[error("unknown game '{name}'; the games are: {}", games.join(", "))]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names of the games there are.
        games: Vec<&'static str>,
    },
    /// The ruleset has no parameter of this name.
    #[error("the parameter '{param}' does not apply to the game '{game}'{}", taking(.takes))]
    UnknownParam {
        /// The game.
        game: String,
        /// The parameter given.
        param: String,
        /// The parameters the game takes.
        takes: Vec<&'static str>,
    },
    /// A required parameter is missing.
    #[error("the game '{game}' needs the parameter '{param}': {help}")]
    MissingParam {
        /// The game.
        game: String,
        /// The parameter.
        param: String,
        /// What it means: the declaration's help (English; its Chinese is in the ruleset's
        /// `Texts`).
        help: &'static str,
    },
    /// A parameter was given twice (and is not repeatable).
    #[error("the parameter '{param}' is given more than once")]
    Repeated {
        /// The parameter.
        param: String,
    },
    /// A parameter's value is invalid.
    #[error("invalid value '{value}' for the parameter '{param}': {why}")]
    InvalidValue {
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// Why, as data or in both languages (boxed, so that errors stay small).
        why: Box<ValueWhy>,
    },
    /// The values are valid one by one but not together (the ruleset's own check).
    #[error("{0}")]
    Invalid(crate::lang::Words),
    /// The text of a spec is malformed.
    #[error("'{text}' is not a game: {fault}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong, as data.
        fault: SyntaxFault,
    },
}

/// Why a parameter's value is refused ([`SpecError::InvalidValue`]): a count, a set or a flag
/// as data, which each surface words (the page in its `value.*` texts), or a text in a ruleset's
/// own grammar (an octal code, a take pattern, a graph) as its check words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueWhy {
    /// A count, a set or a flag refused, as data.
    Fault(grammar::ValueFault),
    /// A text's check said why, in both languages (or a surface that reads a file says why it
    /// could not, the system's own message inside).
    Words(crate::lang::Words),
}

impl ValueWhy {
    /// Why, in both languages.
    pub fn words(&self) -> crate::lang::Words {
        match self {
            ValueWhy::Fault(fault) => fault.words(),
            ValueWhy::Words(words) => words.clone(),
        }
    }
}

impl fmt::Display for ValueWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueWhy::Fault(fault) => fault.fmt(f),
            ValueWhy::Words(words) => f.write_str(&words.en),
        }
    }
}

/// What is wrong with the text of a game ([`SpecError::Syntax`]), as data.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxFault {
    /// No game's name: the text is empty.
    #[error("it is empty")]
    Empty,
    /// A word where a parameter was expected.
    #[error("'{word}' is not a parameter (parameters start with --)")]
    NotAParameter {
        /// The word.
        word: String,
    },
    /// A parameter (not a flag) at the end, without its value.
    #[error("the parameter '{param}' needs a value")]
    NeedsValue {
        /// The parameter.
        param: String,
    },
}

impl SyntaxFault {
    /// What is wrong, in English (its `Display`) and Chinese.
    pub fn words(&self) -> crate::lang::Words {
        let zh = match self {
            SyntaxFault::Empty => "它是空的".to_string(),
            SyntaxFault::NotAParameter { word } => format!("“{word}”不是参数（参数以 -- 开头）"),
            SyntaxFault::NeedsValue { param } => format!("参数“{param}”需要一个值"),
        };
        crate::lang::Words { en: self.to_string(), zh }
    }
}

impl SpecError {
    /// The error's words in English (its `Display`) and Chinese, from its data. A missing
    /// parameter's help is the declaration's English, so the Chinese names the parameter only.
    pub fn words(&self) -> crate::lang::Words {
        use crate::lang::words;
        match self {
            SpecError::UnknownGame { name, games } => {
                let games = games.join(", ");
                words!(
                    "unknown game '{name}'; the games are: {games}",
                    "没有名为“{name}”的游戏；游戏有：{games}"
                )
            }
            SpecError::UnknownParam { game, param, takes } => {
                let zh = if takes.is_empty() {
                    "（它没有参数）".to_string()
                } else {
                    format!("（它的参数：{}）", takes.join(", "))
                };
                crate::lang::Words {
                    en: self.to_string(),
                    zh: format!("参数“{param}”不适用于游戏“{game}”{zh}"),
                }
            }
            SpecError::MissingParam { game, param, .. } => crate::lang::Words {
                en: self.to_string(),
                zh: format!("游戏“{game}”需要参数“{param}”"),
            },
            SpecError::Repeated { param } => {
                words!("the parameter '{param}' is given more than once", "参数“{param}”给了不止一次")
            }
            SpecError::InvalidValue { param, value, why } => {
                let why = why.words();
                crate::lang::Words {
                    en: format!("invalid value '{value}' for the parameter '{param}': {}", why.en),
                    zh: format!("“{value}”不是参数“{param}”的有效值：{}", why.zh),
                }
            }
            SpecError::Invalid(words) => words.clone(),
            SpecError::Syntax { text, fault } => {
                let fault = fault.words();
                crate::lang::Words {
                    en: format!("'{text}' is not a game: {}", fault.en),
                    zh: format!("“{text}”不是一个游戏：{}", fault.zh),
                }
            }
        }
    }
}

fn taking(names: &[&str]) -> String {
    if names.is_empty() {
        " (it takes no parameters)".into()
    } else {
        format!(" (it takes: {})", names.join(", "))
    }
}

/// What kind of value a parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Count {
        /// The least value.
        min: u64,
        /// The largest value.
        max: u64,
    },
    /// A set of whole numbers, each at least `min`, written in [`grammar::parse_set`]'s grammar.
    Set {
        /// The least member.
        min: u64,
    },
    /// On or off (off unless given).
    Flag,
    /// Text in a grammar of the ruleset's own (take patterns, octal codes), which `canonical`
    /// checks and writes in canonical form; `repeatable` ones may be given several times.
    Text {
        /// The grammar in a few words, for help texts and the page.
        syntax: &'static str,
        /// May the parameter be given more than once?
        repeatable: bool,
        /// The value in canonical form, or why it is invalid (in both languages).
        canonical: fn(&str) -> Result<String, crate::lang::Words>,
    },
}

impl ParamKind {
    /// The kind's name in `nimlab games --json` and `/api/games`.
    pub fn name(&self) -> &'static str {
        match self {
            ParamKind::Count { .. } => "count",
            ParamKind::Set { .. } => "set",
            ParamKind::Flag => "flag",
            ParamKind::Text { .. } => "text",
        }
    }

    /// True when the parameter may be given several times.
    pub fn repeatable(&self) -> bool {
        matches!(self, ParamKind::Text { repeatable: true, .. })
    }
}

/// One parameter of a ruleset, declared in the ruleset's file.
#[derive(Debug, Clone, Copy)]
pub struct ParamDecl {
    /// The name: `max` is `--max` on the command line and `max=` in the web API.
    pub name: &'static str,
    /// A plain-language label for forms, e.g. "most stones per move".
    pub label: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The kind of value.
    pub kind: ParamKind,
    /// The value used when the parameter is not given; `None` makes it required (flags are
    /// off unless given).
    pub default: Option<&'static str>,
    /// A typical value: the page's initial value and the game `verify` checks by default.
    pub example: &'static str,
}

impl ParamDecl {
    /// True when the parameter must be given.
    pub fn required(&self) -> bool {
        self.default.is_none() && !matches!(self.kind, ParamKind::Flag)
    }

    /// Parses one value of this parameter (as typed).
    ///
    /// # Errors
    /// [`SpecError::InvalidValue`] naming the parameter and what is wrong.
    pub fn parse(&self, text: &str) -> Result<ParamValue, SpecError> {
        let invalid = |fault: grammar::ValueFault| SpecError::InvalidValue {
            param: self.name.into(),
            value: text.into(),
            why: Box::new(ValueWhy::Fault(fault)),
        };
        // Full-width digits and separators read as ASCII; the error names the value as typed.
        let typed = grammar::ascii_forms(text);
        match self.kind {
            ParamKind::Count { min, max } => {
                let n = grammar::count_value(&typed).map_err(invalid)?;
                if n < min || n > max {
                    let max = (max != u64::MAX).then_some(max);
                    return Err(invalid(grammar::ValueFault::OutOfBounds { min, max }));
                }
                Ok(ParamValue::Count(n))
            }
            ParamKind::Set { min } => grammar::set_value(&typed, min).map(ParamValue::Set).map_err(invalid),
            ParamKind::Flag => match typed.trim() {
                "" | "1" | "true" | "yes" | "on" => Ok(ParamValue::Flag(true)),
                "0" | "false" | "no" | "off" => Ok(ParamValue::Flag(false)),
                _ => Err(invalid(grammar::ValueFault::NotFlag)),
            },
            ParamKind::Text { canonical, .. } => canonical(typed.trim())
                .map(|t| ParamValue::Text(vec![t]))
                .map_err(|words| SpecError::InvalidValue {
                    param: self.name.into(),
                    value: text.into(),
                    why: Box::new(ValueWhy::Words(words)),
                }),
        }
    }

    /// The default value, if any (flags: off).
    fn default_value(&self) -> Option<ParamValue> {
        match (self.kind, self.default) {
            (ParamKind::Flag, _) => Some(ParamValue::Flag(false)),
            (_, Some(text)) => self.parse(text).ok(),
            (_, None) => None,
        }
    }
}

/// A parameter's validated value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ParamValue {
    /// A whole number.
    Count(u64),
    /// A set, sorted, without duplicates.
    Set(Vec<u64>),
    /// On or off.
    Flag(bool),
    /// One text, or several for a repeatable parameter, each in canonical form.
    Text(Vec<String>),
}

impl ParamValue {
    /// The value as it is written after `--name` (empty for a flag that is on).
    fn texts(&self) -> Vec<String> {
        match self {
            ParamValue::Count(n) => vec![n.to_string()],
            ParamValue::Set(members) => vec![grammar::set_text(members)],
            ParamValue::Flag(_) => vec![String::new()],
            ParamValue::Text(texts) => texts.clone(),
        }
    }
}

impl Serialize for ParamValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ParamValue::Count(n) => serializer.serialize_u64(*n),
            ParamValue::Set(members) => members.serialize(serializer),
            ParamValue::Flag(on) => serializer.serialize_bool(*on),
            ParamValue::Text(texts) => texts.serialize(serializer),
        }
    }
}

/// How a position of a ruleset is drawn on a board (the playground's pictures): declared with the
/// ruleset, so that no surface recognises a game by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Board {
    /// Heaps of tokens, numbered from 1; a move leaves fewer tokens in one heap (or several).
    Heaps,
    /// Rows of pins, numbered from 1: a move knocks down a run of adjacent pins (one pin or two in
    /// Kayles), which may split a row in two. Positions are kept as multisets of row lengths.
    Pins,
    /// Piles, numbered from 1, that one move may take from together.
    Piles,
    /// The steps of a staircase, numbered from the bottom (step 1).
    Steps,
    /// Two heaps, drawn as heaps and as the grid of positions (row: the first heap, column: the
    /// second).
    Grid,
    /// One heap, then (after the first move) the current take limit as the second number.
    HeapAndLimit,
    /// A row of coins numbered from 1 (coin 0 a dummy no move turns); the numbers are the coins
    /// showing heads.
    Coins,
    /// A row of coins numbered from 0; the numbers are the coins showing heads.
    CoinsFromZero,
    /// Coins on a grid from (0, 0); the numbers are the heads' coordinates, in pairs `x y`.
    CoinGrid,
    /// A graph, its vertices and its edges numbered from 0; the numbers say what is gone (the
    /// vertices deleted so far, or the edges cut), after the token's vertex in a token game.
    Graph,
}

/// What the tokens of a board are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    /// Stones.
    Stone,
    /// Pins (skittles).
    Pin,
    /// Coins.
    Coin,
    /// Apples.
    Apple,
    /// Chips.
    Chip,
}

/// How a ruleset's positions are drawn: the board and its tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Drawing {
    /// The board.
    pub board: Board,
    /// The tokens on it.
    pub token: Token,
}

impl Drawing {
    /// The default: heaps of stones.
    pub const HEAPS: Drawing = Drawing { board: Board::Heaps, token: Token::Stone };

    /// A board of `token`s.
    pub const fn of(board: Board, token: Token) -> Drawing {
        Drawing { board, token }
    }

    /// A position typed as words: one word of `H` and `T` on a board of coins is the row
    /// ([`Drawing::row_position`]); `None` otherwise (the words are then numbers). The one
    /// parser of rows every surface calls.
    pub fn typed_row<S: AsRef<str>>(&self, words: &[S]) -> Option<Vec<num_bigint::BigUint>> {
        match words {
            [word] => self.row_position(word.as_ref()),
            _ => None,
        }
    }

    /// A row of coins written as a word of `H` (heads) and `T` (tails), e.g. `THHTH`, as the
    /// numbers of its heads on a board of coins in a row (from the board's first coin): `None`
    /// when the board is not a row of coins or the word is not made of `H` and `T` only.
    pub fn row_position(&self, word: &str) -> Option<Vec<num_bigint::BigUint>> {
        let first = match self.board {
            Board::Coins => 1u64,
            Board::CoinsFromZero => 0,
            _ => return None,
        };
        let word = word.trim();
        if word.is_empty() || !word.bytes().all(|b| matches!(b, b'H' | b'T' | b'h' | b't')) {
            return None;
        }
        Some(
            (first..)
                .zip(word.bytes())
                .filter(|(_, b)| b.eq_ignore_ascii_case(&b'H'))
                .map(|(n, _)| num_bigint::BigUint::from(n))
                .collect(),
        )
    }

    /// The first coin of a board of coins: 1 on a row numbered from 1, 0 on a row from 0 and on
    /// a grid (its corner, (0, 0)); `None` for a board without coins.
    pub fn first_coin(&self) -> Option<u64> {
        match self.board {
            Board::Coins => Some(1),
            Board::CoinsFromZero | Board::CoinGrid => Some(0),
            _ => None,
        }
    }

    /// The coins showing heads in a position of a board of coins, each by its coordinates (a
    /// row: `[n]`; a grid: `[x, y]`, from the position's pairs), in the position's order; `None`
    /// for a board without coins.
    pub fn heads(&self, numbers: &[num_bigint::BigUint]) -> Option<Vec<Vec<num_bigint::BigUint>>> {
        match self.board {
            Board::Coins | Board::CoinsFromZero => Some(numbers.iter().map(|n| vec![n.clone()]).collect()),
            Board::CoinGrid => Some(numbers.chunks(2).map(<[num_bigint::BigUint]>::to_vec).collect()),
            _ => None,
        }
    }

    /// The coins a move from `from` to `to` turns over on a board of coins (those showing heads
    /// in one position and tails in the other), sorted; `None` for a board without coins.
    pub fn turned(
        &self,
        from: &[num_bigint::BigUint],
        to: &[num_bigint::BigUint],
    ) -> Option<Vec<Vec<num_bigint::BigUint>>> {
        let (before, after) = (self.heads(from)?, self.heads(to)?);
        let mut turned: Vec<Vec<num_bigint::BigUint>> = before
            .iter()
            .filter(|c| !after.contains(c))
            .chain(after.iter().filter(|c| !before.contains(c)))
            .cloned()
            .collect();
        turned.sort();
        turned.dedup();
        Some(turned)
    }
}

/// A parameter's label and help in another language than the declaration's English.
#[derive(Debug, Clone, Copy)]
pub struct ParamTexts {
    /// The parameter's name (as declared).
    pub name: &'static str,
    /// The label.
    pub label: &'static str,
    /// The help.
    pub help: &'static str,
}

/// A ruleset's texts in another language than English: its name as shown, its rules, what the
/// numbers of a position are and its parameters' labels (the English are the declaration's own
/// fields). [`Texts::NONE`] leaves them all to the English (a registry test asks every
/// registered ruleset for its Chinese).
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    /// The game's name as shown.
    pub title: &'static str,
    /// The rules.
    pub rules: &'static str,
    /// What the numbers of a position are.
    pub position: &'static str,
    /// Each parameter's label and help.
    pub params: &'static [ParamTexts],
}

impl Texts {
    /// No texts: surfaces show the English.
    pub const NONE: Texts = Texts { title: "", rules: "", position: "", params: &[] };
}
/// The validated parameter values of one game, every declared parameter present (defaults
/// filled in), in declaration order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Params {
    values: Vec<(&'static str, ParamValue)>,
}

/// A caller's game's parameters: none.
static NO_PARAMS: Params = Params { values: Vec::new() };

impl Params {
    fn get(&self, name: &str) -> Option<&ParamValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// A count parameter's value (0 if `name` is not a declared count: a ruleset bug that the
    /// registry tests catch).
    pub fn count(&self, name: &str) -> u64 {
        match self.get(name) {
            Some(ParamValue::Count(n)) => *n,
            _ => 0,
        }
    }

    /// A set parameter's members.
    pub fn set(&self, name: &str) -> &[u64] {
        match self.get(name) {
            Some(ParamValue::Set(members)) => members,
            _ => &[],
        }
    }

    /// A flag's value.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(ParamValue::Flag(true)))
    }

    /// A text parameter's values (one unless repeatable).
    pub fn texts(&self, name: &str) -> &[String] {
        match self.get(name) {
            Some(ParamValue::Text(texts)) => texts,
            _ => &[],
        }
    }

    /// Every parameter with its value, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &ParamValue)> {
        self.values.iter().map(|(n, v)| (*n, v))
    }
}

impl Serialize for Params {
    /// An object `{name: value}`, in declaration order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.values.len()))?;
        for (name, value) in &self.values {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A game as the user names it: a registered ruleset and validated values of its parameters.
/// Only the registry makes one, so every spec names a ruleset it can build.
#[derive(Debug, Clone)]
pub struct GameSpec {
    name: &'static str,
    decls: &'static [ParamDecl],
    params: Params,
}

/// A game its caller defines and builds (a Python function) instead of a registered ruleset: a
/// name only. It has no declaration, so nothing builds it from the registry.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CustomGame {
    name: &'static str,
}

impl CustomGame {
    /// The caller's game `name`.
    pub fn new(name: &'static str) -> CustomGame {
        CustomGame { name }
    }
}

/// The game a built game plays: a registered ruleset's spec or a caller's game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameId {
    /// A registered ruleset with its parameters.
    Registered(GameSpec),
    /// A game its caller defines.
    Custom(CustomGame),
}

impl GameId {
    /// The ruleset's or the caller's name.
    pub fn name(&self) -> &'static str {
        match self {
            GameId::Registered(spec) => spec.name(),
            GameId::Custom(game) => game.name,
        }
    }

    /// The parameter values: a spec's, none for a caller's game.
    pub fn params(&self) -> &Params {
        match self {
            GameId::Registered(spec) => spec.params(),
            GameId::Custom(_) => &NO_PARAMS,
        }
    }

    /// The registered spec, or `None` for a caller's game.
    pub fn registered(&self) -> Option<&GameSpec> {
        match self {
            GameId::Registered(spec) => Some(spec),
            GameId::Custom(_) => None,
        }
    }
}

impl From<GameSpec> for GameId {
    fn from(spec: GameSpec) -> GameId {
        GameId::Registered(spec)
    }
}

impl From<CustomGame> for GameId {
    fn from(game: CustomGame) -> GameId {
        GameId::Custom(game)
    }
}

impl fmt::Display for GameId {
    /// A spec's text, or the caller's game's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameId::Registered(spec) => spec.fmt(f),
            GameId::Custom(game) => f.write_str(game.name),
        }
    }
}

impl Serialize for GameId {
    /// The game as its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl GameSpec {
    /// The game `name`, declaring the parameters `decls`, with parameters given as
    /// `(name, value)` pairs, as typed; a repeatable parameter may appear several times, a flag's
    /// value is `true` (or empty) or `false`. Games are found by name in the registry
    /// (`GameSpec::from_pairs`, `str::parse`), which calls this.
    ///
    /// # Errors
    /// [`SpecError`] for an unknown parameter, a bad or missing value, or a parameter given
    /// twice.
    pub(crate) fn from_decls(
        name: &'static str,
        decls: &'static [ParamDecl],
        pairs: &[(&str, &str)],
    ) -> Result<GameSpec, SpecError> {
        let unknown = |param: &str| SpecError::UnknownParam {
            game: name.into(),
            param: param.into(),
            takes: decls.iter().map(|d| d.name).collect(),
        };
        let mut given: Vec<(&'static str, ParamValue)> = Vec::new();
        for &(param, text) in pairs {
            let decl = decls.iter().find(|d| d.name == param).ok_or_else(|| unknown(param))?;
            let value = decl.parse(text)?;
            match given.iter_mut().find(|(n, _)| *n == decl.name) {
                None => given.push((decl.name, value)),
                Some((_, ParamValue::Text(texts))) if decl.kind.repeatable() => {
                    if let ParamValue::Text(more) = value {
                        texts.extend(more);
                    }
                }
                Some(_) => return Err(SpecError::Repeated { param: decl.name.into() }),
            }
        }
        let mut values = Vec::with_capacity(decls.len());
        for decl in decls {
            let value = match given.iter().position(|(n, _)| *n == decl.name) {
                Some(i) => given.swap_remove(i).1,
                None => decl.default_value().ok_or_else(|| SpecError::MissingParam {
                    game: name.into(),
                    param: decl.name.into(),
                    help: decl.help,
                })?,
            };
            values.push((decl.name, value));
        }
        Ok(GameSpec { name, decls, params: Params { values } })
    }

    /// The game `name`, declaring the parameters `decls`, from the words after its name in
    /// `text`: `[--PARAM VALUE | --PARAM=VALUE | --FLAG]...`.
    ///
    /// # Errors
    /// [`SpecError::Syntax`] for a word that is not a parameter or a parameter without its value;
    /// otherwise as [`GameSpec::from_decls`].
    pub(crate) fn from_words(
        name: &'static str,
        decls: &'static [ParamDecl],
        words: &[&str],
        text: &str,
    ) -> Result<GameSpec, SpecError> {
        let syntax = |fault: SyntaxFault| SpecError::Syntax { text: text.into(), fault };
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let Some(param) = word.strip_prefix("--") else {
                return Err(syntax(SyntaxFault::NotAParameter { word: word.into() }));
            };
            if let Some((param, value)) = param.split_once('=') {
                pairs.push((param, value));
                i += 1;
                continue;
            }
            let decl = decls.iter().find(|d| d.name == param).ok_or_else(|| SpecError::UnknownParam {
                game: name.into(),
                param: param.into(),
                takes: decls.iter().map(|d| d.name).collect(),
            })?;
            if matches!(decl.kind, ParamKind::Flag) {
                pairs.push((param, "true"));
                i += 1;
            } else {
                let value = words
                    .get(i + 1)
                    .ok_or_else(|| syntax(SyntaxFault::NeedsValue { param: param.into() }))?;
                pairs.push((param, value));
                i += 2;
            }
        }
        GameSpec::from_decls(name, decls, &pairs)
    }

    /// The ruleset's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The declarations of the game's parameters.
    pub fn decls(&self) -> &'static [ParamDecl] {
        self.decls
    }

    /// The parameter values.
    pub fn params(&self) -> &Params {
        &self.params
    }
}

/// Two specs are equal when they name the same game with the same values (the declarations
/// follow from the name).
impl PartialEq for GameSpec {
    fn eq(&self, other: &Self) -> bool {
        (self.name, &self.params) == (other.name, &other.params)
    }
}

impl Eq for GameSpec {}

impl std::hash::Hash for GameSpec {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.name, &self.params).hash(state);
    }
}

impl fmt::Display for GameSpec {
    /// `NAME` followed by every parameter whose value differs from its default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        for (name, value) in self.params.iter() {
            let decl = self.decls.iter().find(|d| d.name == name).expect("declared");
            if decl.default_value().as_ref() == Some(value) {
                continue;
            }
            for text in value.texts() {
                if text.is_empty() {
                    write!(f, " --{name}")?;
                } else {
                    write!(f, " --{name} {text}")?;
                }
            }
        }
        Ok(())
    }
}

impl Serialize for GameSpec {
    /// The spec as its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::RULESETS;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use proptest::prelude::*;

    /// A valid take-pattern move, `PATTERN:AMOUNTS` in any of the written forms (the grammar of
    /// `pattern --move`).
    fn move_text() -> impl Strategy<Value = String> {
        let pattern = prop_oneof![
            Just("one".to_string()),
            Just("all".to_string()),
            (1usize..5).prop_map(|j| format!("any{j}")),
            prop::collection::btree_set(0usize..6, 1..4).prop_map(|piles| {
                let names: Vec<String> = piles.iter().map(usize::to_string).collect();
                names.join(",")
            }),
        ];
        let amounts = prop_oneof![
            (1u64..6).prop_map(|t| t.to_string()),
            (1u64..6).prop_map(|t| format!("{t}..")),
            (1u64..6, 0u64..4).prop_map(|(t, d)| format!("{t}..{}", t + d)),
            (1u64..6, 0u64..4).prop_map(|(t, d)| format!("{t}..={}", t + d)),
        ];
        (pattern, amounts).prop_map(|(p, a)| format!("{p}:{a}"))
    }

    /// A valid octal code (`octal --code`) as typed: octal digits with `d0` 0 or 4, written
    /// `0.07` or `.07`, or `0x` and hexadecimal digits.
    fn code_text() -> impl Strategy<Value = String> {
        let octal = (prop::sample::select(vec!["0", "4", ""]), prop::collection::vec(0u8..8, 0..12))
            .prop_map(|(d0, digits)| format!("{d0}.{}", digits.iter().map(u8::to_string).collect::<String>()))
            .prop_filter("a code has a digit", |code| code != ".");
        let hexadecimal =
            (prop::sample::select(vec!["0", "4", "8", "C"]), prop::collection::vec(0u8..16, 0..12)).prop_map(
                |(d0, digits)| {
                    format!("0x{d0}.{}", digits.iter().map(|d| format!("{d:X}")).collect::<String>())
                },
            );
        prop_oneof![octal, hexadecimal]
    }

    /// Random valid values of one parameter, as typed: `None` leaves it out (when it may be left
    /// out), several texts give a repeatable parameter several times.
    fn values(decl: &'static ParamDecl) -> BoxedStrategy<Option<Vec<String>>> {
        let given: BoxedStrategy<Vec<String>> = match decl.kind {
            ParamKind::Count { min, max } => prop_oneof![min..=max.min(min.saturating_add(20)), min..=max]
                .prop_map(|n| vec![n.to_string()])
                .boxed(),
            ParamKind::Set { min } => {
                // Members and ranges `a..b`, in any order, possibly overlapping.
                let item = (min..min + 60, 0u64..4).prop_map(|(a, d)| {
                    if d == 0 {
                        a.to_string()
                    } else {
                        format!("{a}..{}", a + d)
                    }
                });
                prop::collection::vec(item, 1..6).prop_map(|items| vec![items.join(",")]).boxed()
            }
            ParamKind::Flag => {
                prop_oneof![Just(vec!["true".to_string()]), Just(vec!["false".to_string()])].boxed()
            }
            ParamKind::Text { .. } if decl.name == "code" => code_text().prop_map(|code| vec![code]).boxed(),
            ParamKind::Text { .. } if decl.name == "graph" => prop::sample::select(vec![
                "path:7",
                "cycle:9",
                "grid:3x4",
                "ladder:5",
                "complete:4",
                "star:5",
                "petersen:7,2",
                "queens:4",
                "tree:0,0,1,1,2",
                "random:9,12,3",
                "edges:a-b,b-c,d",
            ])
            .prop_map(|g| vec![g.to_string()])
            .boxed(),
            ParamKind::Text { .. } if decl.name == "board" => {
                // A board of cells: RxC, a picture with blocked cells, or a family of boards.
                prop::sample::select(vec![
                    "5x7",
                    "1x1",
                    "..#./..../....",
                    "#./..",
                    "..../....",
                    " 3 x 4 ",
                    "4xn",
                ])
                .prop_map(|b| vec![b.to_string()])
                .boxed()
            }
            ParamKind::Text { .. } if decl.name == "ground" => {
                // A vertex by its name (a board's cell without spaces) or its number.
                prop::sample::select(vec!["0", "1", "3", "(2,2)", "a", "u1", "v0"])
                    .prop_map(|v| vec![v.to_string()])
                    .boxed()
            }
            ParamKind::Text { .. } if decl.name == "of" => {
                // The two factors of a product of coin-turning games.
                let factor = prop::sample::select(vec![
                    "turning-turtles",
                    "mock-turtles",
                    "ruler",
                    "twins",
                    "coins:3",
                    "coins:4:exactly",
                    "coins:5:consecutive:span=7",
                    "coins:2:span=3",
                ]);
                (factor.clone(), factor).prop_map(|(a, b)| vec![format!("{a},{b}")]).boxed()
            }
            ParamKind::Text { repeatable, .. } => {
                prop::collection::vec(move_text(), 1..=if repeatable { 4 } else { 1 }).boxed()
            }
        };
        if decl.required() {
            given.prop_map(Some).boxed()
        } else {
            prop::option::of(given).boxed()
        }
    }

    #[test]
    fn every_ruleset_round_trips_through_its_text() {
        let strategies: Vec<Vec<BoxedStrategy<Option<Vec<String>>>>> =
            RULESETS.iter().map(|info| info.params.iter().map(values).collect()).collect();
        proptest!(ProptestConfig::with_cases(128), |(chosen in strategies)| {
            for (info, values) in RULESETS.iter().zip(&chosen) {
                let mut pairs: Vec<(&str, &str)> = Vec::new();
                for (decl, texts) in info.params.iter().zip(values) {
                    for text in texts.iter().flatten() {
                        pairs.push((decl.name, text));
                    }
                }
                let spec = GameSpec::from_pairs(info.name, &pairs)
                    .unwrap_or_else(|e| panic!("{} {pairs:?}: {e} (a new text grammar needs a generator here)", info.name));
                let text = spec.to_string();
                let parsed: GameSpec = text.parse().unwrap_or_else(|e| panic!("'{text}': {e}"));
                prop_assert_eq!(&parsed, &spec, "{}", text);
                prop_assert_eq!(&parsed.to_string(), &text);
                // The `--param=value` form names the same game.
                let equals = text.split(" --").collect::<Vec<_>>();
                let joined = equals[1..].iter().fold(equals[0].to_string(), |mut out, param| {
                    out.push_str(" --");
                    out.push_str(&param.replacen(' ', "=", 1));
                    out
                });
                let again: GameSpec = joined.parse().unwrap_or_else(|e| panic!("'{joined}': {e}"));
                prop_assert_eq!(&again, &spec, "{}", joined);
            }
        });
    }

    #[test]
    fn a_game_defined_by_its_caller_is_of_the_other_kind_under_any_name() {
        let mine = GameId::Custom(CustomGame::new("nim"));
        let nim = GameId::from(GameSpec::named("nim").unwrap());
        assert_eq!(mine.to_string(), "nim");
        assert_ne!(mine, nim);
        assert!(mine.registered().is_none() && mine.capabilities() == crate::analysis::Capabilities::NONE);
        assert_eq!(mine.verify_bound(), 0);
        assert_eq!(nim.registered().map(|spec| spec.info().name), Some("nim"));
    }

    #[test]
    fn defaults_are_left_out_and_errors_name_the_parameter() {
        let spec: GameSpec = "subtraction --set 4,1,3,1".parse().unwrap();
        assert_eq!(spec.to_string(), "subtraction --set 1,3,4");
        assert_eq!(spec.params().set("set"), [1, 3, 4]);
        let spec: GameSpec = "apple --max 3 --bounded-equal=false".parse().unwrap();
        assert_eq!(spec.to_string(), "apple --max 3");
        let spec: GameSpec = "pattern --piles 2 --move one:1.. --move all:1..=3".parse().unwrap();
        assert_eq!(spec.to_string(), "pattern --piles 2 --move one:1.. --move all:1..3");
        assert_eq!(spec.params().texts("move"), ["one:1..", "all:1..3"]);
        let err = "bash --max 3 --max 4".parse::<GameSpec>().unwrap_err();
        assert_eq!(err, SpecError::Repeated { param: "max".into() });
        let err = "bash --max".parse::<GameSpec>().unwrap_err();
        assert!(matches!(err, SpecError::Syntax { .. }), "{err}");
        let err = "bash 3".parse::<GameSpec>().unwrap_err();
        assert!(err.to_string().contains("'3' is not a parameter"), "{err}");
        let err = "".parse::<GameSpec>().unwrap_err();
        assert!(matches!(err, SpecError::Syntax { .. }), "{err}");
        let err = "chess".parse::<GameSpec>().unwrap_err();
        assert!(err.to_string().starts_with("unknown game 'chess'; the games are: nim, bash,"), "{err}");
    }

    /// A count, a set or a flag refused says why as data (each surface words it); full-width
    /// digits and separators are read as ASCII, the error naming the value as typed.
    #[test]
    fn a_refused_value_says_why_as_data() {
        use grammar::ValueFault;
        let fault = |text: &str| match text.parse::<GameSpec>() {
            Err(SpecError::InvalidValue { why, .. }) => match *why {
                ValueWhy::Fault(fault) => fault,
                ValueWhy::Words(words) => panic!("{text}: a fault as words: {words:?}"),
            },
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(fault("bash --max 0"), ValueFault::OutOfBounds { min: 1, max: None });
        assert_eq!(fault("bash --max x"), ValueFault::NotWhole { text: "x".into() });
        assert_eq!(fault("subtraction --set 0,1"), ValueFault::BelowMin { member: 0, min: 1 });
        assert_eq!(fault("subtraction --set 1,,3"), ValueFault::EmptyItem { text: "1,,3".into() });
        assert_eq!(fault("apple --max 3 --bounded-equal=maybe"), ValueFault::NotFlag);
        assert_eq!(
            "bash --max 0".parse::<GameSpec>().unwrap_err().to_string(),
            "invalid value '0' for the parameter 'max': it must be at least 1"
        );
        // An octal code's reason is worded by its check (no `fault`).
        assert!(matches!(
            "octal --code 0x7f".parse::<GameSpec>(),
            Err(SpecError::InvalidValue { why, .. }) if matches!(*why, ValueWhy::Words(_))
        ));
        let wide: GameSpec = "subtraction --set １，３、４．．６".parse().unwrap();
        assert_eq!(wide, "subtraction --set 1,3,4..6".parse().unwrap());
        assert!(fault("bash --max ０").to_string().contains("at least 1"));
    }
}
