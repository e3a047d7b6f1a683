"""Typical use of the package, checked by mypy --strict against the stubs (not a test module)."""

import nimlab


def outcomes(game: nimlab.Game, upto: int) -> list[str]:
    return [game.solve([n]).outcome for n in range(upto + 1)]


def p_positions(count: int) -> list[list[int]]:
    return nimlab.Game("wythoff").p_positions(count).p_positions


def sum_value() -> int | None:
    s: nimlab.Sum = nimlab.Game("nim").at([3, 4]) + nimlab.Game("wythoff").at([3, 5])
    return s.solve().grundy


def own_game() -> nimlab.Game:
    return nimlab.Game.from_options(lambda p: [(p[0] - 1,)] if p[0] else [], canonical=None, name="chain")


def budget_error() -> str:
    try:
        nimlab.Game("nim").solve([40, 40, 40], method="search", budget=10)
    except nimlab.BudgetExceeded as error:
        return str(error)
    return ""


def sequence_total(upto: int) -> int:
    values = nimlab.Game("subtraction", set=[1, 3, 4]).sequence(upto=upto)
    return int(values.sum())


def grid_shape(rows: int, cols: int) -> tuple[int, int]:
    return nimlab.Game("wythoff").grid(rows, cols, method="search").shape


def loopy_draws() -> list[str]:
    table = nimlab.Game("fair-shares").table(upto=11)
    assert isinstance(table, nimlab.LoopyTableResult)
    draws: list[str] = []
    for row in table.rows:
        value = row.value
        if isinstance(value, nimlab.Infinite) and value.outcome == "D":
            k: tuple[int, ...] = value.k
            draws.append(f"{row.position}: {value} (K = {k})")
    return draws


def graph_game_value() -> int | None:
    edges: list[tuple[str, str]] = [("a", "b"), ("b", "c")]
    result: nimlab.SolveResult = nimlab.Game("node-kayles", graph=edges).solve([])
    return result.grundy
