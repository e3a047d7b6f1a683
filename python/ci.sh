#!/usr/bin/env bash
# CI of the Python module (called by .ci/run): the README's install command in a fresh virtual
# environment, then the pytest suite (with the docstrings' doctests), mypy and stubtest on the
# type stubs, the example notebook executed with nbclient, and tests/numpy_fromfile.py (the
# command's raw table formats read by numpy.fromfile). networkx is a test dependency only (the tests
# of graphs given as networkx graphs); the package never imports it.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3.11}"
VENV="${NIMLAB_PYTHON_VENV:-target/python-ci}"

echo "== python: a fresh virtual environment ($("$PYTHON" --version)) in $VENV"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check numpy pytest mypy nbclient nbformat ipykernel networkx

echo "== python: pip install ./python (the README's install command; a release build)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check ./python

echo "== python: the done-when command"
test "$("$VENV/bin/python" -c "import nimlab; print(nimlab.Game('wythoff').solve([3, 5]).outcome)")" = P

echo "== python: mypy --strict and stubtest on the stubs"
"$VENV/bin/python" -m mypy --strict python/tests/typing_usage.py
"$VENV/bin/python" -m mypy.stubtest nimlab._nimlab --allowlist python/stubtest-allowlist.txt

echo "== python: the example notebook (docs/python-tour.ipynb)"
"$VENV/bin/python" python/run_notebook.py docs/python-tour.ipynb

echo "== python: pytest (with the release binary, built first, for the surfaces matrix)"
NIMLAB_RELEASE="${CARGO_TARGET_DIR:-target}/release/nimlab"
cargo build --release --locked --quiet --bin nimlab
export NIMLAB_BIN
NIMLAB_BIN="$(cd "$(dirname "$NIMLAB_RELEASE")" && pwd)/nimlab"
# -P: the installed package, not python/nimlab of the source tree (which has no extension module)
(cd python && "../$VENV/bin/python" -P -m pytest tests -q)

echo "== python: tests/numpy_fromfile.py (nimlab table's raw formats read by numpy.fromfile; issue 13)"
"$VENV/bin/python" tests/numpy_fromfile.py "$NIMLAB_RELEASE"
