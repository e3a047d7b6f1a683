#!/usr/bin/env python3
"""The raw table formats read by numpy, as the issue promises (issue 13).

Usage: python3 tests/numpy_fromfile.py [NIMLAB]   (default: target/release/nimlab; needs numpy)

1. `nimlab table subtraction --set 2,3,5,7,101 --upto 100000000 --format u8 > f`, then
   `numpy.fromfile(f, dtype='u1')`: the length is 10^8 + 1, and every value equals the
   definition G(n) = mex{G(n - s) : s in S, s <= n}, computed here with numpy on the
   sequence's certified period (checked on a prefix computed value by value).
2. `nimlab table wythoff --rows 149 --cols 149 --format u16`, read with dtype "<u2" and
   reshaped to 150 x 150 (row-major): symmetric, and every cell is the mex of its row, column and
   diagonal predecessors (the definition of Wythoff's Grundy values).
Exits with status 1 and a message on the first mismatch.
"""

import os
import subprocess
import sys
import tempfile

import numpy


def table(nimlab, args, path):
    with open(path, "wb") as out:
        subprocess.run([nimlab, "table", *args], stdout=out, check=True)


def mex(values):
    present = set(int(v) for v in values)
    g = 0
    while g in present:
        g += 1
    return g


def check_subtraction(nimlab, directory):
    path = os.path.join(directory, "sub.u8")
    table(nimlab, ["subtraction", "--set", "2,3,5,7,101", "--upto", "100000000", "--format", "u8"], path)
    values = numpy.fromfile(path, dtype="u1")
    assert values.shape == (100_000_001,), values.shape
    prefix_length = 20_000
    prefix = []
    for n in range(prefix_length):
        prefix.append(mex(prefix[n - s] for s in (2, 3, 5, 7, 101) if s <= n))
    assert (values[:prefix_length] == numpy.array(prefix, dtype="u1")).all(), "the prefix differs"
    # The rest: G(n) depends on the 101 values before it, so once a window of 101 values repeats
    # at distance p, the sequence is p-periodic from there; find p on the prefix and compare.
    window = 101
    period = next(
        p
        for p in range(1, prefix_length // 2)
        if prefix[prefix_length - window - p : prefix_length - p] == prefix[prefix_length - window :]
    )
    start = prefix_length - window - period
    body = values[start:]
    cycle = numpy.array(prefix[start : start + period], dtype="u1")
    repeats = -(-len(body) // period)
    assert (body == numpy.tile(cycle, repeats)[: len(body)]).all(), "the sequence differs from its period"
    print(f"SUB(2,3,5,7,101): {len(values)} values read with numpy.fromfile, equal to the definition")


def check_wythoff(nimlab, directory):
    side = 150
    path = os.path.join(directory, "wythoff.u16")
    table(nimlab, ["wythoff", "--rows", str(side - 1), "--cols", str(side - 1), "--format", "u16"], path)
    grid = numpy.fromfile(path, dtype="<u2").reshape(side, side)
    assert (grid == grid.T).all(), "the grid is not symmetric"
    for r in range(side):
        for c in range(side):
            options = list(grid[r, :c]) + list(grid[:r, c]) + [grid[r - t, c - t] for t in range(1, min(r, c) + 1)]
            if grid[r, c] != mex(options):
                sys.exit(f"G({r}, {c}) = {grid[r, c]}, but the mex of its options is {mex(options)}")
    print(f"Wythoff {side} x {side}: read with numpy.fromfile(dtype='<u2'), every cell the mex of its options")


def main():
    nimlab = sys.argv[1] if len(sys.argv) > 1 else "target/release/nimlab"
    with tempfile.TemporaryDirectory() as directory:
        try:
            check_subtraction(nimlab, directory)
            check_wythoff(nimlab, directory)
        except AssertionError as error:
            sys.exit(f"numpy check failed: {error}")


if __name__ == "__main__":
    main()
