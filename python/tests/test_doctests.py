"""The docstrings' examples (of the package, its classes and their methods) run as doctests."""

import doctest

import nimlab


def test_docstring_examples() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {name: getattr(nimlab, name) for name in nimlab.__all__}
    globs["nimlab"] = nimlab
    tests = finder.find(nimlab, "nimlab", globs=globs)
    for name in nimlab.__all__:
        tests += finder.find(getattr(nimlab, name), f"nimlab.{name}", globs=globs)
    # A class's docstrings are found both from the module and from the class: run each once.
    for test in {t.name: t for t in tests}.values():
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 40, result
    assert result.failed == 0, result
