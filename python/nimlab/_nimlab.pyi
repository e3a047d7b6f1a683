"""Type stubs of the extension module nimlab._nimlab (checked by mypy and stubtest in CI)."""

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, final, overload

import numpy as np

_Numbers = int | Sequence[int]
_Method = Literal["auto", "theory", "search"]
_Lang = Literal["en", "zh"]
_Play = Literal["normal", "misere"]
# Tables: the dtype is the narrowest of uint8, uint16, uint32, uint64 that holds the values.
_Table1D = np.ndarray[tuple[int], np.dtype[np.unsignedinteger[Any]]]
_Table2D = np.ndarray[tuple[int, int], np.dtype[np.unsignedinteger[Any]]]
_U64Array = np.ndarray[Any, np.dtype[np.uint64]]

class BudgetExceeded(RuntimeError): ...

@final
class Record:
    """One object inside a report (a move, a part, a row); fields are attributes and keys."""

    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str, /) -> Any: ...
    def keys(self) -> list[str]: ...
    def to_dict(self) -> Any: ...
    def _repr_html_(self) -> str: ...

@final
class Picture:
    """A picture as ``nimlab plot`` draws it, as SVG (``Game.plot_grid``, ``Game.plot_sequence``)."""

    @property
    def title(self) -> str: ...
    @property
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def save(self, path: str | os.PathLike[str]) -> None: ...

class _Result:
    def __getattr__(self, name: str) -> Any: ...
    def to_dict(self) -> Any: ...
    def to_json(self) -> str: ...
    def _repr_html_(self) -> str: ...

class _Rows(_Result):
    def to_records(self) -> list[dict[str, Any]]: ...

@final
class SolveResult(_Result):
    game: str
    params: dict[str, Any]
    position: list[int]
    play: Literal["normal", "misere"]
    outcome: Literal["N", "P"]
    grundy: int | None
    grundy_status: Literal["value", "undefined", "unknown"]
    winning_moves: list[Record]
    winning_move_count: int | None
    moves_complete: bool
    reason: str
    basis: Literal["theory", "search"]
    theorem: str | None
    search_states: int | None

@final
class PlayersResult(_Rows):
    game: str
    params: dict[str, Any]
    position: list[int]
    players: int
    terminal: str
    outcome: Literal["N", "P", "O"]
    value: int
    winner: int
    winning_moves: list[Record]
    options: list[Record]
    reason: str
    basis: Literal["theory", "search"]

@final
class SumResult(_Rows):
    game: Literal["sum"]
    parts: list[Record]
    outcome: Literal["N", "P"]
    grundy: int | None
    winning_moves: list[Record]
    winning_move_count: int | None
    moves_complete: bool
    reason: str

@final
class PPositions(_Rows):
    game: str
    params: dict[str, Any]
    count: int
    basis: Literal["theory", "search"]
    heaps: int
    p_positions: list[list[int]]
    complete: bool
    stopped: str | None
    examined: int

@final
class PeriodResult(_Rows):
    # Every period report has these.
    game: str
    params: dict[str, Any]
    values: list[int]
    notation: Record | None
    values_computed: int
    # The other fields depend on the kind of game (docs/json.md), so they are read through
    # __getattr__ (typed Any), which raises AttributeError for a field the report lacks: a
    # subtraction game's has `preperiod`, `period` and `certificate` and no `status`; a
    # take-and-break game's has `status` ('certified' or 'open'), `preperiod` and `period` (None
    # when open), `certificate` and `observed`; a period only observed has `status` 'observed'
    # and `observed`, and no `preperiod`, `period` or `certificate`.
    def to_code(self, lang: str) -> str: ...

@final
class LoopyResult(_Result):
    game: str
    play: str
    tokens: list[Record]
    value: int | Infinite | None
    outcome: Literal["P", "N", "D"]
    remoteness: int | None
    moves: list[Record]
    moves_kind: Literal["winning", "drawing"] | None
    reason: str

@final
class LoopyTableResult(_Rows):
    game: str
    play: str
    positions: int
    moves: int
    counts: Record
    rows: list[Record]

@final
class Infinite:
    """∞(K): the value of a loopy game's position whose value is infinite; ``k`` the finite values of its options."""

    def __new__(cls, k: Sequence[int]) -> Infinite: ...
    @property
    def k(self) -> tuple[int, ...]: ...
    @property
    def outcome(self) -> Literal["N", "D"]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Infinite, /) -> bool: ...
    def __le__(self, other: Infinite, /) -> bool: ...
    def __gt__(self, other: Infinite, /) -> bool: ...
    def __ge__(self, other: Infinite, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RectanglesResult(_Rows):
    game: str
    params: dict[str, Any]
    rows: int
    cols: int
    rectangles: list[Record]

@final
class TableResult(_Result):
    game: str
    params: dict[str, Any]
    play: str
    kind: str
    basis: str
    method: str
    detail: str
    certified_period: Record | None
    shape: str
    upto: int
    values: list[int | str]
    rows: int
    cols: int
    cells: list[list[int | str]]

@final
class ShardResult(_Rows):
    game: str
    params: dict[str, Any]
    position: list[int]
    shard: str | None
    options: int
    classes: int
    owned: int
    computed: int
    stored: int
    grundy: int | None
    values: list[Record]

@final
class SweepResult(_Rows):
    definition: str
    parameters: list[str]
    rows: list[Record]
    fits: list[Record]
    missing: int

@final
class VerifyResult(_Rows):
    reports: list[Record]
    all_agree: bool

@final
class CensusResult(_Rows):
    upto: int
    periods: list[Record]
    periodic_from: int
    columns: list[Record]

@final
class QuotientResult(_Rows):
    title: str
    code: str
    status: str
    heaps: int
    order: int
    presentation: str
    generators: list[Record]
    relations: list[Record]
    elements: list[Record]
    table: list[list[int]]
    p_portion: list[int]
    phi: list[int]
    phi_period: Record | None
    tameness: Record
    changes: list[int]
    certificate: Record | None
    stopped: str | None

@final
class GamesResult(_Rows):
    games: list[Record]

@final
class Game:
    def __new__(cls, name: str, /, **params: Any) -> Game: ...
    @staticmethod
    def from_options(
        options: Callable[[tuple[int, ...]], Iterable[int | Sequence[int]]],
        canonical: Callable[[tuple[int, ...]], int | Sequence[int]] | None = None,
        name: str = "custom",
    ) -> Game: ...
    @property
    def name(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def params(self) -> dict[str, Any]: ...
    def theorem(self, *, misere: bool = False, lang: _Lang = "en") -> str | None: ...
    def solve(
        self,
        position: _Numbers | str | Sequence[str],
        *,
        misere: bool = False,
        play: _Play | None = None,
        players: int | None = None,
        method: _Method = "auto",
        max_moves: int | None = 20,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
        lang: _Lang = "en",
    ) -> Any: ...
    def solve_shard(
        self,
        position: _Numbers,
        db: str | os.PathLike[str],
        *,
        shard: str | None = None,
        merge: Sequence[str | os.PathLike[str]] = [],
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
        lang: _Lang = "en",
    ) -> ShardResult: ...
    def at(self, position: _Numbers) -> Position: ...
    def options(
        self, position: _Numbers, *, budget: int | None = None, memory: int | str | None = None, timeout: float | None = None, lang: _Lang = "en"
    ) -> list[Record]: ...
    def p_positions(
        self,
        count: int = 10,
        *,
        heaps: int | None = None,
        all_orders: bool = False,
        misere: bool = False,
        play: _Play | None = None,
        method: _Method = "auto",
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> PPositions: ...
    def period(self, *, limit: int | None = None, budget: int | None = None, memory: int | str | None = None, timeout: float | None = None) -> PeriodResult: ...
    def table(
        self,
        *,
        upto: int | None = None,
        rows: int | None = None,
        cols: int | None = None,
        outcomes: bool = False,
        misere: bool = False,
        play: _Play | None = None,
        method: _Method = "auto",
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
        rectangles: bool = False,
    ) -> TableResult | LoopyTableResult | RectanglesResult: ...
    def sequence(
        self,
        upto: int,
        *,
        misere: bool = False,
        method: _Method = "auto",
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> _Table1D: ...
    def grid(
        self,
        rows: int,
        cols: int,
        *,
        misere: bool = False,
        method: _Method = "auto",
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> _Table2D: ...
    def plot_grid(
        self,
        rows: int,
        cols: int,
        *,
        outcomes: bool = False,
        misere: bool = False,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> Picture: ...
    def plot_sequence(self, upto: int, *, budget: int | None = None, memory: int | str | None = None, timeout: float | None = None) -> Picture: ...
    def verify(
        self,
        *,
        upto: int | None = None,
        misere: bool = False,
        players: int | None = None,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> VerifyResult: ...
    def misere_quotient(
        self,
        *,
        upto: int | None = None,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
    ) -> QuotientResult: ...

@final
class Position:
    @property
    def game(self) -> Game: ...
    @property
    def position(self) -> list[int]: ...
    def solve(
        self,
        *,
        misere: bool = False,
        players: int | None = None,
        method: _Method = "auto",
        max_moves: int | None = 20,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
        lang: _Lang = "en",
    ) -> Any: ...
    def __add__(self, other: Position | Sum, /) -> Sum: ...
    def __radd__(self, other: Position | Sum | Literal[0], /) -> Sum: ...

@final
class Sum:
    @property
    def parts(self) -> list[Position]: ...
    def __add__(self, other: Position | Sum, /) -> Sum: ...
    def __radd__(self, other: Position | Sum | Literal[0], /) -> Sum: ...
    def __len__(self) -> int: ...
    def solve(
        self,
        *,
        method: _Method = "auto",
        max_moves: int | None = 20,
        budget: int | None = None,
        memory: int | str | None = None,
        timeout: float | None = None,
        lang: _Lang = "en",
    ) -> SumResult: ...

def games() -> GamesResult: ...
def sweep(
    set: str | Iterable[int],
    add: str | list[str],
    *,
    limit: int = 50000000,
    budget: int | None = None,
    memory: int | str | None = None,
    timeout: float | None = None,
) -> SweepResult: ...
def verify(
    *, upto: int | None = None, players: int | None = None, budget: int | None = None, memory: int | str | None = None, timeout: float | None = None
) -> VerifyResult: ...
def census(
    *, upto: int = 100, full: bool = False, budget: int | None = None, memory: int | str | None = None, timeout: float | None = None
) -> CensusResult: ...
@overload
def nim_add(a: int, b: int) -> int: ...
@overload
def nim_add(a: _U64Array, b: _U64Array | int) -> _U64Array: ...
@overload
def nim_add(a: int, b: _U64Array) -> _U64Array: ...
@overload
def nim_mul(a: int, b: int) -> int: ...
@overload
def nim_mul(a: _U64Array, b: _U64Array | int) -> _U64Array: ...
@overload
def nim_mul(a: int, b: _U64Array) -> _U64Array: ...
@overload
def nim_pow(a: int, e: int) -> int: ...
@overload
def nim_pow(a: _U64Array, e: int) -> _U64Array: ...
@overload
def nim_inv(a: int) -> int: ...
@overload
def nim_inv(a: _U64Array) -> _U64Array: ...
@overload
def nim_sqrt(a: int) -> int: ...
@overload
def nim_sqrt(a: _U64Array) -> _U64Array: ...
def nimber(expression: str, *, budget: int | None = None, timeout: float | None = None) -> int: ...
def _engine_solve_ns(game: Game, position: _Numbers, repeats: int) -> float: ...
