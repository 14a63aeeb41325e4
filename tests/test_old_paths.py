"""The module paths before the re-layout (issue 37) keep working for one release, with a
DeprecationWarning, and give the very module at the new path; nothing of ours uses them."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest
from setuptools import find_packages

from studspec.old_paths import OLD_PATHS, new_path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "model" / "studspec"


def _import_old(old: str) -> tuple[object, list[warnings.WarningMessage]]:
    """Import ``old`` afresh (as a user's first import of it would) and catch the warnings."""
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    return module, caught


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_gives_the_new_module_with_a_warning(old: str) -> None:
    new = OLD_PATHS[old]
    module, caught = _import_old(old)
    assert module is importlib.import_module(new)
    messages = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert messages == [f"{old} has moved to {new}; the old path will be removed in the next "
                        "release"]
    assert module.__name__ == new
    assert module.__spec__ is not None and module.__spec__.name == new
    assert caught[0].filename == __file__  # the warning points at the importer


def test_the_old_spellings_of_an_import_all_work() -> None:
    from studspec.play.hand import Hand
    from studspec.specdata.marks import implements

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from studspec import trace
        from studspec.hand import Hand as OldHand

    assert OldHand is Hand
    assert trace.implements is implements


def test_a_fresh_interpreter_warns_at_the_importer() -> None:
    code = "import studspec.hand\nfrom studspec.fast.moves import Header\n"
    result = subprocess.run([sys.executable, "-W", "always::DeprecationWarning", "-c", code],
                            capture_output=True, text=True, check=True)
    assert "<string>:1: DeprecationWarning: studspec.hand has moved to studspec.play.hand" \
        in result.stderr
    assert "<string>:2: DeprecationWarning: studspec.fast.moves has moved to " \
        "studspec.records.moves" in result.stderr
    erroring = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                              capture_output=True, text=True)
    assert erroring.returncode != 0


def test_the_map_is_a_move_of_real_modules() -> None:
    for old, new in OLD_PATHS.items():
        assert importlib.util.find_spec(new) is not None, new
        assert new not in OLD_PATHS
        old_file = PACKAGE.joinpath(*old.split(".")[1:]).with_suffix(".py")
        assert not old_file.exists(), f"{old_file} is back beside its new home {new}"
    assert new_path("studspec.hand") == "studspec.play.hand"
    assert new_path("studspec.hand.Hand") == "studspec.play.hand.Hand"
    assert new_path("studspec.handy") == "studspec.handy"
    assert new_path("studspec.play.hand") == "studspec.play.hand"


def test_the_entry_points_name_the_new_paths() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    targets = [*project["scripts"].values(), *project["entry-points"]["pytest11"].values()]
    for target in targets:
        module = target.partition(":")[0]
        assert module not in OLD_PATHS, target
        assert importlib.util.find_spec(module) is not None, target


def test_every_folder_of_the_package_is_a_package_setuptools_finds() -> None:
    found = set(find_packages(where=str(ROOT / "model")))
    folders = {".".join(path.parent.relative_to(ROOT / "model").parts)
               for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts}
    assert folders <= found, folders - found


def _old_imports(path: Path) -> list[str]:
    """Import statements in a Python file that name an old path."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}"
                  for name in names if name in OLD_PATHS]
    return found


def test_nothing_of_ours_imports_an_old_path() -> None:
    """Code written on the old paths (e.g. merged from before the move) is rewritten to the
    new ones; ``OLD_PATHS`` is the map to rewrite them by."""
    skip = {PACKAGE / "old_paths.py", Path(__file__).resolve()}
    found = []
    for folder in ("model", "proofs", "tests", "bench", "docs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() not in skip and "_build" not in path.parts:
                found += _old_imports(path)
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        text = page.read_text(encoding="utf-8")
        found += [f"{page.relative_to(ROOT)}: {old}" for old in OLD_PATHS
                  if f":: {old}\n" in text or f":: {old}." in text]
    assert not found, "\n".join(found)
