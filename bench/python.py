"""Speed of the Python module, side by side in one run (figures in docs/benchmarks.md).

    python bench/python.py            # after `pip install ./python`

1. The overhead of one closed-form `solve` call: the call from Python against the engine's own
   time for the same answer (a Rust loop in the same build: a fresh budget, the position checked,
   the report made).
2. A game defined as a Python function against the built-in ruleset it imitates, both solved by
   the same memoized search from scratch (a fresh game each time): Nim (3 heaps, canonical
   sorting) and Wythoff's game.
3. `Game.sequence(upto=10**8)` of SUB({2,3,5,7,101}) (a numpy array filled by the engine's table
   path) against the command line writing the same values as raw u8 bytes
   (`nimlab table subtraction --set 2,3,5,7,101 --upto 99999999 --format u8`), both to /dev/null and
   to a file read back with numpy.fromfile; the binary is $NIMLAB_BIN, else target/release/nimlab.
4. `sequence` and `grid` against straightforward pure-Python mex computations of the same values
   (SUB({2,3,5,7,101}) up to 10**6, Wythoff's game 300 x 300), per value.

Each figure is the best of several runs (the machine is shared); the load average is printed.
"""

import os
import subprocess
import tempfile
import time
import timeit
from collections.abc import Callable

import sys
from pathlib import Path

import numpy as np

import nimlab
from nimlab import Game

# The pure-Python references (mex over the options' values) the tests check the arrays against.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))
from reference import subtraction_sequence, wythoff_grid  # noqa: E402


def best(seconds: list[float]) -> float:
    return min(seconds)


def per_call(statement: str, scope: dict[str, object], number: int, repeat: int = 7) -> float:
    """Seconds per call, best of `repeat` runs of `number` calls."""
    return best(timeit.repeat(statement, globals=scope, number=number, repeat=repeat)) / number


def solve_overhead() -> None:
    print("1. one closed-form solve: Python call against the engine's own time (microseconds)")
    for name, game, position in [
        ("nim 3 4 5", Game("nim"), [3, 4, 5]),
        ("wythoff 3 5", Game("wythoff"), [3, 5]),
        ("bash --max 3 10", Game("bash", max=3), [10]),
    ]:
        python = per_call("game.solve(position)", {"game": game, "position": position}, 20000)
        python_read = per_call("game.solve(position).outcome", {"game": game, "position": position}, 20000)
        engine = best([nimlab._engine_solve_ns(game, position, 20000) for _ in range(7)]) / 1e9
        print(
            f"   {name:18} engine {engine * 1e6:6.2f}   solve() {python * 1e6:6.2f}"
            f"   overhead {(python - engine) * 1e6:5.2f}"
            f"   solve().outcome {python_read * 1e6:6.2f} (overhead {(python_read - engine) * 1e6:5.2f})"
        )


def nim_options(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [p[:i] + (k,) + p[i + 1:] for i, h in enumerate(p) for k in range(h)]


def wythoff_options(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    a, b = p
    return [(k, b) for k in range(a)] + [(a, k) for k in range(b)] + [(a - t, b - t) for t in range(1, min(a, b) + 1)]


def sorted_key(p: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(p))


def timed(make, position: list[int], repeat: int = 3, **solve: object) -> tuple[float, int]:
    """Seconds to solve `position` on a fresh game (best of `repeat`), and the states searched."""
    times = []
    for _ in range(repeat):
        game = make()
        start = time.perf_counter()
        r = game.solve(position, **solve)
        times.append(time.perf_counter() - start)
    return best(times), r.search_states


def python_games() -> None:
    print("2. a game defined in Python against the built-in ruleset, same search from scratch (seconds)")
    for label, mine, builtin, position in [
        ("Nim (24, 24, 24)", lambda: Game.from_options(nim_options, canonical=sorted_key, name="py-nim"),
         lambda: Game("nim"), [24, 24, 24]),
        ("Wythoff (120, 120)", lambda: Game.from_options(wythoff_options, canonical=sorted_key, name="py-wythoff"),
         lambda: Game("wythoff"), [120, 120]),
    ]:
        ours, states = timed(mine, position)
        theirs, their_states = timed(builtin, position, method="search")
        print(
            f"   {label:20} python {ours:8.3f} ({states} states)   built-in {theirs:8.4f}"
            f" ({their_states} states)   slowdown {ours / theirs:6.0f}x"
        )


def seconds(run: Callable[[], object], repeat: int) -> float:
    """Best wall-clock seconds of `repeat` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return best(times)


SUB = [2, 3, 5, 7, 101]


def sequence_against_the_command_line() -> None:
    upto = 10**8 - 1
    binary = os.environ.get("NIMLAB_BIN", "target/release/nimlab")
    command = [binary, "table", "subtraction", "--set", ",".join(map(str, SUB)), "--upto", str(upto), "--format", "u8"]
    game = Game("subtraction", set=SUB)
    print(f"3. 10^8 values of SUB({SUB}): Game.sequence against `{' '.join(command)}` (seconds, best of 3)")
    python = seconds(lambda: game.sequence(upto=upto), 3)
    devnull = seconds(lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True), 3)
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "sub.u8")

        def to_file_and_back() -> np.ndarray:
            with open(path, "wb") as out:
                subprocess.run(command, stdout=out, check=True)
            return np.fromfile(path, dtype="u1")

        through_file = seconds(to_file_and_back, 3)
        assert np.array_equal(to_file_and_back(), game.sequence(upto=upto))
    print(
        f"   sequence() {python:7.3f}   command > /dev/null {devnull:7.3f} (ratio {python / devnull:5.2f})"
        f"   command > file + numpy.fromfile {through_file:7.3f} (ratio {python / through_file:5.2f})"
    )


def against_pure_python() -> None:
    print("4. sequence/grid against straightforward pure-Python mex computations (nanoseconds per value)")
    upto, side = 10**6, 300
    sub, wythoff = Game("subtraction", set=SUB), Game("wythoff")
    assert sub.sequence(upto=upto).tolist() == subtraction_sequence(SUB, upto)
    assert wythoff.grid(side, side).tolist() == wythoff_grid(side, side)
    python_sub = seconds(lambda: subtraction_sequence(SUB, upto), 1)
    python_grid = seconds(lambda: wythoff_grid(side, side), 1)
    # auto: the fastest path (certified periods); search: every value from the rules (the SUB(S)
    # generator, the line kernel).
    for label, method, ours, slow, values in [
        (f"SUB({SUB}) to 10^6", "auto", lambda m: sub.sequence(upto=upto, method=m), python_sub, upto + 1),
        (f"SUB({SUB}) to 10^6", "search", lambda m: sub.sequence(upto=upto, method=m), python_sub, upto + 1),
        (f"Wythoff {side}x{side}", "auto", lambda m: wythoff.grid(side, side, method=m), python_grid, (side + 1) ** 2),
        (f"Wythoff {side}x{side}", "search", lambda m: wythoff.grid(side, side, method=m), python_grid,
         (side + 1) ** 2),
    ]:
        fast = seconds(lambda: ours(method), 5)
        print(
            f"   {label:30} method={method:6} nimlab {fast / values * 1e9:9.1f}   pure Python {slow / values * 1e9:9.1f}"
            f"   speed-up {slow / fast:8.0f}x"
        )


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    solve_overhead()
    python_games()
    sequence_against_the_command_line()
    against_pure_python()
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
