//! User-defined take-pattern games: `k` piles; a move picks one of the allowed patterns (a set
//! of piles) and an allowed amount `t`, and takes `t` from every pile of the pattern (each must
//! hold at least `t`). Nim, Bash, Wythoff's game and the apple game are all of this kind.
//!
//! # Syntax
//!
//! `--piles K` gives the number of piles; each `--move PATTERN:AMOUNTS` adds a kind of move.
//!
//! | PATTERN   | the piles a move takes from                                          |
//! |-----------|----------------------------------------------------------------------|
//! | `one`     | any one pile (the same as `any1`)                                    |
//! | `anyJ`    | any J piles at once, e.g. `any2`                                     |
//! | `all`     | every pile at once                                                   |
//! | `0,2`     | exactly these piles, numbered from 0 in the order of the position    |
//!
//! | AMOUNTS   | the amount `t` taken from each pile of the pattern                  |
//! |-----------|----------------------------------------------------------------------|
//! | `1..3`    | 1, 2 or 3 (both ends included; `1..=3` means the same)              |
//! | `1..`     | any amount from 1 up (as much as the piles hold)                     |
//! | `2`       | exactly 2                                                            |
//!
//! Nim on 3 piles is `--piles 3 --move one:1..`; Bash is `--piles 1 --move one:1..3`; Wythoff's
//! game is `--piles 2 --move one:1.. --move all:1..`; the apple game with S = 3 is
//! `--piles 3 --move one:1..3 --move all:1..`.
//!
//! No closed form: answers come from the generic search (Grundy values, every winning move),
//! and tables on three piles from the dense sorted-triple solver when the patterns are
//! symmetric (`one`, `anyJ`, `all`, at most one amount range per pattern size).

use std::fmt;
use std::ops::ControlFlow;

use num_bigint::BigUint;

use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::analysis::{Ruleset, SearchCost};
use crate::bigint::{to_bigs, to_u64s};
use crate::budget::{Budget, Exhausted};
use crate::error::EngineError;
use crate::game::Game;
use crate::lang::{say, words, Lang, Words};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, engine, expect_heaps, invalid};
use crate::solve::{triple_grundy_table, Amounts, TripleRules, TripleTable};
use crate::spec::{
    Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Params, SpecError, Texts, Token,
};
use crate::tables::lines::{line_grid, LineMoves};
use crate::tables::{Grid, GridRequest, TableError};
use crate::AnyGame;

/// The number of piles, a parameter of every take-pattern ruleset.
pub(crate) const PILES: ParamDecl = ParamDecl {
    name: "piles",
    label: "number of piles",
    help: "K, the number of piles (1 to 32)",
    kind: ParamKind::Count { min: 1, max: MAX_PILES as u64 },
    default: None,
    example: "2",
};

/// [`PILES`]'s Chinese texts.
pub(crate) const PILES_ZH: ParamTexts =
    ParamTexts { name: "piles", label: "堆数", help: "堆数 K（1 到 32）" };

/// The declaration of take-pattern games.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "pattern",
    title: "Your own take patterns",
    summary: "your own take-pattern game: --piles K and one or more --move PATTERN:AMOUNTS \
              (PATTERN one, anyJ, all or 0,2; AMOUNTS 1..3, 1.. or 2)",
    rules: "Piles of stones. Each kind of move names which piles it takes from and how much: it takes \
            the same amount from every pile of its pattern.",
    position: "pile sizes, one per pile",
    example_position: "3 5",
    params: &[
        PILES,
        ParamDecl {
            name: "move",
            label: "kinds of move",
            help: "a kind of move, PATTERN:AMOUNTS (repeat for more): PATTERN is one, anyJ (any J piles), all, or \
                   pile numbers from 0 like 0,2; AMOUNTS is 1..3 (ends included), 1.. (no upper limit) or 2",
            kind: ParamKind::Text { syntax: "PATTERN:AMOUNTS, e.g. one:1..3 or all:1..", repeatable: true, canonical: canonical_move },
            default: None,
            example: "one:1..",
        },
    ],
    drawing: Drawing::of(Board::Piles, Token::Stone),
    zh: Texts {
        title: "自定义取法",
        rules: "有几堆石子。每种走法指定从哪几堆取、取多少：它从所指定的每一堆中取同样多个。",
        position: "各堆的石子数，每堆一个数",
        params: &[
            PILES_ZH,
            ParamTexts { name: "move", label: "走法种类", help: "一种走法，写作 PATTERN:AMOUNTS（可加多种）：PATTERN 是 one（任一堆）、anyJ（任意 J 堆）、all（所有堆）或从 0 编号的堆号如 0,2；AMOUNTS 是 1..3（含两端）、1..（不设上限）或 2" },
        ],
    },
    capabilities: Capabilities { fast_grid: true, research: &[Research::TripleTable], ..Capabilities::NONE },
    verify_bound: 0,
    build,
};

/// A move's text in canonical form, checked for syntax (pile numbers are checked against the
/// number of piles when the game is built).
pub(crate) fn canonical_move(text: &str) -> Result<String, Words> {
    PatternMove::parse(text, MAX_PILES).map(|m| m.to_string()).map_err(|e| match e {
        // Every error of the parse says what is wrong in both languages.
        EngineError::Spec(SpecError::Invalid(words)) => words,
        other => words!("{other}", "{other}"),
    })
}

/// The most piles a pattern game may have.
pub(crate) const MAX_PILES: usize = 32;

/// The most pile sets the patterns may expand to (`anyJ` on many piles grows fast).
pub(crate) const MAX_PILE_SETS: usize = 10_000;

/// Which piles a move takes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Pattern {
    /// Any `J` piles (`one` is `Any(1)`).
    Any(usize),
    /// Every pile.
    All,
    /// Exactly these piles (sorted, distinct, numbered from 0).
    Piles(Vec<usize>),
}

/// One kind of move: a pattern and the amounts it may take from (or, written `+AMOUNTS`, put
/// back on) each of its piles.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct PatternMove {
    /// The piles.
    pub pattern: Pattern,
    /// The amounts.
    pub amounts: Amounts,
    /// The move puts stones back (`one:+1`) instead of taking them: positions may then repeat,
    /// so only the loopy ruleset (`loopy-pattern`, with a cap on a pile's size) plays it.
    pub adds: bool,
}

/// A parsed, validated take-pattern game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternSpec {
    /// The number of piles.
    pub piles: usize,
    /// The kinds of move, in the order given.
    pub moves: Vec<PatternMove>,
}

fn parse_count(text: &str, what: Words, whole: &str) -> Result<u64, EngineError> {
    let (what_en, what_zh) = (&what.en, &what.zh);
    text.trim().parse::<u64>().map_err(|_| {
        invalid(words!(
            "move '{whole}': {what_en} '{text}' is not a whole number",
            "走法“{whole}”：{what_zh}“{text}”不是整数"
        ))
    })
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Any(1) => write!(f, "one"),
            Pattern::Any(j) => write!(f, "any{j}"),
            Pattern::All => write!(f, "all"),
            Pattern::Piles(set) => {
                let names: Vec<String> = set.iter().map(usize::to_string).collect();
                write!(f, "{}", names.join(","))
            }
        }
    }
}

impl fmt::Display for PatternMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Amounts { min, max } = self.amounts;
        let sign = if self.adds { "+" } else { "" };
        match max {
            None => write!(f, "{}:{sign}{min}..", self.pattern),
            Some(max) if max == min => write!(f, "{}:{sign}{min}", self.pattern),
            Some(max) => write!(f, "{}:{sign}{min}..{max}", self.pattern),
        }
    }
}

impl PatternMove {
    /// Parses `PATTERN:AMOUNTS` for a game of `piles` piles (see the module doc).
    ///
    /// # Errors
    /// [`EngineError::InvalidSpec`] naming the problem: no `:`, an unknown pattern, a pile that
    /// does not exist, a repeated pile, `anyJ` with J = 0 or more than the piles, an amount of 0,
    /// or an empty range such as `3..1`.
    pub(crate) fn parse(text: &str, piles: usize) -> Result<Self, EngineError> {
        let (pattern_text, amounts_text) = text.split_once(':').ok_or_else(|| {
            invalid(words!(
                "move '{text}' needs the form PATTERN:AMOUNTS, e.g. one:1..3 or all:1..",
                "走法“{text}”应写成 模式:数量，例如 one:1..3 或 all:1.."
            ))
        })?;
        let pattern = Self::parse_pattern(pattern_text.trim(), piles, text)?;
        let amounts_text = amounts_text.trim();
        let (adds, amounts_text) = match amounts_text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, amounts_text),
        };
        let amounts = Self::parse_amounts(amounts_text, text)?;
        Ok(PatternMove { pattern, amounts, adds })
    }

    fn parse_pattern(text: &str, piles: usize, whole: &str) -> Result<Pattern, EngineError> {
        let last = piles.saturating_sub(1);
        if text == "one" {
            return Ok(Pattern::Any(1));
        }
        if text == "all" {
            return Ok(Pattern::All);
        }
        if let Some(count) = text.strip_prefix("any") {
            let j = parse_count(count, words!("the pile count", "堆数"), whole)?;
            if j == 0 || j > piles as u64 {
                return Err(invalid(words!(
                    "move '{whole}': any{j} must take from 1 to {piles} piles (the game has {piles})",
                    "走法“{whole}”：any{j} 必须从 1 到 {piles} 堆里取（这个游戏有 {piles} 堆）"
                )));
            }
            return Ok(Pattern::Any(j as usize));
        }
        if !text.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(invalid(words!(
                "move '{whole}': unknown pattern '{text}'; use one, anyJ (e.g. any2), all, or pile numbers like 0,2",
                "走法“{whole}”：没有“{text}”这种模式；可用 one、anyJ（如 any2）、all 或堆号（如 0,2）"
            )));
        }
        let mut set = Vec::new();
        for part in text.split(',') {
            let pile = parse_count(part, words!("the pile", "堆号"), whole)?;
            if pile >= piles as u64 {
                return Err(invalid(words!(
                    "move '{whole}' names pile {pile}, but the game has piles 0..={last} (numbered from 0)",
                    "走法“{whole}”提到第 {pile} 堆，但这个游戏的堆号是 0..={last}（从 0 数起）"
                )));
            }
            let pile = pile as usize;
            if set.contains(&pile) {
                return Err(invalid(words!(
                    "move '{whole}' names pile {pile} twice",
                    "走法“{whole}”两次提到第 {pile} 堆"
                )));
            }
            set.push(pile);
        }
        set.sort_unstable();
        Ok(Pattern::Piles(set))
    }

    fn parse_amounts(text: &str, whole: &str) -> Result<Amounts, EngineError> {
        let zero = || {
            invalid(words!(
                "move '{whole}': a move must take at least 1 from each pile (amount 0)",
                "走法“{whole}”：每一步至少从每堆取 1 个（数量不能是 0）"
            ))
        };
        let amount = || words!("the amount", "数量");
        let Some((low, high)) = text.split_once("..") else {
            let t = parse_count(text, amount(), whole)?;
            return Amounts::bounded(t, t).ok_or_else(zero);
        };
        let low = parse_count(low, amount(), whole)?;
        let high = high.strip_prefix('=').unwrap_or(high);
        if high.trim().is_empty() {
            return Amounts::from(low).ok_or_else(zero);
        }
        let high = parse_count(high, amount(), whole)?;
        if low == 0 {
            return Err(zero());
        }
        Amounts::bounded(low, high).ok_or_else(|| {
            invalid(words!(
                "move '{whole}': the amount range {low}..{high} is empty (it needs {low} <= {high})",
                "走法“{whole}”：数量范围 {low}..{high} 是空的（需要 {low} <= {high}）"
            ))
        })
    }

    /// The pile sets this move takes from, in a game of `piles` piles.
    fn pile_sets(&self, piles: usize) -> Vec<Vec<usize>> {
        match &self.pattern {
            Pattern::All => vec![(0..piles).collect()],
            Pattern::Piles(set) => vec![set.clone()],
            Pattern::Any(j) => subsets(piles, *j),
        }
    }
}

/// Every `j`-element subset of `0..n`, in lexicographic order.
fn subsets(n: usize, j: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..j).collect();
    if j > n {
        return out;
    }
    loop {
        out.push(current.clone());
        let Some(i) = (0..j).rev().find(|&i| current[i] < n - j + i) else { return out };
        current[i] += 1;
        for k in i + 1..j {
            current[k] = current[k - 1] + 1;
        }
    }
}

/// How many `j`-element subsets `0..n` has, saturating.
fn binomial(n: usize, j: usize) -> usize {
    (0..j).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

impl PatternSpec {
    /// The line moves of a take-pattern game on two piles (`one` takes along rows and columns,
    /// `any2`, `all` and `0,1` along diagonals, `0` along columns, `1` along rows); `None` for
    /// another number of piles.
    pub(crate) fn line_moves(&self) -> Option<LineMoves> {
        if self.piles != 2 || self.adds() {
            return None;
        }
        let mut moves = LineMoves { row: Vec::new(), column: Vec::new(), diagonal: Vec::new() };
        for m in &self.moves {
            let both = match &m.pattern {
                Pattern::Any(1) => {
                    moves.row.push(m.amounts);
                    moves.column.push(m.amounts);
                    continue;
                }
                Pattern::Any(_) | Pattern::All => true,
                Pattern::Piles(piles) => piles.len() == 2,
            };
            match &m.pattern {
                _ if both => moves.diagonal.push(m.amounts),
                Pattern::Piles(piles) if piles == &[0] => moves.column.push(m.amounts),
                _ => moves.row.push(m.amounts),
            }
        }
        Some(moves)
    }

    /// Parses a game of `piles` piles with the given `--move` texts.
    ///
    /// # Errors
    /// [`EngineError::InvalidSpec`] for no piles or more than [`MAX_PILES`], no moves, a move
    /// [`PatternMove::parse`] rejects, or patterns expanding to more than [`MAX_PILE_SETS`] sets.
    pub(crate) fn parse(piles: u64, moves: &[String]) -> Result<Self, EngineError> {
        let spec = Self::parse_loopy(piles, moves)?;
        if let Some(m) = spec.moves.iter().find(|m| m.adds) {
            return Err(invalid(words!(
                "move '{m}' puts stones back, so positions may repeat: play it as loopy-pattern, with --cap N \
                 (the largest pile)",
                "走法“{m}”会放回石子，局面可能重复：请用 loopy-pattern 并给出 --cap N（最大的堆）"
            )));
        }
        Ok(spec)
    }

    /// [`PatternSpec::parse`], with moves that put stones back allowed (`PATTERN:+AMOUNTS`).
    ///
    /// # Errors
    /// As for [`PatternSpec::parse`], moves that add excepted.
    pub(crate) fn parse_loopy(piles: u64, moves: &[String]) -> Result<Self, EngineError> {
        if piles == 0 || piles > MAX_PILES as u64 {
            return Err(invalid(words!(
                "piles must be between 1 and {MAX_PILES}, got {piles}",
                "堆数必须在 1 到 {MAX_PILES} 之间，这里是 {piles}"
            )));
        }
        let piles = piles as usize;
        if moves.is_empty() {
            return Err(invalid(words!(
                "a pattern game needs at least one move PATTERN:AMOUNTS, e.g. one:1..3",
                "模式游戏至少需要一种走法 模式:数量，例如 one:1..3"
            )));
        }
        let moves = moves.iter().map(|m| PatternMove::parse(m, piles)).collect::<Result<Vec<_>, _>>()?;
        let sets: usize = moves
            .iter()
            .map(|m| if let Pattern::Any(j) = m.pattern { binomial(piles, j) } else { 1 })
            .fold(0, usize::saturating_add);
        if sets > MAX_PILE_SETS {
            return Err(invalid(words!(
                "the patterns expand to {sets} pile sets, more than the {MAX_PILE_SETS} nimlab handles",
                "这些模式展开成 {sets} 组堆，超过 nimlab 能处理的 {MAX_PILE_SETS} 组"
            )));
        }
        Ok(PatternSpec { piles, moves })
    }

    /// True when some move puts stones back.
    pub(crate) fn adds(&self) -> bool {
        self.moves.iter().any(|m| m.adds)
    }

    /// True when every pattern treats all piles alike (no explicit pile numbers).
    pub(crate) fn is_symmetric(&self) -> bool {
        self.moves.iter().all(|m| !matches!(m.pattern, Pattern::Piles(_)))
    }

    #[cfg(test)]
    /// The command-line form: `--piles 3 --move one:1..3 --move all:1..`.
    pub(crate) fn arguments(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| format!(" --move {m}")).collect();
        format!("--piles {}{}", self.piles, moves.concat())
    }
}

/// A take-pattern game ready to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternGame {
    spec: PatternSpec,
    /// The largest pile a move may leave (games whose moves put stones back).
    cap: Option<u64>,
    /// Every pile set with its amounts, expanded from the patterns.
    sets: Vec<(Vec<usize>, Amounts)>,
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, PatternGame::from_params(spec.params())?))
}

impl PatternGame {
    /// The game a parsed specification describes.
    pub(crate) fn new(spec: PatternSpec) -> Self {
        let sets = spec
            .moves
            .iter()
            .flat_map(|m| m.pile_sets(spec.piles).into_iter().map(move |set| (set, m.amounts)))
            .collect();
        PatternGame { spec, sets, cap: None }
    }

    /// The game with moves that may put stones back, no pile ever above `cap`: its positions
    /// are finitely many (at most `(cap + 1)^piles`), so the loopy engine answers it.
    pub(crate) fn with_cap(spec: PatternSpec, cap: u64) -> Self {
        PatternGame { cap: Some(cap), ..PatternGame::new(spec) }
    }

    /// The game with these parameters (`piles`, `move`).
    ///
    /// # Errors
    /// What [`PatternSpec::parse`] rejects.
    pub(crate) fn from_params(params: &Params) -> Result<Self, EngineError> {
        Ok(PatternGame::new(PatternSpec::parse(params.count("piles"), params.texts("move"))?))
    }

    /// For each expanded pile set, whether its move puts stones back.
    fn adding(&self) -> impl Iterator<Item = bool> + '_ {
        self.spec.moves.iter().flat_map(|m| std::iter::repeat_n(m.adds, m.pile_sets(self.spec.piles).len()))
    }

    /// The rules for the dense three-pile table: `Some` for three piles with symmetric patterns
    /// and at most one amount range per pattern size.
    pub(crate) fn triple_rules(&self) -> Option<TripleRules> {
        if self.spec.piles != 3 || !self.spec.is_symmetric() || self.spec.adds() {
            return None;
        }
        let mut rules = TripleRules::default();
        for m in &self.spec.moves {
            let size = match m.pattern {
                Pattern::All => 3,
                Pattern::Any(j) => j,
                Pattern::Piles(_) => return None,
            };
            let slot = match size {
                1 => &mut rules.one,
                2 => &mut rules.two,
                _ => &mut rules.three,
            };
            if slot.is_some_and(|a| a != m.amounts) {
                return None;
            }
            *slot = Some(m.amounts);
        }
        Some(rules)
    }

    /// Grundy values of every three-pile position with piles at most `bound` by the dense
    /// solver, or `None` when [`PatternGame::triple_rules`] is `None`.
    ///
    /// # Errors
    /// [`Exhausted`] when the table exceeds `budget`.
    pub(crate) fn triple_table(&self, bound: u64, budget: &Budget) -> Result<Option<TripleTable>, Exhausted> {
        self.triple_rules().map(|rules| triple_grundy_table(&rules, bound, budget)).transpose()
    }
}

impl Game for PatternGame {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, piles)
    }

    /// Lazily: amounts may be unbounded and piles huge.
    fn for_each_option(
        &self,
        piles: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for ((set, amounts), adds) in self.sets.iter().zip(self.adding()) {
            if adds {
                // Up to the cap: the largest pile of the set may grow to it.
                let top = set.iter().map(|&i| piles[i]).max().unwrap_or(0);
                let room = self.cap.unwrap_or(0).saturating_sub(top);
                for t in amounts.up_to(room) {
                    let mut option = piles.clone();
                    for &i in set {
                        option[i] += t;
                    }
                    visit(option)?;
                }
                continue;
            }
            let room = set.iter().map(|&i| piles[i]).min().unwrap_or(0);
            for t in amounts.up_to(room) {
                let mut option = piles.clone();
                for &i in set {
                    option[i] -= t;
                }
                visit(option)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        let mut canonical = piles.clone();
        if self.spec.is_symmetric() {
            canonical.sort_unstable();
        }
        canonical
    }
}

impl Ruleset for PatternGame {
    fn triple_table(&self, bound: u64, budget: &Budget) -> Result<Option<TripleTable>, Exhausted> {
        PatternGame::triple_table(self, bound, budget)
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        let piles = self.spec.piles;
        let plural = if piles == 1 { "" } else { "s" };
        let game = if self.cap.is_some() { "loopy-pattern" } else { "pattern" };
        expect_heaps(game, numbers, piles, words!("{piles} pile size{plural}", "{piles} 堆的大小"))?;
        if let Some(cap) = self.cap {
            if let Some(pile) = numbers.iter().find(|n| **n > BigUint::from(cap)) {
                return Err(EngineError::InvalidPosition(words!(
                    "a pile of {pile} is above the game's cap {cap} (the largest pile)",
                    "有一堆 {pile} 个，超过了游戏的上限 {cap}（最大的堆）"
                )));
            }
        }
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        to_u64s(numbers)
    }

    fn numbers(&self, piles: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(piles)
    }

    /// The root's options: for each pile set, the amounts that fit its smallest pile.
    fn search_cost(&self, piles: &[BigUint]) -> SearchCost {
        if self.cap.is_some() {
            // Moves may raise a pile: no box bounds the search (the loopy engine answers).
            return SearchCost::default();
        }
        let root: BigUint = self
            .sets
            .iter()
            .map(|(set, amounts)| {
                let room = set.iter().map(|&i| &piles[i]).min().cloned().unwrap_or_default();
                amounts.count_up_to(&room)
            })
            .sum();
        box_search_cost(piles, root)
    }

    /// The piles are named from 1, as people count them (the patterns' grammar, `0,2:1..`,
    /// numbers them from 0).
    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        let Some(&index) = changed.first() else { return lang.pick("pass", "不走").into() };
        let first = index + 1;
        if to[index] > from[index] {
            let amount = &to[index] - &from[index];
            let names: Vec<String> = changed.iter().map(|i| (i + 1).to_string()).collect();
            return match changed.len() {
                1 => say!(lang, "put {amount} back on pile {first}", "在第 {first} 堆放回 {amount} 个"),
                _ => say!(
                    lang,
                    "put {amount} back on each of piles {}",
                    "在第 {} 堆各放回 {amount} 个",
                    names.join(lang.pick(", ", "、"))
                ),
            };
        }
        let amount = &from[index] - &to[index];
        let names: Vec<String> = changed.iter().map(|i| (i + 1).to_string()).collect();
        match changed.len() {
            1 => say!(lang, "take {amount} from pile {first}", "从第 {first} 堆取走 {amount} 个"),
            n if n == from.len() && n > 1 => {
                say!(lang, "take {amount} from every pile", "从每一堆各取走 {amount} 个")
            }
            _ => say!(
                lang,
                "take {amount} from each of piles {}",
                "从第 {} 堆各取走 {amount} 个",
                names.join(lang.pick(", ", "、"))
            ),
        }
    }

    /// Two piles: the line kernel (normal play); otherwise the generic path.
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        match self.spec.line_moves() {
            Some(lines) => line_grid(&lines, request, budget),
            None => Ok(None),
        }
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(HeapBox::new(self.spec.piles, bound))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(self.spec.piles, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::big;
    use crate::game::{Outcome, Play};
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn pattern(piles: u64, moves: &[&str]) -> Result<Box<dyn AnyGame>, EngineError> {
        let piles = piles.to_string();
        let mut pairs = vec![("piles", piles.as_str())];
        pairs.extend(moves.iter().map(|m| ("move", *m)));
        GameSpec::from_pairs("pattern", &pairs)?.build(&Budget::default())
    }

    fn grundy(game: &dyn AnyGame, piles: &[BigUint]) -> BigUint {
        let analysis = game
            .analyze(&trusted(piles), &Query::new(Method::Search, Play::Normal), &Budget::default())
            .unwrap();
        analysis.grundy.value().cloned().unwrap()
    }

    #[test]
    fn nim_form_agrees_with_nim() {
        let form = pattern(3, &["one:1.."]).unwrap();
        let nim = test_game("nim");
        for piles in heap_box(3, 9) {
            assert_eq!(grundy(form.as_ref(), &piles), grundy(nim.as_ref(), &piles), "{piles:?}");
        }
    }

    #[test]
    fn bash_form_agrees_with_bash() {
        for max in 1..=5u64 {
            let form = pattern(1, &[&format!("one:1..{max}")]).unwrap();
            let bash = test_game(&format!("bash --max {max}"));
            for piles in heap_box(1, 60) {
                assert_eq!(grundy(form.as_ref(), &piles), grundy(bash.as_ref(), &piles));
            }
        }
    }

    /// Wythoff's P-positions by exact integers: a_k = floor(k*phi) = (k + isqrt(5k^2)) / 2,
    /// b_k = a_k + k.
    fn wythoff_p(bound: u64) -> Vec<(u64, u64)> {
        (0..=bound)
            .map(|k| {
                let a = (k + (5 * k * k).isqrt()) / 2;
                (a, a + k)
            })
            .filter(|&(_, b)| b <= bound)
            .collect()
    }

    #[test]
    fn wythoff_form_reproduces_wythoff_p_positions() {
        let form = pattern(2, &["one:1..", "all:1.."]).unwrap();
        let expected = wythoff_p(60);
        assert_eq!(&expected[..5], &[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
        for a in 0..=60u64 {
            for b in 0..=60u64 {
                let p = form
                    .analyze(
                        &trusted(&[big(a), big(b)]),
                        &Query::new(Method::Search, Play::Normal),
                        &Budget::default(),
                    )
                    .unwrap()
                    .outcome
                    == Outcome::P;
                let listed = expected.contains(&(a.min(b), a.max(b)));
                assert_eq!(p, listed, "({a}, {b})");
            }
        }
    }

    #[test]
    fn wythoff_form_agrees_with_wythoff() {
        let form = pattern(2, &["one:1..", "all:1.."]).unwrap();
        let wythoff = test_game("wythoff");
        for piles in heap_box(2, 30) {
            let a = form
                .analyze(&trusted(&piles), &Query::new(Method::Search, Play::Normal), &Budget::default())
                .unwrap();
            let b = wythoff
                .analyze(&trusted(&piles), &Query::new(Method::Search, Play::Normal), &Budget::default())
                .unwrap();
            assert_eq!(a.grundy, b.grundy, "{piles:?}");
            let to = |m: &[crate::MoveReport]| m.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
            assert_eq!(to(&a.winning_moves), to(&b.winning_moves), "{piles:?}");
            let theory = wythoff
                .analyze(&trusted(&piles), &Query::new(Method::Theory, Play::Normal), &Budget::default())
                .unwrap();
            assert_eq!(a.outcome, theory.outcome, "{piles:?}");
        }
    }

    #[test]
    fn apple_form_agrees_with_apple() {
        for max in 1..=4u64 {
            for bounded in [false, true] {
                let all = if bounded { format!("all:1..{max}") } else { "all:1..".into() };
                let form = pattern(3, &[&format!("one:1..{max}"), &all]).unwrap();
                let flag = if bounded { " --bounded-equal" } else { "" };
                let apple = test_game(&format!("apple --max {max}{flag}"));
                for piles in heap_box(3, 10) {
                    let a = form
                        .analyze(
                            &trusted(&piles),
                            &Query::new(Method::Search, Play::Normal),
                            &Budget::default(),
                        )
                        .unwrap();
                    let b = apple
                        .analyze(
                            &trusted(&piles),
                            &Query::new(Method::Search, Play::Normal),
                            &Budget::default(),
                        )
                        .unwrap();
                    assert_eq!(a.grundy, b.grundy, "{piles:?}");
                    let to = |m: &[crate::MoveReport]| m.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
                    assert_eq!(to(&a.winning_moves), to(&b.winning_moves), "{piles:?}");
                }
            }
        }
    }

    #[test]
    fn apple_form_reproduces_the_paper_tables() {
        use crate::rulesets::apple::tests::{PAPER_S3, PAPER_S4};
        for (max, paper) in [(3u64, PAPER_S3), (4, PAPER_S4)] {
            let spec = PatternSpec::parse(3, &[format!("one:1..{max}"), "all:1..".into()]).unwrap();
            let table = PatternGame::new(spec).triple_table(9, &Budget::default()).unwrap().unwrap();
            for (m, row) in (1..=9u64).zip(paper) {
                let got: String =
                    (1..=9u64).map(|n| if table.get([m, n, n]) == Some(0) { '0' } else { '1' }).collect();
                assert_eq!(got, row, "S = {max}, M = {m}");
            }
        }
    }

    #[test]
    fn explicit_piles_and_any_j() {
        // Take from pile 0 alone, or from piles 0 and 2 together; pile 1 never changes. Emptying
        // pile 0 ends the game, so both moves from (2, 5, 2) win.
        let g = pattern(3, &["0:1..", "0,2:1.."]).unwrap();
        let a = g
            .analyze(
                &trusted(&[big(2), big(5), big(2)]),
                &Query::new(Method::Search, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["take 2 from pile 1", "take 2 from each of piles 1, 3"]);
        let b = g
            .analyze(
                &trusted(&[big(1), big(5), big(3)]),
                &Query::new(Method::Search, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(b.outcome, Outcome::N);
        assert_eq!(
            g.analyze(
                &trusted(&[big(0), big(5), big(3)]),
                &Query::new(Method::Search, Play::Normal),
                &Budget::default()
            )
            .unwrap()
            .outcome,
            Outcome::P
        );
        // any2 on three piles with one:1.. is the same game as the symmetric dense table.
        let spec = PatternSpec::parse(3, &["one:1..2".into(), "any2:1..".into()]).unwrap();
        let dense = PatternGame::new(spec.clone()).triple_table(8, &Budget::default()).unwrap().unwrap();
        let name: GameSpec = format!("pattern {}", spec.arguments()).parse().unwrap();
        let generic = engine(&name, PatternGame::new(spec));
        for piles in heap_box(3, 8) {
            let p: Vec<u64> = to_u64s(&piles).unwrap();
            assert_eq!(
                grundy(generic.as_ref(), &piles),
                big(u64::from(dense.get([p[0], p[1], p[2]]).unwrap()))
            );
        }
        assert_eq!(subsets(4, 2).len(), 6);
        assert_eq!(binomial(32, 16), 601_080_390);
    }

    /// The move texts in Chinese: one pile, some piles, every pile; the English ones unchanged.
    #[test]
    fn chinese_move_texts() {
        let g = pattern(3, &["0:1..", "0,2:1..", "all:1.."]).unwrap();
        let zh = Query { lang: Lang::Zh, ..Query::new(Method::Search, Play::Normal) };
        let en = Query::new(Method::Search, Play::Normal);
        let piles = [big(2), big(5), big(2)];
        let texts = |query: &Query| -> Vec<String> {
            let a = g.analyze(&trusted(&piles), query, &Budget::default()).unwrap();
            a.winning_moves.into_iter().map(|m| m.text).collect()
        };
        assert_eq!(
            texts(&en),
            ["take 2 from pile 1", "take 2 from each of piles 1, 3", "take 2 from every pile"]
        );
        assert_eq!(texts(&zh), ["从第 1 堆取走 2 个", "从第 1、3 堆各取走 2 个", "从每一堆各取走 2 个"]);
        let game = PatternGame::new(PatternSpec::parse(3, &["all:1..".into()]).unwrap());
        let (from, to) = (to_bigs(&[3, 4, 5]), to_bigs(&[1, 2, 3]));
        assert_eq!(game.describe_move(&from, &to, Lang::En), "take 2 from every pile");
        assert_eq!(game.describe_move(&from, &to, Lang::Zh), "从每一堆各取走 2 个");
        assert_eq!(game.describe_move(&from, &from, Lang::En), "pass");
        assert_eq!(game.describe_move(&from, &from, Lang::Zh), "不走");
        for text in texts(&zh) {
            assert_eq!(english_words(&text), Vec::<&str>::new(), "{text}");
        }
    }

    #[test]
    fn display_round_trips() {
        let moves: Vec<String> =
            ["one:1..3", "all:1..", "any2:2", "0,2:1..4"].iter().map(|s| s.to_string()).collect();
        let spec = PatternSpec::parse(3, &moves).unwrap();
        assert_eq!(
            spec.arguments(),
            "--piles 3 --move one:1..3 --move all:1.. --move any2:2 --move 0,2:1..4"
        );
        let again = PatternSpec::parse(3, &["any1:1..=3".into(), "all:1..".into()]).unwrap();
        assert_eq!(again.arguments(), "--piles 3 --move one:1..3 --move all:1..");
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let cases: [(u64, &[&str], &str); 10] = [
            (3, &["0,3:1.."], "names pile 3, but the game has piles 0..=2"),
            (3, &["one:3..1"], "the amount range 3..1 is empty"),
            (3, &["one:1..0"], "the amount range 1..0 is empty"),
            (3, &["one:0"], "at least 1"),
            (3, &["one:0.."], "at least 1"),
            (3, &["one"], "PATTERN:AMOUNTS"),
            (3, &["some:1"], "unknown pattern 'some'"),
            (3, &["any4:1"], "any4 must take from 1 to 3 piles"),
            (3, &["1,1:1"], "names pile 1 twice"),
            (0, &["one:1"], "invalid value '0' for the parameter 'piles': it must be 1..32"),
        ];
        for (piles, moves, message) in cases {
            let err = pattern(piles, moves).err().unwrap();
            assert!(matches!(err, EngineError::Spec(_)), "{err:?}");
            assert!(err.to_string().contains(message), "{moves:?}: {err}");
        }
        let err = pattern(3, &[]).err().unwrap();
        assert!(err.to_string().contains("the game 'pattern' needs the parameter 'move'"), "{err}");
        // The ruleset's own parser refuses the same, for callers that bypass the spec.
        let err = PatternSpec::parse(0, &["one:1".into()]).unwrap_err();
        assert!(err.to_string().contains("piles must be between 1 and 32"), "{err}");
        let err = PatternSpec::parse(3, &[]).unwrap_err();
        assert!(err.to_string().contains("at least one move"), "{err}");
        assert!(GameSpec::named("pattern").is_err());
        let g = pattern(3, &["one:1.."]).unwrap();
        assert!(g.check_position(&[big(1), big(2)]).is_err());
    }
}
