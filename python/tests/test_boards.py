"""Boards from Python (issue 39): Cram and Chomp as every other ruleset, and the census of
three-rowed Chomp (`nimlab census`), whose named P-positions must be P by the engine's search."""

import pytest

from nimlab import BudgetExceeded, Game, census


def test_the_census_names_p_positions_and_only_they_are_p() -> None:
    r = census(upto=6, full=True)
    assert r.upto == 6 and len(r.columns) == 7
    chomp = Game("chomp")
    for column in r.columns:
        c = column.third
        offsets = (column.before or []) + column.offsets * 3
        for i, offset in enumerate(offsets[:8]):
            b = c + i
            if b == 0:
                continue
            winners = [a for a in range(b, b + 12) if chomp.solve([a, b, c]).outcome == "P"]
            assert winners == ([] if offset is None else [b + offset]), (b, c)


def test_the_census_fields_are_the_json_contract() -> None:
    record = census(upto=30).to_dict()
    assert sorted(record) == ["columns", "periodic_from", "periods", "upto"]
    assert [c["third"] for c in record["columns"]] == list(range(31))
    assert all(set(c) == {"third", "from", "period", "offsets"} for c in record["columns"])
    assert sum(p["columns"] for p in record["periods"]) == 31


def test_the_census_stops_on_its_budget() -> None:
    with pytest.raises(BudgetExceeded):
        census(upto=3000, budget=1000)


@pytest.mark.parametrize("board, value", [("2x2", 0), ("2x3", 1), ("3x3", 0), ("3x4", 1), ("4x4", 0), ("3x5", 1), ("3x6", 4)])
def test_cram_boards(board: str, value: int) -> None:
    assert Game("cram", board=board).solve([]).grundy == value


def test_the_rectangles_winning_first_moves_are_the_searches() -> None:
    t = Game("chomp").table(rows=3, cols=4, rectangles=True)
    assert [(r.rows, r.cols) for r in t.rectangles] == [(r, c) for r in range(1, 4) for c in range(1, 5)]
    for r in t.rectangles:
        searched = Game("chomp").solve([r.cols] * r.rows, method="search")
        assert r.outcome == searched.outcome
        assert [m.to for m in r.winning_moves] == [m.to for m in searched.winning_moves]
    assert t.rectangles[7].winning_moves[0].move == "take the square at row 2, column 4"
    with pytest.raises(ValueError):
        Game("nim").table(rows=2, cols=2, rectangles=True)
    with pytest.raises(ValueError):
        Game("chomp").table(upto=3, rectangles=True)
