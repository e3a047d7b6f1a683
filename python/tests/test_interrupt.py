"""Long computations release the GIL and stop on Ctrl-C (KeyboardInterrupt)."""

import _thread
import threading
import time
from collections.abc import Callable

import pytest

from nimlab import BudgetExceeded, Game

# A search of about 10**9 units: tens of seconds unless stopped.
LONG = dict(method="search", budget=10**10)


def interrupt_after(seconds: float) -> threading.Timer:
    """Simulates Ctrl-C: the main thread's next signal check raises KeyboardInterrupt."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_ctrl_c_stops_a_long_search() -> None:
    interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Game("nim").solve([60, 60, 60, 60, 60], **LONG)  # type: ignore[arg-type]
    assert time.monotonic() - start < 3.0
    # The game still answers afterwards.
    assert Game("nim").solve([1, 2, 3], method="search").grundy == 0


def test_ctrl_c_stops_a_python_game() -> None:
    def options(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [p[:i] + (k,) + p[i + 1:] for i, h in enumerate(p) for k in range(h)]

    game = Game.from_options(options, name="slow-nim")
    interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        game.solve([30, 30, 30, 30], budget=10**10)
    assert time.monotonic() - start < 3.0
    assert game.solve([1, 2, 3]).grundy == 0


def ticks_during(call: Callable[[], object]) -> int:
    """How often another Python thread ran a 1 ms sleep while `call` ran (none if the GIL were
    held)."""
    ticks = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        call()
    finally:
        stop.set()
        thread.join()
    return ticks


def test_the_gil_is_released_during_a_computation() -> None:
    def search() -> None:
        with pytest.raises(BudgetExceeded, match="time limit"):
            Game("nim").solve([60, 60, 60, 60, 60], timeout=0.5, **LONG)  # type: ignore[arg-type]

    # Half a second of 1 ms sleeps: hundreds of ticks.
    assert ticks_during(search) > 100


def test_ctrl_c_stops_a_long_table() -> None:
    # Wythoff's 10000 x 10000 grid by the line kernel: 10**8 cells, seconds unless stopped.
    interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Game("wythoff").grid(9999, 9999, budget=10**10)
    assert time.monotonic() - start < 3.0
    assert Game("wythoff").grid(3, 5)[3, 5] == 0


def test_the_gil_is_released_while_a_table_is_filled() -> None:
    def table() -> None:
        with pytest.raises(BudgetExceeded, match="time limit"):
            Game("wythoff").grid(9999, 9999, timeout=0.5, budget=10**10)

    assert ticks_during(table) > 100
