//! The graph file formats of the `graph` ruleset: text in, a [`NamedGraph`] out (the engine
//! reads no files; the surfaces hand it the text).
//!
//! * **Edge list**: one edge `u v` per line (the token may move from `u` to `v`), a line with
//!   one name declares a vertex (one with no moves, say), `#` starts a comment. Vertices are
//!   names (`a`, `start`, `17`): numbers are names too, numbered in order of first appearance.
//! * **Graphviz DOT**, the simple subset: `digraph NAME { a -> b; b -> c -> a; d; }`, names
//!   plain (`[A-Za-z0-9_.]`) or quoted, attribute lists `[...]` and `graph`/`node`/`edge`
//!   defaults ignored, `//`, `#` and `/* */` comments. A text whose first word is `digraph`
//!   (or `strict`) is read as DOT.
//!
//! Errors name the line and column (1-based).

use rustc_hash::FxHashMap;

use super::graph::{Digraph, GraphError};
use crate::budget::Budget;
use crate::lang::{words, Words};

/// A graph with the names of its vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedGraph {
    /// The vertices' names, by id.
    pub names: Vec<String>,
    /// The graph.
    pub graph: Digraph,
}

impl NamedGraph {
    /// The id of the vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }
}

/// What is wrong with a graph text, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A syntax error.
    #[error("line {line}, column {column}: {fault}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong.
        fault: SyntaxFault,
    },
    /// No vertex at all.
    #[error("the graph is empty: it has no vertices")]
    Empty,
    /// The graph could not be built (too large, budget).
    #[error(transparent)]
    Graph(#[from] GraphError),
}

/// What is wrong at a place of a graph text, as data; [`SyntaxFault::words`] words it in both
/// languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxFault {
    /// A word of an edge list that is not a vertex name.
    NotVertexName {
        /// The word.
        token: String,
    },
    /// A third word on an edge list's line.
    ThirdWord {
        /// The word.
        word: String,
    },
    /// A `/*` comment never closed.
    UnclosedComment,
    /// A `/` that starts no comment.
    StraySlash,
    /// An attribute list `[` never closed.
    UnclosedAttributes,
    /// A `-` followed by neither `>` nor `-`.
    DashWithoutArrow,
    /// A quoted name never closed.
    UnclosedQuote,
    /// A character outside the DOT subset.
    UnexpectedCharacter {
        /// The character.
        found: char,
    },
    /// An undirected `graph`.
    UndirectedGraph,
    /// No `digraph` keyword.
    ExpectedDigraph,
    /// No `{` after `digraph`.
    ExpectedOpen,
    /// The graph's `{` never closed.
    UnclosedBody,
    /// An `=` with no value.
    ExpectedValue,
    /// A `->` with no vertex after it.
    ExpectedHead,
    /// An undirected edge `--`.
    UndirectedEdge,
    /// A subgraph `{ ... }`.
    Subgraph,
    /// An edge with no vertex before it.
    EdgeWithoutTail,
    /// Neither a vertex nor an edge where a statement starts.
    ExpectedStatement,
    /// Text after the closing `}`.
    TextAfterClose,
}

impl SyntaxFault {
    /// What is wrong, in both languages, from the fault's data.
    pub fn words(&self) -> Words {
        match self {
            SyntaxFault::NotVertexName { token } => {
                words!("`{token}` is not a vertex name", "`{token}` 不是顶点名")
            }
            SyntaxFault::ThirdWord { word } => words!(
                "expected an edge `u v` (two vertex names), found a third word `{word}`",
                "应为一条边 `u v`（两个顶点名），却有第三个词 `{word}`"
            ),
            SyntaxFault::UnclosedComment => {
                words!("a comment `/*` is never closed", "注释 `/*` 没有闭合")
            }
            SyntaxFault::StraySlash => words!("unexpected `/`", "多余的 `/`"),
            SyntaxFault::UnclosedAttributes => {
                words!("an attribute list `[` is never closed", "属性列表 `[` 没有闭合")
            }
            SyntaxFault::DashWithoutArrow => words!("expected `->` after `-`", "`-` 后面应为 `->`"),
            SyntaxFault::UnclosedQuote => words!("a quoted name is never closed", "带引号的名字没有闭合"),
            SyntaxFault::UnexpectedCharacter { found } => {
                words!("unexpected character `{found}`", "意外的字符 `{found}`")
            }
            SyntaxFault::UndirectedGraph => words!(
                "an undirected `graph` has no direction to move in: write `digraph`",
                "无向图（graph）没有移动的方向：请写 `digraph`"
            ),
            SyntaxFault::ExpectedDigraph => words!("expected `digraph`", "应为 `digraph`"),
            SyntaxFault::ExpectedOpen => words!("expected `{{` after `digraph`", "`digraph` 后面应为 `{{`"),
            SyntaxFault::UnclosedBody => {
                words!("the graph's `{{` is never closed by `}}`", "图的 `{{` 没有用 `}}` 闭合")
            }
            SyntaxFault::ExpectedValue => words!("expected a value after `=`", "`=` 后面应有一个值"),
            SyntaxFault::ExpectedHead => {
                words!("expected a vertex name after `->`", "`->` 后面应有一个顶点名")
            }
            SyntaxFault::UndirectedEdge => {
                words!("undirected edges `--` are not moves: write `->`", "无向边 `--` 不是移动：请写 `->`")
            }
            SyntaxFault::Subgraph => words!(
                "subgraphs `{{ ... }}` are not part of the supported subset",
                "子图 `{{ ... }}` 不在支持的子集里"
            ),
            SyntaxFault::EdgeWithoutTail => {
                words!("an edge needs a vertex name before it", "边的前面需要一个顶点名")
            }
            SyntaxFault::ExpectedStatement => {
                words!("expected a vertex name or an edge", "应为一个顶点名或一条边")
            }
            SyntaxFault::TextAfterClose => {
                words!("text after the graph's closing `}}`", "图的结束 `}}` 后面还有文字")
            }
        }
    }
}

impl std::fmt::Display for SyntaxFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words().en)
    }
}

fn syntax(line: usize, column: usize, fault: SyntaxFault) -> ParseError {
    ParseError::Syntax { line, column, fault }
}

#[derive(Default)]
struct Builder {
    index: FxHashMap<String, u32>,
    names: Vec<String>,
    edges: Vec<(u32, u32)>,
}

impl Builder {
    fn vertex(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.index.insert(name.to_string(), i);
        self.names.push(name.to_string());
        i
    }

    fn finish(self, budget: &Budget) -> Result<NamedGraph, ParseError> {
        if self.names.is_empty() {
            return Err(ParseError::Empty);
        }
        let graph = Digraph::from_edges(self.names.len(), &self.edges, budget)?;
        Ok(NamedGraph { names: self.names, graph })
    }
}

/// Reads a graph from an edge list or DOT text (see the module doc); charges the budget for the
/// graph it builds.
///
/// # Errors
/// [`ParseError`] naming the line and column of the first error, or an empty graph.
pub fn parse_graph(text: &str, budget: &Budget) -> Result<NamedGraph, ParseError> {
    if is_dot(text) {
        parse_dot(text, budget)
    } else {
        parse_edge_list(text, budget)
    }
}

/// Is a graph's text Graphviz DOT: is its first word (comments left out) `digraph`, `strict` or
/// `graph`? Otherwise it is an edge list.
pub(crate) fn is_dot(text: &str) -> bool {
    let first = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    let word = first.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or("");
    ["digraph", "strict", "graph"].contains(&word)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| !c.is_whitespace() && !c.is_control())
}

/// Reads an edge list.
///
/// # Errors
/// As for [`parse_graph`].
pub(crate) fn parse_edge_list(text: &str, budget: &Budget) -> Result<NamedGraph, ParseError> {
    let mut b = Builder::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut tokens = Vec::new();
        let mut column = 0usize;
        let mut start: Option<usize> = None;
        for (c, ch) in line.chars().chain(std::iter::once(' ')).enumerate() {
            column = c;
            if ch.is_whitespace() {
                if let Some(s) = start.take() {
                    tokens.push((s + 1, line.chars().skip(s).take(c - s).collect::<String>()));
                }
            } else if start.is_none() {
                start = Some(c);
            }
        }
        let _ = column;
        for (col, token) in &tokens {
            if !valid_name(token) || token.contains("->") {
                return Err(syntax(i + 1, *col, SyntaxFault::NotVertexName { token: token.clone() }));
            }
        }
        match tokens.as_slice() {
            [] => {}
            [(_, u)] => {
                b.vertex(u);
            }
            [(_, u), (_, v)] => {
                let (u, v) = (b.vertex(u), b.vertex(v));
                b.edges.push((u, v));
            }
            [_, _, (col, extra), ..] => {
                return Err(syntax(i + 1, *col, SyntaxFault::ThirdWord { word: extra.clone() }));
            }
        }
    }
    b.finish(budget)
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Id(String),
    Arrow,
    Undirected,
    Open,
    Close,
    Semi,
    Attrs,
    Eq,
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Lexer<'_> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// The next token with its line and column, `None` at the end.
    fn next(&mut self) -> Result<Option<(Tok, usize, usize)>, ParseError> {
        loop {
            let Some(&c) = self.chars.peek() else { return Ok(None) };
            let (line, column) = (self.line, self.column);
            match c {
                c if c.is_whitespace() || c == ',' => {
                    self.bump();
                }
                '#' => {
                    while self.chars.peek().is_some_and(|&c| c != '\n') {
                        self.bump();
                    }
                }
                '/' => {
                    self.bump();
                    match self.bump() {
                        Some('/') => {
                            while self.chars.peek().is_some_and(|&c| c != '\n') {
                                self.bump();
                            }
                        }
                        Some('*') => {
                            let mut last = ' ';
                            loop {
                                match self.bump() {
                                    Some('/') if last == '*' => break,
                                    Some(c) => last = c,
                                    None => return Err(syntax(line, column, SyntaxFault::UnclosedComment)),
                                }
                            }
                        }
                        _ => return Err(syntax(line, column, SyntaxFault::StraySlash)),
                    }
                }
                '{' | '}' | ';' | '=' => {
                    self.bump();
                    let tok = match c {
                        '{' => Tok::Open,
                        '}' => Tok::Close,
                        ';' => Tok::Semi,
                        _ => Tok::Eq,
                    };
                    return Ok(Some((tok, line, column)));
                }
                '[' => {
                    while let Some(c) = self.bump() {
                        if c == ']' {
                            return Ok(Some((Tok::Attrs, line, column)));
                        }
                    }
                    return Err(syntax(line, column, SyntaxFault::UnclosedAttributes));
                }
                '-' => {
                    self.bump();
                    match self.bump() {
                        Some('>') => return Ok(Some((Tok::Arrow, line, column))),
                        Some('-') => return Ok(Some((Tok::Undirected, line, column))),
                        _ => return Err(syntax(line, column, SyntaxFault::DashWithoutArrow)),
                    }
                }
                '"' => {
                    self.bump();
                    let mut name = String::new();
                    loop {
                        match self.bump() {
                            Some('"') => break,
                            Some('\\') => {
                                if let Some(c) = self.bump() {
                                    name.push(c);
                                }
                            }
                            Some(c) => name.push(c),
                            None => return Err(syntax(line, column, SyntaxFault::UnclosedQuote)),
                        }
                    }
                    return Ok(Some((Tok::Id(name), line, column)));
                }
                c if c.is_alphanumeric() || c == '_' || c == '.' => {
                    let mut name = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if c.is_alphanumeric() || c == '_' || c == '.' {
                            name.push(c);
                            self.bump();
                        } else {
                            break;
                        }
                    }
                    return Ok(Some((Tok::Id(name), line, column)));
                }
                other => return Err(syntax(line, column, SyntaxFault::UnexpectedCharacter { found: other })),
            }
        }
    }
}

/// Reads Graphviz DOT's simple subset (see the module doc).
///
/// # Errors
/// As for [`parse_graph`].
pub(crate) fn parse_dot(text: &str, budget: &Budget) -> Result<NamedGraph, ParseError> {
    let mut lexer = Lexer { chars: text.chars().peekable(), line: 1, column: 1 };
    let mut toks = Vec::new();
    while let Some(t) = lexer.next()? {
        toks.push(t);
    }
    let end = (lexer.line, lexer.column);
    let at = |i: usize| toks.get(i).map_or(end, |t| (t.1, t.2));
    let mut i = 0;
    if matches!(toks.first(), Some((Tok::Id(w), ..)) if w == "strict") {
        i += 1;
    }
    match toks.get(i) {
        Some((Tok::Id(w), ..)) if w == "digraph" => i += 1,
        Some((Tok::Id(w), l, c)) if w == "graph" => return Err(syntax(*l, *c, SyntaxFault::UndirectedGraph)),
        _ => {
            let (l, c) = at(i);
            return Err(syntax(l, c, SyntaxFault::ExpectedDigraph));
        }
    }
    if let Some((Tok::Id(_), ..)) = toks.get(i) {
        i += 1;
    }
    if !matches!(toks.get(i), Some((Tok::Open, ..))) {
        let (l, c) = at(i);
        return Err(syntax(l, c, SyntaxFault::ExpectedOpen));
    }
    i += 1;
    let mut b = Builder::default();
    loop {
        let Some((tok, l, c)) = toks.get(i).cloned() else {
            let (l, c) = end;
            return Err(syntax(l, c, SyntaxFault::UnclosedBody));
        };
        match tok {
            Tok::Close => {
                i += 1;
                break;
            }
            Tok::Semi => i += 1,
            Tok::Id(w)
                if matches!(w.as_str(), "graph" | "node" | "edge")
                    && matches!(toks.get(i + 1), Some((Tok::Attrs, ..))) =>
            {
                i += 2;
            }
            Tok::Id(first) => {
                // `a = b` (a graph attribute) is ignored.
                if matches!(toks.get(i + 1), Some((Tok::Eq, ..))) {
                    if !matches!(toks.get(i + 2), Some((Tok::Id(_), ..))) {
                        let (l, c) = at(i + 2);
                        return Err(syntax(l, c, SyntaxFault::ExpectedValue));
                    }
                    i += 3;
                    continue;
                }
                let mut from = b.vertex(&first);
                i += 1;
                loop {
                    match toks.get(i) {
                        Some((Tok::Arrow, ..)) => match toks.get(i + 1) {
                            Some((Tok::Id(to), ..)) => {
                                let to = b.vertex(to);
                                b.edges.push((from, to));
                                from = to;
                                i += 2;
                            }
                            _ => {
                                let (l, c) = at(i + 1);
                                return Err(syntax(l, c, SyntaxFault::ExpectedHead));
                            }
                        },
                        Some((Tok::Undirected, l, c)) => {
                            return Err(syntax(*l, *c, SyntaxFault::UndirectedEdge))
                        }
                        Some((Tok::Attrs, ..)) => i += 1,
                        _ => break,
                    }
                }
            }
            Tok::Open => return Err(syntax(l, c, SyntaxFault::Subgraph)),
            Tok::Arrow | Tok::Undirected => return Err(syntax(l, c, SyntaxFault::EdgeWithoutTail)),
            Tok::Attrs | Tok::Eq => return Err(syntax(l, c, SyntaxFault::ExpectedStatement)),
        }
    }
    if let Some((_, l, c)) = toks.get(i) {
        return Err(syntax(*l, *c, SyntaxFault::TextAfterClose));
    }
    b.finish(budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<NamedGraph, ParseError> {
        parse_graph(text, &Budget::default())
    }

    #[test]
    fn an_edge_list_with_comments_and_names() {
        let g = parse("# a cycle with an exit\na b\nb c # back\nc a\n\nc end\nlonely\n").unwrap();
        assert_eq!(g.names, ["a", "b", "c", "end", "lonely"]);
        assert_eq!(g.graph.successors(2), &[0, 3]);
        assert!(g.graph.successors(4).is_empty());
        assert_eq!(g.vertex("end"), Some(3));
    }

    #[test]
    fn the_same_graph_in_dot() {
        let dot = "digraph G {\n  rankdir = LR; node [shape=circle]\n  a -> b -> c [color=red];\n  /* back */ c -> a; c -> end\n  \"lonely\"\n}\n";
        let g = parse(dot).unwrap();
        let list = parse("a b\nb c\nc a\nc end\nlonely\n").unwrap();
        assert_eq!(g, list);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let e = parse("a b\nb c d\n").unwrap_err().to_string();
        assert_eq!(e, "line 2, column 5: expected an edge `u v` (two vertex names), found a third word `d`");
        let e = parse("digraph {\n a -> ;\n}").unwrap_err().to_string();
        assert_eq!(e, "line 2, column 7: expected a vertex name after `->`");
        let e = parse("digraph {\n a -- b\n}").unwrap_err().to_string();
        assert_eq!(e, "line 2, column 4: undirected edges `--` are not moves: write `->`");
        let e = parse("digraph { a -> b").unwrap_err().to_string();
        assert_eq!(e, "line 1, column 17: the graph's `{` is never closed by `}`");
        let e = parse("graph { a -- b }").unwrap_err().to_string();
        assert!(e.starts_with("line 1, column 1: an undirected `graph`"), "{e}");
        assert_eq!(parse("# nothing\n\n").unwrap_err(), ParseError::Empty);
        assert_eq!(parse("digraph {}").unwrap_err(), ParseError::Empty);
    }

    /// Where a fault stands among the samples; a new fault is a new arm (the match is
    /// exhaustive) and needs a sample.
    fn slot(fault: &SyntaxFault) -> usize {
        match fault {
            SyntaxFault::NotVertexName { .. } => 0,
            SyntaxFault::ThirdWord { .. } => 1,
            SyntaxFault::UnclosedComment => 2,
            SyntaxFault::StraySlash => 3,
            SyntaxFault::UnclosedAttributes => 4,
            SyntaxFault::DashWithoutArrow => 5,
            SyntaxFault::UnclosedQuote => 6,
            SyntaxFault::UnexpectedCharacter { .. } => 7,
            SyntaxFault::UndirectedGraph => 8,
            SyntaxFault::ExpectedDigraph => 9,
            SyntaxFault::ExpectedOpen => 10,
            SyntaxFault::UnclosedBody => 11,
            SyntaxFault::ExpectedValue => 12,
            SyntaxFault::ExpectedHead => 13,
            SyntaxFault::UndirectedEdge => 14,
            SyntaxFault::Subgraph => 15,
            SyntaxFault::EdgeWithoutTail => 16,
            SyntaxFault::ExpectedStatement => 17,
            SyntaxFault::TextAfterClose => 18,
        }
    }

    #[test]
    fn every_syntax_fault_has_its_words_in_both_languages() {
        let samples: [(&str, &[&str]); 19] = [
            ("a b->c", &["`b->c`"]),
            ("a b\nb c d\n", &["`d`"]),
            ("digraph { /* a", &["`/*`"]),
            ("digraph { / }", &["`/`"]),
            ("digraph { a [x", &["`[`"]),
            ("digraph { a -x }", &["`->`", "`-`"]),
            ("digraph { \"a }", &[]),
            ("digraph { a ! }", &["`!`"]),
            ("graph { a -- b }", &["`digraph`"]),
            ("strict x { }", &["`digraph`"]),
            ("digraph g h", &["`{`", "`digraph`"]),
            ("digraph { a -> b", &["`{`", "`}`"]),
            ("digraph { a = ; }", &["`=`"]),
            ("digraph {\n a -> ;\n}", &["`->`"]),
            ("digraph {\n a -- b\n}", &["`--`", "`->`"]),
            ("digraph { { a } }", &["`{ ... }`"]),
            ("digraph { -> a }", &[]),
            ("digraph { [x] }", &[]),
            ("digraph { a } b", &["`}`"]),
        ];
        let mut slots = Vec::new();
        for (text, data) in samples {
            let Err(ParseError::Syntax { fault, .. }) = parse(text) else {
                panic!("{text:?} is not a syntax error")
            };
            slots.push(slot(&fault));
            let data: Vec<String> = data.iter().map(|d| d.to_string()).collect();
            crate::error::tests::check_words(&format!("{fault:?}"), &fault.words(), &data);
            assert_eq!(fault.to_string(), fault.words().en);
        }
        slots.sort_unstable();
        assert_eq!(slots, (0..19).collect::<Vec<_>>(), "one sample of every fault");
    }
}
