//! Graphs as users name them: a named family (`grid:3x5`, `queens:8`, `petersen:7,2`, ...), an
//! inline edge list (`edges:a-b,b-c,c-a`) or a graph file's text (an edge list, `u v` per line,
//! or Graphviz DOT, `graph { a -- b -- c; }`), which the surface reads and hands over (the engine
//! reads no files). [`canonical`] writes any of them in one canonical text (a file's text becomes
//! `edges:...`), the form a game's parameter keeps; [`build`] makes the [`Graph`].
//!
//! A family written with `n` for one of its numbers (`grid:3xn`, `petersen:n,2`) is a
//! one-parameter family: [`instantiate`] gives its member for each `n`. One written with `m` and
//! `n` (`grid:mxn`) is a two-parameter family: [`instantiate_grid`] gives its member for each
//! pair.

use super::graph::{Graph, GraphError, Lattice};
use super::set::{VSet, MAX_VERTICES};
use crate::lang::{words, Words};

/// Why a graph's text is not a graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// Not in the grammar: what is wrong, in both languages.
    #[error("{0}")]
    Syntax(Words),
    /// The graph is too large or empty.
    #[error(transparent)]
    Graph(#[from] GraphError),
}

fn syntax(words: Words) -> FamilyError {
    FamilyError::Syntax(words)
}

impl FamilyError {
    /// What is wrong, in both languages.
    pub fn words(&self) -> Words {
        match self {
            FamilyError::Syntax(words) => words.clone(),
            FamilyError::Graph(GraphError::TooLarge { count, what }) => {
                let zh = if *what == "edges" { "条边" } else { "个顶点" };
                words!(
                    "the graph has {count} {what}; a graph game has at most {MAX_VERTICES}",
                    "这个图有 {count} {zh}；图上的游戏至多有 {MAX_VERTICES} 个"
                )
            }
            FamilyError::Graph(GraphError::Empty) => {
                words!("the graph is empty: it has no vertices", "这个图是空的：它没有顶点")
            }
        }
    }
}

/// How many numbers a family's text leaves open: 2 for `m` and `n` (`grid:mxn`), 1 for `n`
/// alone (`grid:3xn`), 0 for a graph (or an edge list, whose names are not numbers).
pub(crate) fn parameters(text: &str) -> usize {
    match text.trim().split_once(':') {
        Some((name, args)) if name.trim() != "edges" => match (args.contains('m'), args.contains('n')) {
            (true, true) => 2,
            (_, true) => 1,
            _ => 0,
        },
        _ => 0,
    }
}

/// The text with its letters `m` and `n` written as the numbers given.
fn substitute(template: &str, m: u64, n: u64) -> String {
    let (name, args) = template.split_once(':').expect("a family has a name and arguments");
    let args: String = args
        .chars()
        .map(|c| match c {
            'm' => m.to_string(),
            'n' => n.to_string(),
            c => c.to_string(),
        })
        .collect();
    format!("{name}:{args}")
}

/// The member `n` of a one-parameter family written with `n` (`grid:3xn` and 7: `grid:3x7`), or
/// `None` when the text is not a one-parameter family.
pub fn instantiate(template: &str, n: u64) -> Option<String> {
    (parameters(template) == 1).then(|| substitute(template, 0, n))
}

/// The member `(m, n)` of a two-parameter family written with `m` and `n` (`grid:mxn` and 4, 7:
/// `grid:4x7`), or `None` when the text is not a two-parameter family.
pub(crate) fn instantiate_grid(template: &str, m: u64, n: u64) -> Option<String> {
    (parameters(template) == 2).then(|| substitute(template, m, n))
}

/// Does the text name a family (with `n`, or `m` and `n`, for numbers)?
pub(crate) fn is_template(text: &str) -> bool {
    parameters(text) > 0
}

fn number(word: &str, what: &Words) -> Result<usize, FamilyError> {
    let word = word.trim();
    word.parse::<usize>().map_err(|_| {
        syntax(Words {
            en: format!("{} must be a whole number, not '{word}'", what.en),
            zh: format!("{}：“{word}”不是整数", what.zh),
        })
    })
}

fn numbers(args: &str, count: usize, what: &Words) -> Result<Vec<usize>, FamilyError> {
    let parts: Vec<&str> = args.split([',', 'x', 'X']).collect();
    if parts.len() != count {
        return Err(syntax(what.clone()));
    }
    parts.iter().map(|p| number(p, what)).collect()
}

fn too_large(count: usize) -> Result<(), FamilyError> {
    if count > MAX_VERTICES {
        return Err(GraphError::TooLarge { count, what: "vertices" }.into());
    }
    Ok(())
}

/// The canonical text of a graph (see the module doc); a family is checked with its numbers
/// 5.
///
/// # Errors
/// [`FamilyError`] saying what is wrong.
pub(crate) fn canonical(text: &str) -> Result<String, FamilyError> {
    let text = text.trim();
    if let Some(member) = instantiate(text, 5).or_else(|| instantiate_grid(text, 5, 5)) {
        canonical(&member)?;
        return Ok(text.split_whitespace().collect());
    }
    match text.split_once(':') {
        Some((name, _)) if FAMILY_NAMES.contains(&name.trim()) => {
            let graph = build(text)?;
            Ok(family_text(text, &graph))
        }
        _ => {
            let (names, edges) = if let Some(list) = text.strip_prefix("edges:") {
                inline_edges(list)?
            } else {
                file_text(text)?
            };
            Ok(edges_text(&names, &edges))
        }
    }
}

const FAMILY_NAMES: &[&str] = &[
    "path",
    "cycle",
    "scalloped",
    "grid",
    "ladder",
    "complete",
    "star",
    "petersen",
    "queens",
    "tree",
    "random",
];

fn family_text(text: &str, _graph: &Graph) -> String {
    let (name, args) = text.split_once(':').unwrap_or((text, ""));
    let args: Vec<String> =
        args.split([',', 'x', 'X']).map(|a| a.trim().trim_start_matches('0').to_string()).collect();
    let args: Vec<String> = args.into_iter().map(|a| if a.is_empty() { "0".into() } else { a }).collect();
    let name = name.trim();
    match name {
        "grid" => format!("grid:{}x{}", args[0], args[1]),
        _ => format!("{name}:{}", args.join(",")),
    }
}

fn edges_text(names: &[String], edges: &[(u16, u16)]) -> String {
    // Vertex ids are the order of first appearance, so a vertex is written alone (`d`) where an
    // edge would otherwise name it too late: an isolated vertex, or one whose first edge comes
    // after an edge with a later vertex (`edges:a,b,c,a-c,b-c` keeps b before c). Texts already
    // in that order are written with no extra names.
    let mut items: Vec<String> = Vec::new();
    let mut next = 0usize; // the next vertex id not yet written
    for &(a, b) in edges {
        let (a, b) = (usize::from(a), usize::from(b));
        let new: Vec<usize> = [a, b]
            .into_iter()
            .enumerate()
            .filter(|&(i, x)| x >= next && (i == 0 || x != a))
            .map(|(_, x)| x)
            .collect();
        if let Some(&last) = new.iter().max() {
            // The edge itself names its new ends in its order: both when they are consecutive ids
            // in that order, else only the last; the ids before them are named alone.
            let alone_up_to = if new.len() == 2 && new[1] == new[0] + 1 { new[0] } else { last };
            items.extend(names[next..alone_up_to].iter().cloned());
            next = last + 1;
        }
        items.push(format!("{}-{}", names[a], names[b]));
    }
    items.extend(names[next..].iter().cloned());
    format!("edges:{}", items.join(","))
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "_.()".contains(c))
}

struct Names {
    names: Vec<String>,
}

impl Names {
    fn id(&mut self, name: &str) -> Result<u16, FamilyError> {
        if !valid_name(name) {
            return Err(syntax(words!(
                "'{name}' is not a vertex name: use letters, digits, '_', '.' and parentheses",
                "“{name}”不是顶点名：请用字母、数字、“_”、“.”和括号"
            )));
        }
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return Ok(i as u16);
        }
        too_large(self.names.len() + 1)?;
        self.names.push(name.to_string());
        Ok((self.names.len() - 1) as u16)
    }
}

type Parsed = (Vec<String>, Vec<(u16, u16)>);

fn inline_edges(list: &str) -> Result<Parsed, FamilyError> {
    let mut names = Names { names: Vec::new() };
    let mut edges = Vec::new();
    for item in list.split([',', ';', '\n']).map(str::trim).filter(|i| !i.is_empty()) {
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (names.id(a.trim())?, names.id(b.trim())?);
                edges.push((a, b));
            }
            None => {
                names.id(item)?;
            }
        }
    }
    if names.names.is_empty() {
        return Err(GraphError::Empty.into());
    }
    Ok((names.names, edges))
}

/// A file's text: Graphviz DOT when its first word is `graph`, `digraph` or `strict` (edges
/// `--` or `->`, both read as undirected; attributes and comments ignored), else an edge list
/// (`u v` per line, a lone name is a vertex, `#` starts a comment).
fn file_text(text: &str) -> Result<Parsed, FamilyError> {
    if crate::loopy::text::is_dot(text) {
        return dot_text(text);
    }
    let mut names = Names { names: Vec::new() };
    let mut edges = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
        let at = |e: FamilyError| {
            let inner = e.words();
            syntax(Words {
                en: format!("line {}: {}", i + 1, inner.en),
                zh: format!("第 {} 行：{}", i + 1, inner.zh),
            })
        };
        match words.as_slice() {
            [] => {}
            [v] => {
                names.id(v).map_err(at)?;
            }
            [u, v] => {
                let (u, v) = (names.id(u).map_err(at)?, names.id(v).map_err(at)?);
                edges.push((u, v));
            }
            _ => {
                return Err(syntax(words!(
                    "line {}: an edge is two vertex names, `u v`",
                    "第 {} 行：一条边是两个顶点名，`u v`",
                    i + 1
                )))
            }
        }
    }
    if names.names.is_empty() {
        return Err(GraphError::Empty.into());
    }
    Ok((names.names, edges))
}

fn dot_text(text: &str) -> Result<Parsed, FamilyError> {
    // Comments out, attribute lists out, then the body between the outer braces.
    let mut clean = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut depth_attr = 0;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                clean.push('\n');
            }
            '#' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                clean.push('\n');
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                clean.push(' ');
            }
            '[' => depth_attr += 1,
            ']' => depth_attr -= 1,
            '"' => {
                let mut name = String::new();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    name.push(c);
                }
                if depth_attr == 0 {
                    clean.push_str(&name);
                }
            }
            _ if depth_attr > 0 => {}
            _ => clean.push(c),
        }
    }
    let open = clean
        .find('{')
        .ok_or_else(|| syntax(words!("a DOT graph needs {{ ... }}", "DOT 图需要 {{ ... }}")))?;
    let close = clean
        .rfind('}')
        .ok_or_else(|| syntax(words!("a DOT graph needs a closing }}", "DOT 图缺少收尾的 }}")))?;
    let body = &clean[open + 1..close];
    let mut names = Names { names: Vec::new() };
    let mut edges = Vec::new();
    for statement in body.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let first = statement.split_whitespace().next().unwrap_or("");
        if ["graph", "node", "edge"].contains(&first)
            || statement.contains('=') && !statement.contains("--") && !statement.contains("->")
        {
            continue;
        }
        let parts: Vec<&str> = statement.split("--").flat_map(|p| p.split("->")).map(str::trim).collect();
        let ids = parts.iter().map(|p| names.id(p)).collect::<Result<Vec<u16>, _>>()?;
        for pair in ids.windows(2) {
            edges.push((pair[0], pair[1]));
        }
    }
    if names.names.is_empty() {
        return Err(GraphError::Empty.into());
    }
    Ok((names.names, edges))
}

/// A splitmix64 step: the seeded random graphs' generator (the same graph for the same seed on
/// every machine).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn numbered(n: usize, edges: Vec<(u16, u16)>) -> Result<Graph, FamilyError> {
    too_large(n)?;
    Ok(Graph::new((0..n).map(|i| i.to_string()).collect(), edges)?)
}

/// The graph a text names (a family, `edges:...` or a file's text).
///
/// # Errors
/// [`FamilyError`] saying what is wrong; a family (with `n`, or `m` and `n`) is not a graph.
pub fn build(text: &str) -> Result<Graph, FamilyError> {
    let text = text.trim();
    if is_template(text) {
        return Err(syntax(words!(
            "'{text}' is a family of graphs (with n, or m and n): give them values",
            "“{text}”是一族图（含 n，或 m 和 n）：请给它们赋值"
        )));
    }
    let Some((name, args)) = text.split_once(':') else {
        let (names, edges) = file_text(text)?;
        return Ok(Graph::new(names, edges)?);
    };
    let name = name.trim();
    let board = |lattice, rows: usize, cols: usize| -> Result<Graph, FamilyError> {
        if rows == 0 || cols == 0 {
            return Err(syntax(words!(
                "a board needs at least one row and one column",
                "棋盘至少要有一行一列"
            )));
        }
        too_large(rows.saturating_mul(cols))?;
        let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r as u16, c as u16))).collect();
        Ok(Graph::on_board(lattice, rows as u16, cols as u16, cells)?)
    };
    match name {
        "path" | "cycle" | "scalloped" | "complete" | "star" | "queens" | "ladder" => {
            let n = numbers(args, 1, &words!("{name}:N takes one whole number", "{name}:N 需要一个整数"))?[0];
            match name {
                "path" => {
                    if n == 0 {
                        return Err(syntax(words!("a path has at least one vertex", "路径至少有一个顶点")));
                    }
                    numbered(n, (1..n).map(|i| ((i - 1) as u16, i as u16)).collect())
                }
                "scalloped" => {
                    if n == 0 {
                        return Err(syntax(words!(
                            "a scalloped path has at least one vertex",
                            "扇贝路径至少有一个顶点"
                        )));
                    }
                    too_large(n)?;
                    let step = |d: usize| (d..n).map(move |i| ((i - d) as u16, i as u16));
                    numbered(n, step(1).chain(step(3)).collect())
                }
                "cycle" => {
                    if n < 3 {
                        return Err(syntax(words!("a cycle has at least 3 vertices", "圈至少有 3 个顶点")));
                    }
                    numbered(n, (0..n).map(|i| (i as u16, ((i + 1) % n) as u16)).collect())
                }
                "complete" => {
                    if n == 0 {
                        return Err(syntax(words!(
                            "a complete graph has at least one vertex",
                            "完全图至少有一个顶点"
                        )));
                    }
                    too_large(n)?;
                    let edges = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i as u16, j as u16))).collect();
                    numbered(n, edges)
                }
                "star" => {
                    too_large(n.saturating_add(1))?;
                    numbered(n + 1, (1..=n).map(|i| (0, i as u16)).collect())
                }
                "ladder" => board(Lattice::Grid, 2, n),
                _ => board(Lattice::Queens, n, n),
            }
        }
        "grid" => {
            let rc = numbers(
                args,
                2,
                &words!(
                    "grid:RxC takes two whole numbers, rows and columns",
                    "grid:RxC 需要两个整数：行数和列数"
                ),
            )?;
            board(Lattice::Grid, rc[0], rc[1])
        }
        "petersen" => {
            let nk = numbers(
                args,
                2,
                &words!("petersen:N,K takes two whole numbers", "petersen:N,K 需要两个整数"),
            )?;
            let (n, k) = (nk[0], nk[1]);
            if n < 3 || k == 0 || 2 * k >= n {
                return Err(syntax(words!(
                    "the generalized Petersen graph P(N,K) needs N >= 3 and 1 <= K < N/2",
                    "广义 Petersen 图 P(N,K) 要求 N >= 3 且 1 <= K < N/2"
                )));
            }
            too_large(2 * n)?;
            let mut names: Vec<String> = (0..n).map(|i| format!("u{i}")).collect();
            names.extend((0..n).map(|i| format!("v{i}")));
            let mut edges = Vec::new();
            for i in 0..n {
                edges.push((i as u16, ((i + 1) % n) as u16));
                edges.push((i as u16, (n + i) as u16));
                edges.push(((n + i) as u16, (n + (i + k) % n) as u16));
            }
            Ok(Graph::new(names, edges)?.with_rings(n))
        }
        "tree" => {
            let parents: Vec<usize> = if args.trim().is_empty() {
                Vec::new()
            } else {
                let parent = words!("a parent", "父顶点");
                args.split(',').map(|p| number(p, &parent)).collect::<Result<_, _>>()?
            };
            for (i, &p) in parents.iter().enumerate() {
                if p > i {
                    return Err(syntax(words!(
                        "tree: the parent of vertex {} must be a vertex before it (0..={i}), not {p}",
                        "tree：顶点 {} 的父顶点必须是它之前的顶点（0..={i}），不能是 {p}",
                        i + 1
                    )));
                }
            }
            numbered(
                parents.len() + 1,
                parents.iter().enumerate().map(|(i, &p)| (p as u16, (i + 1) as u16)).collect(),
            )
        }
        "random" => {
            let nms = numbers(
                args,
                3,
                &words!("random:N,M,SEED takes three whole numbers", "random:N,M,SEED 需要三个整数"),
            )?;
            let (n, m, seed) = (nms[0], nms[1], nms[2] as u64);
            too_large(n)?;
            let most = n * n.saturating_sub(1) / 2;
            if n == 0 || m > most {
                return Err(syntax(words!(
                    "random:N,M,SEED: {n} vertices have at most {most} edges",
                    "random:N,M,SEED：{n} 个顶点至多有 {most} 条边"
                )));
            }
            let mut state = seed;
            let mut chosen = std::collections::BTreeSet::new();
            while chosen.len() < m {
                let u = (splitmix(&mut state) % n as u64) as u16;
                let v = (splitmix(&mut state) % n as u64) as u16;
                if u != v {
                    chosen.insert((u.min(v), u.max(v)));
                }
            }
            numbered(n, chosen.into_iter().collect())
        }
        "edges" => {
            let (names, edges) = inline_edges(args)?;
            Ok(Graph::new(names, edges)?)
        }
        _ => {
            let (names, edges) = file_text(text)?;
            Ok(Graph::new(names, edges)?)
        }
    }
}

/// A board of cells drawn as text, for the games played on a board's free cells (Cram): `RxC`
/// (every cell free) or a picture, rows from the top separated by `/`, `.` a free cell and `#` a
/// blocked one (`..#./..../....`). Cells are named as on a chessboard: a letter for the column
/// (`a` the leftmost; after `z` come `aa`, `ab`, ...) and the row's number counted from the top
/// (`a1` the top-left cell), and numbered from 0 row by row from the top-left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Picture {
    /// The rows.
    pub rows: u16,
    /// The columns.
    pub cols: u16,
    /// Whether each cell, row by row, is blocked.
    pub blocked: Vec<bool>,
}

impl Picture {
    /// Reads `RxC` or a picture (see the type's doc).
    ///
    /// # Errors
    /// [`FamilyError`] saying what is wrong: a row of another length, a character other than `.`
    /// and `#`, no cell, or more than [`MAX_VERTICES`] cells.
    pub(crate) fn parse(text: &str) -> Result<Picture, FamilyError> {
        let text: String = text.split_whitespace().collect();
        if text.contains(['.', '#']) {
            let lines: Vec<&str> = text.split('/').collect();
            let cols = lines[0].chars().count();
            let mut blocked = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                if line.chars().count() != cols {
                    return Err(syntax(words!(
                        "row {} of the board has {} cells, row 1 has {cols}: every row of a picture has as many",
                        "棋盘第 {} 行有 {} 格，第 1 行有 {cols} 格：图中每一行的格数必须相同",
                        i + 1,
                        line.chars().count()
                    )));
                }
                for c in line.chars() {
                    match c {
                        '.' => blocked.push(false),
                        '#' => blocked.push(true),
                        other => {
                            return Err(syntax(words!(
                            "'{other}' in the board's picture: a cell is '.' (free) or '#' (blocked), rows \
                                 are separated by '/'",
                            "棋盘图中的“{other}”：格子是“.”（空）或“#”（挡住），行与行之间用“/”分隔"
                        )))
                        }
                    }
                }
            }
            if cols == 0 {
                return Err(syntax(words!(
                    "a board needs at least one row and one column",
                    "棋盘至少要有一行一列"
                )));
            }
            too_large(blocked.len())?;
            return Ok(Picture { rows: lines.len() as u16, cols: cols as u16, blocked });
        }
        let grammar = || {
            syntax(words!(
                "'{text}' is not a board: a board is RxC (5x7) or a picture of its rows (..#./..../....)",
                "“{text}”不是棋盘：棋盘写成 RxC（5x7）或逐行的图（..#./..../....）"
            ))
        };
        let sizes: Vec<usize> =
            text.split(['x', 'X']).map(|n| n.parse().map_err(|_| grammar())).collect::<Result<_, _>>()?;
        let &[rows, cols] = sizes.as_slice() else { return Err(grammar()) };
        if rows == 0 || cols == 0 {
            return Err(syntax(words!(
                "a board needs at least one row and one column",
                "棋盘至少要有一行一列"
            )));
        }
        too_large(rows.saturating_mul(cols))?;
        Ok(Picture { rows: rows as u16, cols: cols as u16, blocked: vec![false; rows * cols] })
    }

    /// The canonical text: `RxC` when no cell is blocked, else the picture.
    pub(crate) fn text(&self) -> String {
        if !self.blocked.contains(&true) {
            return format!("{}x{}", self.rows, self.cols);
        }
        let rows: Vec<String> = self
            .blocked
            .chunks(usize::from(self.cols))
            .map(|row| row.iter().map(|&b| if b { '#' } else { '.' }).collect())
            .collect();
        rows.join("/")
    }

    /// The name of the cell at `row`, `column` (0-based): `b3` is row 2 (0-based), column 1.
    pub(crate) fn cell_name(row: u16, column: u16) -> String {
        let mut letters = Vec::new();
        let mut c = usize::from(column) + 1;
        while c > 0 {
            letters.push(b'a' + ((c - 1) % 26) as u8);
            c = (c - 1) / 26;
        }
        letters.reverse();
        format!("{}{}", String::from_utf8(letters).expect("ASCII letters"), row + 1)
    }

    /// The graph of every cell of the board, blocked or not (a vertex per cell, row by row, named
    /// as in [`Picture::cell_name`]; cells one step apart in a row or a column are adjacent): a
    /// position keeps the blocked cells out of play ([`Picture::free`]), so that cell numbers do
    /// not depend on which cells are blocked.
    ///
    /// # Errors
    /// As for [`Graph::on_board`].
    pub(crate) fn graph(&self) -> Result<Graph, FamilyError> {
        let cells: Vec<(u16, u16)> =
            (0..self.rows).flat_map(|r| (0..self.cols).map(move |c| (r, c))).collect();
        let names = cells.iter().map(|&(r, c)| Picture::cell_name(r, c)).collect();
        Ok(Graph::on_board(Lattice::Grid, self.rows, self.cols, cells)?.with_names(names))
    }

    /// The free cells, by vertex of [`Picture::graph`].
    pub(crate) fn free(&self) -> VSet {
        let mut free = VSet::EMPTY;
        for (v, &b) in self.blocked.iter().enumerate() {
            if !b {
                free.insert(v);
            }
        }
        free
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a graph's or a board's text can be wrong says so in both languages: the
    /// English is the error's text, the Chinese is Chinese and names the same data.
    #[test]
    fn every_bad_text_is_worded_in_both_languages() {
        let graphs = [
            "path:x",
            "grid:3",
            "path:0",
            "scalloped:0",
            "cycle:2",
            "complete:0",
            "grid:0x3",
            "petersen:4,2",
            "tree:0,5",
            "tree:0,x",
            "random:3,9,1",
            "grid:3xn",
            "a b c",
            "a-b b",
            "graph { a -- b",
            "grid:20x20",
        ];
        let boards = ["..#/.x.", "../...", "3y4", "0x3"];
        let errors = graphs
            .iter()
            .map(|t| (*t, build(t).unwrap_err()))
            .chain(boards.iter().map(|t| (*t, Picture::parse(t).unwrap_err())));
        for (text, error) in errors {
            let words = error.words();
            assert_eq!(words.en, error.to_string(), "{text}");
            assert!(words.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{text}: {}", words.zh);
            let numbers = |s: &str| {
                s.split(|c: char| !c.is_ascii_digit())
                    .filter(|d| !d.is_empty())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            for number in numbers(&words.en) {
                assert!(words.zh.contains(&number), "{text}: {number} missing from {}", words.zh);
            }
        }
    }

    #[test]
    fn families_have_their_orders_and_sizes() {
        let cases = [
            ("path:5", 5, 4),
            ("cycle:6", 6, 6),
            ("scalloped:7", 7, 10),
            ("grid:3x4", 12, 17),
            ("ladder:4", 8, 10),
            ("complete:5", 5, 10),
            ("star:4", 5, 4),
            ("petersen:5,2", 10, 15),
            ("queens:4", 16, 76),
            ("tree:0,0,1,1", 5, 4),
            ("random:10,12,7", 10, 12),
        ];
        for (text, order, size) in cases {
            let g = build(text).unwrap();
            assert_eq!((g.order(), g.simple_edges().len()), (order, size), "{text}");
        }
    }

    #[test]
    fn texts_round_trip_through_their_canonical_form() {
        for text in
            ["grid:3x04", "petersen:7, 2", "edges:a-b,b-c,d", "a b\nb c\nd\n", "graph { a -- b -- c; d }"]
        {
            let canon = canonical(text).unwrap();
            assert_eq!(canonical(&canon).unwrap(), canon, "{text}");
            let (g, h) = (build(text).unwrap(), build(&canon).unwrap());
            assert_eq!(g.names(), h.names());
            assert_eq!(g.simple_edges(), h.simple_edges());
        }
        assert_eq!(canonical("a b\nb c\nd\n").unwrap(), "edges:a-b,b-c,d");
        assert_eq!(canonical("grid:3X04").unwrap(), "grid:3x4");
    }

    /// Green Hackenbush counts loops and repeated edges as edges: every text keeps them, in order.
    #[test]
    fn loops_and_repeated_edges_are_kept() {
        let want = [(0, 1), (1, 1), (1, 2), (1, 2)];
        for text in [
            "edges:g-a,a-a,a-b,a-b",
            "g a\na a\na b\na b\n",
            "graph { g -- a; a -- a; a -- b; a -- b [color=red]; }",
        ] {
            let canon = canonical(text).unwrap();
            assert_eq!(canon, "edges:g-a,a-a,a-b,a-b", "{text}");
            let graph = build(&canon).unwrap();
            assert_eq!(graph.edges(), want, "{text}");
            assert_eq!(build(text).unwrap().edges(), want, "{text}");
            assert_eq!(graph.simple_edges(), [(0, 1), (1, 2)], "{text}");
        }
    }

    #[test]
    fn canonical_texts_keep_the_vertex_ids() {
        // A vertex named alone before its first edge keeps its id (the order of first appearance):
        // the canonical text names it alone where an edge would name it too late.
        let cases = [
            ("b\na c\nb c\n", "edges:b,a-c,b-c"),
            ("edges:a,b,c,a-c,b-c", "edges:a,b,a-c,b-c"),
            ("edges:0,1,2,3,0-1,3-2,x", "edges:0-1,2,3-2,x"),
            ("edges:0,1,2,0-2,1-2", "edges:0,1,0-2,1-2"),
            ("edges:a-b,d,b-c", "edges:a-b,d,b-c"),
            ("edges:a,b,a-a,b-a", "edges:a-a,b-a"),
            ("graph { c; a -- b; b -- c }", "edges:c,a-b,b-c"),
        ];
        for (text, canon) in cases {
            assert_eq!(canonical(text).unwrap(), canon, "{text}");
            assert_eq!(canonical(canon).unwrap(), canon, "{text}");
            let (g, h) = (build(text).unwrap(), build(canon).unwrap());
            assert_eq!(g.names(), h.names(), "{text}");
            assert_eq!(g.edges(), h.edges(), "{text}");
        }
    }

    #[test]
    fn templates_instantiate() {
        assert_eq!(instantiate("grid:3xn", 7).as_deref(), Some("grid:3x7"));
        assert_eq!(instantiate("grid:3x7", 7), None);
        assert_eq!(instantiate("grid:mxn", 7), None);
        assert_eq!(instantiate_grid("grid:mxn", 4, 7).as_deref(), Some("grid:4x7"));
        assert_eq!(instantiate_grid("grid:3xn", 4, 7), None);
        assert_eq!(
            [parameters("grid:mxn"), parameters("ladder:n"), parameters("edges:m-n"), parameters("grid:3x4")],
            [2, 1, 0, 0]
        );
        assert!(canonical("grid:mxn").is_ok() && build("grid:mxn").is_err());
        assert_eq!(canonical("petersen:n,2").unwrap(), "petersen:n,2");
        assert!(build("grid:3xn").is_err());
    }

    #[test]
    fn bad_texts_say_why() {
        for text in ["grid:3", "cycle:2", "petersen:6,3", "tree:0,5", "random:3,4,1", "queens:17", "edges:"] {
            assert!(build(text).is_err(), "{text}");
        }
    }

    #[test]
    fn pictures_read_and_write_back() {
        let picture = Picture::parse("..#./..../....").unwrap();
        assert_eq!((picture.rows, picture.cols), (3, 4));
        assert_eq!(picture.text(), "..#./..../....");
        assert_eq!(picture.free().len(), 11);
        assert_eq!(Picture::parse("..../....").unwrap().text(), "2x4");
        assert_eq!(Picture::parse(" 5 x 7 ").unwrap().text(), "5x7");
        let graph = picture.graph().unwrap();
        assert_eq!(graph.name(0), "a1");
        assert_eq!(graph.name(6), "c2");
        assert_eq!(Picture::cell_name(0, 26), "aa1");
        for bad in ["3x0", "..#/..", "..x.", "17x17", "3x", "", "/"] {
            assert!(Picture::parse(bad).is_err(), "{bad}");
        }
    }
}
