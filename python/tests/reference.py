"""Straightforward pure-Python Grundy values (mex over the options' values), the references of
test_tables.py and of bench/python.py."""


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def subtraction_sequence(subtrahends: list[int], upto: int) -> list[int]:
    """G(0..=upto) of SUB(subtrahends)."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[n - s] for s in subtrahends if s <= n}))
    return g


def wythoff_grid(rows: int, cols: int) -> list[list[int]]:
    """G(r, c) of Wythoff's game, r = 0..=rows, c = 0..=cols."""
    g = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows + 1):
        for c in range(cols + 1):
            options = {g[k][c] for k in range(r)} | {g[r][k] for k in range(c)}
            options |= {g[r - t][c - t] for t in range(1, min(r, c) + 1)}
            g[r][c] = mex(options)
    return g
