//! The engine's module graph runs one way: each top-level module sits in a layer
//! ([`LAYERS`]) and uses only modules of lower layers, and no two files use each other, directly
//! or through others. ARCHITECTURE.md draws the same layers; this test keeps the code to them.
//!
//! The graph is read from the sources: every `crate::`, `super::` and child-module path outside
//! comments and `#[cfg(test)]` items, followed through `pub use` re-exports to the file that
//! defines the item (so a facade's re-export never hides which module a file really needs).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The engine's top-level modules, bottom layer first. A module may use modules of lower
/// layers, never of its own layer or above.
const LAYERS: &[&[&str]] = &[
    // Words and numbers: the two languages, big-integer helpers.
    &["lang", "bigint"],
    // The clock: std's, or the page's on WebAssembly in a browser.
    &["clock"],
    // The work, memory and time account every computation charges.
    &["budget"],
    // Nim arithmetic: the field of nimbers, and expressions over it.
    &["nimber"],
    // Games as users name them: parameters, their grammar, validated values (no registry).
    &["spec"],
    // The engine's one error type.
    &["error"],
    // The rules: the `Game` trait, outcomes, play conventions, how a question is to be answered.
    &["game"],
    // Generic solvers over `Game`, and lazy enumerations of positions.
    &["solve", "positions"],
    // Loopy games: finite graphs that may cycle, by retrograde analysis.
    &["loopy"],
    // Games on graphs: graphs and their families, canonical forms, the component engine.
    &["graphs"],
    // Sequence analysis: the subtraction-game laboratory, periods seen in any sequence.
    &["periodicity"],
    // The octal engine: take-and-break codes, rules, sequences and their certificates.
    &["octal"],
    // Misère quotients of take-and-break games: the monoid, its presentation, the heap-by-heap
    // computation and its certificate.
    &["misere"],
    // Table kernels named by plain values (no ruleset, no GameSpec): streamed sequences, grids,
    // the line kernel, Wythoff's rows, raw encodings.
    &["tables"],
    // The boundary: the `Ruleset` trait and its declaration, the planner, answers, sums.
    &["analysis"],
    // Questions over many positions: P-positions in order, periods seen in a sequence.
    &["listing"],
    // One file (or folder) per ruleset: rules, theory, texts, capabilities.
    &["rulesets"],
    // The list of rulesets, and games found by name.
    &["registry"],
];

/// One source file: its module path (`tables::grid`) and its code with comments and test items
/// removed.
struct Source {
    module: String,
    code: String,
    is_dir_module: bool,
}

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn sources(root: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    collect(root, &mut files);
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            let is_dir_module = matches!(parts.last().map(String::as_str), Some("mod" | "lib"));
            if is_dir_module {
                parts.pop();
            }
            let text = fs::read_to_string(&path).unwrap();
            Source { module: parts.join("::"), code: strip(&text), is_dir_module }
        })
        .collect()
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code without comments, string literals and `#[cfg(test)]` items (tests may use any
/// module).
fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if text[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            i += text[i..].find("*/").map_or(text.len() - i, |e| e + 2);
        } else if bytes[i] == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if text[i..].starts_with("r#\"") {
            i += text[i + 3..].find("\"#").map_or(text.len() - i, |e| e + 5);
            out.push_str("\"\"");
        } else if bytes[i] == b'\'' && i + 2 < bytes.len() && (bytes[i + 2] == b'\'' || bytes[i + 1] == b'\\')
        {
            // A character literal (not a lifetime): skip it.
            let close = text[i + 1..].find('\'').map_or(1, |e| e + 2);
            i += close;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    remove_test_items(&out)
}

fn remove_test_items(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(start) = code.find("#[cfg(test)]") {
        let rest = &code[start..];
        let semi = rest.find(';');
        let brace = rest.find('{');
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => start + s + 1,
            (Some(b), _) => {
                let mut depth = 0;
                let mut end = code.len();
                for (k, c) in code[start + b..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = start + b + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(s)) => start + s + 1,
            (None, None) => code.len(),
        };
        code.replace_range(start..end, "");
    }
    code
}

/// Modules declared `#[cfg(test)] mod x;` in a separate file: test code, not part of the graph.
fn test_only_modules(root: &Path, sources: &[Source]) -> BTreeSet<String> {
    let mut tests = BTreeSet::new();
    for source in sources {
        let path = if source.module.is_empty() {
            root.join("lib.rs")
        } else if source.is_dir_module {
            root.join(source.module.replace("::", "/")).join("mod.rs")
        } else {
            root.join(format!("{}.rs", source.module.replace("::", "/")))
        };
        let text = fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            if pair[0] == "#[cfg(test)]" {
                if let Some(name) = pair[1].strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
                    tests.insert(join(&source.module, name));
                }
            }
        }
    }
    tests
}

fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

fn parent(module: &str) -> String {
    module.rsplit_once("::").map_or(String::new(), |(p, _)| p.to_string())
}

/// The paths a piece of code names, as absolute `crate::` segment lists: `use` trees expanded.
fn paths(source: &Source, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let code = &source.code;
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let at_word_start =
            i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_' || bytes[i - 1] == b':');
        if !at_word_start || !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
            i += 1;
            continue;
        }
        let word_end =
            code[i..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(code.len(), |e| i + e);
        let word = &code[i..word_end];
        if !code[word_end..].starts_with("::") {
            i = word_end;
            continue;
        }
        let base: Option<Vec<String>> = match word {
            "crate" => Some(Vec::new()),
            "super" => Some(split(&parent(&source.module))),
            "self" => Some(split(&source.module)),
            w if children.contains(&join(&source.module, w)) => Some(split(&join(&source.module, w))),
            _ => None,
        };
        let Some(base) = base else {
            i = word_end;
            continue;
        };
        let (tree, end) = read_tree(code, word_end + 2);
        for tail in expand(&tree) {
            let mut path = base.clone();
            path.extend(tail);
            found.push(path);
        }
        i = end;
    }
    found
}

fn split(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    }
}

/// Reads a path or `use` tree starting at `start` (after a `::`): `a::b::{c, d::e}`.
fn read_tree(code: &str, start: usize) -> (String, usize) {
    let mut depth = 0;
    let mut end = start;
    for (k, c) in code[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            c if depth == 0 && !(c.is_ascii_alphanumeric() || c == '_' || c == ':') => {
                end = start + k;
                break;
            }
            _ => {}
        }
        end = start + k + c.len_utf8();
    }
    (code[start..end].chars().filter(|c| !c.is_whitespace()).collect(), end)
}

/// `a::{b, c::d}` into `[a, b]`, `[a, c, d]`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> =
            tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
        let inner = &tree[open + 1..tree.len().saturating_sub(1)];
        let mut parts = Vec::new();
        let mut depth = 0;
        let mut last = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[last..k]);
                    last = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[last..]);
        parts
            .into_iter()
            .filter(|p| !p.is_empty())
            .flat_map(expand)
            .map(|tail| {
                let mut path = head.clone();
                path.extend(tail);
                path
            })
            .collect()
    } else {
        let tree = tree.split(" as ").next().unwrap_or(tree);
        vec![tree.split("::").filter(|s| !s.is_empty() && *s != "self").map(str::to_string).collect()]
    }
}

/// `pub use` re-exports: (module, name) to the absolute path of what it names.
fn reexports(sources: &[Source], modules: &BTreeSet<String>) -> BTreeMap<(String, String), Vec<String>> {
    let mut map = BTreeMap::new();
    for source in sources {
        for statement in source.code.split(';') {
            let statement = statement.trim();
            let Some(tree) =
                statement.strip_prefix("pub use ").or_else(|| statement.strip_prefix("pub(crate) use "))
            else {
                continue;
            };
            let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
            for path in expand(&tree) {
                let absolute = absolute(source, &path, modules);
                if let (Some(absolute), Some(name)) = (absolute, path.last()) {
                    map.insert((source.module.clone(), name.clone()), absolute);
                }
            }
        }
    }
    map
}

fn absolute(source: &Source, path: &[String], modules: &BTreeSet<String>) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base = match first.as_str() {
        "crate" => Vec::new(),
        "super" => split(&parent(&source.module)),
        "self" => split(&source.module),
        w if modules.contains(&join(&source.module, w)) => {
            let mut b = split(&join(&source.module, w));
            b.extend(path[1..].iter().cloned());
            b
        }
        _ => return None,
    };
    if matches!(first.as_str(), "crate" | "super" | "self") {
        base.extend(path[1..].iter().cloned());
    }
    Some(base)
}

/// The file an absolute path lands in: its deepest module, through re-exports.
fn resolve(
    path: &[String],
    modules: &BTreeSet<String>,
    reexports: &BTreeMap<(String, String), Vec<String>>,
    depth: usize,
) -> Option<String> {
    let mut module = String::new();
    let mut k = 0;
    while k < path.len() && modules.contains(&join(&module, &path[k])) {
        module = join(&module, &path[k]);
        k += 1;
    }
    if depth < 8 {
        if let Some(name) = path.get(k) {
            if let Some(target) = reexports.get(&(module.clone(), name.clone())) {
                let mut next = target.clone();
                next.extend(path[k + 1..].iter().cloned());
                return resolve(&next, modules, reexports, depth + 1).or(Some(module));
            }
        }
    }
    Some(module)
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&top(module)))
}

/// Every edge `from -> to` between two files of the engine (test code left out).
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let root = engine_src();
    let all = sources(&root);
    let tests = test_only_modules(&root, &all);
    let sources: Vec<Source> = all
        .into_iter()
        .filter(|s| !tests.iter().any(|t| s.module == *t || s.module.starts_with(&format!("{t}::"))))
        .collect();
    let modules: BTreeSet<String> = sources.iter().map(|s| s.module.clone()).collect();
    let reexports = reexports(&sources, &modules);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in &sources {
        let facade: String = source
            .code
            .split(';')
            .filter(|s| {
                let s = s.trim();
                !(s.starts_with("pub use ") || s.starts_with("pub(crate) use "))
            })
            .collect::<Vec<_>>()
            .join(";");
        let stripped =
            Source { module: source.module.clone(), code: facade, is_dir_module: source.is_dir_module };
        let targets = edges.entry(source.module.clone()).or_default();
        for path in paths(&stripped, &modules) {
            if let Some(to) = resolve(&path, &modules, &reexports, 0) {
                let ancestor = source.module.starts_with(&format!("{to}::")) || to.is_empty();
                if to != source.module && !ancestor {
                    targets.insert(to);
                }
            }
        }
    }
    edges
}

#[test]
fn every_top_level_module_has_a_layer() {
    let root = engine_src();
    let modules: BTreeSet<String> =
        sources(&root).iter().map(|s| top(&s.module).to_string()).filter(|m| !m.is_empty()).collect();
    let missing: Vec<&String> = modules.iter().filter(|m| layer(m).is_none()).collect();
    assert!(missing.is_empty(), "modules without a layer in tests/layers.rs: {missing:?}");
}

#[test]
fn modules_use_only_lower_layers() {
    let mut upward = Vec::new();
    for (from, targets) in edges() {
        for to in targets {
            if top(&from) != top(&to) {
                if let (Some(a), Some(b)) = (layer(&from), layer(&to)) {
                    if b >= a {
                        upward.push(format!("{from} -> {to}"));
                    }
                }
            }
        }
    }
    assert!(upward.is_empty(), "uses of a module of the same or a higher layer:\n{}", upward.join("\n"));
}

#[test]
fn no_two_files_depend_on_each_other() {
    let edges = edges();
    let cycles = strongly_connected(&edges).into_iter().filter(|c| c.len() > 1).collect::<Vec<_>>();
    let shown: Vec<String> = cycles
        .iter()
        .map(|cycle| {
            let inside: Vec<String> = cycle
                .iter()
                .flat_map(|from| {
                    edges[from]
                        .iter()
                        .filter(|to| cycle.contains(to))
                        .map(move |to| format!("  {from} -> {to}"))
                })
                .collect();
            format!("{cycle:?}\n{}", inside.join("\n"))
        })
        .collect();
    assert!(cycles.is_empty(), "module cycles:\n{}", shown.join("\n"));
}

/// The reader itself: a cycle planted in a made-up graph is found.
#[test]
fn a_planted_cycle_is_found() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("a".into()).or_default().insert("b".into());
    edges.entry("b".into()).or_default().insert("c".into());
    edges.entry("c".into()).or_default().insert("a".into());
    edges.entry("d".into()).or_default().insert("a".into());
    let cycles: Vec<Vec<String>> = strongly_connected(&edges).into_iter().filter(|c| c.len() > 1).collect();
    assert_eq!(cycles.len(), 1);
    assert_eq!(cycles[0].len(), 3);
    assert_eq!(expand("a::{b, c::{d, e}}"), vec![vec!["a", "b"], vec!["a", "c", "d"], vec!["a", "c", "e"]]);
}

/// Tarjan's strongly connected components.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        components: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            s.components.push(component);
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.components
}
