"""The tour in docs/python.md runs as a doctest: its outputs are the module's real answers."""

import doctest
from pathlib import Path

TOUR = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_the_tour_in_docs_python_md() -> None:
    result = doctest.testfile(str(TOUR), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 30, result
    assert result.failed == 0, result
