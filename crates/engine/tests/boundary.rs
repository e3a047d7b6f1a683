//! The engine's boundary is `src/lib.rs`: the items it re-exports at the root, the faces of the
//! domain modules it declares `pub` (each `mod.rs` re-exports what callers may use and keeps its
//! files `pub(crate)`), and its facade modules (`large_nim`, `kernels`). This test reads the
//! sources and fails when
//!
//! * lib.rs declares a public module that is not one of [`DOMAINS`] (a new public module is a
//!   decision, recorded here and in ARCHITECTURE.md), or a domain declares a public file module
//!   other than [`NESTED`];
//! * a surface (reports, store, web, wasm, python, the binary) names an engine path outside the
//!   boundary: `nimlab_engine::NAME` where NAME is not re-exported by lib.rs, or
//!   `nimlab_engine::MODULE::NAME` where NAME is not in that module's face. `kernels` (what the
//!   benches and timing examples measure) is refused there too.
//!
//! The compiler already refuses private modules; this test keeps the boundary from widening
//! silently (a `pub mod` added to lib.rs, a surface reaching into `kernels`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The engine's public domain modules, in lib.rs: each is a face of re-exports.
const DOMAINS: &[&str] =
    &["bigint", "graphs", "listing", "loopy", "misere", "nimber", "octal", "periodicity", "tables"];

/// The public modules nested in a domain: sub-faces whose names would clash with the domain's
/// (`nimber::big`, nim arithmetic on numbers of any size) or serde helpers (`bigint::json`).
const NESTED: &[(&str, &str)] = &[("nimber", "big"), ("bigint", "json")];

/// The modules lib.rs defines inline, made only of re-exports.
const FACADES: &[&str] = &["large_nim", "kernels"];

/// What no surface may use: the benches' and examples' view of the kernels.
const NOT_FOR_SURFACES: &[&str] = &["kernels"];

/// The surfaces' source folders, from the repository's root.
const SURFACES: &[&str] = &[
    "crates/reports/src",
    "crates/reports/tests",
    "crates/store/src",
    "crates/web/src",
    "crates/wasm/src",
    "crates/python/src",
    "src",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The code without comments (string literals are kept: `serialize_with = "nimlab_engine::..."`
/// names a path too).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if rest.starts_with("//") {
            rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
        } else if rest.starts_with("/*") {
            rest = &rest[rest.find("*/").map_or(rest.len(), |e| e + 2)..];
        } else if rest.starts_with('"') {
            let end = string_end(rest);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The length of the string literal at the start of `text`, its quotes included.
fn string_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

/// The paths a use tree names (`a::{b, c::{d as e}}` gives `a::b`, `a::c::d`), each as its
/// segments; `self` names the module itself.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    match tree.split_once("::") {
        Some((head, rest)) => {
            let mut prefix = prefix.to_vec();
            prefix.push(head.trim().to_string());
            expand(&prefix, rest, out);
        }
        None => {
            let name = tree.split(" as ").next().unwrap().trim();
            let mut path = prefix.to_vec();
            if name != "self" {
                path.push(name.to_string());
            }
            out.push(path);
        }
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every engine path a source names, after `nimlab_engine::`: the use trees expanded, and the
/// paths written inline (`nimlab_engine::Budget::default()` gives `Budget`, `default`).
fn engine_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("nimlab_engine::") {
        let before = &rest[..at];
        let after = &rest[at + "nimlab_engine::".len()..];
        let is_use = before.trim_end().ends_with("use");
        if is_use {
            let end = after.find(';').unwrap_or(after.len());
            expand(&[], &after[..end], &mut paths);
            rest = &after[end..];
        } else {
            let end = after.find(|c: char| !(is_ident_char(c) || c == ':')).unwrap_or(after.len());
            let path: Vec<String> =
                after[..end].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
            paths.push(path);
            rest = &after[end..];
        }
    }
    paths
}

/// The names a module's source makes public at its top level: its `pub use` names (after any
/// `as`), its `pub` items written at the start of a line, and the macros it exports.
fn public_names(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut offset = 0;
    for line in code.split('\n') {
        let start = offset;
        offset += line.len() + 1;
        if line.starts_with("pub use ") {
            let tree_start = start + "pub use ".len();
            let end = code[tree_start..].find(';').map_or(code.len(), |e| tree_start + e);
            names.extend(use_items(&code[tree_start..end]));
        } else if let Some(item) = line.strip_prefix("pub ") {
            let mut words = item.split_whitespace();
            let kind = words.next().unwrap_or("");
            let kind = if kind == "unsafe" { words.next().unwrap_or("") } else { kind };
            if ["fn", "struct", "enum", "trait", "const", "static", "type", "mod"].contains(&kind) {
                if let Some(name) = words.next() {
                    names.insert(name.chars().take_while(|&c| is_ident_char(c)).collect());
                }
            }
        }
    }
    names.extend(exported_macros(code));
    names
}

/// The names a use tree brings in (the alias after `as`, else the last segment).
fn use_items(tree: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let aliased = tree.replace(" as ", "::@");
    expand(&[], &aliased, &mut paths);
    paths
        .into_iter()
        .filter_map(|p| p.last().cloned())
        .map(|name| name.trim_start_matches('@').to_string())
        .collect()
}

/// The macros a source exports at the crate's root (`#[macro_export] macro_rules! NAME`).
fn exported_macros(code: &str) -> Vec<String> {
    code.split("#[macro_export]")
        .skip(1)
        .filter_map(|after| after.trim_start().strip_prefix("macro_rules!"))
        .map(|rest| rest.trim_start().chars().take_while(|&c| is_ident_char(c)).collect())
        .collect()
}

/// The source of a module: `NAME.rs` or `NAME/mod.rs` under `dir`.
fn module_source(dir: &Path, name: &str) -> String {
    let file = dir.join(format!("{name}.rs"));
    let path = if file.exists() { file } else { dir.join(name).join("mod.rs") };
    strip_comments(&fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The body of the inline module `pub mod NAME { ... }` in `code`.
fn inline_module<'a>(code: &'a str, name: &str) -> &'a str {
    let head = format!("pub mod {name} {{");
    let start = code.find(&head).unwrap_or_else(|| panic!("lib.rs defines no `pub mod {name} {{ ... }}`"))
        + head.len();
    let mut depth = 1;
    for (i, c) in code[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &code[start..start + i];
                }
            }
            _ => {}
        }
    }
    panic!("`pub mod {name}` is not closed")
}

/// The boundary read from the sources: the root's names and each public module's face.
struct Boundary {
    root: BTreeSet<String>,
    modules: BTreeMap<String, BTreeSet<String>>,
}

impl Boundary {
    fn read() -> Boundary {
        let lib = strip_comments(&fs::read_to_string(engine_src().join("lib.rs")).unwrap());
        let mut exported = BTreeSet::new();
        for file in sources(&engine_src()) {
            exported.extend(exported_macros(&strip_comments(&fs::read_to_string(file).unwrap())));
        }
        let mut root = public_names(&lib);
        root.extend(exported);
        let mut modules = BTreeMap::new();
        for domain in DOMAINS {
            modules.insert(domain.to_string(), public_names(&module_source(&engine_src(), domain)));
        }
        for (domain, nested) in NESTED {
            let dir = engine_src().join(domain);
            let code = if dir.is_dir() {
                module_source(&dir, nested)
            } else {
                let parent = module_source(&engine_src(), domain);
                dedent(inline_module(&parent, nested))
            };
            modules.insert(format!("{domain}::{nested}"), public_names(&code));
        }
        for facade in FACADES {
            modules.insert(facade.to_string(), public_names(&dedent(inline_module(&lib, facade))));
        }
        Boundary { root, modules }
    }

    /// Why `path` (after `nimlab_engine::`) reaches past the boundary, or `None` when it stays
    /// inside it.
    fn refuses(&self, path: &[String]) -> Option<String> {
        let first = path.first()?;
        if self.root.contains(first) && !self.modules.contains_key(first.as_str()) {
            return None;
        }
        if NOT_FOR_SURFACES.contains(&first.as_str()) {
            return Some(format!("`{first}` is for the benches and examples, not for a surface"));
        }
        let (module, rest) = match path.get(1) {
            Some(second) if self.modules.contains_key(&format!("{first}::{second}")) => {
                (format!("{first}::{second}"), &path[2..])
            }
            _ => (first.clone(), &path[1..]),
        };
        let Some(face) = self.modules.get(&module) else {
            return Some(format!("`{first}` is neither re-exported by lib.rs nor a public module"));
        };
        match rest.first() {
            None => None,
            Some(item) if face.contains(item) => None,
            Some(item) => Some(format!("`{item}` is not in the face of `{module}`")),
        }
    }
}

/// `code` with its lines' leading spaces removed (an inline module's items start a line then).
fn dedent(code: &str) -> String {
    code.lines().map(str::trim_start).collect::<Vec<_>>().join("\n")
}

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn segments(path: &str) -> Vec<String> {
    path.split("::").map(str::to_string).collect()
}

#[test]
fn lib_rs_declares_the_named_public_modules_only() {
    let lib = strip_comments(&fs::read_to_string(engine_src().join("lib.rs")).unwrap());
    let declared: BTreeSet<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(|c: char| c == ';' || c == '{' || c.is_whitespace()))
        .collect();
    let named: BTreeSet<&str> = DOMAINS.iter().chain(FACADES).copied().collect();
    assert_eq!(
        declared, named,
        "lib.rs's public modules are the boundary's: change DOMAINS and ARCHITECTURE.md together"
    );
    for domain in DOMAINS {
        let code = module_source(&engine_src(), domain);
        for line in code.lines().filter_map(|line| line.strip_prefix("pub mod ")) {
            let name: String = line.chars().take_while(|&c| is_ident_char(c)).collect();
            assert!(
                NESTED.contains(&(domain, name.as_str())),
                "`{domain}::{name}` is public: a domain's files are pub(crate), its face re-exports"
            );
        }
    }
}

#[test]
fn the_check_tells_the_boundary_from_what_lies_past_it() {
    let boundary = Boundary::read();
    for inside in [
        "Budget",
        "GameSpec::named",
        "say",
        "mex",
        "octal::OctalCode",
        "nimber::big::mul",
        "large_nim::prove",
    ] {
        assert_eq!(boundary.refuses(&segments(inside)), None, "{inside}");
    }
    for past in [
        "rulesets::nim::Nim",
        "analysis::Query",
        "registry::not_answered",
        "octal::atlas::run_atlas",
        "octal::kernels",
        "kernels::Nim",
        "spec::grammar::parse_range",
        "solve::mex",
    ] {
        assert!(boundary.refuses(&segments(past)).is_some(), "{past} should be refused");
    }
    let code = "use nimlab_engine::{Budget, octal::{OctalCode, code::CodeError as E}};\n\
                fn f() { nimlab_engine::rulesets::misere::verify(); } // nimlab_engine::comment::Only";
    let paths: Vec<String> = engine_paths(&strip_comments(code)).iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["Budget", "octal::OctalCode", "octal::code::CodeError", "rulesets::misere::verify"]);
}

#[test]
fn no_surface_imports_past_the_boundary() {
    let boundary = Boundary::read();
    let mut problems = Vec::new();
    let mut checked = 0;
    for surface in SURFACES {
        for file in sources(&repo().join(surface)) {
            let code = strip_comments(&fs::read_to_string(&file).unwrap());
            for path in engine_paths(&code) {
                checked += 1;
                if let Some(why) = boundary.refuses(&path) {
                    let rel = file.strip_prefix(repo()).unwrap_or(&file).display().to_string();
                    problems.push(format!("{rel}: nimlab_engine::{}: {why}", path.join("::")));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} engine paths found in the surfaces: is the reader broken?");
    assert!(problems.is_empty(), "surfaces reaching past the engine's boundary:\n{}", problems.join("\n"));
}

/// The one mex is at the boundary (the shards take the mex of their classes' values with it), and
/// works through it on any values: a value far beyond the count allocates nothing.
#[test]
fn the_mex_is_at_the_boundary() {
    assert_eq!(nimlab_engine::mex([0u64, 1, 2, 4]), 3);
    assert_eq!(nimlab_engine::mex([1u32, 2]), 0);
    assert_eq!(nimlab_engine::mex(Vec::<u64>::new()), 0);
    assert_eq!(nimlab_engine::mex([u64::MAX, 0, 1 << 50, 1]), 2);
}
