"""Games on graphs from Python (issue 42): a graph given as a text, a list of edges or a networkx
graph. Python only writes an object as the engine's `edges:` text (nimlab/_graph.py); the values
must be those of the same graph named by its family's text."""

import itertools
import subprocess
import sys
from typing import Any

import pytest

from nimlab import Game


def grundy_values(game: Game, order: int, deleted: int = 2) -> list[int | None]:
    """The Grundy values of the positions with at most `deleted` vertices deleted."""
    positions = [list(p) for k in range(deleted + 1) for p in itertools.combinations(range(order), k)]
    return [game.solve(p).grundy for p in positions]


def test_a_text_passes_through() -> None:
    game = Game("node-kayles", graph="grid:3x5")
    assert game.name == Game("node-kayles --graph grid:3x5").name
    assert game.params["graph"] == ["grid:3x5"]
    assert game.solve([]).grundy == Game("node-kayles --graph grid:3x5").solve([]).grundy


@pytest.mark.parametrize("ruleset", ["node-kayles", "arc-kayles"])
def test_an_edge_list_has_the_values_of_its_family(ruleset: str) -> None:
    path = Game(ruleset, graph=[(i, i + 1) for i in range(6)])
    assert path.params["graph"] == ["edges:0-1,1-2,2-3,3-4,4-5,5-6"]
    assert grundy_values(path, 7) == grundy_values(Game(ruleset, graph="path:7"), 7)
    cycle = Game(ruleset, graph=[(f"v{i}", f"v{(i + 1) % 6}") for i in range(6)])
    assert grundy_values(cycle, 6) == grundy_values(Game(ruleset, graph="cycle:6"), 6)


def test_a_lone_name_is_a_vertex_of_no_edge() -> None:
    game = Game("node-kayles", graph=[("a", "b"), "c"])
    assert game.params["graph"] == ["edges:a-b,c"]
    # K2 (value 1) and K1 (value 1): 1 ^ 1 = 0; with c deleted (vertex 2) only K2 is left.
    assert (game.solve([]).grundy, game.solve([2]).grundy) == (0, 1)


@pytest.mark.parametrize(
    ("graph", "message"),
    [
        ([("a", "b c")], "'b c' is not a vertex name"),
        ([("a-b", "c")], "'a-b' is not a vertex name"),
        ([(0, -1)], "-1 is not a vertex name"),
        ([("a", "é")], "'é' is not a vertex name"),
        ([((0, 1), (0, 2))], r"\(0, 1\) \(tuple\) is not a vertex name"),
        ([(1, "1")], "both have the vertex name '1'"),
        ([(1, 2, 3)], "an edge is a pair"),
        ([(True, 1)], "is a bool"),
    ],
)
def test_bad_names_say_how_to_relabel(graph: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        Game("node-kayles", graph=graph)
    assert "convert_node_labels_to_integers" in str(error.value) or "edge is a pair" in str(error.value)


def test_an_empty_graph_is_refused_by_the_engine() -> None:
    with pytest.raises(ValueError, match="graph"):
        Game("node-kayles", graph=[])


def test_importing_nimlab_does_not_import_networkx() -> None:
    code = (
        "import sys, nimlab\n"
        "nimlab.Game('node-kayles', graph=[(0, 1)]).solve([])\n"
        "print('networkx' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_networkx_path_and_grid_have_the_values_of_their_families() -> None:
    nx = pytest.importorskip("networkx")
    path = Game("node-kayles", graph=nx.path_graph(7))
    assert grundy_values(path, 7) == grundy_values(Game("node-kayles", graph="path:7"), 7)
    # grid_2d_graph's nodes are (row, column) tuples, not vertex names: relabelled 0.. in the
    # graph's order (row by row), the vertex numbers of grid:3x4.
    with pytest.raises(ValueError, match="convert_node_labels_to_integers"):
        Game("node-kayles", graph=nx.grid_2d_graph(3, 4))
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4))
    for ruleset in ["node-kayles", "arc-kayles"]:
        mine, family = Game(ruleset, graph=grid), Game(ruleset, graph="grid:3x4")
        assert grundy_values(mine, 12) == grundy_values(family, 12), ruleset


def test_networkx_node_order_gives_the_vertex_numbers() -> None:
    nx = pytest.importorskip("networkx")
    g = nx.Graph()
    g.add_nodes_from(["x", "c", "a", "b"])
    g.add_edges_from([("a", "b"), ("b", "c")])
    game = Game("node-kayles", graph=g)
    # Vertex 0 is x (no edge), 1 is c, 2 a, 3 b: the engine's text keeps those ids (networkx
    # lists the edges node by node: c-b, then a-b).
    assert game.params["graph"] == ["edges:x,c,a,c-b,a-b"]
    # Deleting x leaves the path c-b-a (value 2); deleting b leaves three lone vertices (value 1).
    assert (game.solve([0]).grundy, game.solve([3]).grundy) == (2, 1)
    assert game.solve([1, 2]).grundy == 0  # c and a deleted: x and b alone
    # A multigraph's keys and a digraph's directions are left out: the same undirected graph.
    for other in [nx.MultiGraph(g), nx.DiGraph(g)]:
        assert grundy_values(Game("node-kayles", graph=other), 4) == grundy_values(game, 4)


def test_the_helpers_examples() -> None:
    import doctest

    import nimlab._graph

    result = doctest.testmod(nimlab._graph, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0, result
