"""The optional compiled build (``studspec.compiled_build``, docs/check-archive.rst).

In the default suite (an editable, pure-Python install) no listed module is compiled. CI
also builds the compiled install (``STUDSPEC_COMPILE=1``) in a venv of its own and runs the
whole default suite against it, with ``STUDSPEC_EXPECT_COMPILED=1``: then every listed
module must be a C extension, so that step cannot pass by testing pure Python.
"""

from __future__ import annotations

import copy
import importlib
import os
import pickle
import runpy
from collections.abc import Callable
from pathlib import Path

import pytest

from studspec.compiled_build import COMPILED_MODULES, compiled_modules
from studspec.records.detect import READERS, split_hands
from studspec.records.sitetext import Problem, split_lines
from studspec.rules.cards import parse_cards
from studspec.rules.pots import Contender
from studspec.rules.ranking import best_high
from studspec.rules.settle import settle_hand
from studspec.rules.sidepots import contribution_layers
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]


def test_the_install_is_compiled_exactly_when_ci_built_it_so() -> None:
    expected = list(COMPILED_MODULES) if os.environ.get("STUDSPEC_EXPECT_COMPILED") == "1" else []
    assert compiled_modules() == expected


def test_every_listed_module_is_a_source_file_setup_can_hand_to_mypyc() -> None:
    # setup.py reads the list with runpy (no import of the package) and maps each name to
    # its file under model/.
    listed = runpy.run_path(str(ROOT / "model" / "studspec" / "compiled_build.py"))
    assert len(set(listed["COMPILED_MODULES"])) == len(COMPILED_MODULES) > 0
    for name in listed["COMPILED_MODULES"]:
        assert (ROOT / "model" / (name.replace(".", "/") + ".py")).is_file(), name
        assert importlib.import_module(name).__name__ == name


def _values() -> list[object]:
    """One value of each frozen class the compiled modules hold, built by the rules and the
    site readers (a grammar's line rule and hand start, a file's lines, a hand, a problem)."""
    cards = parse_cards("As Ks Qs Js Ts 2c 3d")
    other = parse_cards("Ah Kh Qh Jh 9c 2d 3h")
    contenders = {seat: Contender(seat, best_high(hand), tuple(hand))
                  for seat, hand in enumerate((cards, other))}
    settled = settle_hand([30, 30, 10], [True, True, False], contenders,
                          load_profile("roberts"))
    return [cards[0], Stakes.limit(10, ante=1, bring_in=3), contenders[0], settled,
            settled.structure, settled.structure.pots[0], settled.divisions[0],
            contribution_layers([30, 30, 10])[0], *_reader_values()]


def _reader_values() -> list[object]:
    grammar = READERS["pokerstars"]
    lines = split_lines("PokerStars Hand #1: 7 Card Stud Limit ($0.04/$0.08 USD)\nSeat 1: A")
    hands, _ = split_hands(lines, grammar.hand_start, "hands.txt")
    problem = Problem("hands.txt", "1", 2, "a reason", "warning", "Seat 1: A")
    return [grammar.rules[0], grammar.starts[0], lines[0], hands[0], problem]


@pytest.mark.parametrize("copy_of", [copy.copy, copy.deepcopy,
                                     lambda value: pickle.loads(pickle.dumps(value))],
                         ids=["copy", "deepcopy", "pickle"])
def test_the_frozen_value_classes_copy_and_pickle_in_either_build(
        copy_of: Callable[[object], object]) -> None:
    # A frozen dataclass compiled by mypyc refuses the default copy (it sets fields one by
    # one); compiled_build.rebuilt_from_fields rebuilds each through __init__ instead.
    for value in _values():
        copied = copy_of(value)
        assert type(copied) is type(value) and copied == value, value
