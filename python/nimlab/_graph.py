"""A graph given from Python as the text of a game's ``graph`` parameter.

``Game('node-kayles', graph=G)`` takes a networkx graph (any object with ``.nodes`` and
``.edges``; networkx itself is never imported) or an iterable of edges ``(u, v)``, with a lone
name standing for a vertex of no edge. This module only writes it in the engine's ``edges:``
grammar (``edges:a,b,c,a-b,b-c``: names and edges, vertex ids in order of first appearance); the
engine reads that text as it reads any other, so what a graph means is decided there. A text
(``'grid:3x5'``, ``'edges:a-b'``, a graph file's text) is passed through unchanged.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import Any

# The engine's vertex names (crates/engine/src/graphs/family.rs): ASCII letters, digits, '_',
# '.' and parentheses. Anything else ('-', ',', spaces) would be read as the grammar's separators.
_NAME = re.compile(r"[A-Za-z0-9_.()]+", re.ASCII)

_RELABEL = (
    "a vertex name is letters, digits, '_', '.' and parentheses (or a non-negative int): relabel the nodes, "
    "e.g. networkx.convert_node_labels_to_integers(G), or networkx.relabel_nodes(G, mapping)"
)


def _is_graph_object(value: object) -> bool:
    """A networkx graph, by duck typing (``.nodes`` and ``.edges``)."""
    return hasattr(value, "nodes") and hasattr(value, "edges") and not isinstance(value, (str, bytes))


def _name(node: Any) -> str:
    """The vertex name of a node: a str as it is, an int (or numpy integer) in decimal."""
    if isinstance(node, str):
        text = node
    else:
        try:
            text = str(operator.index(node))
        except TypeError:
            raise ValueError(
                f"the node {node!r} ({type(node).__name__}) is not a vertex name: {_RELABEL}"
            ) from None
    if not _NAME.fullmatch(text):
        raise ValueError(f"the node {node!r} is not a vertex name: {_RELABEL}")
    return text


class _Names:
    """Node → name, refusing two nodes with one name (1 and '1')."""

    def __init__(self) -> None:
        self.by_node: dict[Any, str] = {}
        self.node_of: dict[str, Any] = {}

    def __call__(self, node: Any) -> str:
        if isinstance(node, bool):  # True == 1 as a dict key: refused before the look-up
            raise ValueError(f"the node {node!r} is a bool, not a vertex name: {_RELABEL}")
        try:
            known = self.by_node.get(node)
        except TypeError:  # unhashable: a list as a node
            raise ValueError(f"the node {node!r} is not a vertex name: {_RELABEL}") from None
        if known is not None:
            return known
        name = _name(node)
        other = self.node_of.setdefault(name, node)
        if other is not node and other != node:
            raise ValueError(f"the nodes {other!r} and {node!r} both have the vertex name '{name}': {_RELABEL}")
        self.by_node[node] = name
        return name


def _edge(item: Any, names: _Names) -> str:
    try:
        u, v = item
    except (TypeError, ValueError):
        raise ValueError(f"an edge is a pair (u, v), and a lone vertex a str or int, not {item!r}") from None
    return f"{names(u)}-{names(v)}"


def graph_text(graph: object) -> str:
    """The text of the ``graph`` parameter for a graph given from Python.

    >>> graph_text([(0, 1), (1, 2), 'x'])
    'edges:0-1,1-2,x'
    >>> graph_text('grid:3x5')
    'grid:3x5'
    >>> graph_text([('a', 'b-c')])
    Traceback (most recent call last):
        ...
    ValueError: the node 'b-c' is not a vertex name: a vertex name is letters, digits, '_', '.' and parentheses ...
    """
    if isinstance(graph, str):
        return graph
    names = _Names()
    items: list[str] = []
    if _is_graph_object(graph):
        g: Any = graph
        # Every node first, alone, in the graph's order (its vertex ids), then the edges
        # (a multigraph's edges are (u, v, key): the key is left out; a directed edge is an edge).
        items = [names(node) for node in g.nodes]
        for edge in g.edges:
            items.append(_edge(tuple(edge)[:2], names))
        return "edges:" + ",".join(items)
    if not isinstance(graph, Iterable) or isinstance(graph, (bytes, dict)):
        raise TypeError(
            "a graph is a text ('grid:3x5', 'edges:a-b,b-c'), a networkx graph or a list of edges (u, v), "
            f"not {type(graph).__name__}"
        )
    for item in graph:
        if isinstance(item, str) or (not isinstance(item, bool) and hasattr(item, "__index__")):
            items.append(names(item))  # a lone vertex
        else:
            items.append(_edge(item, names))
    return "edges:" + ",".join(items)
