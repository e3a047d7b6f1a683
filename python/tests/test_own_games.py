"""Games defined as Python functions (Game.from_options): the same answers as the built-in
rulesets they imitate, exceptions intact, every solver."""

import itertools
from typing import Any

import pytest

from nimlab import BudgetExceeded, Game


def nim_options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Nim: take any number from one heap."""
    return [position[:i] + (k,) + position[i + 1:] for i, h in enumerate(position) for k in range(h)]


def wythoff_options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Wythoff: take from one heap, or the same amount from both."""
    a, b = position
    return (
        [(k, b) for k in range(a)]
        + [(a, k) for k in range(b)]
        + [(a - t, b - t) for t in range(1, min(a, b) + 1)]
    )


def sorted_key(position: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(position))


def test_python_nim_has_the_grundy_values_of_nim() -> None:
    mine = Game.from_options(nim_options, canonical=sorted_key, name="my-nim")
    nim = Game("nim")
    for position in itertools.product(range(8), repeat=3):
        ours, theirs = mine.solve(list(position)), nim.solve(list(position), method="search")
        assert ours.grundy == theirs.grundy, position
        assert sorted(m.to for m in ours.winning_moves) == sorted(m.to for m in theirs.winning_moves)
        misere = mine.solve(list(position), misere=True), nim.solve(list(position), misere=True)
        assert misere[0].outcome == misere[1].outcome, position
    for position in itertools.product(range(5), repeat=3):
        ours, theirs = mine.solve(list(position), players=3), nim.solve(list(position), players=3, method="search")
        assert ours.value == theirs.value, position


def test_python_wythoff_has_the_grundy_values_of_wythoff() -> None:
    mine = Game.from_options(wythoff_options, name="my-wythoff")
    wythoff = Game("wythoff")
    for a in range(31):
        for b in range(31):
            ours, theirs = mine.solve([a, b]), wythoff.solve([a, b], method="search")
            assert ours.grundy == theirs.grundy, (a, b)
            assert ours.outcome == wythoff.solve([a, b]).outcome, (a, b)
            assert sorted(m.to for m in ours.winning_moves) == sorted(m.to for m in theirs.winning_moves)
    assert mine.p_positions(6, heaps=2).p_positions == Game("wythoff").p_positions(6).p_positions


def test_sums_and_options_of_python_games() -> None:
    mine = Game.from_options(wythoff_options, name="w")
    r = (mine.at([3, 5]) + Game("nim").at([3, 4]) + mine.at([1, 1])).solve()
    assert r.grundy == 0 ^ 7 ^ 2
    assert [m.to for m in mine.options([1, 1])] == [[0, 1], [1, 0], [0, 0]]
    # The function's own error on a position it does not expect (one heap) reaches the caller.
    with pytest.raises(ValueError, match="not enough values to unpack"):
        mine.solve(4)


def test_an_exception_in_options_reaches_the_caller_intact() -> None:
    boom = LookupError("no rule for heaps of 13")

    def options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        if position[0] == 13:
            raise boom
        return [(position[0] - 1,)] if position[0] else []

    game = Game.from_options(options, name="fails-at-13")
    with pytest.raises(LookupError) as caught:
        game.solve(20)
    assert caught.value is boom
    assert caught.traceback[-1].name == "options"
    # The memo of the failed call is discarded: answers below 13 are right afterwards.
    assert [game.solve(n).grundy for n in range(13)] == [n % 2 for n in range(13)]
    with pytest.raises(LookupError):
        (game.at(30) + Game("nim").at([1])).solve()


def test_an_exception_in_canonical_reaches_the_caller() -> None:
    def canonical(position: tuple[int, ...]) -> tuple[int, ...]:
        raise ZeroDivisionError("canonical failed")

    game = Game.from_options(nim_options, canonical=canonical, name="c")
    with pytest.raises(ZeroDivisionError, match="canonical failed"):
        game.solve([2, 2])


@pytest.mark.parametrize(
    "returned, error, message",
    [
        (5, TypeError, "not an iterable of positions"),
        ([("a",)], ValueError, "a position is a tuple of ints"),
        ([(-1,)], ValueError, "non-negative ints below 2\\*\\*64"),
        ([(2**64,)], ValueError, "non-negative ints below 2\\*\\*64"),
        (["3"], TypeError, "a position is a tuple of ints"),
    ],
)
def test_malformed_options_raise(returned: Any, error: type[Exception], message: str) -> None:
    game = Game.from_options(lambda p: returned if p[0] else [], name="malformed")
    with pytest.raises(error, match=message):
        game.solve(1)


def test_definition_errors() -> None:
    with pytest.raises(TypeError, match="options must be a function"):
        Game.from_options(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="built-in game"):
        Game.from_options(nim_options, name="nim")
    with pytest.raises(ValueError, match="one word"):
        Game.from_options(nim_options, name="my nim")


def test_a_python_game_runs_under_the_budget() -> None:
    game = Game.from_options(lambda p: [(p[0] - 1,)] if p[0] else [], name="chain")
    with pytest.raises(BudgetExceeded):
        game.solve(100_000, budget=10_000)
    assert game.solve(1000).grundy == 0


def test_the_period_of_a_python_game_is_observed_never_certified() -> None:
    """SUB({1,3,4}) as a Python function: period 7 from 0, seen in its values, not proved."""

    def options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(position[0] - t,) for t in (1, 3, 4) if t <= position[0]]

    r = Game.from_options(options, name="my-sub-134").period(limit=300)
    assert r.status == "observed"
    assert r.covered_by_theorem is False
    assert (r.observed.preperiod, r.observed.period, r.observed.saltus) == (0, 7, 0)
    assert r.values_computed == 300
    assert r.values[:7] == [0, 1, 0, 1, 2, 3, 2]
    assert "observed: preperiod 0, period 7, saltus 0, over n < 300" in repr(r)
    # Nim written in Python: G(n) = n, an arithmetic period with saltus 1.
    nim = Game.from_options(nim_options, canonical=sorted_key, name="my-nim").period(limit=100)
    assert (nim.observed.period, nim.observed.saltus) == (1, 1)
    # The built-in games take the same path: certified where a theorem covers them.
    assert Game("kayles").period().status == "certified"
    assert Game("subtraction", set=[1, 3, 4]).period().period == 7


# The graph of examples/loopy.txt (docs/loopy.md), a vertex a number: start 0, a 1, b 2, end 3,
# c 4, d 5. Positions repeat (a <-> b, b -> b, c <-> d).
LOOPY_EDGES = {0: [1, 2], 1: [2, 3], 2: [1, 2], 3: [], 4: [5], 5: [4, 3]}


def loopy_options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [(v,) for v in LOOPY_EDGES[position[0]]]


def test_a_game_whose_positions_repeat_is_answered_by_the_loopy_engine() -> None:
    from nimlab import Infinite, LoopyResult

    g = Game.from_options(loopy_options, name="loopy-graph")
    # Value, outcome and remoteness of each vertex, as `nimlab table graph --file
    # examples/loopy.txt` gives them.
    expected = {
        0: (Infinite([]), "D", None),
        1: (Infinite([0]), "N", 1),
        2: (Infinite([]), "D", None),
        3: (0, "P", 0),
        4: (0, "P", 2),
        5: (1, "N", 1),
    }
    for vertex, (value, outcome, remoteness) in expected.items():
        r = g.solve(vertex)
        if vertex == 3:
            # No cycle is reachable from `end`: the search of finite games answers it.
            assert (r.grundy, r.outcome) == (value, outcome)
            continue
        assert isinstance(r, LoopyResult), vertex
        assert (r.value, r.outcome, r.remoteness) == (value, outcome, remoteness), vertex
    start = g.solve(0)
    assert start.moves_kind == "drawing"
    assert [m.to for m in start.moves] == ["2"], "the move to b keeps the draw"
    assert str(start.value) == "∞()" and start.value.outcome == "D"
    assert start.to_dict()["value"] == {"infinite": []}
    d = g.solve(5)
    assert d.moves_kind == "winning" and sorted(m.to for m in d.moves) == ["3", "4"]
    assert Infinite([2, 0]) == Infinite([0, 2]) and Infinite([0]) < Infinite([1])
    assert Infinite([0]) != 0 and len({Infinite([1]), Infinite([1])}) == 1


def fair_shares_options(position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Fair Shares and Varied Pairs: divide a heap into equal heaps, or unite two unequal heaps."""
    out = []
    for i, h in enumerate(position):
        rest = position[:i] + position[i + 1:]
        out += [rest + (h // k,) * k for k in range(2, h + 1) if h % k == 0]
        out += [rest[:j] + rest[j + 1:] + (h + x,) for j, x in enumerate(rest) if x != h]
    return out


def test_python_fair_shares_has_the_values_of_the_ruleset() -> None:
    from nimlab import LoopyResult

    mine = Game.from_options(fair_shares_options, canonical=sorted_key, name="my-fair-shares")
    theirs = Game("fair-shares")
    draws = 0
    for coins in range(1, 12):
        for position in [(coins,), (1, coins), (2, coins)]:
            a, b = mine.solve(list(position)), theirs.solve(list(position))
            if not isinstance(a, LoopyResult):
                # No cycle reachable (e.g. single coins): the search's Grundy value is the value.
                assert (a.grundy, a.outcome) == (b.value, b.outcome), position
                continue
            assert (a.value, a.outcome, a.remoteness) == (b.value, b.outcome, b.remoteness), position
            assert sorted(m.to for m in a.moves) == sorted(m.to for m in b.moves), position
            draws += a.outcome == "D"
    assert draws > 0
