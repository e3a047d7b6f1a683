//! Where a graph's vertices and edges are drawn (the playground's picture of a game on a graph),
//! and [`GraphView`], what a ruleset on a graph says about one of its positions: what is gone,
//! where the token or the ground is, and the move a click on each vertex or edge makes. The
//! picture is computed here so that no surface needs to know a graph's shape.
//!
//! Coordinates are whole numbers, [`STEP`] apart where vertices are neighbours on a board, with
//! `y` growing downwards (as on a screen) and the least `x` and `y` at 0:
//!
//! * a board (grids, ladders, queens graphs): each vertex at its cell;
//! * a generalized Petersen graph: its outer and inner vertices on two rings;
//! * otherwise each connected component in turn, from left to right: a path in a row, a star
//!   with its centre inside a circle of leaves, another tree in layers from its least vertex, a
//!   cycle around a circle in its order, anything else (complete graphs included) on a circle in
//!   vertex order;
//! * [`Style::Cells`] (Cram, Chomp): a board's vertices at their cells, each drawn as the cell's
//!   square (the surface draws squares, not circles and lines);
//! * [`Style::Upward`] (Green Hackenbush): the ground's component in layers rising from the
//!   ground (its breadth-first tree laid out as a tree), above a ground line; the components that
//!   never reach the ground beside it, above the line.
//!
//! Edges are straight unless several join the same two vertices (then bowed apart), a straight
//! line off a board would pass through another vertex (then bowed aside; a board's edges lie
//! along its rows, columns and diagonals), or an edge is a loop (a teardrop where its vertex's
//! edges leave room, larger for each further loop there). Time `O(n·m)` for `n` vertices and `m`
//! edges (each straight edge is checked against every vertex).

use std::borrow::Cow;
use std::collections::HashMap;
use std::f64::consts::PI;

use num_bigint::BigUint;

use super::graph::Graph;
use super::set::VSet;

/// The distance between neighbouring cells of a board, the unit of every layout.
pub(crate) const STEP: i32 = 100;

/// How a graph is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The graph's own layout (see the module doc).
    Own,
    /// A board whose pieces fill its cells: each vertex at its cell, drawn as the cell's square
    /// (a graph not on a board is laid out as [`Style::Own`]).
    Cells,
    /// Rising from the ground vertex, above a ground line (Green Hackenbush).
    Upward {
        /// The ground vertex.
        ground: usize,
    },
}

/// A point of the picture.
pub type Point = (i32, i32);

/// The ground line: at height `y`, from `x = from` to `x = to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroundLine {
    /// Its height.
    pub y: i32,
    /// Its left end.
    pub from: i32,
    /// Its right end.
    pub to: i32,
}

/// A graph's picture: a point for each vertex, the control points of each edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Each vertex's point, by vertex id.
    pub points: Vec<Point>,
    /// Each edge's control points, by edge id ([`Graph::edges`]): none for a straight line, one
    /// for a quadratic curve, two for a cubic curve (a loop).
    pub curves: Vec<Vec<Point>>,
    /// The ground line of [`Style::Upward`].
    pub ground: Option<GroundLine>,
    /// The largest `x` of any point, curve or line (the least is 0).
    pub width: i32,
    /// The largest `y` (the least is 0).
    pub height: i32,
}

/// A vertex or an edge of a graph (by id): what a click names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A vertex.
    Vertex(usize),
    /// An edge, by its place in [`Graph::edges`].
    Edge(usize),
}

/// A checked position of a game on a graph as a ruleset sees it, for its picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphView<'a> {
    /// The graph: the game's own, or one made for this position (Chomp's diagram).
    pub graph: Cow<'a, Graph>,
    /// How it is laid out.
    pub style: Style,
    /// The vertices gone (deleted, or with nothing standing at them), by vertex id.
    pub gone_vertices: Vec<bool>,
    /// The edges gone (an end deleted, or cut or fallen), by edge id.
    pub gone_edges: Vec<bool>,
    /// The token's vertex, in a game with a token.
    pub token: Option<usize>,
    /// A vertex no move may take, whose taking loses (Chomp's poisoned square), drawn marked.
    pub poisoned: Option<usize>,
    /// Every vertex or edge a click on which makes a move, with the position the move leads to
    /// (its numbers, as the ruleset writes an option). Several targets may lead to the same
    /// position (two vertices with the same closed neighbourhood in Node-Kayles).
    pub clicks: Vec<(Target, Vec<BigUint>)>,
}

impl GraphView<'_> {
    /// The vertices gone: those not in `left` (a game that deletes vertices).
    pub(crate) fn vertices_gone(graph: &Graph, left: &VSet) -> Vec<bool> {
        (0..graph.order()).map(|v| !left.contains(v)).collect()
    }

    /// The edges with an end not in `left`.
    pub(crate) fn edges_gone(graph: &Graph, left: &VSet) -> Vec<bool> {
        graph
            .edges()
            .iter()
            .map(|&(u, v)| !left.contains(usize::from(u)) || !left.contains(usize::from(v)))
            .collect()
    }
}

/// The picture of `graph` in `style` (see the module doc).
pub fn layout(graph: &Graph, style: Style) -> Layout {
    let mut points = vec![(0, 0); graph.order()];
    match style {
        Style::Own | Style::Cells => {
            if let Some(board) = graph.board() {
                for (v, &(r, c)) in board.cells.iter().enumerate() {
                    points[v] = (i32::from(c) * STEP, i32::from(r) * STEP);
                }
            } else if let Some(n) = graph.rings() {
                rings(n, &mut points);
            } else {
                side_by_side(graph, &components(graph, &graph.vertices()), &mut points, 0);
            }
        }
        Style::Upward { ground } => {
            let mut parts = components(graph, &graph.vertices());
            let at = parts.iter().position(|p| p.contains(ground)).expect("the ground is a vertex");
            let base = parts.remove(at);
            let placed = tree_layers(graph, &base, ground, -1);
            let right = place(&placed, &mut points, 0, 0);
            // The others stand beside the ground's part, their lowest vertices a layer up.
            let mut others = vec![(0, 0); graph.order()];
            side_by_side(graph, &parts, &mut others, right + STEP);
            let lowest = parts.iter().flat_map(VSet::iter).map(|v| others[v].1).max().unwrap_or(0);
            for v in parts.iter().flat_map(VSet::iter) {
                points[v] = (others[v].0, others[v].1 - lowest - STEP);
            }
        }
    }
    finish(graph, style, points)
}

/// Bows, loops, the ground line and the bounds, with everything moved to start at 0.
fn finish(graph: &Graph, style: Style, mut points: Vec<Point>) -> Layout {
    let mut curves = curves(graph, &points, matches!(style, Style::Upward { .. }));
    let mut ground = match style {
        Style::Upward { ground } => {
            let (xs, y) = (points.iter().map(|p| p.0), points[ground].1);
            Some(GroundLine {
                y,
                from: xs.clone().min().unwrap_or(0) - STEP / 2,
                to: xs.max().unwrap_or(0) + STEP / 2,
            })
        }
        Style::Own | Style::Cells => None,
    };
    let all = points.iter().chain(curves.iter().flatten());
    let extra = ground.iter().flat_map(|g| [(g.from, g.y), (g.to, g.y)]);
    let (x0, y0) = all
        .clone()
        .copied()
        .chain(extra.clone())
        .fold((i32::MAX, i32::MAX), |(x, y), p| (x.min(p.0), y.min(p.1)));
    let (x1, y1) = all.copied().chain(extra).fold((i32::MIN, i32::MIN), |(x, y), p| (x.max(p.0), y.max(p.1)));
    for p in points.iter_mut().chain(curves.iter_mut().flatten()) {
        *p = (p.0 - x0, p.1 - y0);
    }
    if let Some(line) = ground.as_mut() {
        *line = GroundLine { y: line.y - y0, from: line.from - x0, to: line.to - x0 };
    }
    Layout { points, curves, ground, width: x1 - x0, height: y1 - y0 }
}

/// The connected components of `within`, in order of their least vertex.
fn components(graph: &Graph, within: &VSet) -> Vec<VSet> {
    let mut parts = Vec::new();
    graph.components(within, &mut parts);
    parts
}

/// Each part laid out on its own, then placed from `x` rightwards, `STEP` apart, tops aligned.
fn side_by_side(graph: &Graph, parts: &[VSet], points: &mut [Point], mut x: i32) {
    for part in parts {
        let placed = own_shape(graph, part);
        x = place(&placed, points, x, 0) + STEP;
    }
}

/// Moves a part's points so that its least `x` is `x` and its least `y` is `y`; returns its
/// largest `x` after the move.
fn place(placed: &[(usize, Point)], points: &mut [Point], x: i32, y: i32) -> i32 {
    let min_x = placed.iter().map(|p| p.1 .0).min().unwrap_or(0);
    let min_y = placed.iter().map(|p| p.1 .1).min().unwrap_or(0);
    let mut right = x;
    for &(v, (px, py)) in placed {
        points[v] = (px - min_x + x, py - min_y + y);
        right = right.max(points[v].0);
    }
    right
}

/// A connected part in its own shape (see the module doc), each vertex with its point.
fn own_shape(graph: &Graph, part: &VSet) -> Vec<(usize, Point)> {
    let k = part.len();
    let degree = |v: usize| graph.degree_in(v, part);
    let edges: usize = part.iter().map(degree).sum::<usize>() / 2;
    let first = part.least().expect("a part has a vertex");
    if k == 1 {
        return vec![(first, (0, 0))];
    }
    if edges + 1 == k {
        if part.iter().all(|v| degree(v) <= 2) {
            let end = part.iter().find(|&v| degree(v) == 1).expect("a path has an end");
            return walk(graph, part, end)
                .into_iter()
                .enumerate()
                .map(|(i, v)| (v, (i as i32 * STEP, 0)))
                .collect();
        }
        if let Some(centre) = part.iter().find(|&v| degree(v) + 1 == k) {
            let leaves: Vec<usize> = part.iter().filter(|&v| v != centre).collect();
            let mut placed = circle(&leaves);
            placed.push((centre, circle_centre(leaves.len())));
            return placed;
        }
        return tree_layers(graph, part, first, 1);
    }
    if part.iter().all(|v| degree(v) == 2) {
        return circle(&walk(graph, part, first));
    }
    circle(&part.iter().collect::<Vec<_>>())
}

/// The vertices of a path or a cycle in their order along it, from `start` (on a cycle, towards
/// its smaller neighbour first).
fn walk(graph: &Graph, part: &VSet, start: usize) -> Vec<usize> {
    let mut order = vec![start];
    let mut seen = VSet::single(start);
    let mut at = start;
    while let Some(next) = graph.neighbours(at).and(part).minus(&seen).least() {
        order.push(next);
        seen.insert(next);
        at = next;
    }
    order
}

/// The radius of a circle of `k` points about `STEP` apart.
fn radius(k: usize) -> f64 {
    (f64::from(STEP) * k as f64 / (2.0 * PI)).max(f64::from(STEP))
}

/// The centre of [`circle`]'s circle of `k` points.
fn circle_centre(k: usize) -> Point {
    let r = radius(k).round() as i32;
    (r, r)
}

/// The vertices around a circle, in the order given, the first at the top, clockwise.
fn circle(order: &[usize]) -> Vec<(usize, Point)> {
    let r = radius(order.len());
    order.iter().enumerate().map(|(i, &v)| (v, on_circle(r, r, i, order.len()))).collect()
}

/// The point `i` of `k` on a circle of radius `r` centred at `(c, c)`, the first at the top.
fn on_circle(c: f64, r: f64, i: usize, k: usize) -> Point {
    let angle = -PI / 2.0 + 2.0 * PI * i as f64 / k as f64;
    ((c + r * angle.cos()).round() as i32, (c + r * angle.sin()).round() as i32)
}

/// A generalized Petersen graph: the first `n` vertices on an outer ring, the next `n` on an
/// inner ring of half its radius, vertex `i` of each at the same angle.
fn rings(n: usize, points: &mut [Point]) {
    let outer = (f64::from(STEP) * n as f64 / PI).max(2.0 * f64::from(STEP));
    let (outside, inside) = points.split_at_mut(n);
    for (i, (out, inner)) in outside.iter_mut().zip(inside).enumerate() {
        *out = on_circle(outer, outer, i, n);
        *inner = on_circle(outer, outer / 2.0, i, n);
    }
}

/// A connected part as a tree in layers from `root`: the breadth-first tree (children in vertex
/// order), each leaf in its own column and each parent above the middle of its children;
/// layer `d` at height `d · STEP · dir` (`dir` -1: rising from the root).
fn tree_layers(graph: &Graph, part: &VSet, root: usize, dir: i32) -> Vec<(usize, Point)> {
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut depth: HashMap<usize, i32> = HashMap::from([(root, 0)]);
    let mut order = vec![root];
    let mut seen = VSet::single(root);
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        for w in graph.neighbours(v).and(part).minus(&seen).iter() {
            seen.insert(w);
            depth.insert(w, depth[&v] + 1);
            children.entry(v).or_default().push(w);
            order.push(w);
        }
        i += 1;
    }
    // Columns in depth-first order of the leaves; parents (later in reverse breadth-first order)
    // over the middle of their children.
    let mut x: HashMap<usize, i32> = HashMap::new();
    let mut column = 0;
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        match children.get(&v) {
            Some(kids) => stack.extend(kids.iter().rev()),
            None => {
                x.insert(v, column * STEP);
                column += 1;
            }
        }
    }
    for &v in order.iter().rev() {
        if let Some(kids) = children.get(&v) {
            x.insert(v, (x[&kids[0]] + x[&kids[kids.len() - 1]]) / 2);
        }
    }
    order.iter().map(|&v| (v, (x[&v], depth[&v] * STEP * dir))).collect()
}

/// Each edge's control points (see the module doc); loops stay above their vertex's horizon when
/// `upward`.
fn curves(graph: &Graph, points: &[Point], upward: bool) -> Vec<Vec<Point>> {
    let mut seen: HashMap<(u16, u16), i32> = HashMap::new();
    // A board's edges lie along its rows, columns and diagonals, even where they overlap.
    let on_board = graph.board().is_some();
    graph
        .edges()
        .iter()
        .map(|&(u, v)| {
            let key = (u.min(v), u.max(v));
            let copy = *seen.entry(key).and_modify(|c| *c += 1).or_insert(0);
            let (a, b) = (points[usize::from(key.0)], points[usize::from(key.1)]);
            if u == v {
                // A teardrop where the vertex's edges leave the most room, larger for each
                // further loop.
                let size = f64::from(STEP) * (0.8 + 0.3 * f64::from(copy));
                let (c, s) = loop_direction(graph, points, usize::from(u), upward);
                let turn = |x: f64, y: f64| {
                    (
                        (f64::from(a.0) + x * c - y * s).round() as i32,
                        (f64::from(a.1) + x * s + y * c).round() as i32,
                    )
                };
                return vec![turn(size, -0.6 * size), turn(size, 0.6 * size)];
            }
            // Copies alternate sides: 0 straight, then +1, -1, +2, ... bows.
            let mut bow = if copy == 0 {
                0
            } else if copy % 2 == 1 {
                (copy + 1) / 2
            } else {
                -(copy / 2)
            };
            if bow == 0 && !on_board && passes_through(points, a, b, key) {
                bow = 1;
            }
            if bow == 0 {
                return Vec::new();
            }
            let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
            let length = (dx * dx + dy * dy).sqrt().max(1.0);
            // The curve's middle lies half the control point's offset from the chord.
            let offset = f64::from(bow) * (0.25 * f64::from(STEP)).max(0.15 * length) * 2.0;
            let (mx, my) = (f64::from(a.0 + b.0) / 2.0, f64::from(a.1 + b.1) / 2.0);
            vec![((mx - dy / length * offset).round() as i32, (my + dx / length * offset).round() as i32)]
        })
        .collect()
}

/// The direction (cosine, sine) of `v`'s loops: of the eight directions of the compass (the three
/// pointing up when `upward`, so that nothing hangs under a ground line), the one
/// farthest from every edge leaving `v`, upward first among equals.
fn loop_direction(graph: &Graph, points: &[Point], v: usize, upward: bool) -> (f64, f64) {
    let at = points[v];
    let leaving: Vec<f64> = graph
        .neighbours(v)
        .iter()
        .map(|w| f64::from(points[w].1 - at.1).atan2(f64::from(points[w].0 - at.0)))
        .collect();
    let room = |angle: f64| {
        leaving
            .iter()
            .map(|&e| {
                let d = (angle - e).rem_euclid(2.0 * PI);
                d.min(2.0 * PI - d)
            })
            .fold(PI, f64::min)
    };
    let compass = [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0];
    let best = compass[..if upward { 3 } else { 8 }]
        .iter()
        .map(|k| -PI / 2.0 + k * PI / 4.0)
        .fold((-PI / 2.0, -1.0), |(best, most), angle| {
            let r = room(angle);
            if r > most + 1e-9 {
                (angle, r)
            } else {
                (best, most)
            }
        })
        .0;
    (best.cos(), best.sin())
}

/// Does the segment `a`–`b` between the vertices `ends` pass within a fifth of a step of
/// another vertex?
fn passes_through(points: &[Point], a: Point, b: Point, ends: (u16, u16)) -> bool {
    let (dx, dy) = (i64::from(b.0 - a.0), i64::from(b.1 - a.1));
    let length2 = dx * dx + dy * dy;
    if length2 == 0 {
        return false;
    }
    let near = i64::from(STEP / 5);
    points.iter().enumerate().any(|(w, &p)| {
        if w == usize::from(ends.0) || w == usize::from(ends.1) {
            return false;
        }
        let (px, py) = (i64::from(p.0 - a.0), i64::from(p.1 - a.1));
        let along = px * dx + py * dy;
        let across = px * dy - py * dx;
        along > 0 && along < length2 && across * across < near * near * length2
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graphs::family::build;

    fn distinct(layout: &Layout) -> bool {
        let mut seen = std::collections::HashSet::new();
        layout.points.iter().all(|p| seen.insert(*p))
    }

    #[test]
    fn every_family_has_distinct_points_within_its_bounds() {
        for text in [
            "path:7",
            "cycle:9",
            "grid:3x4",
            "ladder:5",
            "complete:6",
            "star:5",
            "petersen:7,2",
            "queens:5",
            "tree:0,0,1,1,2,2,3",
            "random:12,20,3",
            "edges:a-b,b-c,c-a,d,e-f,g-g,a-b",
        ] {
            let graph = build(text).unwrap();
            for style in [Style::Own, Style::Upward { ground: 0 }] {
                let layout = layout(&graph, style);
                assert_eq!(layout.points.len(), graph.order(), "{text}");
                assert_eq!(layout.curves.len(), graph.edges().len(), "{text}");
                assert!(distinct(&layout), "{text} {style:?}: {:?}", layout.points);
                for p in layout.points.iter().chain(layout.curves.iter().flatten()) {
                    assert!(
                        (0..=layout.width).contains(&p.0) && (0..=layout.height).contains(&p.1),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn boards_are_drawn_at_their_cells() {
        let graph = build("grid:2x3").unwrap();
        let layout = layout(&graph, Style::Own);
        let cells = &graph.board().unwrap().cells;
        for (v, &(r, c)) in cells.iter().enumerate() {
            assert_eq!(layout.points[v], (i32::from(c) * STEP, i32::from(r) * STEP));
        }
        assert!(layout.curves.iter().all(Vec::is_empty));
        // A queens board's edges lie along its lines, straight.
        let queens = super::layout(&build("queens:4").unwrap(), Style::Own);
        assert!(queens.curves.iter().all(Vec::is_empty));
    }

    #[test]
    fn shapes_are_recognised() {
        // A path in a row.
        let path = layout(&build("path:4").unwrap(), Style::Own);
        assert!(path.points.iter().all(|p| p.1 == 0));
        // A tree in layers: the root above its children.
        let tree = layout(&build("tree:0,0,1,1,2").unwrap(), Style::Own);
        assert!(tree.points[0].1 < tree.points[1].1 && tree.points[1].1 < tree.points[3].1);
        // A star: the centre inside the circle of leaves, each leaf as far from it.
        let star = layout(&build("star:5").unwrap(), Style::Own);
        let d = |p: Point| (p.0 - star.points[0].0).pow(2) + (p.1 - star.points[0].1).pow(2);
        let r = d(star.points[1]);
        assert!(star.points[1..].iter().all(|&p| (d(p) - r).abs() <= 2 * STEP));
        // The Petersen graph: inner vertices nearer the centre than outer ones.
        let petersen = layout(&build("petersen:5,2").unwrap(), Style::Own);
        let centre = (petersen.width / 2, petersen.height / 2);
        let d = |p: Point| (p.0 - centre.0).pow(2) + (p.1 - centre.1).pow(2);
        assert!((0..5).all(|i| d(petersen.points[5 + i]) < d(petersen.points[i])));
    }

    #[test]
    fn hackenbush_rises_from_its_ground_line() {
        let graph = build("edges:g-a,a-b,a-c,g-g,b-c,b-c,x-y").unwrap();
        let layout = layout(&graph, Style::Upward { ground: 0 });
        let line = layout.ground.unwrap();
        assert_eq!(layout.points[0].1, line.y);
        assert!(layout.points.iter().all(|p| p.1 <= line.y && (line.from..=line.to).contains(&p.0)));
        // a is a layer above the ground, b and c a layer above a.
        assert!(layout.points[1].1 < line.y && layout.points[2].1 < layout.points[1].1);
        // The loop has two control points, above the ground line; the repeated edge b–c one.
        assert_eq!(layout.curves[3].len(), 2);
        assert!(layout.curves[3].iter().all(|p| p.1 <= line.y));
        assert_eq!((layout.curves[4].len(), layout.curves[5].len()), (0, 1));
        // x and y never reach the ground: above the line.
        assert!(layout.points[4].1 < line.y && layout.points[5].1 < line.y);
    }
}
