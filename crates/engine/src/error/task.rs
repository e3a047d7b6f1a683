//! [`Task`]: what a computation stopped by its budget was doing, as data (which game, which
//! position, which bound), carried by [`super::EngineError::Exhausted`] and
//! [`crate::tables::TableError::Exhausted`]. Its words in both languages are made from that data
//! when a surface asks ([`Task::words`]); its `Display` is the English.

use std::fmt;

use crate::budget::BYTES_PER_UNIT;
use crate::lang::{words, Words};

/// What a computation that ran out was doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// The generic search of a position.
    Search {
        /// The game with its parameters.
        game: String,
        /// The position, shortened.
        position: String,
    },
    /// The search of a position with more than two players.
    PlayersSearch {
        /// How many players.
        players: u32,
        /// The game with its parameters.
        game: String,
        /// The position, shortened.
        position: String,
    },
    /// The search for the best move of a position.
    BestMove {
        /// The game with its parameters.
        game: String,
        /// The position, shortened.
        position: String,
    },
    /// Listing the moves of a position.
    ListMoves {
        /// The game with its parameters.
        game: String,
        /// The position, shortened.
        position: String,
    },
    /// Verifying a game's theory against search.
    Verify {
        /// The game with its parameters.
        game: String,
    },
    /// Listing the P-positions of a game by search.
    ListP {
        /// The game.
        game: String,
    },
    /// Listing the P cells of a table.
    PCells,
    /// A table by the dense path, or by search, stopped at a cell.
    TableCell {
        /// By search (else the dense path).
        search: bool,
        /// The game with its parameters.
        game: String,
        /// The cell reached.
        cell: usize,
    },
    /// A grid of values, stopped at a row.
    GridRow {
        /// The row reached.
        row: u64,
    },
    /// A sequence of values, stopped at a heap.
    SequenceHeap {
        /// The heap reached.
        heap: u64,
    },
    /// Memory paid up front that does not fit what is left of the budget.
    Memory {
        /// What holds the memory.
        holder: Holder,
        /// The bytes needed.
        bytes: u128,
        /// The units they cost.
        units: u64,
        /// The units left.
        left: u64,
    },
    /// Memory held beyond the machine's memory ceiling.
    Holding {
        /// What holds the memory.
        holder: Holder,
        /// The bytes held.
        bytes: u128,
    },
    /// The search of the apple game's plan at a position.
    PlanSearch {
        /// The piles.
        position: String,
    },
    /// The apple game's plan at a position, holding some lines.
    Plan {
        /// The piles.
        position: String,
        /// The lines of the plan so far.
        lines: usize,
    },
    /// The values of a product's factors.
    FactorValues,
    /// The values of a coin-turning game, up to a coin or as far as asked.
    CoinValues {
        /// The game's name in both languages.
        game: Words,
        /// The last coin, when one was asked for.
        upto: Option<u64>,
    },
    /// Certifying a subtraction game's period.
    CertifyPeriod,
    /// The Grundy values of a take-and-break game up to a heap, for a table.
    GrundyValues {
        /// The game's title in both languages.
        game: Words,
        /// The largest heap.
        largest: u64,
    },
    /// Computing the Grundy values of a take-and-break game up to a heap, for a question.
    ComputeGrundyValues {
        /// The game.
        game: String,
        /// The largest heap.
        largest: u64,
    },
    /// Computing the Grundy sequence of a take-and-break game.
    ComputeSequence {
        /// The game.
        game: String,
    },
    /// The Grundy sequence of a take-and-break game, for its period.
    Sequence {
        /// The game.
        game: String,
    },
    /// The period of a take-and-break game, not seen in the values computed.
    PeriodUnseen {
        /// The game's title in both languages.
        game: Words,
        /// The values computed.
        values: u64,
        /// The largest value.
        largest: u32,
        /// How many rare values, when the game has them.
        rare: Option<u32>,
    },
    /// The checkpoint of a take-and-break game's sequence.
    Checkpoint {
        /// The game.
        game: String,
    },
    /// The table of large Nim's values on some heaps.
    NimTable {
        /// How many heaps.
        heaps: usize,
        /// The largest heap.
        max: u64,
    },
    /// The formula of large Nim's values on some heaps.
    NimFormula {
        /// How many heaps.
        heaps: usize,
    },
    /// Computing the misère quotient of an octal game.
    MisereQuotient {
        /// The octal code.
        code: String,
    },
    /// Verifying a misère quotient against search.
    VerifyQuotient {
        /// The game's title.
        game: String,
    },
    /// The analysis of a loopy game.
    LoopyAnalysis,
    /// The Grundy value of one part of a sum.
    SumPart {
        /// The part, counted from 1.
        part: usize,
        /// The part's game.
        game: String,
        /// The part's position, shortened.
        position: String,
    },
    /// Evaluating a nimber expression.
    Evaluation {
        /// The expression.
        expression: String,
    },
    /// A number of nim-products.
    NimProducts {
        /// How many.
        pairs: usize,
    },
    /// Nim arithmetic.
    NimArithmetic,
    /// The census of three-rowed Chomp.
    Census {
        /// The largest third row.
        upto: u64,
    },
    /// A grid of values.
    GridOfValues,
    /// Drawing a grid's picture.
    GridPicture,
    /// An atlas of octal games, in normal or misère play.
    Atlas {
        /// Misère play (else normal).
        misere: bool,
    },
    /// An atlas of octal games, with how far it went.
    AtlasRun {
        /// Misère play (else normal).
        misere: bool,
        /// The games finished.
        finished: usize,
        /// The games in all.
        total: usize,
        /// The finished games are stored, so running it again resumes.
        stored: bool,
    },
    /// The retrograde analysis of a graph's positions, or of those reachable from here.
    Retrograde {
        /// The graph's name (`None`: the positions reachable from the position asked about).
        graph: Option<String>,
    },
    /// The fixed-point iterations over a graph.
    FixedPoint {
        /// The graph's name.
        graph: String,
    },
    /// Listing the positions of a table.
    TablePositions,
    /// The (M, N, N) table of a game.
    TripleTable {
        /// The game with its parameters.
        game: String,
        /// The bound.
        bound: u64,
    },
    /// Writing a table out.
    WriteTable,
}

/// What holds memory paid for up front ([`Task::Memory`], [`Task::Holding`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holder {
    /// A grid collected in one vector.
    GridVector,
    /// A sequence collected in one vector.
    SequenceVector,
    /// The window of the subtraction games' generator.
    SubtractionWindow,
    /// A copy of the computed Grundy values.
    GrundyCopy,
    /// A dense table.
    DenseTable {
        /// Its cells.
        cells: u128,
    },
    /// One row of a grid.
    GridRow,
    /// The line kernel's bitsets and rows (and the upper triangle, when mirrored).
    LineKernel {
        /// The upper triangle is held too.
        triangle: bool,
    },
    /// The values of a product's factors.
    FactorValues,
    /// A period search.
    PeriodSearch,
    /// An array of values.
    Array {
        /// The array's element type.
        width: String,
        /// Its values.
        cells: u128,
    },
}

impl Holder {
    /// The holder's words in both languages.
    pub fn words(&self) -> Words {
        match self {
            Holder::GridVector => words!("the grid collected in one vector", "收集在一个向量中的网格"),
            Holder::SequenceVector => {
                words!("the sequence collected in one vector", "收集在一个向量中的序列")
            }
            Holder::SubtractionWindow => words!("the SUB(S) generator's window", "减法博弈生成器的窗口"),
            Holder::GrundyCopy => words!("a copy of the computed Grundy values", "已算出的 SG 函数值的副本"),
            Holder::DenseTable { cells } => words!("the dense table of {cells} cells", "{cells} 格的稠密表"),
            Holder::GridRow => words!("one row of the grid", "网格的一行"),
            Holder::LineKernel { triangle: true } => {
                words!("the line kernel's bitsets, rows and upper triangle", "线核的位集、行与上三角")
            }
            Holder::LineKernel { triangle: false } => {
                words!("the line kernel's bitsets and rows", "线核的位集与行")
            }
            Holder::FactorValues => words!("the factors' values", "因子的值"),
            Holder::PeriodSearch => words!("the period search", "周期搜索"),
            Holder::Array { width, cells } => {
                words!("the {width} array of {cells} values", "{cells} 个值的 {width} 数组")
            }
        }
    }
}

/// A game and a position as one text, e.g. `nim 3 4 5` (`nim` alone when the position is empty).
fn at(game: &str, position: &str) -> String {
    format!("{game} {position}").trim_end().to_string()
}

impl Task {
    /// The task's words in both languages, from its data.
    pub fn words(&self) -> Words {
        match self {
            Task::Search { game, position } => {
                let at = at(game, position);
                words!("the search of {at}", "对 {at} 的搜索")
            }
            Task::PlayersSearch { players, game, position } => {
                let at = at(game, position);
                words!("the {players}-player search of {at}", "对 {at} 的 {players} 人搜索")
            }
            Task::BestMove { game, position } => {
                let at = at(game, position);
                words!("the search for the best move of {at}", "对 {at} 最佳着法的搜索")
            }
            Task::ListMoves { game, position } => {
                let at = at(game, position);
                words!("listing the moves of {at}", "列出 {at} 的着法")
            }
            Task::Verify { game } => words!("verifying {game}", "验证 {game}"),
            Task::ListP { game } => words!("listing the P-positions of {game}", "列出 {game} 的必败态"),
            Task::PCells => words!("listing the P cells", "列出必败格"),
            Task::TableCell { search: false, game, cell } => {
                words!("the dense table of {game} stopped at cell {cell}", "{game} 的稠密表停在第 {cell} 格")
            }
            Task::TableCell { search: true, game, cell } => words!(
                "the search of the table of {game} stopped at cell {cell}",
                "对 {game} 的表的搜索停在第 {cell} 格"
            ),
            Task::GridRow { row } => words!("the grid stopped at row {row}", "网格停在第 {row} 行"),
            Task::SequenceHeap { heap } => {
                words!("the sequence stopped at heap {heap}", "序列停在大小为 {heap} 的堆")
            }
            Task::Memory { holder, bytes, units, left } => {
                let Words { en, zh } = holder.words();
                words!(
                    "{en} needs {bytes} bytes of memory ({units} units at {BYTES_PER_UNIT} bytes a unit) and {left} \
                     units are left",
                    "{zh}需要 {bytes} 字节内存（{units} 个单位，每单位 {BYTES_PER_UNIT} 字节），而只剩 {left} 个单位"
                )
            }
            Task::Holding { holder, bytes } => {
                let Words { en, zh } = holder.words();
                words!("{en} ({bytes} bytes)", "{zh}（{bytes} 字节）")
            }
            Task::PlanSearch { position } => {
                words!("the plan's search at {position}", "策略在 {position} 处的搜索")
            }
            Task::Plan { position, lines } => {
                words!(
                    "the plan at {position} (holding {lines} lines)",
                    "{position} 处的策略（已有 {lines} 行）"
                )
            }
            Task::FactorValues => words!("the factors' values", "因子的值"),
            Task::CoinValues { game: Words { en, zh }, upto: Some(upto) } => {
                words!("the values of {en} up to coin {upto}", "{zh}到第 {upto} 枚硬币的值")
            }
            Task::CoinValues { game: Words { en, zh }, upto: None } => {
                words!("the values of {en}", "{zh}的值")
            }
            Task::CertifyPeriod => words!("certifying the period", "证明周期"),
            Task::GrundyValues { game: Words { en, zh }, largest } => words!(
                "the Grundy values of {en} up to heap {largest}",
                "{zh}直到大小为 {largest} 的堆的 SG 函数值"
            ),
            Task::ComputeGrundyValues { game, largest } => words!(
                "computing the Grundy values of {game} up to heap {largest}",
                "计算 {game} 直到大小为 {largest} 的堆的 SG 函数值"
            ),
            Task::ComputeSequence { game } => {
                words!("computing the Grundy sequence of {game}", "计算 {game} 的 SG 序列")
            }
            Task::Sequence { game } => words!("the Grundy sequence of {game}", "{game} 的 SG 序列"),
            Task::PeriodUnseen { game: Words { en, zh }, values, largest, rare } => {
                let (rare_en, rare_zh) = match rare {
                    Some(r) => (format!("; {r} rare values"), format!("；{r} 个稀有值")),
                    None => (String::new(), String::new()),
                };
                words!(
                    "the period of {en} (no period in the {values} values computed; largest value {largest}{rare_en})",
                    "{zh}的周期（在算出的 {values} 个值中没有周期；最大值 {largest}{rare_zh}）"
                )
            }
            Task::Checkpoint { game } => words!("the checkpoint of {game}", "{game} 的检查点"),
            Task::NimTable { heaps, max } => {
                words!("the table of {heaps} heaps up to {max}", "{heaps} 堆、每堆至多 {max} 的表")
            }
            Task::NimFormula { heaps } => words!("the formula of {heaps} heaps", "{heaps} 堆的公式"),
            Task::MisereQuotient { code } => {
                words!("computing the misère quotient of {code}", "计算 {code} 的反常商")
            }
            Task::VerifyQuotient { game } => {
                words!("verifying the misère quotient of {game}", "验证 {game} 的反常商")
            }
            Task::LoopyAnalysis => words!("the loopy game's analysis", "有环博弈的分析"),
            Task::SumPart { part, game, position } => words!(
                "the Grundy value of part {part} ({game} {position})",
                "第 {part} 个部分（{game} {position}）的 SG 函数值"
            ),
            Task::Evaluation { expression } => {
                words!("the evaluation of '{expression}'", "对 '{expression}' 的求值")
            }
            Task::NimProducts { pairs } => words!("{pairs} nim-products", "{pairs} 个尼姆积"),
            Task::NimArithmetic => words!("the nim arithmetic", "尼姆运算"),
            Task::Census { upto } => words!(
                "the census of three-rowed Chomp up to the third row {upto}",
                "三行吃巧克力游戏的统计（第三行至多 {upto}）"
            ),
            Task::GridOfValues => words!("the grid of values", "值的网格"),
            Task::GridPicture => words!("drawing the grid picture", "绘制网格图"),
            Task::Atlas { misere: false } => words!("the atlas", "图谱"),
            Task::Atlas { misere: true } => words!("the misère atlas", "反常图谱"),
            Task::AtlasRun { misere, finished, total, stored } => {
                let Words { en, zh } = Task::Atlas { misere: *misere }.words();
                let (resume_en, resume_zh) = if *stored {
                    (" and stored; run it again to resume", "，已存储；再次运行即可继续")
                } else {
                    ("", "")
                };
                words!(
                    "{en} ({finished} of {total} games finished{resume_en})",
                    "{zh}（{total} 个博弈中完成了 {finished} 个{resume_zh}）"
                )
            }
            Task::Retrograde { graph: Some(graph) } => {
                words!("the retrograde analysis of {graph}", "对 {graph} 的逆向分析")
            }
            Task::Retrograde { graph: None } => words!(
                "the retrograde analysis of the positions reachable from here",
                "对从这里可达的局面的逆向分析"
            ),
            Task::FixedPoint { graph } => {
                words!("the fixed-point iterations over {graph}", "在 {graph} 上的不动点迭代")
            }
            Task::TablePositions => words!("listing the table's positions", "列出表中的局面"),
            Task::TripleTable { game, bound } => {
                words!("the (M, N, N) table of {game} up to {bound}", "{game} 直到 {bound} 的 (M, N, N) 表")
            }
            Task::WriteTable => words!("writing the table", "写出表格"),
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}
