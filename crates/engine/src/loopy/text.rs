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
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No vertex at all.
    #[error("the graph is empty: it has no vertices")]
    Empty,
    /// The graph could not be built (too large, budget).
    #[error(transparent)]
    Graph(#[from] GraphError),
}

fn syntax(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError::Syntax { line, column, message: message.into() }
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
                return Err(syntax(i + 1, *col, format!("`{token}` is not a vertex name")));
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
                return Err(syntax(
                    i + 1,
                    *col,
                    format!("expected an edge `u v` (two vertex names), found a third word `{extra}`"),
                ));
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
                                    None => {
                                        return Err(syntax(line, column, "a comment `/*` is never closed"))
                                    }
                                }
                            }
                        }
                        _ => return Err(syntax(line, column, "unexpected `/`")),
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
                    return Err(syntax(line, column, "an attribute list `[` is never closed"));
                }
                '-' => {
                    self.bump();
                    match self.bump() {
                        Some('>') => return Ok(Some((Tok::Arrow, line, column))),
                        Some('-') => return Ok(Some((Tok::Undirected, line, column))),
                        _ => return Err(syntax(line, column, "expected `->` after `-`")),
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
                            None => return Err(syntax(line, column, "a quoted name is never closed")),
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
                other => return Err(syntax(line, column, format!("unexpected character `{other}`"))),
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
        Some((Tok::Id(w), l, c)) if w == "graph" => {
            return Err(syntax(*l, *c, "an undirected `graph` has no direction to move in: write `digraph`"))
        }
        _ => {
            let (l, c) = at(i);
            return Err(syntax(l, c, "expected `digraph`"));
        }
    }
    if let Some((Tok::Id(_), ..)) = toks.get(i) {
        i += 1;
    }
    if !matches!(toks.get(i), Some((Tok::Open, ..))) {
        let (l, c) = at(i);
        return Err(syntax(l, c, "expected `{` after `digraph`"));
    }
    i += 1;
    let mut b = Builder::default();
    loop {
        let Some((tok, l, c)) = toks.get(i).cloned() else {
            let (l, c) = end;
            return Err(syntax(l, c, "the graph's `{` is never closed by `}`"));
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
                        return Err(syntax(l, c, "expected a value after `=`"));
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
                                return Err(syntax(l, c, "expected a vertex name after `->`"));
                            }
                        },
                        Some((Tok::Undirected, l, c)) => {
                            return Err(syntax(*l, *c, "undirected edges `--` are not moves: write `->`"))
                        }
                        Some((Tok::Attrs, ..)) => i += 1,
                        _ => break,
                    }
                }
            }
            Tok::Open => {
                return Err(syntax(l, c, "subgraphs `{ ... }` are not part of the supported subset"))
            }
            Tok::Arrow | Tok::Undirected => {
                return Err(syntax(l, c, "an edge needs a vertex name before it"))
            }
            Tok::Attrs | Tok::Eq => return Err(syntax(l, c, "expected a vertex name or an edge")),
        }
    }
    if let Some((_, l, c)) = toks.get(i) {
        return Err(syntax(*l, *c, "text after the graph's closing `}`"));
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
}
