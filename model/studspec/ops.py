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

import sys
from collections.abc import Callable, Sequence
from typing import Any, overload

Term = Any
"""An int or bool, or a Z3 term standing for one (z3 ships no type information)."""


def on_terms() -> Any:
    """This module, untyped: for a rule written once for ints and Z3 terms in a module that
    the compiled build compiles (``studspec.compiled_build``). There mypyc would hold a call's
    result to the overload that mypy picks for ``Any`` arguments (``bool`` or ``int``) and
    refuse the Z3 term the proofs pass; called through this view, the result stays a term."""
    return sys.modules[__name__]


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
    for condition in conditions:
        if not isinstance(condition, int):  # bool is an int subclass
            return _z3().And(*conditions)
    return all(conditions)  # the model's path


@overload
def or_(*conditions: bool) -> bool: ...
@overload
def or_(*conditions: Term) -> Term: ...
def or_(*conditions: Term) -> Term:
    """Some condition holds."""
    for condition in conditions:
        if not isinstance(condition, int):  # bool is an int subclass
            return _z3().Or(*conditions)
    return any(conditions)  # the model's path


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


def ite_lazy(condition: Term, then: Callable[[], Term], otherwise: Callable[[], Term]) -> Term:
    """``ite`` of two values computed on demand: on the model's path only the chosen one."""
    if isinstance(condition, int):  # the model's path, first
        return then() if condition else otherwise()
    return _z3().If(condition, then(), otherwise())


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


def const(value: int, like: Term) -> Term:
    """The number ``value`` in the sort of ``like``: the int itself on the model's path, a
    bit-vector of ``like``'s width or a Z3 integer otherwise (so that a choice between
    constants, such as a seat number, has the sort of the term it is compared with)."""
    if isinstance(like, int):  # the model's path, first
        return value
    z3 = _z3()
    if isinstance(like, z3.BitVecRef):
        return z3.BitVecVal(value, like.size())
    return z3.IntVal(value)


COUNT_WIDTH = 4
"""The width of a symbolic count of conditions (at most 15: a table holds at most 9 seats)."""


def count(conditions: Sequence[Term]) -> Term:
    """How many conditions hold (a 4-bit bit-vector when any is symbolic)."""
    if not _symbolic(*conditions):
        return sum(1 for condition in conditions if condition)
    z3 = _z3()
    one, zero = z3.BitVecVal(1, COUNT_WIDTH), z3.BitVecVal(0, COUNT_WIDTH)
    return z3.Sum([z3.If(condition, one, zero) if not isinstance(condition, int)
                   else (one if condition else zero) for condition in conditions])


def select(values: Sequence[Term], index: Term) -> Term:
    """``values[index]``; for a symbolic index, a choice over the positions (the last one
    when the index names none)."""
    if isinstance(index, int):  # the model's path, first
        return values[index]
    result = values[-1]
    for position in range(len(values) - 2, -1, -1):
        result = ite(eq(index, position), values[position], result)
    return result


def switch(index: Term, positions: int, case: Any) -> Term:
    """``case(index)`` for an index below ``positions``; for a symbolic index, a choice over
    ``case(0) .. case(positions - 1)`` (the last one when the index names none)."""
    if isinstance(index, int):  # the model's path, first
        return case(index)
    return select([case(position) for position in range(positions)], index)


def any_other(conditions: Sequence[Term], position: int) -> Term:
    """Some condition other than the one at ``position`` holds."""
    if not _symbolic(*conditions):
        return sum(1 for condition in conditions if condition) > (1 if conditions[position]
                                                                 else 0)
    return or_(*conditions[:position], *conditions[position + 1:])


def first_of(positions: Sequence[int], holds: Callable[[int], Term], none: int,
             like: Term) -> Term:
    """The first position for which ``holds`` holds, else ``none`` (numbers in the sort of
    ``like``). Conditions are tried in turn and the search stops at the first that holds;
    from the first symbolic condition on, the result is a choice over the rest."""
    for index, position in enumerate(positions):
        condition = holds(position)
        if not isinstance(condition, int):  # bool is an int subclass
            result = const(none, like)
            for later in reversed(positions[index + 1:]):
                result = ite(holds(later), const(later, like), result)
            return ite(condition, const(position, like), result)
        if condition:
            return const(position, like)
    return const(none, like)


def update(values: Sequence[Term], index: Term, value: Term) -> list[Term]:
    """``values`` with the one at ``index`` replaced by ``value`` (for a symbolic index, a
    choice at every position)."""
    if isinstance(index, int):  # the model's path, first
        changed = list(values)
        changed[index] = value
        return changed
    return [ite(eq(index, position), value, old) for position, old in enumerate(values)]


def cast(value: Term, like: Term) -> Term:
    """``value`` as a number of ``like``'s sort: a Python int, or a Z3 integer (a choice
    between two plain numbers) turned into a bit-vector of ``like``'s width; anything else
    as it is."""
    if isinstance(value, int):  # the model's path, first (and a constant)
        return const(value, like)
    z3 = _z3()
    if isinstance(like, z3.BitVecRef) and z3.is_int(value):
        return z3.Int2BV(value, like.size())
    return value
