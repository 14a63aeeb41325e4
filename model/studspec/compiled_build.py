"""The optional compiled build: which modules it turns into C extensions, and which of them
this install runs compiled.

``STUDSPEC_COMPILE=1 pip install --no-build-isolation --no-deps --force-reinstall .``, after
``pip install '.[dev]' 'setuptools>=68' wheel`` (mypy, what the modules import, and the
build's own requirements), compiles the modules below with mypyc, the compiler that ships
with mypy: the same typed source, so the pure-Python install is the fallback wherever no
compiler or wheel is at hand, and both run the same clauses.
``setup.py`` reads ``COMPILED_MODULES`` from this file. The list holds the hot part of the
path from a record to its verdict; docs/check-archive.rst ("The compiled build") says what
is in it, what is left out and why, and gives the figures. CI runs the whole suite against
the compiled install (tests/test_compiled_build.py checks there that it is compiled).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.machinery
from typing import Any

COMPILED_MODULES = (
    "studspec.inputs",
    "studspec.fast.engine",
    "studspec.fast.hand",
    "studspec.fast.lean",
    "studspec.fast.record",
    "studspec.fast.replay",
    "studspec.fast.round",
    "studspec.evaluate.fasteval",
    "studspec.play.claims",
    "studspec.play.evidence",
    "studspec.records.builder",
    "studspec.records.chatter",
    "studspec.records.detect",
    "studspec.records.grammar",
    "studspec.records.grammar_base",
    "studspec.records.grammar_end",
    "studspec.records.grammar_header",
    "studspec.records.grammar_play",
    "studspec.records.grammar_pots",
    "studspec.records.grammar_summary",
    "studspec.records.grammar_table",
    "studspec.records.moves",
    "studspec.records.phh_moves",
    "studspec.records.rules",
    "studspec.records.site_profiles",
    "studspec.records.sites",
    "studspec.records.sitetext",
    "studspec.records.stream",
    "studspec.records.toml_subset",
    "studspec.rules.cards",
    "studspec.rules.pots",
    "studspec.rules.settle",
    "studspec.rules.sidepots",
    "studspec.rules.stakes",
)


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED_MODULES`` this install runs as C extensions (none in a
    pure-Python install)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [name for name in COMPILED_MODULES
            if (importlib.import_module(name).__file__ or "").endswith(suffixes)]


def rebuilt_from_fields(value: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """``__reduce__`` of a frozen dataclass: its class called with its fields, in order.

    A frozen dataclass compiled by mypyc cannot be copied or unpickled the default way (the
    copy sets its fields one by one, which a frozen class refuses), so the value classes the
    compiled modules hold (cards, stakes, pots) rebuild themselves through ``__init__``:
    ``copy``, ``deepcopy`` and ``pickle`` (``next`` copies a hand, ``--jobs`` sends records
    between processes) then work the same compiled or not.
    """
    return type(value), tuple(getattr(value, field.name) for field in dataclasses.fields(value))
