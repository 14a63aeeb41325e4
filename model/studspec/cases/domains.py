"""The values each profile parameter can take, read from the ``Profile`` dataclass, and the
conditions a case's expectations put on them (``when = {parameter = value(s)}``).

A parameter's domain is finite (a ``Literal``, a boolean, an integer with allowed values in
``PARAMETERS``, the 24 suit orders) or open (``chip_unit``: any positive whole number). A
condition is one value, a list of values (any of them), or, for ``suit_order`` only, a
comparison ``"x<y"`` (every order in which suit x ranks below suit y).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from itertools import permutations
from typing import Any, Literal, get_args, get_origin, get_type_hints

from studspec.errors import InvalidInputError
from studspec.rules.cards import (
    STANDARD_SUIT_ORDER,
    Suit,
    SuitOrder,
    format_suit_order,
    parse_suit_order,
)
from studspec.specdata.profiles import PARAMETERS, Profile


@dataclass(frozen=True)
class Domain:
    """The values of one parameter: ``values`` when finite, None when open (any of its type)."""

    name: str
    values: tuple[Any, ...] | None
    parse: Callable[[object], Any]  # a TOML value -> the Profile's typed value (or raise)

    @property
    def is_open(self) -> bool:
        """Whether the parameter takes any value of its type (no finite list to cover)."""
        return self.values is None


def parameter_names() -> list[str]:
    """The profile parameters, in the dataclass's order (``name`` excluded)."""
    return [field.name for field in fields(Profile) if field.name != "name"]


@cache
def domain(name: str) -> Domain:
    """The domain of a profile parameter, from its type in ``Profile``."""
    if name not in parameter_names():
        raise KeyError(name)
    kind = get_type_hints(Profile)[name]
    if get_origin(kind) is Literal:
        literals = tuple(get_args(kind))
        return Domain(name, literals, _choice(name, literals))
    if kind is bool:
        return Domain(name, (False, True), _boolean)
    if kind is int:
        allowed = PARAMETERS[name].allowed
        numbers = tuple(int(value) for value in allowed) if allowed else None
        return Domain(name, numbers, _integer(name, numbers))
    if name == "suit_order":
        orders = tuple(permutations(STANDARD_SUIT_ORDER))
        return Domain(name, orders, _suit_order)
    raise KeyError(f"{name}: no domain for its type {kind!r}")


def _choice(name: str, allowed: tuple[Any, ...]) -> Callable[[object], Any]:
    def parse(value: object) -> Any:
        if value not in allowed:
            raise InvalidInputError(f"{name} is one of {', '.join(map(str, allowed))}",
                                    input_text=str(value))
        return value
    return parse


def _boolean(value: object) -> bool:
    """A boolean as TOML writes it, or as profiles write it ("true", "false")."""
    if isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return value == "true"
    raise InvalidInputError("a yes/no parameter is true or false", input_text=str(value))


COUNTS_FROM_ZERO = frozenset({"rake_max_percent", "rake_cap_cents"})
"""Open parameters whose 0 means something (no rake; no cap known), unlike ``chip_unit``."""


def _integer(name: str, allowed: tuple[int, ...] | None) -> Callable[[object], int]:
    def parse(value: object) -> int:
        if isinstance(value, str) and value.isdecimal():
            value = int(value)
        least = 0 if name in COUNTS_FROM_ZERO else 1
        if (not isinstance(value, int) or isinstance(value, bool)
                or (allowed is None and value < least)):
            raise InvalidInputError(f"{name} is a whole number" + (f" of at least {least}"
                                    if allowed is None else ""), input_text=str(value))
        if allowed is not None and value not in allowed:
            raise InvalidInputError(f"{name} is one of {', '.join(map(str, allowed))}",
                                    input_text=str(value))
        return value
    return parse


def _suit_order(value: object) -> SuitOrder:
    if not isinstance(value, str):
        raise InvalidInputError("a suit order is written lowest first, e.g. \"cdhs\"",
                                input_text=str(value))
    return parse_suit_order(value)


def show_value(value: Any) -> str:
    """A parameter value as profiles and the CLI write it (``cdhs``, ``true``, ``8``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return format_suit_order(value).replace("<", "")
    return str(value)


Matcher = Callable[[Any], bool]


@dataclass(frozen=True)
class Condition:
    """What an expectation requires of one parameter: its value is one of ``values``, or
    satisfies one of the suit comparisons (``suit_order`` only)."""

    name: str
    values: tuple[Any, ...]
    comparisons: tuple[tuple[str, str], ...] = ()

    def holds(self, value: Any) -> bool:
        """Decide whether a profile's value of the parameter satisfies the condition."""
        if value in self.values:
            return True
        return any(value.index(_suit(low)) < value.index(_suit(high))
                   for low, high in self.comparisons)

    def __str__(self) -> str:
        shown = [show_value(v) for v in self.values] + [f"{a}<{b}" for a, b in self.comparisons]
        return f"{self.name} = {' or '.join(shown)}"


def _suit(letter: str) -> Suit:
    return next(suit for suit in Suit if suit.letter == letter)


def parse_condition(name: str, raw: object) -> Condition:
    """A condition as a case writes it: one value, a list of values, or ``"x<y"`` for suits.

    Raises KeyError for an unknown parameter and InvalidInputError for a bad value.
    """
    parameter = domain(name)
    items: Sequence[object] = raw if isinstance(raw, list) else [raw]
    if not items:
        raise InvalidInputError("a condition names at least one value", input_text="[]")
    values: list[Any] = []
    comparisons: list[tuple[str, str]] = []
    for item in items:
        if name == "suit_order" and isinstance(item, str) and "<" in item:
            low, _, high = item.partition("<")
            if {low, high} - set("cdhs") or low == high or len(low + high) != 2:
                raise InvalidInputError("a suit comparison is two different suits, e.g. "
                                        "\"h<s\"", input_text=item)
            comparisons.append((low, high))
        else:
            values.append(parameter.parse(item))
    return Condition(name, tuple(values), tuple(comparisons))
