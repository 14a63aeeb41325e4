"""Where the specification data and the proof modules are, in a checkout or an installed wheel."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
_CHECKOUT_ROOT = _PACKAGE_DIR.parent.parent
_BUNDLED = _PACKAGE_DIR / "_bundled"


def _locate(name: str) -> Path:
    """A checkout's own ``name/`` folder wins (editable installs); else the wheel's copy."""
    in_checkout = _CHECKOUT_ROOT / name
    if (_CHECKOUT_ROOT / "pyproject.toml").is_file() and in_checkout.is_dir():
        return in_checkout
    return _BUNDLED / name


SPEC_DIR_VARIABLE = "STUDSPEC_SPEC_DIR"


def spec_dir() -> Path:
    """The ``spec/`` folder: sources, clauses, variants, findings, cases.

    ``STUDSPEC_SPEC_DIR`` points studspec at another specification (e.g. a house's own).
    """
    override = os.environ.get(SPEC_DIR_VARIABLE)
    return Path(override) if override else _locate("spec")


def proofs_dir() -> Path:
    """The ``proofs/`` folder of Z3 proof obligations."""
    return _locate("proofs")


TESTS_DIR_VARIABLE = "STUDSPEC_TESTS_DIR"


def tests_dir() -> Path | None:
    """The checkout's ``tests/`` folder; None for an installed package (tests are not shipped).

    ``STUDSPEC_TESTS_DIR`` names the tests of an installed package run against its
    checkout's suite (CI's compiled build: the traceability checks then read those tests).
    """
    override = os.environ.get(TESTS_DIR_VARIABLE)
    if override:
        return Path(override)
    candidate = _CHECKOUT_ROOT / "tests"
    if (_CHECKOUT_ROOT / "pyproject.toml").is_file() and candidate.is_dir():
        return candidate
    return None


def checkout_root() -> Path | None:
    """The root of the source checkout, when studspec runs from one."""
    return _CHECKOUT_ROOT if (_CHECKOUT_ROOT / "pyproject.toml").is_file() else None
