"""Tables as numpy arrays (Game.sequence, Game.grid) against pure-Python mex computations."""

import numpy as np
import pytest

from nimlab import BudgetExceeded, Game
from reference import subtraction_sequence, wythoff_grid


def test_subtraction_sequence_equals_the_mex_recurrence() -> None:
    values = Game("subtraction", set=[2, 3, 5, 7]).sequence(upto=2000)
    assert values.shape == (2001,)
    assert values.tolist() == subtraction_sequence([2, 3, 5, 7], 2000)


@pytest.mark.parametrize("method", ["auto", "search"])
def test_wythoff_grid_equals_the_mex_recurrence(method: str) -> None:
    values = Game("wythoff").grid(50, 50, method=method)
    assert values.shape == (51, 51)
    assert values.tolist() == wythoff_grid(50, 50)


def test_rows_and_columns_are_the_first_and_second_heaps_inclusive() -> None:
    values = Game("wythoff").grid(3, 6)
    assert values.shape == (4, 7)
    expected = wythoff_grid(6, 6)
    assert values.tolist() == [row[:7] for row in expected[:4]]
    nim = Game("nim").grid(5, 9)
    assert nim.tolist() == [[r ^ c for c in range(10)] for r in range(6)]


def test_the_dtype_is_the_narrowest_that_holds_the_proven_bound() -> None:
    assert Game("subtraction", set=[2, 3, 5, 7, 101]).sequence(upto=1000).dtype == np.uint8
    assert Game("nim").grid(255, 255).dtype == np.uint8
    assert Game("nim").grid(256, 3).dtype == np.uint16
    nim = Game("nim").grid(70000, 1)
    assert nim.dtype == np.uint32
    assert nim[65536, 1] == 65537
    assert Game("nim").sequence(upto=10).dtype == np.uint8
    assert Game("nim").sequence(upto=300).dtype == np.uint16
    for values in [Game("nim").sequence(upto=300), Game("wythoff").grid(40, 40)]:
        assert values.flags.c_contiguous and values.flags.writeable


def test_misere_gives_outcomes_as_the_raw_formats_do() -> None:
    values = Game("nim").sequence(upto=5, misere=True)
    assert values.dtype == np.uint8
    # Misère Nim with one heap: heap 1 is P (the mover must take the last counter), others N.
    assert values.tolist() == [1, 0, 1, 1, 1, 1]
    grid = Game("wythoff").grid(20, 20, misere=True)
    for r in range(21):
        for c in range(21):
            assert grid[r, c] == (Game("wythoff").solve([r, c], misere=True).outcome == "N")


def test_a_game_defined_in_python_has_tables() -> None:
    def options(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(p[0] - s,) for s in (2, 3, 5, 7) if s <= p[0]]

    values = Game.from_options(options, name="sub2357").sequence(upto=300)
    assert values.tolist() == subtraction_sequence([2, 3, 5, 7], 300)


def test_budget_and_deadline_overruns_raise_budget_exceeded() -> None:
    with pytest.raises(BudgetExceeded, match="array"):
        Game("subtraction", set=[2, 3, 5, 7]).sequence(upto=10**9, budget=10**6)
    with pytest.raises(BudgetExceeded, match="work budget"):
        Game("wythoff").grid(2000, 2000, budget=10**6)
    with pytest.raises(BudgetExceeded):
        Game("wythoff").grid(3000, 3000, method="search", timeout=0.01)


def test_bad_arguments_raise_value_and_type_errors() -> None:
    with pytest.raises(ValueError, match="upto must be a non-negative int"):
        Game("nim").sequence(upto=-1)
    with pytest.raises(ValueError, match="non-negative"):
        Game("nim").grid(2**64, 3)
    with pytest.raises(TypeError, match="upto must be an int, not float"):
        Game("nim").sequence(upto=2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cols must be an int, not str"):
        Game("nim").grid(3, "4")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the method is auto, theory or search, not .fast."):
        Game("nim").sequence(upto=3, method="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game("wythoff").sequence(upto=10)
    with pytest.raises(ValueError):
        Game("subtraction", set=[1, 3, 4]).grid(3, 3)
    assert Game("nim").sequence(upto=np.uint64(4)).tolist() == [0, 1, 2, 3, 4]
