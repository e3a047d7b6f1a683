//! [`CommandError`]: a request that is invalid in a way only a command sees (a range, a count, a
//! template, a file), as data. Its words in both languages are made from that data when a surface
//! asks ([`CommandError::words`]): one source per kind for every surface.
//!
//! The kinds that carry another parser's fault (a graph file's syntax, an expression's, a
//! family's or a code pattern's) carry it typed, and word it in both languages through its own
//! `words`; only the system's reason a file cannot be read is text (the system's, in its
//! language), named in both languages' sentences.

use std::fmt;

use nimlab_engine::loopy::SyntaxFault;
use nimlab_engine::nimber::ExprFault;
use nimlab_engine::octal::AtlasError;
use nimlab_engine::periodicity::FamilyError;
use nimlab_engine::{NaturalError, Words};

/// `Words` from an English and a Chinese `format!` with the same arguments.
macro_rules! words {
    ($en:literal, $zh:literal $(, $($arg:tt)*)?) => {
        Words { en: format!($en $(, $($arg)*)?), zh: format!($zh $(, $($arg)*)?) }
    };
}

/// A request a command cannot serve as asked (the caller's fault: exit status 2, HTTP 400).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// A family of parameter sets that does not parse, or is too large.
    BadFamily(FamilyError),
    /// `sweep --report` of a family nothing is stored for.
    NoStoredRows {
        /// The family's definition.
        family: String,
    },
    /// A malformed nimber expression.
    BadExpression {
        /// The expression.
        expression: String,
        /// The column of the fault, from 1.
        column: usize,
        /// What is wrong there.
        fault: ExprFault,
    },
    /// A function to emit from a period that was not certified.
    NoCertifiedPeriod {
        /// The game's title.
        title: String,
        /// The values computed.
        values: u64,
    },
    /// A function to emit from a sequence whose period was not seen.
    NoPeriodSeen {
        /// The game's title.
        title: String,
        /// The values computed.
        values: u64,
    },
    /// A checkpoint for a game with no sequence to keep.
    NothingToCheckpoint {
        /// The game with its parameters.
        game: String,
    },
    /// `period` with a limit of 0 values.
    ZeroLimit,
    /// `period` of a game whose positions are not one heap.
    PeriodNotOneHeap {
        /// The game with its parameters.
        game: String,
        /// Why one heap is not a position of it.
        reason: Words,
    },
    /// A Grundy value that does not fit a checkpoint's 32 bits.
    ValueBeyondCheckpoint {
        /// The game with its parameters.
        game: String,
    },
    /// A checkpoint file holding another game's sequence.
    CheckpointOfAnother {
        /// The file.
        path: String,
        /// The game it holds.
        found: String,
        /// The game asked for.
        game: String,
    },
    /// A file that is not a checkpoint.
    NotACheckpoint {
        /// The file.
        path: String,
    },
    /// A code pattern that does not expand.
    BadPattern(AtlasError),
    /// `--report` of an atlas with nothing stored.
    NothingStored,
    /// `--merge` without a store to merge into.
    MergeNeedsStore,
    /// An atlas without a pattern (`compute`: one asked to compute).
    AtlasNeedsPattern {
        /// The atlas was to compute (else to report).
        compute: bool,
    },
    /// A grid picture beyond its cells.
    GridPictureTooLarge {
        /// The most cells.
        max: u64,
    },
    /// A sequence picture beyond its heaps.
    SequencePictureBeyond {
        /// The largest heap.
        max: u64,
    },
    /// A misère quotient of a game that has none here.
    NoMisereQuotient {
        /// The game.
        game: String,
    },
    /// A game on a graph file without its file.
    GraphFileMissing {
        /// The game.
        game: String,
    },
    /// `players` for a loopy game of two players.
    LoopyPlayers {
        /// The game.
        game: String,
    },
    /// A graph file on a surface that reads no files.
    FilesNotRead {
        /// The file named.
        path: String,
    },
    /// The server reads no files: the graph's text is sent instead.
    ServerReadsNoFiles {
        /// The file named.
        path: String,
    },
    /// A graph file that cannot be read.
    UnreadableFile {
        /// The file.
        path: String,
        /// What the system says.
        reason: String,
    },
    /// A token that is not a list of non-negative integers.
    BadTokenNumber {
        /// The number.
        number: String,
        /// The token.
        token: String,
    },
    /// A malformed graph text.
    BadGraphText {
        /// Where the graph comes from (a file's name).
        source: String,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
        /// What is wrong there.
        fault: SyntaxFault,
    },
    /// A graph text with no vertex.
    EmptyGraph {
        /// Where the graph comes from (a file's name).
        source: String,
    },
    /// Fair Shares with no coin.
    NoCoins,
    /// Fair Shares beyond the coins listed.
    TooManyCoins {
        /// The coins asked for.
        coins: u64,
        /// The most.
        max: u64,
    },
    /// A token naming no position of the game.
    UnknownVertex {
        /// The game.
        game: String,
        /// The token.
        token: String,
    },
    /// `prove` for fewer than 2 players.
    TooFewPlayers {
        /// The players asked for.
        players: u32,
    },
    /// `prove` from 0 heaps.
    HeapsFromOne,
    /// `prove` for too many player counts at once.
    TooManyProofs {
        /// The fewest players.
        low: u32,
        /// The most players.
        high: u32,
        /// The most player counts at once.
        max: u32,
    },
    /// A part of a sum with no game.
    PartWithoutGame,
    /// A part of a sum with a bad number.
    BadPartNumber {
        /// The part.
        part: String,
        /// Why the number is not one.
        reason: NaturalError,
    },
    /// Misère play with `players`.
    MiserePlayers,
    /// A loopy game's `solve` with no token.
    NoTokens {
        /// The game.
        game: String,
    },
    /// A token game on a graph asked as a game of heaps (Python).
    GraphGameByTokens {
        /// The game.
        game: String,
    },
    /// A token game on a graph asked of a game that is not on a graph.
    NotGraphGame {
        /// The game.
        game: String,
    },
    /// A number of players that is not a whole number.
    NotPlayers {
        /// The text given.
        text: String,
    },
    /// Misère play asked of a sum (a sum is answered in normal play).
    SumNormalPlay,
    /// `players` asked of a sum (a sum is answered for two players).
    SumPlayers,
    /// `players` asked of a table (a table holds two players' values).
    TablePlayers,
    /// A period asked of a table that is not a sequence.
    PeriodOfSequence,
    /// Grundy values asked of a misère table.
    GrundyNormalPlay,
    /// A word of a position that is not a whole number.
    BadNumber {
        /// Why the word is not one (it names the word).
        reason: NaturalError,
    },
    /// A position with more numbers than the surface's fixed limit.
    TooManyNumbers {
        /// The limit.
        max: usize,
    },
    /// A number with more digits than the surface's fixed limit.
    TooManyDigits {
        /// The limit.
        max: usize,
        /// The digits given.
        digits: usize,
    },
    /// The option store with misère play or players.
    ShardsNormalPlay,
    /// An option's value beyond the store's 64 bits.
    OptionValueBeyondStore {
        /// The value.
        value: String,
    },
    /// An option's value the engine does not know.
    OptionValueUnknown,
    /// The rectangles' winning moves with misère play or players.
    RectanglesNormalPlay,
    /// A table without a range.
    TableNeedsRange,
    /// A table report beyond its cells.
    TableTooLarge {
        /// The most cells.
        max: u64,
    },
    /// A table with more cells than the machine can address.
    TableBeyondAddressSpace,
    /// A loopy game's table as a grid or an (M, N, N) table.
    LoopyGrid {
        /// The game.
        game: String,
    },
    /// A loopy table asked for its tokens.
    LoopyTableTokens,
    /// An (M, N, N) table in misère play.
    MnnNormalPlay,
    /// An (M, N, N) table with an empty range.
    MnnEmptyRange,
    /// An (M, N, N) table of a game without three symmetric piles.
    MnnUnsupported,
}

impl CommandError {
    /// The kind as a stable code (kebab case), for surfaces that tell kinds apart.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::BadFamily(_) => "bad-family",
            CommandError::NoStoredRows { .. } => "no-stored-rows",
            CommandError::BadExpression { .. } => "bad-expression",
            CommandError::NoCertifiedPeriod { .. } => "no-certified-period",
            CommandError::NoPeriodSeen { .. } => "no-period-seen",
            CommandError::NothingToCheckpoint { .. } => "nothing-to-checkpoint",
            CommandError::ZeroLimit => "zero-limit",
            CommandError::PeriodNotOneHeap { .. } => "period-not-one-heap",
            CommandError::ValueBeyondCheckpoint { .. } => "value-beyond-checkpoint",
            CommandError::CheckpointOfAnother { .. } => "checkpoint-of-another",
            CommandError::NotACheckpoint { .. } => "not-a-checkpoint",
            CommandError::BadPattern(_) => "bad-pattern",
            CommandError::NothingStored => "nothing-stored",
            CommandError::MergeNeedsStore => "merge-needs-store",
            CommandError::AtlasNeedsPattern { .. } => "atlas-needs-pattern",
            CommandError::GridPictureTooLarge { .. } => "grid-picture-too-large",
            CommandError::SequencePictureBeyond { .. } => "sequence-picture-beyond",
            CommandError::NoMisereQuotient { .. } => "no-misere-quotient",
            CommandError::GraphFileMissing { .. } => "graph-file-missing",
            CommandError::LoopyPlayers { .. } => "loopy-players",
            CommandError::FilesNotRead { .. } => "files-not-read",
            CommandError::ServerReadsNoFiles { .. } => "server-reads-no-files",
            CommandError::UnreadableFile { .. } => "unreadable-file",
            CommandError::BadTokenNumber { .. } => "bad-token-number",
            CommandError::BadGraphText { .. } => "bad-graph-text",
            CommandError::EmptyGraph { .. } => "empty-graph",
            CommandError::NoCoins => "no-coins",
            CommandError::TooManyCoins { .. } => "too-many-coins",
            CommandError::UnknownVertex { .. } => "unknown-vertex",
            CommandError::TooFewPlayers { .. } => "too-few-players",
            CommandError::HeapsFromOne => "heaps-from-one",
            CommandError::TooManyProofs { .. } => "too-many-proofs",
            CommandError::PartWithoutGame => "part-without-game",
            CommandError::BadPartNumber { .. } => "bad-part-number",
            CommandError::MiserePlayers => "misere-players",
            CommandError::NoTokens { .. } => "no-tokens",
            CommandError::GraphGameByTokens { .. } => "graph-game-by-tokens",
            CommandError::NotGraphGame { .. } => "not-graph-game",
            CommandError::NotPlayers { .. } => "not-players",
            CommandError::SumNormalPlay => "sum-normal-play",
            CommandError::SumPlayers => "sum-players",
            CommandError::TablePlayers => "table-players",
            CommandError::PeriodOfSequence => "period-of-sequence",
            CommandError::GrundyNormalPlay => "grundy-normal-play",
            CommandError::BadNumber { .. } => "bad-number",
            CommandError::TooManyNumbers { .. } => "too-many-numbers",
            CommandError::TooManyDigits { .. } => "too-many-digits",
            CommandError::ShardsNormalPlay => "shards-normal-play",
            CommandError::OptionValueBeyondStore { .. } => "option-value-beyond-store",
            CommandError::OptionValueUnknown => "option-value-unknown",
            CommandError::RectanglesNormalPlay => "rectangles-normal-play",
            CommandError::TableNeedsRange => "table-needs-range",
            CommandError::TableTooLarge { .. } => "table-too-large",
            CommandError::TableBeyondAddressSpace => "table-beyond-address-space",
            CommandError::LoopyGrid { .. } => "loopy-grid",
            CommandError::LoopyTableTokens => "loopy-table-tokens",
            CommandError::MnnNormalPlay => "mnn-normal-play",
            CommandError::MnnEmptyRange => "mnn-empty-range",
            CommandError::MnnUnsupported => "mnn-unsupported",
        }
    }

    /// What is wrong, in both languages, from the error's data.
    pub fn words(&self) -> Words {
        match self {
            CommandError::BadFamily(error) => error.words(),
            CommandError::NoStoredRows { family } => {
                words!("no stored rows for {family}", "{family} 没有存下的行")
            }
            CommandError::BadExpression { expression, column, fault } => {
                let Words { en, zh } = fault.words();
                words!(
                    "in the expression '{expression}', at column {column}: {en}",
                    "表达式“{expression}”的第 {column} 列有误：{zh}"
                )
            }
            CommandError::NoCertifiedPeriod { title, values } => words!(
                "{title}: no period was certified within {values} values, so there is no function to emit (raise --limit)",
                "{title}：在 {values} 个值内没有得到证明的周期，所以没有可输出的函数（请加大 --limit）"
            ),
            CommandError::NoPeriodSeen { title, values } => words!(
                "{title}: no period or saltus was seen over n < {values}, so there is no function to emit",
                "{title}：在 n < {values} 内没有看到周期或跃变，所以没有可输出的函数"
            ),
            CommandError::NothingToCheckpoint { game } => words!(
                "checkpoints keep the sequences of take-and-break games (octal codes, Kayles, Grundy's game) and \
                 of families of graphs (--graph grid:3xn); '{game}' computes none to keep",
                "检查点保存取分游戏（八进制代码、凯尔斯、格伦迪游戏）和图族（--graph grid:3xn）的序列；\
                 “{game}”没有要保存的序列"
            ),
            CommandError::ZeroLimit => {
                words!("period needs a limit of at least 1 value", "period 的上限至少是 1 个值")
            }
            CommandError::PeriodNotOneHeap { game, reason } => Words {
                en: format!("period needs a game whose positions are one heap; {game}: {}", reason.en),
                zh: format!("period 需要局面是一堆的游戏；{game}：{}", reason.zh),
            },
            CommandError::ValueBeyondCheckpoint { game } => words!(
                "a value of {game} does not fit a checkpoint",
                "{game} 的一个 SG 值超出了检查点能存的范围"
            ),
            CommandError::CheckpointOfAnother { path, found, game } => words!(
                "the checkpoint '{path}' holds the sequence of {found}, not of {game}; name another file",
                "检查点“{path}”存的是 {found} 的序列，不是 {game} 的；请换一个文件"
            ),
            CommandError::NotACheckpoint { path } => words!(
                "'{path}' is not a checkpoint of nimlab; name another file",
                "“{path}”不是 nimlab 的检查点；请换一个文件"
            ),
            CommandError::BadPattern(error) => error.words(),
            CommandError::NothingStored => words!(
                "no game of the pattern is in the store yet; run the atlas without --report",
                "存储里还没有这个模式的游戏；请去掉 --report 先计算图册"
            ),
            CommandError::MergeNeedsStore => words!(
                "merging shard stores needs the store to merge into (--db)",
                "合并分片存储需要一个合并进去的存储（--db）"
            ),
            CommandError::AtlasNeedsPattern { compute: true } => words!(
                "an atlas needs a pattern of codes to compute (--codes 0.??)",
                "计算图册需要一个代码模式（--codes 0.??）"
            ),
            CommandError::AtlasNeedsPattern { compute: false } => words!(
                "an atlas needs a pattern of codes (--codes 0.??)",
                "图册需要一个代码模式（--codes 0.??）"
            ),
            CommandError::GridPictureTooLarge { max } => words!(
                "a grid picture has at most {max} cells (a fixed limit)",
                "二维图片至多有 {max} 个格子（固定上限）"
            ),
            CommandError::SequencePictureBeyond { max } => words!(
                "a sequence picture goes up to at most {max} (a fixed limit)",
                "序列图片最多到 {max}（固定上限）"
            ),
            CommandError::NoMisereQuotient { game } => words!(
                "{game} has no misère quotient here: it is computed for take-and-break games with a code (octal, \
                 kayles, dawson-kayles, dawsons-chess, subtraction; see nimlab games)",
                "{game} 在这里没有反常商：反常商只对有代码的取分游戏计算（octal、kayles、dawson-kayles、\
                 dawsons-chess、subtraction；见 nimlab games）"
            ),
            CommandError::GraphFileMissing { game } => {
                words!("{game} needs its graph's file", "{game} 需要它的图文件")
            }
            CommandError::LoopyPlayers { game } => words!(
                "{game} is a loopy game of two players: players does not apply",
                "{game} 是两人的循环游戏：不能指定玩家人数（players）"
            ),
            CommandError::FilesNotRead { path } => words!(
                "this game's graph file ({path}) is not read here: nimlab solve GAME --file FILE VERTEX..., \
                 nimlab table GAME --file FILE; in Python Game(GAME, file=FILE); on the web API the graph's text as graph=TEXT",
                "这里不读这个游戏的图文件（{path}）：请用 nimlab solve GAME --file FILE VERTEX...、\
                 nimlab table GAME --file FILE；在 Python 里用 Game(GAME, file=FILE)；网页接口用 graph=TEXT 发送图的文本"
            ),
            CommandError::ServerReadsNoFiles { path } => words!(
                "the server reads no files ({path}): send the graph's text as graph=TEXT \
                 (an edge list, `u v` per line, or Graphviz DOT)",
                "服务器不读文件（{path}）：请用 graph=TEXT 发送图的文本（边表，每行 `u v`，或 Graphviz DOT）"
            ),
            CommandError::UnreadableFile { path, reason } => words!(
                "cannot read the graph file {path}: {reason}",
                "无法读取图文件 {path}：{reason}"
            ),
            CommandError::BadTokenNumber { number, token } => words!(
                "`{number}` in `{token}` is not a non-negative integer",
                "`{token}` 里的 `{number}` 不是非负整数"
            ),
            CommandError::BadGraphText { source, line, column, fault } => {
                let Words { en, zh } = fault.words();
                words!("{source}: line {line}, column {column}: {en}", "{source}：第 {line} 行第 {column} 列：{zh}")
            }
            CommandError::EmptyGraph { source } => words!(
                "{source}: the graph is empty: it has no vertices",
                "{source}：这个图是空的，没有顶点"
            ),
            CommandError::NoCoins => words!("Fair Shares needs at least 1 coin", "公平分配至少要有 1 枚硬币"),
            CommandError::TooManyCoins { coins, max } => words!(
                "{coins} coins is more than nimlab lists for Fair Shares ({max}, a fixed limit: the positions are the partitions of the coins)",
                "{coins} 枚硬币超过了 nimlab 为公平分配列出的数目（{max}，固定上限：局面是硬币数的分拆）"
            ),
            CommandError::UnknownVertex { game, token } => words!(
                "{game} has no position named `{token}`",
                "{game} 没有名为 `{token}` 的局面"
            ),
            CommandError::TooFewPlayers { players } => words!(
                "a game needs at least 2 players, got {players}",
                "一个游戏至少要有 2 个玩家，这里是 {players}"
            ),
            CommandError::HeapsFromOne => words!(
                "the heaps start at 1 (no heaps is the end of the game)",
                "堆数从 1 开始（没有堆就是游戏结束）"
            ),
            CommandError::TooManyProofs { low, high, max } => words!(
                "players {low}..{high} asks for more than {max} proofs; prove fewer \
                 player counts at once (from n = N + 2 on, the value is N: Theorem 1)",
                "玩家人数 {low}..{high} 要求超过 {max} 个证明；请一次证明更少的人数（从 n = N + 2 起，值是 N：定理 1）"
            ),
            CommandError::PartWithoutGame => {
                words!("a part needs a game, e.g. \"nim 3 4\"", "一个部分需要一个游戏，例如 \"nim 3 4\"")
            }
            CommandError::BadPartNumber { part, reason } => {
                let Words { en, zh } = reason.words();
                words!("in \"{part}\": {en}", "“{part}”里的数不对：{zh}")
            }
            CommandError::MiserePlayers => words!(
                "misère play is for two players; players takes the standard alliance matrix",
                "反常规则只用于两人游戏；指定玩家人数（players）时用标准联盟矩阵"
            ),
            CommandError::NoTokens { game } => words!(
                "give a position of {game}: one vertex name per token (a table lists every position)",
                "请给出 {game} 的一个局面：每个棋子一个顶点名（表会列出每个局面）"
            ),
            CommandError::GraphGameByTokens { game } => words!(
                "{game} is a token game on a graph: solve(vertices) and table() answer it",
                "{game} 是图上的棋子游戏：用 solve(vertices) 和 table() 回答"
            ),
            CommandError::NotGraphGame { game } => {
                words!("{game} is not a game on a graph", "{game} 不是图上的游戏")
            }
            CommandError::NotPlayers { text } => words!(
                "'{text}' is not a number of players: expected an integer of at least 2",
                "“{text}”不是玩家人数：应为不小于 2 的整数"
            ),
            CommandError::SumNormalPlay => words!(
                "a sum is answered in normal play: misère play does not apply",
                "和只按正常规则回答：不能用反常规则"
            ),
            CommandError::SumPlayers => words!(
                "a sum is answered for two players: players does not apply",
                "和只按两人游戏回答：不能指定玩家人数（players）"
            ),
            CommandError::TablePlayers => words!(
                "a table holds two players' values: players does not apply",
                "表里是两人游戏的值：不能指定玩家人数（players）"
            ),
            CommandError::PeriodOfSequence => words!(
                "a period is a sequence's: ask a table of one heap (upto N)",
                "周期属于序列：请要一堆的表（upto N）"
            ),
            CommandError::GrundyNormalPlay => words!(
                "Grundy values are normal play's: a misère table shows outcomes",
                "格兰迪值只属于正常规则：反常规则的表显示胜负"
            ),
            CommandError::BadNumber { reason } => {
                let Words { en, zh } = reason.words();
                words!("{en}: heap sizes are whole numbers", "{zh}：堆的大小是非负整数")
            }
            CommandError::TooManyNumbers { max } => words!(
                "a position has at most {max} numbers (a fixed limit)",
                "一个局面至多有 {max} 个数（固定上限）"
            ),
            CommandError::TooManyDigits { max, digits } => words!(
                "a number has at most {max} digits (a fixed limit); this one has {digits}",
                "一个数至多有 {max} 位（固定上限）；这个数有 {digits} 位"
            ),
            CommandError::ShardsNormalPlay => words!(
                "--db and --shard solve normal play with two players: a misère position's value is not the mex of its options'",
                "--db 和 --shard 只解两人正常规则：反常规则下局面的值不是其后继值的 mex"
            ),
            CommandError::OptionValueBeyondStore { value } => words!(
                "an option's value, {value}, is beyond what the store holds",
                "一个后继局面的值 {value} 超出了存储能存的范围"
            ),
            CommandError::OptionValueUnknown => words!(
                "an option's Grundy value is unknown to the engine (no search or theory gives it)",
                "引擎不知道一个后继局面的 SG 值（搜索和理论都给不出）"
            ),
            CommandError::RectanglesNormalPlay => words!(
                "--rectangles lists winning moves under normal play with two players",
                "--rectangles 只列出两人正常规则下的必胜走法"
            ),
            CommandError::TableNeedsRange => words!(
                "a table needs a range: upto N (one heap), rows R and cols C (two heaps), or the (M, N, N) \
                 ranges of a three-pile game; only a loopy game's table lists every position without one",
                "表需要一个范围：upto N（一堆）、rows R 和 cols C（两堆），或三堆游戏的 (M, N, N) 范围；\
                 只有循环游戏的表不需要范围就列出每个局面"
            ),
            CommandError::TableTooLarge { max } => words!(
                "a table report holds at most {max} cells (a fixed limit); larger tables are streamed",
                "一份表报告至多有 {max} 个格子（固定上限）；更大的表按流输出"
            ),
            CommandError::TableBeyondAddressSpace => words!(
                "the table has more cells than this machine can address",
                "这张表的格子数超过了这台机器能寻址的范围"
            ),
            CommandError::LoopyGrid { game } => words!(
                "{game} is a loopy game: its table lists every position reachable from its positions up to a bound \
                 (upto N), not a grid",
                "{game} 是循环游戏：它的表列出从不超过上限（upto N）的局面可达的每个局面，不是二维表"
            ),
            CommandError::LoopyTableTokens => words!("a loopy table has no tokens", "循环游戏的表没有棋子"),
            CommandError::MnnNormalPlay => {
                words!("(M, N, N) tables are for normal play", "(M, N, N) 表只用于正常规则")
            }
            CommandError::MnnEmptyRange => words!(
                "the ranges of an (M, N, N) table must not be empty",
                "(M, N, N) 表的范围不能是空的"
            ),
            CommandError::MnnUnsupported => words!(
                "(M, N, N) tables need three piles and symmetric patterns (one, anyJ, all), at most one amount \
                 range per pattern size",
                "(M, N, N) 表需要三堆和对称的模式（one、anyJ、all），每种模式大小至多一个数量范围"
            ),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl std::error::Error for CommandError {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Latin words that may stay in a Chinese text: commands, flags, parameters and the Python
    /// and web API's syntax as typed, and names of code families (anything else, once the data
    /// is taken out, is English left behind).
    const SYNTAX: &[&str] = &[
        "nimlab",
        "period",
        "limit",
        "graph",
        "grid",
        "codes",
        "players",
        "solve",
        "table",
        "GAME",
        "file",
        "FILE",
        "VERTEX",
        "Python",
        "Game",
        "TEXT",
        "Graphviz",
        "DOT",
        "upto",
        "rows",
        "cols",
        "one",
        "anyJ",
        "all",
        "mex",
        "shard",
        "report",
        "merge",
        "octal",
        "kayles",
        "dawson",
        "dawsons",
        "chess",
        "subtraction",
        "games",
        "nim",
        "vertices",
    ];

    /// Both languages non-empty, the Chinese really Chinese, both naming every value of `data`,
    /// and no English left in the Chinese once the data is taken out.
    fn check(error: &CommandError, data: &[&str]) {
        check_words(error.code(), &error.words(), data);
        assert_eq!(error.to_string(), error.words().en);
    }

    /// [`check`] for any error's words, `kind` naming it in a failure (every report error's
    /// kinds use it too).
    pub(crate) fn check_words(kind: &str, words: &Words, data: &[&str]) {
        assert!(!words.en.trim().is_empty() && !words.zh.trim().is_empty(), "{kind}");
        assert!(words.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{kind}: {}", words.zh);
        let mut zh = words.zh.clone();
        let mut data = data.to_vec();
        data.sort_by_key(|d| std::cmp::Reverse(d.len()));
        for d in data {
            assert!(words.en.contains(d), "{kind}: the English does not name {d}: {}", words.en);
            assert!(words.zh.contains(d), "{kind}: the Chinese does not name {d}: {}", words.zh);
            zh = zh.replace(d, " ");
        }
        let english: Vec<&str> = zh
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 3 && !SYNTAX.contains(w))
            .collect();
        assert!(english.is_empty(), "{kind}: English left in the Chinese ({english:?}): {}", words.zh);
    }

    /// Every kind with sample data and the values its words must name.
    fn samples() -> Vec<(CommandError, Vec<&'static str>)> {
        use CommandError as E;
        let s = String::from;
        let why = Words { en: s("two heaps are given"), zh: s("给了两堆") };
        vec![
            (E::BadFamily(FamilyError::DeclaredTwice { name: s("c") }), vec!["c"]),
            (E::NoStoredRows { family: s("{1,a,a+2}") }, vec!["{1,a,a+2}"]),
            (
                E::BadExpression { expression: s("3 + "), column: 4, fault: ExprFault::UnmatchedClose },
                vec!["3 + ", "4", "')'"],
            ),
            (E::NoCertifiedPeriod { title: s("0.007"), values: 1000 }, vec!["0.007", "1000", "--limit"]),
            (E::NoPeriodSeen { title: s("SUB{1,4}"), values: 77 }, vec!["SUB{1,4}", "77"]),
            (E::NothingToCheckpoint { game: s("wythoff") }, vec!["wythoff"]),
            (E::ZeroLimit, vec![]),
            (E::PeriodNotOneHeap { game: s("wythoff"), reason: why.clone() }, vec!["wythoff"]),
            (E::ValueBeyondCheckpoint { game: s("octal --code 0.7") }, vec!["octal --code 0.7"]),
            (
                E::CheckpointOfAnother { path: s("k.ckpt"), found: s("kayles"), game: s("dawson-kayles") },
                vec!["k.ckpt", "kayles", "dawson-kayles"],
            ),
            (E::NotACheckpoint { path: s("notes.txt") }, vec!["notes.txt"]),
            (
                E::BadPattern(AtlasError::TooManyCodes { pattern: s("0.??"), codes: 64, limit: 10 }),
                vec!["`0.??`", "64", "10"],
            ),
            (E::NothingStored, vec!["--report"]),
            (E::MergeNeedsStore, vec!["--db"]),
            (E::AtlasNeedsPattern { compute: true }, vec!["--codes 0.??"]),
            (E::GridPictureTooLarge { max: 4000000 }, vec!["4000000"]),
            (E::SequencePictureBeyond { max: 100000 }, vec!["100000"]),
            (E::NoMisereQuotient { game: s("wythoff") }, vec!["wythoff"]),
            (E::GraphFileMissing { game: s("geography") }, vec!["geography"]),
            (E::LoopyPlayers { game: s("graph") }, vec!["graph"]),
            (E::FilesNotRead { path: s("g.txt") }, vec!["g.txt"]),
            (E::ServerReadsNoFiles { path: s("g.txt") }, vec!["g.txt", "graph=TEXT"]),
            (
                E::UnreadableFile { path: s("g.txt"), reason: s("No such file or directory (os error 2)") },
                vec!["g.txt", "No such file or directory (os error 2)"],
            ),
            (E::BadTokenNumber { number: s("x"), token: s("3 x") }, vec!["`x`", "`3 x`"]),
            (
                E::BadGraphText { source: s("g.txt"), line: 2, column: 5, fault: SyntaxFault::StraySlash },
                vec!["g.txt", "2", "5", "`/`"],
            ),
            (E::EmptyGraph { source: s("g.txt") }, vec!["g.txt"]),
            (E::NoCoins, vec![]),
            (E::TooManyCoins { coins: 81, max: 80 }, vec!["81", "80"]),
            (E::UnknownVertex { game: s("graph g.txt"), token: s("z") }, vec!["graph g.txt", "`z`"]),
            (E::TooFewPlayers { players: 1 }, vec!["1"]),
            (E::HeapsFromOne, vec![]),
            (E::TooManyProofs { low: 2, high: 200, max: 100 }, vec!["2..200", "100"]),
            (E::PartWithoutGame, vec!["\"nim 3 4\""]),
            (E::BadPartNumber { part: s("nim x"), reason: NaturalError::NotWhole(s("x")) }, vec!["nim x"]),
            (E::MiserePlayers, vec![]),
            (E::NoTokens { game: s("geography") }, vec!["geography"]),
            (E::GraphGameByTokens { game: s("graph --file g.txt") }, vec!["graph --file g.txt"]),
            (E::NotGraphGame { game: s("nim") }, vec!["nim"]),
            (E::NotPlayers { text: s("three") }, vec!["three"]),
            (E::SumNormalPlay, vec![]),
            (E::SumPlayers, vec![]),
            (E::TablePlayers, vec![]),
            (E::PeriodOfSequence, vec!["upto N"]),
            (E::GrundyNormalPlay, vec![]),
            (E::BadNumber { reason: NaturalError::Negative(s("-3")) }, vec!["-3"]),
            (E::TooManyNumbers { max: 64 }, vec!["64"]),
            (E::TooManyDigits { max: 400, digits: 401 }, vec!["400", "401"]),
            (E::ShardsNormalPlay, vec!["--db", "--shard"]),
            (E::OptionValueBeyondStore { value: s("18446744073709551616") }, vec!["18446744073709551616"]),
            (E::OptionValueUnknown, vec![]),
            (E::RectanglesNormalPlay, vec!["--rectangles"]),
            (E::TableNeedsRange, vec!["upto N", "rows R", "cols C", "(M, N, N)"]),
            (E::TableTooLarge { max: 1000000 }, vec!["1000000"]),
            (E::TableBeyondAddressSpace, vec![]),
            (E::LoopyGrid { game: s("fair-shares") }, vec!["fair-shares"]),
            (E::LoopyTableTokens, vec![]),
            (E::MnnNormalPlay, vec!["(M, N, N)"]),
            (E::MnnEmptyRange, vec!["(M, N, N)"]),
            (E::MnnUnsupported, vec!["(M, N, N)"]),
        ]
    }

    /// Where a kind stands among the samples; a new kind is a new arm (the match is exhaustive)
    /// and needs a sample.
    fn slot(e: &CommandError) -> usize {
        use CommandError as E;
        match e {
            E::BadFamily(_) => 0,
            E::NoStoredRows { .. } => 1,
            E::BadExpression { .. } => 2,
            E::NoCertifiedPeriod { .. } => 3,
            E::NoPeriodSeen { .. } => 4,
            E::NothingToCheckpoint { .. } => 5,
            E::ZeroLimit => 6,
            E::PeriodNotOneHeap { .. } => 7,
            E::ValueBeyondCheckpoint { .. } => 8,
            E::CheckpointOfAnother { .. } => 9,
            E::NotACheckpoint { .. } => 10,
            E::BadPattern(_) => 11,
            E::NothingStored => 12,
            E::MergeNeedsStore => 13,
            E::AtlasNeedsPattern { .. } => 14,
            E::GridPictureTooLarge { .. } => 15,
            E::SequencePictureBeyond { .. } => 16,
            E::NoMisereQuotient { .. } => 17,
            E::GraphFileMissing { .. } => 18,
            E::LoopyPlayers { .. } => 19,
            E::FilesNotRead { .. } => 20,
            E::ServerReadsNoFiles { .. } => 21,
            E::UnreadableFile { .. } => 22,
            E::BadTokenNumber { .. } => 23,
            E::BadGraphText { .. } => 24,
            E::EmptyGraph { .. } => 25,
            E::NoCoins => 26,
            E::TooManyCoins { .. } => 27,
            E::UnknownVertex { .. } => 28,
            E::TooFewPlayers { .. } => 29,
            E::HeapsFromOne => 30,
            E::TooManyProofs { .. } => 31,
            E::PartWithoutGame => 32,
            E::BadPartNumber { .. } => 33,
            E::MiserePlayers => 34,
            E::NoTokens { .. } => 35,
            E::GraphGameByTokens { .. } => 36,
            E::NotGraphGame { .. } => 37,
            E::ShardsNormalPlay => 38,
            E::OptionValueBeyondStore { .. } => 39,
            E::OptionValueUnknown => 40,
            E::TableNeedsRange => 41,
            E::TableTooLarge { .. } => 42,
            E::TableBeyondAddressSpace => 43,
            E::LoopyGrid { .. } => 44,
            E::LoopyTableTokens => 45,
            E::MnnNormalPlay => 46,
            E::MnnEmptyRange => 47,
            E::MnnUnsupported => 48,
            E::NotPlayers { .. } => 49,
            E::SumNormalPlay => 50,
            E::SumPlayers => 51,
            E::TablePlayers => 52,
            E::PeriodOfSequence => 53,
            E::GrundyNormalPlay => 54,
            E::BadNumber { .. } => 55,
            E::TooManyNumbers { .. } => 56,
            E::TooManyDigits { .. } => 57,
            E::RectanglesNormalPlay => 58,
        }
    }
    const KINDS: usize = 59;

    #[test]
    fn every_command_error_has_its_words_in_both_languages() {
        let samples = samples();
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| slot(e)).collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..KINDS).collect::<Vec<_>>(), "one sample of every kind");
        let mut codes: Vec<&str> = samples.iter().map(|(e, _)| e.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), KINDS, "every kind has its own code");
        for (error, data) in &samples {
            check(error, data);
            let report = crate::ReportError::Invalid(error.clone());
            assert!(report.is_usage());
            assert_eq!(report.words(), error.words());
        }
        // The other form of a kind with two.
        check(&CommandError::AtlasNeedsPattern { compute: false }, &["--codes 0.??"]);
    }
}
