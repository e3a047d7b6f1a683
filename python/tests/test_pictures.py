"""Pictures (Game.plot_grid, Game.plot_sequence): well-formed SVG with what `nimlab plot` draws."""

import os
import pathlib
import subprocess
import xml.etree.ElementTree as ET

import pytest

from nimlab import Game, Picture
from reference import subtraction_sequence, wythoff_grid

SVG = "{http://www.w3.org/2000/svg}"
P_RED = "#D32F2F"


def filled_rects(picture: Picture) -> list[ET.Element]:
    """The filled rectangles of a picture, without the white background."""
    root = ET.fromstring(picture.svg)
    assert root.tag == f"{SVG}svg"
    rects = root.iter(f"{SVG}rect")
    return [r for r in rects if r.get("stroke") == "none" and r.get("fill") != "#FFFFFF"]


def test_a_grid_has_one_rect_per_cell_and_its_p_positions_in_red() -> None:
    picture = Game("wythoff").plot_grid(20, 30, outcomes=True)
    cells = filled_rects(picture)
    assert len(cells) == 21 * 31
    # Cells are drawn row by row from row 0 (at the bottom), column 0 first.
    red = [divmod(i, 31) for i, cell in enumerate(cells) if cell.get("fill") == P_RED]
    grid = wythoff_grid(30, 30)
    assert red == [(r, c) for r in range(21) for c in range(31) if grid[r][c] == 0]
    assert picture.title == "wythoff: P-positions of (r, c)"
    assert picture._repr_svg_() == picture.svg


def test_grundy_values_are_written_in_large_cells() -> None:
    root = ET.fromstring(Game("nim").plot_grid(3, 3).svg)
    texts = [t.text.strip() for t in root.iter(f"{SVG}text") if t.text]
    for value in ("0", "1", "2", "3"):
        assert value in texts
    assert "nim: Grundy values of (r, c)" in texts


def test_a_misere_grid_shows_outcomes() -> None:
    picture = Game("nim").plot_grid(4, 4, misere=True)
    assert picture.title == "nim: P-positions of (r, c), misère play"
    assert len(filled_rects(picture)) == 25


def test_a_sequence_has_one_bar_per_nonzero_value_and_its_certified_period() -> None:
    picture = Game("subtraction", set=[1, 3, 4]).plot_sequence(40)
    values = subtraction_sequence([1, 3, 4], 40)
    # The shaded first period, then one bar per value (a zero-height bar for G(n) = 0).
    bars = filled_rects(picture)
    assert len(bars) == 1 + len(values)
    root = ET.fromstring(picture.svg)
    dots = [c for c in root.iter(f"{SVG}circle") if c.get("fill") == P_RED]
    assert len(dots) == values.count(0)
    assert "period 7 from n = 0 (certified)" in picture.title


def test_pictures_refuse_what_the_command_refuses() -> None:
    with pytest.raises(ValueError, match="at most 10000"):
        Game("nim").plot_sequence(10_001)
    with pytest.raises(ValueError, match="at most 250000 cells"):
        Game("nim").plot_grid(1000, 1000)
    with pytest.raises(ValueError):
        Game("wythoff").plot_sequence(10)


def test_save_writes_the_svg(tmp_path: pathlib.Path) -> None:
    picture = Game("nim").plot_grid(2, 2)
    path = tmp_path / "nim.svg"
    picture.save(path)
    assert path.read_text() == picture.svg


@pytest.mark.skipif(not os.environ.get("NIMLAB_BIN"), reason="NIMLAB_BIN names the nimlab binary")
def test_the_pictures_are_the_commands_byte_for_byte(tmp_path: pathlib.Path) -> None:
    binary = os.environ["NIMLAB_BIN"]
    for args, picture in [
        (["wythoff", "--rows", "40", "--cols", "40", "--outcomes"], Game("wythoff").plot_grid(40, 40, outcomes=True)),
        (["nim", "--rows", "16", "--cols", "16"], Game("nim").plot_grid(16, 16)),
        (["subtraction", "--set", "1,3,4", "--upto", "60"], Game("subtraction", set=[1, 3, 4]).plot_sequence(60)),
    ]:
        path = tmp_path / "picture.svg"
        subprocess.run([binary, "plot", *args, "-o", str(path)], check=True, capture_output=True)
        assert path.read_text() == picture.svg, args
