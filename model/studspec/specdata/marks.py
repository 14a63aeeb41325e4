"""Traceability marks: which function implements which clause of the specification."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

AREAS = (
    "CARD", "DEAL", "ANTE", "BRINGIN", "BET", "ACT", "RANK", "LOW", "SHOW", "POT",
    "DECK", "PLAYERS", "MISDEAL",
)
CLAUSE_ID_PATTERN = re.compile(r"\b(?:" + "|".join(AREAS) + r")-\d{2}\b")


@dataclass(frozen=True)
class Implementation:
    """One function that implements one clause."""

    clause_id: str
    qualname: str
    module: str
    file: str
    line: int


_IMPLEMENTATIONS: list[Implementation] = []


def is_clause_id(text: str) -> bool:
    """Decide whether a string is a well-formed clause ID such as ``BRINGIN-02``."""
    return CLAUSE_ID_PATTERN.fullmatch(text) is not None


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the given clauses."""
    for clause_id in clause_ids:
        if not is_clause_id(clause_id):
            raise ValueError(f"not a clause ID: {clause_id!r}")

    def mark(function: F) -> F:
        code = getattr(function, "__code__", None)
        for clause_id in clause_ids:
            _IMPLEMENTATIONS.append(
                Implementation(
                    clause_id=clause_id,
                    qualname=getattr(function, "__qualname__", repr(function)),
                    module=getattr(function, "__module__", "?"),
                    file=code.co_filename if code else "?",
                    line=code.co_firstlineno if code else 0,
                )
            )
        return function

    return mark


def implementations() -> list[Implementation]:
    """All implementation marks, after importing every module of the model."""
    import_model()
    return list(_IMPLEMENTATIONS)


def import_model() -> None:
    """Import every module of the studspec package so that all marks are registered."""
    import importlib
    import pkgutil
    from pathlib import Path

    # The package's folder, found without importing the package's front door (which sits
    # above every layer): this module is studspec/specdata/marks.py.
    package_dir = Path(__file__).resolve().parents[1]
    for info in pkgutil.walk_packages([str(package_dir)], prefix="studspec."):
        if info.name.startswith(_FACES) or info.name in _NEEDS_AN_EXTRA:
            continue
        importlib.import_module(info.name)


_FACES = ("studspec.cli", "studspec.web")
"""The faces (the command line, the web app) call the model and implement no clause; the
web app needs the ``web`` extra, which an install for ``verify`` does not have."""

_NEEDS_AN_EXTRA = {"studspec.cli.pytest_plugin"}
"""Modules that import what only an extra installs (the pytest plugin needs pytest) and
implement no clause: an install without the extra must still find every mark."""
