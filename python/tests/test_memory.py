"""The memory ceiling from Python (issue 21): ``memory=`` as bytes or a size text, its default
rule, the one-line error naming ``memory=``, and the process's peak memory under the ceiling."""

import os
import resource
import subprocess
import sys

import pytest

from nimlab import BudgetExceeded, Game

# What the process may hold beyond its ceiling: the interpreter, numpy, the allocator's spare.
MARGIN_MIB = 96

# A search whose positions hold hundreds of heaps: before positions were counted by their size,
# ``Game('octal', code='0.04').solve(2977)`` grew to 22.7 GB.
SEARCH = "Game('octal', code='0.04').solve(2977, method='search', budget=10**12{memory})"


def test_memory_stops_a_search_of_long_positions_with_one_line() -> None:
    game = Game("octal", code="0.04")
    for memory in ("50M", 50 << 20):
        with pytest.raises(BudgetExceeded) as caught:
            game.solve(2977, method="search", budget=10**12, memory=memory)
        message = str(caught.value)
        assert "it would hold more than 50 MiB in memory, the memory ceiling" in message, message
        assert "raise it with memory=SIZE" in message and "\n" not in message, message


def test_a_small_search_fits_a_small_ceiling() -> None:
    assert Game("nim").solve([3, 4, 5], method="search", memory="1.5M").grundy == 2


def test_the_work_budget_pays_for_4_bytes_a_unit() -> None:
    with pytest.raises(BudgetExceeded, match=r"more than 38 MiB in memory at once \(4 bytes per unit of the work budget\) \(raise it with budget=N\)"):
        Game("octal", code="0.04").solve(2977, method="search", budget=10**7)


@pytest.mark.parametrize(
    ("memory", "error", "words"),
    [
        ("12Q", ValueError, "'12Q' is not a memory size"),
        ("1.5", ValueError, "'1.5' is not a memory size"),
        ("0", ValueError, "at least 1 byte"),
        (0, ValueError, "at least 1 byte, not 0"),
        (-5, ValueError, "at least 1 byte, not -5"),
        (2**64, ValueError, "too large"),
        (1.5, TypeError, "memory must be an int of bytes or a size such as '512M', not float"),
    ],
)
def test_bad_memory_sizes(memory: object, error: type, words: str) -> None:
    with pytest.raises(error) as caught:
        Game("nim").solve([3], memory=memory)  # type: ignore[arg-type]
    assert words in str(caught.value) and "\n" not in str(caught.value), str(caught.value)


def peak_of(code: str, address_space: int | None = None) -> tuple[str, int]:
    """Runs ``code`` in a fresh interpreter; its standard output and peak resident memory (KiB)."""

    def limit() -> None:
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    child = subprocess.Popen(
        # -P: the installed package, not the source directory beside the tests.
        [sys.executable, "-P", "-c", "from nimlab import BudgetExceeded, Game\n" + code],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=limit,
    )
    _, status, usage = os.wait4(child.pid, 0)
    assert child.stdout is not None
    output = child.stdout.read().decode()
    assert os.waitstatus_to_exitcode(status) == 0, output
    return output, usage.ru_maxrss


def stopped(search: str) -> str:
    return f"try:\n    {search}\nexcept BudgetExceeded as e:\n    print(e)\n"


def test_the_process_stays_under_its_ceiling() -> None:
    output, peak = peak_of(stopped(SEARCH.format(memory=", memory='200M'")))
    print(f"memory='200M': peak RSS {peak} KiB: {output.strip()}")
    assert "200 MiB in memory, the memory ceiling" in output
    assert peak < (200 + MARGIN_MIB) * 1024


def test_the_default_ceiling_leaves_room_under_the_address_space_limit() -> None:
    # Under a 2 GiB address-space limit the default is half of what the interpreter leaves.
    output, peak = peak_of(stopped(SEARCH.format(memory="")), address_space=2 << 30)
    print(f"default under ulimit -v 2 GiB: peak RSS {peak} KiB: {output.strip()}")
    assert "in memory, the memory ceiling" in output and "memory=SIZE" in output
    assert peak < (1024 + MARGIN_MIB) * 1024
