"""Solving positions of the built-in rulesets: answers, the JSON contract, errors, budgets."""

import json
import os
import pathlib
import subprocess

import pytest

import nimlab
from nimlab import BudgetExceeded, Game

SOLVE_FIELDS = {
    "game", "params", "position", "play", "outcome", "grundy", "grundy_status", "winning_moves",
    "winning_move_count", "moves_complete", "reason", "basis", "theorem", "search_states",
}


def test_the_done_when_command() -> None:
    assert Game("wythoff").solve([3, 5]).outcome == "P"


def test_nim_answer_and_its_fields() -> None:
    r = Game("nim").solve([3, 4, 5])
    assert (r.outcome, r.grundy, r.basis) == ("N", 2, "theory")
    assert [(m.move, m.to) for m in r.winning_moves] == [("take 2 from the heap of 3", [1, 4, 5])]
    assert r.reason == "nim-sum 3^4^5 = 2, so take 2 from the heap of 3 (nim-sum 0)"
    assert set(r.to_dict()) == SOLVE_FIELDS
    assert json.loads(r.to_json()) == r.to_dict()
    assert r.moves_complete and r.winning_move_count == 1


def test_the_engines_texts_in_chinese() -> None:
    """lang='zh': the same answer, its reason, moves and theorem written by the engine in Chinese."""
    en, zh = Game("nim").solve([3, 4, 5]), Game("nim").solve([3, 4, 5], lang="zh")
    assert (zh.outcome, zh.grundy, [m.to for m in zh.winning_moves]) == (en.outcome, en.grundy, [[1, 4, 5]])
    assert zh.winning_moves[0].move == "从 3 个那堆取走 2 个"
    assert "异或和" in zh.reason and "必败态" in zh.theorem
    assert "奇异局势" in Game("wythoff").at([3, 5]).solve(lang="zh").reason
    assert "SG 值" in (Game("nim").at([3, 4]) + Game("bash", max=3).at([5])).solve(lang="zh").reason
    assert Game("nim").options([1], lang="zh")[0].move == "从这堆取走 1 个"
    assert "Bouton" in (Game("nim").theorem(lang="zh") or "")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Game("nim").solve([3], lang="fr")  # type: ignore[arg-type]


def test_parameters_come_from_the_declarations() -> None:
    assert Game("subtraction", set=[1, 3, 4]).name == "subtraction --set 1,3,4"
    assert Game("subtraction", set="1,3,4") .name == "subtraction --set 1,3,4"
    assert Game("subtraction", set=range(3, 7)).name == "subtraction --set 3..6"
    assert Game("subtraction --set 4,1,3").name == "subtraction --set 1,3,4"
    assert Game("apple", max=3, bounded_equal=True).name == "apple --max 3 --bounded-equal"
    assert Game("pattern", piles=2, move=["one:1..", "all:1.."]).solve([3, 5]).outcome == "P"
    assert Game("bash", max=3).params == {"max": 3}
    assert Game("subtraction", set=[1, 3, 4]).solve(10).grundy == 1
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        Game("chess")
    with pytest.raises(ValueError, match="the parameter 'max' does not apply to the game 'nim'"):
        Game("nim", max=3)
    with pytest.raises(ValueError, match="invalid value '0' for the parameter 'max'"):
        Game("bash", max=0)
    with pytest.raises(ValueError, match="needs the parameter 'set'"):
        Game("subtraction")
    with pytest.raises(TypeError):
        Game("bash", max=3.5)


def test_every_ruleset_solves_its_example_position() -> None:
    for info in nimlab.games().to_records():
        loopy = info["capabilities"]["loopy"]
        if loopy is not None and loopy["kind"] == "graph-file":
            # A token game on a graph file: Python reads the file (its example is in the
            # repository's examples/); the position is vertex names.
            param = loopy["param"]
            example = pathlib.Path(__file__).resolve().parents[2] / info["params"][0]["example"]
            with pytest.raises(ValueError, match="cannot read the graph file"):
                Game(info["name"], **{param: str(example) + ".missing"})
            graph = Game(info["name"], **{param: str(example)})
            assert graph.solve(info["example_position"]).outcome in ("N", "P", "D"), info["name"]
            continue
        params = {p["name"].replace("-", "_"): p["example"] for p in info["params"] if p["required"]}
        game = Game(info["name"], **params)
        numbers = [int(n) for n in info["example_position"].split()]
        outcomes = ("N", "P", "D") if loopy is not None else ("N", "P")
        assert game.solve(numbers).outcome in outcomes, info["name"]


def test_big_integers_both_ways() -> None:
    a, b = 123456789012345678901234567890, 987654321098765432109876543210
    r = Game("nim").solve([a, b, 5])
    assert r.grundy == a ^ b ^ 5
    assert r.position == [a, b, 5]
    assert all(isinstance(n, int) for n in r.winning_moves[0].to)
    huge = 7 ** 500
    r = Game("nim").solve([huge, huge])
    assert r.outcome == "P" and r.position == [huge, huge]
    # The JSON text writes numbers above 2**53 as strings, to_dict as ints.
    assert json.loads(r.to_json())["position"] == [str(huge), str(huge)]
    assert r.to_dict()["position"] == [huge, huge]
    assert Game("wythoff").solve([165580140, 267914295]).outcome == "P"


def test_misere_players_method_and_max_moves() -> None:
    nim = Game("nim")
    r = nim.solve([1, 1], misere=True)
    assert (r.outcome, r.grundy, r.play) == ("N", None, "misere")
    r = nim.solve([1, 2, 3], players=3)
    assert isinstance(r, nimlab.PlayersResult)
    assert (r.value, r.winner) == (1, 1)
    assert sorted(m.to for m in r.winning_moves) == [[1, 1, 3], [1, 2, 1]]
    assert len(r.to_records()) == 6
    r = Game("subtraction", set=[1, 3, 4]).solve(10, method="search")
    assert (r.basis, r.grundy, r.search_states) == ("search", 1, 11)
    assert len(nim.solve([3, 5, 6, 7]).winning_moves) == 3
    r = nim.solve([3, 5, 6, 7], max_moves=1)
    assert len(r.winning_moves) == 1 and r.winning_move_count == 3 and not r.moves_complete
    with pytest.raises(ValueError, match="the method is auto, theory or search, not .guess."):
        nim.solve([1], method="guess")
    with pytest.raises(ValueError, match="no closed form"):
        Game("pattern", piles=1, move=["one:1..2"]).solve(5, method="theory")


def test_misere_quotient_surfaces() -> None:
    """Misère Kayles and subtraction games from their misère quotient: solve with play='misere'
    (beside misere=True), the table and the P-positions, each equal to the search on small heaps."""
    kayles = Game("kayles")
    r = kayles.solve([100, 200, 300], play="misere")
    assert (r.play, r.basis, r.outcome) == ("misere", "theory", "N")
    assert r.reason.startswith("misère quotient: Φ(100)·Φ(200)·Φ(300) = ")
    assert kayles.solve([100, 200, 300], misere=True, play="misere").reason == r.reason
    assert kayles.solve([4], play="normal").outcome == "N"
    with pytest.raises(ValueError, match="contradicts"):
        kayles.solve([4], misere=True, play="normal")
    with pytest.raises(ValueError, match="'normal' or 'misere'"):
        kayles.solve([4], play="misère")
    t = kayles.table(upto=60, play="misere")
    assert (t.method, t.basis) == ("misere-quotient", "theory")
    searched = kayles.table(upto=14, misere=True, method="search")
    assert searched.method == "search" and t.values[:15] == searched.values
    assert [h for h, v in enumerate(t.values) if v == "P"] == [1, 4, 9, 12, 20]
    assert kayles.p_positions(3, play="misere").p_positions == [[1], [4], [9]]
    r = Game("subtraction", set=[1, 2, 3]).solve(10**13, play="misere")
    assert (r.outcome, [m.to for m in r.winning_moves]) == ("N", [[10**13 - 3]])


def test_bad_positions_raise_value_and_type_errors() -> None:
    with pytest.raises(ValueError, match="-4 is not a valid heap size"):
        Game("nim").solve([3, -4])
    with pytest.raises(TypeError, match="not float"):
        Game("nim").solve([3, 4.0])
    with pytest.raises(TypeError, match="not a string"):
        Game("nim").solve("3 4")
    with pytest.raises(ValueError):
        Game("wythoff").solve([1, 2, 3])


def test_budgets_and_deadlines_raise_budget_exceeded() -> None:
    assert issubclass(BudgetExceeded, RuntimeError)
    game = Game("subtraction", set=[1, 2])
    with pytest.raises(BudgetExceeded, match="raise it with budget=N"):
        game.solve(10**7, method="search", budget=1000)
    with pytest.raises(BudgetExceeded, match="time limit"):
        Game("nim").solve([40, 40, 40, 40], method="search", budget=10**12, timeout=0.05)
    with pytest.raises(ValueError, match="timeout must be a positive"):
        game.solve(3, timeout=0)
    # After running out, the game still answers what fits.
    assert game.solve(10, method="search").grundy == 1


def test_sums_of_positions() -> None:
    s = Game("nim").at([3, 4]) + Game("wythoff").at([3, 5]) + Game("subtraction", set=[1, 3, 4]).at(10)
    r = s.solve()
    assert (r.outcome, r.grundy) == ("N", 6)
    assert [p.grundy for p in r.parts] == [7, 0, 1]
    assert [(m.part, m.to) for m in r.winning_moves] == [(1, [3, 2]), (2, [3, 3])]
    assert sum([Game("nim").at([1]), Game("nim").at([1])]).solve().outcome == "P"
    with pytest.raises(TypeError):
        Game("nim").at([1]) + 3  # type: ignore[operator]


def test_options_listing_and_html() -> None:
    assert [m.to for m in Game("bash", max=2).options(5)] == [[4], [3]]
    html = Game("wythoff").solve([3, 5])._repr_html_()
    assert "#d62728" in html and "outcome" in html


@pytest.mark.skipif(not os.environ.get("NIMLAB_BIN"), reason="NIMLAB_BIN names the nimlab binary")
def test_to_json_is_the_command_lines_json() -> None:
    binary = os.environ["NIMLAB_BIN"]
    cases = [
        (["solve", "nim", "3", "4", "5"], Game("nim").solve([3, 4, 5])),
        (["solve", "subtraction", "10", "--set", "1,3,4"], Game("subtraction", set=[1, 3, 4]).solve(10)),
        (["solve", "nim", "1", "2", "3", "--players", "3"], Game("nim").solve([1, 2, 3], players=3)),
        (["p-positions", "wythoff", "--count", "6"], Game("wythoff").p_positions(6)),
        (["period", "subtraction", "--set", "2,3,5,7,19"], Game("subtraction", set=[2, 3, 5, 7, 19]).period()),
    ]
    for args, result in cases:
        out = subprocess.run([binary, *args, "--json"], check=True, capture_output=True, text=True).stdout
        assert json.loads(out) == json.loads(result.to_json()), args


@pytest.mark.skipif(not os.environ.get("NIMLAB_BIN"), reason="NIMLAB_BIN names the nimlab binary")
def test_the_one_request_decides_alike_here_and_on_the_command_line() -> None:
    """Python and the command line build one `Request` (crates/reports/src/request.rs): the same
    answer, or a refusal of the same kind (a usage error: ValueError here, exit status 2 there)
    naming the request's own words."""
    binary = os.environ["NIMLAB_BIN"]
    table = subprocess.run(
        [binary, "table", "nim", "--upto", "8", "--misere", "--json"], check=True, capture_output=True, text=True
    ).stdout
    assert json.loads(table) == json.loads(Game("nim").table(upto=8, misere=True).to_json())
    refusals = [
        (["solve", "nim", "1", "2", "--players", "3", "--misere"],
         lambda: Game("nim").solve([1, 2], players=3, misere=True), "misère play is for two players"),
        (["solve", "nim", "1", "--players", "1"], lambda: Game("nim").solve([1], players=1), "at least 2 players"),
        (["solve", "fair-shares", "4", "--players", "3"],
         lambda: Game("fair-shares").solve([4], players=3), "is a loopy game of two players"),
        (["table", "nim"], lambda: Game("nim").table(), "upto N"),
    ]
    for args, ask, words in refusals:
        out = subprocess.run([binary, *args, "--json"], capture_output=True, text=True)
        assert out.returncode == 2, args
        assert words in json.loads(out.stderr)["error"], (args, out.stderr)
        with pytest.raises(ValueError, match=words):
            ask()
