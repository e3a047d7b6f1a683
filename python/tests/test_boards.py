"""Boards from Python (issue 39): Cram and Chomp as every other ruleset, and the census of
three-rowed Chomp (`nimlab census`), whose named P-positions must be P by the engine's search."""

import json
import os
import subprocess
from pathlib import Path

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


def test_a_board_split_in_shards_merges_to_the_unsplit_value(tmp_path: Path) -> None:
    cram = Game("cram", board="3x5")
    whole = cram.solve([]).grundy
    stores = [tmp_path / f"shard{i}.sqlite" for i in range(3)]
    parts = [cram.solve_shard([], stores[i], shard=f"{i}/3") for i in range(3)]
    assert sum(p.owned for p in parts) == parts[0].classes
    assert all(p.grundy is None or p.stored == p.classes for p in parts)
    merged = cram.solve_shard([], tmp_path / "all.sqlite", merge=stores)
    assert merged.computed == 0, "every class came from the shards' stores"
    assert merged.grundy == whole
    again = cram.solve_shard([], stores[0], shard="0/3")
    assert again.computed == 0, "a shard run again finds its classes stored"
    winning = [v for v in merged.values if v.value == 0]
    assert winning and all(cram.solve(v.to).grundy == 0 for v in winning)


def test_a_shard_is_named_i_of_n(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="shard"):
        Game("cram", board="2x3").solve_shard([], tmp_path / "s.sqlite", shard="3/3")


@pytest.mark.skipif(not os.environ.get("NIMLAB_BIN"), reason="NIMLAB_BIN names the nimlab binary")
def test_a_shard_answers_the_command_lines_report(tmp_path: Path) -> None:
    command = [os.environ["NIMLAB_BIN"], "solve", "cram", "--board", "3x4", "--db"]
    store = str(tmp_path / "cli.sqlite")
    cli = subprocess.run([*command, store, "--shard", "1/3", "--json"], capture_output=True, check=True, text=True)
    python = Game("cram", board="3x4").solve_shard([], tmp_path / "py.sqlite", shard="1/3")
    assert json.loads(python.to_json()) == json.loads(cli.stdout)
