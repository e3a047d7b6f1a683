"""nimlab: impartial combinatorial games of Nim's family, solved by a Rust engine.

>>> import nimlab
>>> nimlab.Game('wythoff').solve([3, 5]).outcome
'P'

See docs/python.md for a tour.
"""

from ._nimlab import _engine_solve_ns  # noqa: F401  (the benchmark of the overhead)
from ._nimlab import (
    BudgetExceeded,
    CensusResult,
    GamesResult,
    Game,
    PeriodResult,
    TableResult,
    RectanglesResult,
    LoopyResult,
    LoopyTableResult,
    Infinite,
    Picture,
    PlayersResult,
    Position,
    PPositions,
    QuotientResult,
    Record,
    SolveResult,
    Sum,
    SumResult,
    ShardResult,
    SweepResult,
    VerifyResult,
    census,
    games,
    nim_add,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sqrt,
    nimber,
    sweep,
    verify,
)

__all__ = [
    "BudgetExceeded",
    "CensusResult",
    "GamesResult",
    "Game",
    "PeriodResult",
    "TableResult",
    "RectanglesResult",
    "LoopyResult",
    "LoopyTableResult",
    "Infinite",
    "Picture",
    "PlayersResult",
    "Position",
    "PPositions",
    "QuotientResult",
    "Record",
    "SolveResult",
    "Sum",
    "SumResult",
    "ShardResult",
    "SweepResult",
    "VerifyResult",
    "census",
    "games",
    "nim_add",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "nimber",
    "sweep",
    "verify",
]
