"""Speed of the Python module, side by side in one run (figures in docs/benchmarks.md).

    python bench/python.py            # after `pip install ./python`

1. The overhead of one closed-form `solve` call: the call from Python against the engine's own
   time for the same answer (a Rust loop in the same build: a fresh budget, the position checked,
   the report made).
2. A game defined as a Python function against the built-in ruleset it imitates, both solved by
   the same memoized search from scratch (a fresh game each time): Nim (3 heaps, canonical
   sorting) and Wythoff's game.

Each figure is the best of several runs (the machine is shared); the load average is printed.
"""

import os
import time
import timeit

import nimlab
from nimlab import Game


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


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    solve_overhead()
    python_games()
