"""The module paths before the house was ordered by concern (issue 37), kept for one release.

``import studspec.hand`` (or ``from studspec import hand``, ``from studspec.hand import Hand``)
still works: it gives the module at its new path, ``studspec.play.hand`` — the same module
object, so its classes, functions and marks are the same — with a ``DeprecationWarning`` that
names the new path. ``install`` runs when ``studspec`` is imported.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import ModuleType

OLD_PATHS: dict[str, str] = {
    # the rules, one module per rule area
    "studspec.cards": "studspec.rules.cards",
    "studspec.bringin": "studspec.rules.bringin",
    "studspec.stakes": "studspec.rules.stakes",
    "studspec.betting": "studspec.rules.betting",
    "studspec.betting_errors": "studspec.rules.betting",  # its two explainers joined betting
    "studspec.betting_state": "studspec.rules.betting_state",
    "studspec.round_rules": "studspec.rules.round_rules",
    "studspec.wagering": "studspec.rules.wagering",
    "studspec.board": "studspec.rules.board",
    "studspec.deal": "studspec.rules.deal",
    "studspec.dealing": "studspec.rules.dealing",
    "studspec.deck": "studspec.rules.deck",
    "studspec.low": "studspec.rules.low",
    "studspec.ranking": "studspec.rules.ranking",
    "studspec.pots": "studspec.rules.pots",
    "studspec.sidepots": "studspec.rules.sidepots",
    "studspec.settle": "studspec.rules.settle",
    "studspec.showdown": "studspec.rules.showdown",
    "studspec.irregularities": "studspec.rules.irregularities",
    "studspec.pot_examples": "studspec.rules.pot_examples",
    # the whole hand, its replay, irregular hands and the evidence of a log
    "studspec.hand": "studspec.play.hand",
    "studspec.hand_state": "studspec.play.hand_state",
    "studspec.hand_rules": "studspec.play.hand_rules",
    "studspec.replay": "studspec.play.replay",
    "studspec.irregular_hand": "studspec.play.irregular_hand",
    "studspec.claims": "studspec.play.claims",
    "studspec.shown_cards": "studspec.play.shown_cards",
    # evaluators
    "studspec.fasteval": "studspec.evaluate.fasteval",
    "studspec.enumeration": "studspec.evaluate.enumeration",
    # the specification's data and views
    "studspec.profiles": "studspec.specdata.profiles",
    "studspec.trace": "studspec.specdata.marks",
    "studspec.variant_views": "studspec.specdata.variant_views",
    # checking the specification: proofs, agreement, traceability, the case ties
    "studspec.proving": "studspec.prove.proving",
    "studspec.agreement": "studspec.prove.agreement",
    "studspec.traceability": "studspec.prove.traceability",
    "studspec.specdata.case_ties": "studspec.prove.case_ties",
    # running work: a process pool, a Dask cluster
    "studspec.parallel": "studspec.run.parallel",
    "studspec.cluster": "studspec.run.cluster",
    # the one move format sits with the records it is read from
    "studspec.fast.moves": "studspec.records.moves",
    # the Hypothesis strategies beside the fuzzer's generator; the pytest plugin with the faces
    "studspec.strategies": "studspec.fuzz.strategies",
    "studspec.pytest_plugin": "studspec.cli.pytest_plugin",
}
"""Old module path -> new module path, for every module the re-layout moved."""


def new_path(old: str) -> str:
    """The module path that replaced ``old`` (with any submodule part kept), or ``old``."""
    for moved, new in OLD_PATHS.items():
        if old == moved or old.startswith(moved + "."):
            return new + old[len(moved):]
    return old


def _importer_level() -> int:
    """The warning's stack level that names the importer: ``warnings`` itself skips the import
    system's frames (``importlib._bootstrap``), not those of ``importlib.import_module``."""
    level = 2  # 1 is the loader
    frame = sys._getframe(2)  # 0 is here, 1 the loader
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename == importlib.__file__:
            level += 1
        elif not ("importlib" in filename and "_bootstrap" in filename):
            break
        frame = frame.f_back  # type: ignore[assignment]
    return level


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path (the same object), with a warning."""

    def __init__(self, old: str, new: str) -> None:
        self.old = old
        self.new = new
        self._real_spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(f"{self.old} has moved to {self.new}; the old path will be removed in "
                      "the next release", DeprecationWarning, stacklevel=_importer_level())
        module = importlib.import_module(self.new)
        self._real_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system set the alias's spec on the module; give it back its own.
        module.__spec__ = self._real_spec


class OldPathFinder(importlib.abc.MetaPathFinder):
    """Finds the old module paths of ``OLD_PATHS`` and nothing else."""

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = OLD_PATHS.get(fullname)
        if new is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(fullname, new))


def install() -> None:
    """Put the old-path finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, OldPathFinder())
