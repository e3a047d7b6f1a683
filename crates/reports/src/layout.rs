//! The picture of a position of a game on a graph, as the playground draws it: every vertex at
//! its point with its name, every edge (loops and repeated edges each on their own) with its
//! curve, what is gone, the token, the ground line, and for each vertex or edge the legal move a
//! click on it makes, as its index in the position's list of moves. The ruleset says what is gone
//! and what each click does ([`nimlab_engine::graphs::GraphView`]), the engine where
//! everything is drawn ([`nimlab_engine::graphs::layout`]); a surface only draws.

use std::collections::HashMap;

use nimlab_engine::graphs::{layout, Point, Style, Target};
use nimlab_engine::{AnyGame, BigUint, CheckedPosition, MoveReport};
use serde::Serialize;

/// A graph game's position as a picture (see the module doc). Coordinates are whole numbers
/// from 0 to `width` and `height`, `y` downwards, neighbouring cells of a board 100 apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GraphLayout {
    /// The largest `x` of the picture.
    pub width: i32,
    /// The largest `y` of the picture.
    pub height: i32,
    /// Every vertex, by id.
    pub vertices: Vec<VertexPlace>,
    /// Every edge, by id (the order the graph lists them).
    pub edges: Vec<EdgePlace>,
    /// The token's vertex, in a game with a token.
    pub token: Option<usize>,
    /// The ground line, in a game with a ground (drawn upward from it).
    pub ground: Option<GroundPlace>,
    /// A board whose pieces fill its cells (Cram, Chomp): each vertex is drawn as its cell's
    /// square, neighbouring cells touching; a move on an edge (Cram's domino) is made by
    /// choosing its two cells.
    pub cells: bool,
    /// A vertex no move may take, whose taking loses (Chomp's poisoned square), drawn marked.
    pub poisoned: Option<usize>,
}

/// A vertex of a [`GraphLayout`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VertexPlace {
    /// Its id: its number in positions.
    pub id: usize,
    /// Its name (a board's `(2, 3)`, or the name the graph gives it).
    pub name: String,
    /// Where it is.
    pub x: i32,
    /// Where it is.
    pub y: i32,
    /// Deleted, or with nothing standing at it: drawn faded.
    pub gone: bool,
    /// The move a click on it makes: its index in the position's moves; null when a click
    /// makes none.
    #[serde(rename = "move")]
    pub move_index: Option<usize>,
}

/// An edge of a [`GraphLayout`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EdgePlace {
    /// Its id: its number in positions that cut edges.
    pub id: usize,
    /// Its two vertices' ids (the same twice for a loop).
    pub ends: [usize; 2],
    /// Its control points: none for a straight line, one for a quadratic curve (a repeated edge
    /// bowed aside), two for a cubic one (a loop).
    pub curve: Vec<[i32; 2]>,
    /// Cut, fallen or without an end: drawn faded.
    pub gone: bool,
    /// The move a click on it makes, as for a vertex.
    #[serde(rename = "move")]
    pub move_index: Option<usize>,
}

/// The ground line of a [`GraphLayout`]: the ground vertex stands on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GroundPlace {
    /// The ground vertex.
    pub vertex: usize,
    /// The line's height.
    pub y: i32,
    /// Its left end.
    pub from: i32,
    /// Its right end.
    pub to: i32,
}

/// The picture of a checked position of `game` whose legal moves are `moves` (in the order a
/// report lists them); `None` for a game not on a graph. `O(n·m)` for `n` vertices and `m`
/// edges (at most 256 vertices).
pub fn graph_layout(
    game: &dyn AnyGame,
    numbers: &CheckedPosition,
    moves: &[MoveReport],
) -> Option<GraphLayout> {
    let view = game.graph_view(numbers)?;
    let graph = view.graph.as_ref();
    let drawn = layout(graph, view.style);
    let index: HashMap<&[BigUint], usize> =
        moves.iter().enumerate().map(|(i, m)| (m.to.numbers(), i)).collect();
    let mut vertex_moves = vec![None; graph.order()];
    let mut edge_moves = vec![None; graph.edges().len()];
    for (target, to) in &view.clicks {
        let found = index.get(to.as_slice()).copied();
        match *target {
            Target::Vertex(v) => vertex_moves[v] = found,
            Target::Edge(e) => edge_moves[e] = found,
        }
    }
    let pair = |p: &Point| [p.0, p.1];
    Some(GraphLayout {
        width: drawn.width,
        height: drawn.height,
        vertices: (0..graph.order())
            .map(|v| VertexPlace {
                id: v,
                name: graph.name(v).to_string(),
                x: drawn.points[v].0,
                y: drawn.points[v].1,
                gone: view.gone_vertices[v],
                move_index: vertex_moves[v],
            })
            .collect(),
        edges: graph
            .edges()
            .iter()
            .enumerate()
            .map(|(e, &(u, v))| EdgePlace {
                id: e,
                ends: [usize::from(u), usize::from(v)],
                curve: drawn.curves[e].iter().map(pair).collect(),
                gone: view.gone_edges[e],
                move_index: edge_moves[e],
            })
            .collect(),
        token: view.token,
        cells: view.style == Style::Cells,
        poisoned: view.poisoned,
        ground: match (view.style, drawn.ground) {
            (Style::Upward { ground }, Some(line)) => {
                Some(GroundPlace { vertex: ground, y: line.y, from: line.from, to: line.to })
            }
            _ => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::options;
    use nimlab_engine::{Budget, GameSpec, Lang, Play};
    use std::collections::HashSet;

    fn spec(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    fn numbers(list: &[u64]) -> Vec<BigUint> {
        list.iter().map(|&n| BigUint::from(n)).collect()
    }

    /// The options report of a position with its layout, and the layout.
    fn drawn(game: &str, position: &[u64]) -> (crate::play::OptionsReport, GraphLayout) {
        let report =
            options(&spec(game), &numbers(position), Play::Normal, &Budget::default(), Lang::En).unwrap();
        let layout = report.layout.clone().unwrap_or_else(|| panic!("{game}: no layout"));
        (report, layout)
    }

    /// Every vertex has a point, no two share one; every click names a legal move, every legal
    /// move is named by a click, and by exactly one where no two targets lead to one position.
    fn check(game: &str, position: &[u64], clicks_name_one_move_each: bool) {
        let (report, layout) = drawn(game, position);
        let points: HashSet<(i32, i32)> = layout.vertices.iter().map(|v| (v.x, v.y)).collect();
        assert_eq!(points.len(), layout.vertices.len(), "{game}: two vertices share a point");
        for v in &layout.vertices {
            assert!((0..=layout.width).contains(&v.x) && (0..=layout.height).contains(&v.y), "{game}");
        }
        let mut named = vec![0; report.moves.len()];
        let targets =
            layout.vertices.iter().map(|v| v.move_index).chain(layout.edges.iter().map(|e| e.move_index));
        for i in targets.flatten() {
            named[i] += 1;
        }
        assert!(named.iter().all(|&n| n >= 1), "{game} {position:?}: a move no click makes: {named:?}");
        if clicks_name_one_move_each {
            assert!(named.iter().all(|&n| n == 1), "{game} {position:?}: {named:?}");
        }
        // Gone parts make no move.
        assert!(layout.vertices.iter().all(|v| !(v.gone && v.move_index.is_some())), "{game}");
        assert!(layout.edges.iter().all(|e| !(e.gone && e.move_index.is_some())), "{game}");
    }

    #[test]
    fn every_move_is_a_click_on_a_vertex_or_an_edge() {
        check("node-kayles --graph grid:2x3", &[], true);
        check("node-kayles --graph grid:3x3", &[0, 4], true);
        check("node-kayles --graph petersen:5,2", &[1], true);
        // In K4 every vertex deletes the whole graph: four clicks, one move.
        check("node-kayles --graph complete:4", &[], false);
        check("arc-kayles --graph cycle:7", &[2], true);
        check("arc-kayles --graph edges:a-b,a-b,b-c", &[], false);
        check("geography --graph grid:3x3", &[4, 0], true);
        check("hackenbush --graph edges:g-a,a-a,a-b,a-b,b-c,g-g --ground g", &[], true);
        check("hackenbush --graph tree:0,0,1,1,2,2", &[1], true);
        check("node-kayles --graph tree:0,0,1,1,2,2,3", &[], true);
        check("geography --graph random:12,18,5", &[3], true);
    }

    #[test]
    fn a_grid_is_drawn_at_its_cells() {
        let (_, layout) = drawn("node-kayles --graph grid:2x3", &[]);
        for v in &layout.vertices {
            let (r, c) = (v.id / 3, v.id % 3);
            assert_eq!((v.x, v.y), (c as i32 * 100, r as i32 * 100));
            assert_eq!(v.name, format!("({}, {})", r + 1, c + 1));
        }
        assert_eq!(layout.edges.len(), 7);
        assert!(layout.ground.is_none() && layout.token.is_none());
    }

    #[test]
    fn gone_parts_token_and_ground_are_marked() {
        // Picking (1, 1) of the 2 x 3 grid deletes it, (1, 2) and (2, 1).
        let (report, layout) = drawn("node-kayles --graph grid:2x3", &[0, 1, 3]);
        let gone: Vec<usize> = layout.vertices.iter().filter(|v| v.gone).map(|v| v.id).collect();
        assert_eq!(gone, [0, 1, 3]);
        assert_eq!(layout.edges.iter().filter(|e| !e.gone).count(), 2);
        let clickable: Vec<usize> =
            layout.vertices.iter().filter(|v| v.move_index.is_some()).map(|v| v.id).collect();
        assert_eq!(clickable, [2, 4, 5]);
        assert_eq!(report.moves.len(), 3);
        // Geography: the token, and only its neighbours are clicks.
        let (_, layout) = drawn("geography --graph grid:3x3", &[4]);
        assert_eq!(layout.token, Some(4));
        let clickable: Vec<usize> =
            layout.vertices.iter().filter(|v| v.move_index.is_some()).map(|v| v.id).collect();
        assert_eq!(clickable, [1, 3, 5, 7]);
        // Hackenbush: cutting the edge g–a drops everything above it.
        let (_, layout) = drawn("hackenbush --graph edges:g-a,a-b,a-a --ground g", &[0]);
        let ground = layout.ground.unwrap();
        assert_eq!(ground.vertex, 0);
        assert!(layout.edges.iter().all(|e| e.gone && e.move_index.is_none()));
        assert_eq!(layout.vertices.iter().filter(|v| v.gone).count(), 2);
        assert!(layout.vertices.iter().all(|v| v.y <= ground.y));
        // The loop has two control points.
        assert_eq!(layout.edges[2].curve.len(), 2);
    }

    #[test]
    fn boards_of_cells_cram_and_chomp() {
        check("cram --board 3x4", &[], true);
        check("cram --board 3x4", &[1, 2, 5], true);
        check("cram --board ..#./..../....", &[0, 1], true);
        let (_, layout) = drawn("cram --board 2x3", &[2, 5]);
        assert!(layout.cells && layout.poisoned.is_none());
        assert!(layout.vertices.iter().all(|v| v.move_index.is_none()), "a domino is an edge's move");
        // Chomp: every square but the poisoned one is a click, taking it; row 1 at the bottom.
        for rows in [&[1][..], &[2], &[3, 2], &[5, 4, 2], &[4, 4, 4], &[6, 3, 3, 1]] {
            check("chomp", rows, true);
            let (report, layout) = drawn("chomp", rows);
            assert!(layout.cells);
            assert_eq!(layout.poisoned, Some(0));
            assert_eq!(layout.vertices.len() as u64, rows.iter().sum::<u64>());
            assert_eq!(layout.vertices[0].name, "1,1");
            assert!(layout.vertices[0].move_index.is_none());
            for v in &layout.vertices {
                let (row, column): (usize, u64) = {
                    let (r, c) = v.name.split_once(',').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                };
                assert_eq!(v.y, (rows.len() - row) as i32 * 100, "row 1 at the bottom");
                assert_eq!(v.x, (column as i32 - 1) * 100);
                if let Some(i) = v.move_index {
                    let left: Vec<u64> = rows
                        .iter()
                        .enumerate()
                        .map(|(k, &len)| if k + 1 >= row { len.min(column - 1) } else { len })
                        .filter(|&l| l > 0)
                        .collect();
                    assert_eq!(report.moves[i].to, numbers(&left), "{rows:?}: taking {row},{column}");
                }
            }
        }
        // A diagram larger than a picture holds is drawn as rows, without a layout.
        let report =
            options(&spec("chomp"), &numbers(&[200, 100]), Play::Normal, &Budget::default(), Lang::En)
                .unwrap();
        assert!(report.layout.is_none());
    }

    #[test]
    fn games_not_on_a_graph_have_no_layout() {
        let report =
            options(&spec("nim"), &numbers(&[3, 4]), Play::Normal, &Budget::default(), Lang::En).unwrap();
        assert!(report.layout.is_none());
        let json = serde_json::to_value(&report).unwrap();
        assert!(json.get("layout").is_none());
    }
}
