"""The surfaces matrix (issue 20): every ruleset, through every command that applies to it (solve,
table, p-positions, period, verify, plot), through each surface (the command line, the web API,
the Python module), gives the same answer with the same basis.

The three surfaces render one report of `nimlab-reports`, so their JSON must be equal field for
field; where the command line refuses a question (a grid of a one-heap game, a period of a
two-heap game), the web API and Python must refuse it too. Pictures have no web endpoint: the
command line's SVG and Python's are compared byte for byte. Each game is taken with the
parameters and the position its declaration gives as examples (`nimlab games --json`), so a new
ruleset joins the matrix by being declared.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

import nimlab

pytestmark = pytest.mark.skipif(not os.environ.get("NIMLAB_BIN"), reason="NIMLAB_BIN names the nimlab binary")

Answer = tuple[str, Any]  # ("ok", report) or ("refused", the error's kind)

# One work budget for every surface, small enough that a listing which runs out (Moore's game has
# only finitely many P-positions of one heap within reach) stops soon, and the same on each.
BUDGET = 2_000_000


def binary() -> str:
    return os.environ["NIMLAB_BIN"]


def declarations() -> list[dict[str, Any]]:
    out = subprocess.run([binary(), "games", "--json"], capture_output=True, text=True, check=True)
    games: list[dict[str, Any]] = json.loads(out.stdout)["games"]
    return games


DECLARED = declarations() if os.environ.get("NIMLAB_BIN") else []
# Games that end: every command applies. Loopy rulesets (issue 23) reach `solve` and `table` on
# every surface (the loopy engine's reports); a game on a graph file (GRAPHS) too, with the file
# read by the command line and Python and its text sent to the web API (which reads no files).
GAMES = [g for g in DECLARED if g["capabilities"]["loopy"] is None]
SOLVED = [g for g in DECLARED if (g["capabilities"]["loopy"] or {}).get("kind") != "graph-file"]
GRAPHS = [g for g in DECLARED if (g["capabilities"]["loopy"] or {}).get("kind") == "graph-file"]
# The repository: a declaration's example file (examples/...) is relative to it.
ROOT = pathlib.Path(__file__).resolve().parents[2]


def example_params(game: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p["name"], p["example"]) for p in game["params"] if p["required"]]


def spec_text(game: dict[str, Any]) -> str:
    return " ".join([game["name"], *(f"--{name} {value}" for name, value in example_params(game))])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    process = subprocess.Popen([binary(), "serve", "--budget", str(BUDGET), "--json"], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        address: str = json.loads(process.stdout.readline())["address"]
        yield address.rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=10)


def cli(game: dict[str, Any], command: str, *args: str) -> Answer:
    params = [arg for name, value in example_params(game) for arg in (f"--{name}", value)]
    done = subprocess.run(
        [binary(), command, game["name"], *params, *args, "--budget", str(BUDGET), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode == 0:
        return ("ok", json.loads(done.stdout))
    error = json.loads(done.stderr.strip().splitlines()[-1])
    return ("refused", error["kind"])


def web(base: str, game: dict[str, Any], endpoint: str, **query: str) -> Answer:
    pairs = [("game", game["name"]), *example_params(game), *query.items()]
    url = f"{base}/api/{endpoint}?{urllib.parse.urlencode(pairs)}"
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return ("ok", json.loads(response.read()))
    except urllib.error.HTTPError as error:
        return ("refused", json.loads(error.read())["kind"])


def python(call: Any) -> Answer:
    try:
        return ("ok", json.loads(call().to_json()))
    except (ValueError, nimlab.BudgetExceeded) as error:
        return ("refused", type(error).__name__)


def same(cli_answer: Answer, *others: Answer) -> None:
    """The same report from every surface, or a refusal from every surface."""
    for other in others:
        if cli_answer[0] == "ok":
            assert other == cli_answer
        else:
            assert other[0] == "refused", f"the command line refused ({cli_answer[1]}) but not {other}"


def position(game: dict[str, Any]) -> list[int]:
    return [int(n) for n in game["example_position"].split()]


@pytest.mark.parametrize("game", SOLVED, ids=[g["name"] for g in SOLVED])
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_solve(server: str, game: dict[str, Any], misere: bool) -> None:
    numbers = position(game)
    flag = ["--misere"] if misere else []
    answer = cli(game, "solve", *map(str, numbers), *flag)
    query = {"position": ",".join(map(str, numbers)), **({"misere": "1"} if misere else {})}
    same(
        answer,
        web(server, game, "solve", **query),
        python(lambda: nimlab.Game(spec_text(game)).solve(numbers, misere=misere, budget=BUDGET)),
    )
    if answer[0] == "ok" and game["capabilities"]["loopy"] is None:
        assert answer[1]["basis"] in ("theory", "search")
    elif answer[0] == "ok":
        assert answer[1]["outcome"] in ("P", "N", "D")


@pytest.mark.parametrize("game", SOLVED, ids=[g["name"] for g in SOLVED])
def test_tables(server: str, game: dict[str, Any]) -> None:
    # A loopy game's table is every position reachable from those up to `upto` (a grid is refused).
    upto = 24 if game["capabilities"]["loopy"] is None else 6
    shapes: list[tuple[list[str], dict[str, int]]] = [
        (["--upto", str(upto)], {"upto": upto}),
        (["--rows", "7", "--cols", "7"], {"rows": 7, "cols": 7}),
    ]
    answered = 0
    for args, shape in shapes:
        answer = cli(game, "table", *args)
        same(
            answer,
            web(server, game, "table", **{k: str(v) for k, v in shape.items()}),
            python(lambda: nimlab.Game(spec_text(game)).table(**shape, budget=BUDGET)),
        )
        answered += answer[0] == "ok"
    if game["drawing"]["board"] == "graph":
        # A graph's positions are not heaps: every surface refuses a table of heaps alike.
        assert answered == 0
    else:
        assert answered >= 1, "every game has a sequence or a grid"


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_p_positions(server: str, game: dict[str, Any]) -> None:
    answer = cli(game, "p-positions", "--count", "6")
    same(
        answer,
        web(server, game, "p-positions", count="6"),
        python(lambda: nimlab.Game(spec_text(game)).p_positions(6, budget=BUDGET)),
    )
    if game["drawing"]["board"] == "graph":
        # A graph's positions are not heaps: every surface refuses a listing by heaps alike.
        assert answer[0] != "ok"
        return
    assert answer[0] == "ok"
    listing = answer[1]
    assert len(listing["p_positions"]) == 6 or listing["complete"] or listing["stopped"], "a short listing says why"


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_period(server: str, game: dict[str, Any]) -> None:
    answer = cli(game, "period", "--limit", "3000")
    same(
        answer,
        web(server, game, "period", limit="3000"),
        python(lambda: nimlab.Game(spec_text(game)).period(limit=3000, budget=BUDGET)),
    )
    if game["capabilities"]["certified_period"] is not None and answer[0] == "ok":
        assert answer[1].get("status") != "observed", "a game with a period theorem is never merely observed"


@pytest.mark.parametrize("game", SOLVED, ids=[g["name"] for g in SOLVED])
def test_verify(server: str, game: dict[str, Any]) -> None:
    answer = cli(game, "verify", "--upto", "6")
    if game["capabilities"]["loopy"] is not None:
        # The loopy engine against its fixed-point iterations and the definition.
        assert answer[0] == "ok" and answer[1]["reports"][0]["positions"] > 0
    same(
        answer,
        web(server, game, "verify", upto="6"),
        python(lambda: nimlab.Game(spec_text(game)).verify(upto=6, budget=BUDGET)),
    )
    if answer[0] == "ok":
        assert answer[1]["all_agree"] is True


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_plot(tmp_path: pathlib.Path, game: dict[str, Any]) -> None:
    built = nimlab.Game(spec_text(game))
    shapes: list[tuple[list[str], Any]] = [
        (["--upto", "24"], lambda: built.plot_sequence(24, budget=BUDGET)),
        (["--rows", "7", "--cols", "7"], lambda: built.plot_grid(7, 7, budget=BUDGET)),
    ]
    for args, draw in shapes:
        out = tmp_path / "picture.svg"
        params = [arg for name, value in example_params(game) for arg in (f"--{name}", value)]
        done = subprocess.run(
            [binary(), "plot", game["name"], *params, *args, "--budget", str(BUDGET), "-o", str(out)],
            capture_output=True,
            text=True,
        )
        try:
            picture = draw()
        except (ValueError, nimlab.BudgetExceeded):
            assert done.returncode != 0, f"Python refused {args} but the command line drew it"
            continue
        assert done.returncode == 0, f"the command line refused {args}: {done.stderr}"
        assert out.read_text() == picture.svg


@pytest.mark.parametrize("game", GRAPHS, ids=[g["name"] for g in GRAPHS])
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_graph_games(server: str, game: dict[str, Any], misere: bool) -> None:
    """A game on a graph file, with its declaration's example file: `solve` of one token and of a
    sum of two, and `table` (every vertex), the same on the command line (which reads the file),
    the web API (which gets the file's text as graph=TEXT, its name as the file parameter) and
    Python (whose Game reads the file)."""
    param = game["capabilities"]["loopy"]["param"]
    path = str(ROOT / next(p["example"] for p in game["params"] if p["name"] == param))
    text = pathlib.Path(path).read_text()
    flag = ["--misere"] if misere else []

    def command(*args: str) -> Answer:
        done = subprocess.run(
            [binary(), *args, "--budget", str(BUDGET), "--json"], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return ("ok", json.loads(done.stdout))

    def post(endpoint: str, **fields: str) -> Answer:
        body = json.dumps({"game": game["name"], param: path, "graph": text, **fields}).encode()
        request = urllib.request.Request(f"{server}/api/{endpoint}", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return ("ok", json.loads(response.read()))

    built = nimlab.Game(game["name"], **{param: path})
    start = game["example_position"]
    for tokens in ([start], [start, start]):
        answer = command("solve", game["name"], f"--{param}", path, *tokens, *flag)
        fields = {"position": " ".join(tokens), **({"misere": "1"} if misere else {})}
        same(answer, post("solve", **fields), python(lambda: built.solve(tokens, misere=misere, budget=BUDGET)))
        assert answer[1]["outcome"] in ("P", "N", "D") and len(answer[1]["tokens"]) == len(tokens)
    answer = command("table", game["name"], f"--{param}", path, *flag)
    fields = {"misere": "1"} if misere else {}
    same(answer, post("table", **fields), python(lambda: built.table(misere=misere, budget=BUDGET)))
    assert answer[1]["positions"] == len(answer[1]["rows"]) > 0


# Games whose positions repeat by their rules (not a graph file): issue 38 decides their rules once.
REACHABLE = [g for g in DECLARED if (g["capabilities"]["loopy"] or {}).get("kind") == "reachable"]


@pytest.mark.parametrize("game", REACHABLE, ids=[g["name"] for g in REACHABLE])
def test_loopy_games_refuse_players_alike(server: str, game: dict[str, Any]) -> None:
    """A loopy game has two players: `players` is refused as a usage error by every surface (the
    reports' one rule), and a bad method name too (the engine's one parse of `Method`)."""
    numbers = position(game)
    joined = ",".join(map(str, numbers))
    assert cli(game, "solve", *map(str, numbers), "--players", "3") == ("refused", "usage")
    assert web(server, game, "solve", position=joined, players="3") == ("refused", "usage")
    built = nimlab.Game(spec_text(game))
    assert python(lambda: built.solve(numbers, players=3, budget=BUDGET)) == ("refused", "ValueError")
    assert cli(game, "solve", *map(str, numbers), "--method", "bogus") == ("refused", "usage")
    assert web(server, game, "solve", position=joined, method="bogus") == ("refused", "usage")
    assert python(lambda: built.solve(numbers, method="bogus", budget=BUDGET)) == ("refused", "ValueError")


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_misere_tables_are_outcomes_alike(server: str, game: dict[str, Any]) -> None:
    """Misère play means an outcome table, though outcomes are not asked: the same table, or the
    same refusal, from every surface."""
    answer = cli(game, "table", "--upto", "12", "--misere")
    same(
        answer,
        web(server, game, "table", upto="12", misere="1"),
        python(lambda: nimlab.Game(spec_text(game)).table(upto=12, misere=True, budget=BUDGET)),
    )
    if answer[0] == "ok":
        assert answer[1]["kind"] == "outcome"
