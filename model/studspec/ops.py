"""A small operations layer so that one rule decision runs on Python values and on Z3 terms.

A decision written with these functions (comparisons, ``ite``, boolean connectives,
min/max) is the model's code when called with ints and bools, and a Z3 formula about the
same code when called with Z3 terms: the proofs in proofs/ call the model's own decision
functions on symbolic inputs, so an encoding cannot drift from the model.

Z3 bit-vectors compare unsigned (the proofs use non-negative bit-vectors); Z3 integers
compare as integers. Python ints and bools take the plain Python path, with no Z3 import
and no overhead beyond one ``isinstance`` check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

Term = Any
"""An int or bool, or a Z3 term standing for one (z3 ships no type information)."""


def _symbolic(*values: object) -> bool:
    for value in values:  # noqa: SIM110 (a loop, not any(): it runs on every model decision)
        if not isinstance(value, int):  # bool is an int subclass
            return True
    return False


def _z3() -> Any:
    import z3

    return z3


def _is_bitvector(*values: object) -> bool:
    z3 = _z3()
    return any(isinstance(value, z3.BitVecRef) for value in values)


@overload
def ge(a: int, b: int) -> bool: ...
@overload
def ge(a: Term, b: Term) -> Term: ...
def ge(a: Term, b: Term) -> Term:
    """``a >= b`` (unsigned on bit-vectors)."""
    if isinstance(a, int) and isinstance(b, int):  # the model's path, first
        return bool(a >= b)
    return _z3().UGE(a, b) if _is_bitvector(a, b) else a >= b


@overload
def gt(a: int, b: int) -> bool: ...
@overload
def gt(a: Term, b: Term) -> Term: ...
def gt(a: Term, b: Term) -> Term:
    """``a > b`` (unsigned on bit-vectors)."""
    if isinstance(a, int) and isinstance(b, int):  # the model's path, first
        return bool(a > b)
    return _z3().UGT(a, b) if _is_bitvector(a, b) else a > b


@overload
def le(a: int, b: int) -> bool: ...
@overload
def le(a: Term, b: Term) -> Term: ...
def le(a: Term, b: Term) -> Term:
    """``a <= b`` (unsigned on bit-vectors)."""
    return ge(b, a)


@overload
def lt(a: int, b: int) -> bool: ...
@overload
def lt(a: Term, b: Term) -> Term: ...
def lt(a: Term, b: Term) -> Term:
    """``a < b`` (unsigned on bit-vectors)."""
    return gt(b, a)


@overload
def eq(a: int, b: int) -> bool: ...
@overload
def eq(a: Term, b: Term) -> Term: ...
def eq(a: Term, b: Term) -> Term:
    """``a == b``."""
    if isinstance(a, int) and isinstance(b, int):  # the model's path, first
        return bool(a == b)
    return a == b


@overload
def and_(*conditions: bool) -> bool: ...
@overload
def and_(*conditions: Term) -> Term: ...
def and_(*conditions: Term) -> Term:
    """Every condition holds."""
    if not _symbolic(*conditions):
        return all(conditions)
    return _z3().And(*conditions)


@overload
def or_(*conditions: bool) -> bool: ...
@overload
def or_(*conditions: Term) -> Term: ...
def or_(*conditions: Term) -> Term:
    """Some condition holds."""
    if not _symbolic(*conditions):
        return any(conditions)
    return _z3().Or(*conditions)


@overload
def not_(condition: bool) -> bool: ...
@overload
def not_(condition: Term) -> Term: ...
def not_(condition: Term) -> Term:
    """The condition does not hold."""
    if isinstance(condition, int):  # the model's path, first
        return not condition
    return _z3().Not(condition)


@overload
def ite(condition: bool, then: int, otherwise: int) -> int: ...
@overload
def ite(condition: Term, then: Term, otherwise: Term) -> Term: ...
def ite(condition: Term, then: Term, otherwise: Term) -> Term:
    """``then`` if the condition holds, else ``otherwise``."""
    if isinstance(condition, int):  # the model's path, first
        return then if condition else otherwise
    return _z3().If(condition, then, otherwise)


def min_(values: Sequence[Term]) -> Term:
    """The smallest value (unsigned on bit-vectors)."""
    best = values[0]
    for value in values[1:]:
        best = ite(lt(value, best), value, best)
    return best


def max_(values: Sequence[Term]) -> Term:
    """The largest value (unsigned on bit-vectors)."""
    best = values[0]
    for value in values[1:]:
        best = ite(gt(value, best), value, best)
    return best


@overload
def floordiv(a: int, b: int) -> int: ...
@overload
def floordiv(a: Term, b: Term) -> Term: ...
def floordiv(a: Term, b: Term) -> Term:
    """``a // b`` for non-negative ``a`` and positive ``b`` (unsigned on bit-vectors)."""
    if isinstance(a, int) and isinstance(b, int):  # the model's path, first
        return int(a) // int(b)
    return _z3().UDiv(a, b) if _is_bitvector(a, b) else a / b


def distinct(values: Sequence[Term]) -> Term:
    """No two values are equal."""
    if not _symbolic(*values):
        return len(set(values)) == len(values)  # the pairwise test below, on the model's ints
    return and_(*[not_(eq(values[i], values[j]))
                  for i in range(len(values)) for j in range(i + 1, len(values))])
