//! [`RequestError`] and [`LimitReached`]: a request the engine cannot serve as asked, and an
//! output limit it reached, as data (which parameter, which bound, the offending value). Their
//! words in both languages are made from that data when a surface asks ([`RequestError::words`]),
//! one source per kind for the command line, the web API, the page and Python.

use std::fmt;

use super::CodeError;
use crate::lang::{words, Words};

/// A request the engine cannot serve as asked (the caller's fault: exit status 2, HTTP 400).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestError {
    /// P-positions were asked of a game whose positions are not heaps.
    NoHeapListing {
        /// The game.
        game: String,
        /// What its positions are instead.
        why: Words,
    },
    /// A table of heaps was asked of a game whose positions are not heaps.
    NoHeapTable {
        /// The game with its parameters.
        game: String,
        /// What its positions are instead.
        why: Words,
    },
    /// A listing on 0 heaps.
    NoHeaps,
    /// Grundy values in misère play (they are defined for normal play only).
    GrundyInMisere,
    /// A subtraction set with no take.
    EmptySet,
    /// A take of 0 in a subtraction set.
    ZeroTake,
    /// A coin-turning factor's value does not fit 64 bits.
    CoinValueTooWide,
    /// A table of a game on a graph whose graph (or board) is not a family with `n`.
    TableNeedsFamily {
        /// The game.
        game: String,
        /// The parameter holding the graph or board.
        param: &'static str,
        /// A family written in that parameter, e.g. `grid:3xn`.
        example: &'static str,
        /// A grid was asked for (a family in `m` and `n`), else a table of one number `n`.
        grid: bool,
    },
    /// A family's table beyond its largest member.
    FamilyBeyond {
        /// The largest `n` a family's table reaches.
        max: u64,
    },
    /// A member of a family has more vertices (or edges) than a position holds.
    MemberTooLarge {
        /// The member, e.g. `grid:3x90`.
        member: String,
        /// How many vertices or edges it has.
        count: usize,
        /// Edges (else vertices).
        edges: bool,
        /// The most a graph game allows.
        max: usize,
    },
    /// A member of a family has no vertex.
    MemberEmpty {
        /// The member.
        member: String,
    },
    /// A table of a take-and-break game beyond the heaps the sequence engine indexes.
    HeapsBeyondEngine {
        /// The largest heap the engine computes.
        max: u64,
    },
    /// The token game on a graph file, asked of the engine that answers heaps.
    GraphFileGame {
        /// The game.
        game: String,
    },
    /// `explore` with no heaps or a largest size of 0.
    ExploreNeedsHeaps,
    /// More values than the sequence engine indexes.
    TooManyValues {
        /// Values asked for.
        requested: u64,
        /// The most it computes.
        max: u64,
    },
    /// A misère check up to more tokens than any search indexes.
    TokensBeyondSearch {
        /// The tokens asked for.
        tokens: u64,
    },
    /// A loopy graph's edge names a vertex it does not have.
    EdgeBeyondGraph {
        /// The edge's tail.
        from: u32,
        /// The edge's head.
        to: u32,
        /// The graph's vertices.
        vertices: usize,
    },
    /// A loopy graph with more vertices than its ids allow.
    TooManyVertices {
        /// The vertices asked for.
        vertices: usize,
        /// The most a graph may have.
        max: usize,
    },
    /// A research question asked of a game that does not declare it.
    NotAnswered {
        /// The game.
        game: String,
        /// The question, with the commands that ask it.
        question: Words,
        /// The games that answer it.
        games: Vec<&'static str>,
    },
    /// A sum of no part.
    EmptySum,
    /// A parameter that should hold a take-and-break code does not.
    Code(CodeError),
    /// A subtraction game's take beyond what its misère quotient is computed for.
    TakeBeyondQuotient {
        /// The largest take.
        take: u64,
        /// The largest take computed for.
        max: u64,
    },
    /// An empty set of takes, or a take of 0, for a misère quotient.
    BadTakeSet,
    /// A sequence beyond the planner's bound.
    SequenceBeyond {
        /// The largest `upto`.
        max: u64,
    },
    /// A grid beyond the planner's bound.
    GridBeyond {
        /// The largest row or column.
        max: u64,
    },
    /// A sequence of a game whose positions are not one heap.
    NotOneHeap {
        /// The game with its parameters.
        game: String,
        /// Why one heap is not a position of it.
        reason: Words,
    },
    /// A grid of a game whose positions are not two heaps.
    NotTwoHeaps {
        /// The game with its parameters.
        game: String,
        /// Why two heaps are not a position of it.
        reason: Words,
    },
    /// Fewer than 2 players.
    TooFewPlayers {
        /// The players asked for.
        players: u32,
    },
}

impl RequestError {
    /// The kind as a stable code (kebab case), for surfaces that tell kinds apart.
    pub fn code(&self) -> &'static str {
        match self {
            RequestError::NoHeapListing { .. } => "no-heap-listing",
            RequestError::NoHeapTable { .. } => "no-heap-table",
            RequestError::NoHeaps => "no-heaps",
            RequestError::GrundyInMisere => "grundy-in-misere",
            RequestError::EmptySet => "empty-set",
            RequestError::ZeroTake => "zero-take",
            RequestError::CoinValueTooWide => "coin-value-too-wide",
            RequestError::TableNeedsFamily { .. } => "table-needs-family",
            RequestError::FamilyBeyond { .. } => "family-beyond",
            RequestError::MemberTooLarge { .. } => "member-too-large",
            RequestError::MemberEmpty { .. } => "member-empty",
            RequestError::HeapsBeyondEngine { .. } => "heaps-beyond-engine",
            RequestError::GraphFileGame { .. } => "graph-file-game",
            RequestError::ExploreNeedsHeaps => "explore-needs-heaps",
            RequestError::TooManyValues { .. } => "too-many-values",
            RequestError::TokensBeyondSearch { .. } => "tokens-beyond-search",
            RequestError::EdgeBeyondGraph { .. } => "edge-beyond-graph",
            RequestError::TooManyVertices { .. } => "too-many-vertices",
            RequestError::NotAnswered { .. } => "not-answered",
            RequestError::EmptySum => "empty-sum",
            RequestError::Code(_) => "bad-code",
            RequestError::TakeBeyondQuotient { .. } => "take-beyond-quotient",
            RequestError::BadTakeSet => "bad-take-set",
            RequestError::SequenceBeyond { .. } => "sequence-beyond",
            RequestError::GridBeyond { .. } => "grid-beyond",
            RequestError::NotOneHeap { .. } => "not-one-heap",
            RequestError::NotTwoHeaps { .. } => "not-two-heaps",
            RequestError::TooFewPlayers { .. } => "too-few-players",
        }
    }

    /// What is wrong, in both languages, from the error's data.
    pub fn words(&self) -> Words {
        match self {
            RequestError::NoHeapListing { game, why } => Words {
                en: format!("{game} lists no P-positions by heaps: {}; ask solve about a position", why.en),
                zh: format!("{game} 不按堆列出必败态：{}；请用 solve 询问一个局面", why.zh),
            },
            RequestError::NoHeapTable { game, why } => Words {
                en: format!("{game} has no table of heaps: {}", why.en),
                zh: format!("{game} 没有按堆的表：{}", why.zh),
            },
            RequestError::NoHeaps => words!("a position needs at least 1 heap", "一个局面至少要有 1 堆"),
            RequestError::GrundyInMisere => words!(
                "Grundy values are defined for normal play only; ask for outcomes in misère play",
                "SG 值只在正常规则下有定义；反常规则下请询问胜负"
            ),
            RequestError::EmptySet => words!("the set is empty", "可取数的集合是空的"),
            RequestError::ZeroTake => words!("every take must be at least 1", "每个可取数至少是 1"),
            RequestError::CoinValueTooWide => {
                words!("a coin value beyond 64 bits", "一枚硬币的 SG 值超出了 64 位")
            }
            RequestError::TableNeedsFamily { game, param, example, grid } => {
                let (en, zh) = if *param == "board" { ("board", "棋盘") } else { ("graph", "图") };
                if *grid {
                    Words {
                        en: format!(
                            "a grid of {game} lists the members of a family in two numbers: write m and n in the \
                             {en}, e.g. --{param} {example}"
                        ),
                        zh: format!("{game} 的二维表列出含两个数的一族的各个成员：在{zh}里写上 m 和 n，例如 --{param} {example}"),
                    }
                } else {
                    Words {
                        en: format!(
                            "a table of {game} lists the members of a family: write n in the {en}, e.g. --{param} \
                             {example}"
                        ),
                        zh: format!("{game} 的表列出一族的各个成员：在{zh}里写上 n，例如 --{param} {example}"),
                    }
                }
            }
            RequestError::FamilyBeyond { max } => words!(
                "a family's table goes up to n = {max} at most (each member is a whole search)",
                "一族的表最多到 n = {max}（每个成员都是一次完整的搜索）"
            ),
            RequestError::MemberTooLarge { member, count, edges, max } => {
                let (en, zh) = if *edges { ("edges", "条边") } else { ("vertices", "个顶点") };
                words!(
                    "the member {member}: the graph has {count} {en}; a graph game has at most {max}",
                    "成员 {member}：这个图有 {count} {zh}；图上的游戏至多有 {max} 个",
                )
            }
            RequestError::MemberEmpty { member } => words!(
                "the member {member}: the graph is empty: it has no vertices",
                "成员 {member}：这个图是空的，没有顶点"
            ),
            RequestError::HeapsBeyondEngine { max } => Words {
                en: format!(
                    "the sequence engine computes heaps below {}; ask for a table up to at most {max}",
                    u128::from(*max) + 1
                ),
                zh: format!("序列引擎只计算小于 {} 的堆；表最多到 {max}", u128::from(*max) + 1),
            },
            RequestError::GraphFileGame { game } => words!(
                "'{game}' is a token game on a graph file, answered by the loopy engine: nimlab solve graph --file G \
                 VERTEX..., or nimlab table graph --file G",
                "“{game}”是图文件上的棋子游戏，由循环游戏引擎回答：nimlab solve graph --file G VERTEX...，\
                 或 nimlab table graph --file G"
            ),
            RequestError::ExploreNeedsHeaps => words!(
                "explore needs at least one heap and a largest size of at least 1",
                "explore 至少要有一堆，最大的堆至少是 1"
            ),
            RequestError::TooManyValues { requested, max } => words!(
                "{requested} values asked for; the sequence engine computes at most {max} (positions are 32-bit)",
                "要求了 {requested} 个值；序列引擎至多计算 {max} 个（局面是 32 位的）"
            ),
            RequestError::TokensBeyondSearch { tokens } => words!(
                "a total of {tokens} tokens is beyond any search",
                "总共 {tokens} 个棋子超出了任何搜索的范围"
            ),
            RequestError::EdgeBeyondGraph { from, to, vertices } => words!(
                "the edge {from} -> {to} names a vertex beyond the graph's {vertices} vertices",
                "边 {from} -> {to} 用到的顶点超出了这个图的 {vertices} 个顶点"
            ),
            RequestError::TooManyVertices { vertices, max } => words!(
                "{vertices} vertices is more than a graph may have ({max}, a fixed limit)",
                "{vertices} 个顶点超过了一个图能有的数目（{max}，固定上限）"
            ),
            RequestError::NotAnswered { game, question, games } => Words {
                en: format!("'{game}' is not among the games with {}: {}", question.en, games.join(", ")),
                zh: format!("“{game}”不在有{}的游戏之中：{}", question.zh, games.join("、")),
            },
            RequestError::EmptySum => words!("a sum needs at least one part", "一个和至少要有一个部分"),
            RequestError::Code(error) => error.words(),
            RequestError::TakeBeyondQuotient { take, max } => words!(
                "a take of {take}: the misère quotient of a subtraction game is computed for takes up to {max}",
                "可取数 {take}：减法游戏的反常商只对不超过 {max} 的可取数计算"
            ),
            RequestError::BadTakeSet => words!(
                "the set of takes must be non-empty, each take at least 1",
                "可取数的集合不能是空的，每个可取数至少是 1"
            ),
            RequestError::SequenceBeyond { max } => {
                words!("a sequence goes up to at most {max}", "一个序列最多到 {max}")
            }
            RequestError::GridBeyond { max } => words!(
                "a grid's rows and columns go up to at most {max}",
                "一张二维表的行和列最多到 {max}"
            ),
            RequestError::NotOneHeap { game, reason } => Words {
                en: format!("a sequence needs a game on one heap; {game}: {}", reason.en),
                zh: format!("序列需要一堆上的游戏；{game}：{}", reason.zh),
            },
            RequestError::NotTwoHeaps { game, reason } => Words {
                en: format!("a grid needs a game on two heaps; {game}: {}", reason.en),
                zh: format!("二维表需要两堆上的游戏；{game}：{}", reason.zh),
            },
            RequestError::TooFewPlayers { players } => words!(
                "the number of players must be at least 2, got {players}",
                "玩家人数至少是 2，这里是 {players}"
            ),
        }
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl std::error::Error for RequestError {}

/// An output limit of the request that the answer reached (not the work budget).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitReached {
    /// A winner's whole plan needs more lines than the request allows.
    PlanLines {
        /// The line limit.
        limit: u64,
    },
}

impl LimitReached {
    /// The limit as a stable code (kebab case).
    pub fn code(&self) -> &'static str {
        match self {
            LimitReached::PlanLines { .. } => "plan-lines",
        }
    }

    /// Which limit was reached, in both languages.
    pub fn words(&self) -> Words {
        match self {
            LimitReached::PlanLines { limit } => Words {
                en: format!(
                    "the plan needs more than {limit} line{} (the line limit)",
                    if *limit == 1 { "" } else { "s" }
                ),
                zh: format!("这个策略需要超过 {limit} 行（行数上限）"),
            },
        }
    }
}

impl fmt::Display for LimitReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}
