"""Nim arithmetic from Python: known values, the field axioms on random 64-bit arrays, ints of
any size against the 64-bit path, errors."""

import numpy as np
import pytest

import nimlab
from nimlab import nim_add, nim_inv, nim_mul, nim_pow, nim_sqrt, nimber


def test_known_values() -> None:
    assert [nim_mul(2, 2), nim_mul(4, 4), nim_mul(8, 8), nim_mul(16, 16)] == [3, 6, 13, 24]
    assert nim_add(5, 3) == 6
    assert nim_mul(2**64, 2**64) == 2**64 + 2**63
    assert nimber('(5*7 + 3)^-1') == nim_inv(14) == 13
    assert nim_pow(3, -1) == 2
    assert nim_sqrt(3) == 2


def mex_products(n: int) -> list[list[int]]:
    """The nim-product by its definition (mex), for numbers below n."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            t[a][b] = next(v for v in range(len(seen) + 1) if v not in seen)
    return t


def test_the_definition_below_16() -> None:
    t = mex_products(16)
    a = np.repeat(np.arange(16, dtype=np.uint64), 16)
    b = np.tile(np.arange(16, dtype=np.uint64), 16)
    assert nim_mul(a, b).tolist() == [t[x][y] for x in range(16) for y in range(16)]


def test_field_axioms_on_random_arrays() -> None:
    rng = np.random.default_rng(24)
    a, b, c = (rng.integers(0, 2**64, size=20_000, dtype=np.uint64) for _ in range(3))
    ab = nim_mul(a, b)
    assert ab.dtype == np.uint64 and ab.shape == a.shape
    assert np.array_equal(ab, nim_mul(b, a))
    assert np.array_equal(nim_mul(ab, c), nim_mul(a, nim_mul(b, c)))
    assert np.array_equal(nim_mul(a, b ^ c), ab ^ nim_mul(a, c))
    nonzero = a[a != 0]
    assert np.all(nim_mul(nonzero, nim_inv(nonzero)) == 1)
    assert np.array_equal(nim_pow(nonzero, -1), nim_inv(nonzero))
    s = nim_sqrt(a)
    assert np.array_equal(nim_mul(s, s), a)
    assert np.array_equal(nim_pow(a, 3), nim_mul(nim_mul(a, a), a))
    assert np.array_equal(nim_add(a, b), a ^ b)
    # The arrays agree with ints, one element at a time; 2-D arrays keep their shape.
    for x, y, p in zip(a[:50].tolist(), b[:50].tolist(), ab[:50].tolist()):
        assert nim_mul(x, y) == p
    assert nim_mul(a.reshape(100, 200), 7).shape == (100, 200)
    assert np.array_equal(nim_mul(5, b), nim_mul(b, 5))


def test_errors() -> None:
    with pytest.raises(ZeroDivisionError):
        nim_inv(0)
    with pytest.raises(ZeroDivisionError, match="flat index 1"):
        nim_inv(np.array([3, 0], dtype=np.uint64))
    with pytest.raises(ValueError, match="non-negative"):
        nim_mul(-1, 2)
    with pytest.raises(TypeError, match="dtype uint64"):
        nim_mul(np.array([1, 2], dtype=np.int64), 3)
    with pytest.raises(ValueError, match="different shapes"):
        nim_mul(np.zeros(2, dtype=np.uint64), np.zeros(3, dtype=np.uint64))
    with pytest.raises(ValueError, match="64 bits"):
        nim_mul(np.zeros(2, dtype=np.uint64), 2**64)
    with pytest.raises(ValueError, match="at column 12"):
        nimber('(5*7 + 3^-1')
    with pytest.raises(nimlab.BudgetExceeded):
        nimber('0x' + 'f' * 30_000 + ' * 3', budget=10)
