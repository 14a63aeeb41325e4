"""Build hook: ship the specification data and the proof modules inside the package, and,
when asked, compile the fast path.

`spec/` and `proofs/` live at the top level (the design card fixes the layout), but an
installed, non-editable studspec must still read its clauses and run its proofs, so the
wheel carries copies of both under ``studspec/_bundled/``.

With ``STUDSPEC_COMPILE=1`` the modules listed in ``studspec/compiled_build.py`` are
compiled with mypyc (mypy's compiler; install the dev extra first and build with
``--no-build-isolation``, docs/check-archive.rst). Without it the install is pure Python: the
fallback, and what an editable install for development must be (a compiled module beside
its source would hide every later edit of that source).
"""

import os
import runpy
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("spec", "proofs")


class BuildPyWithSpec(build_py):  # type: ignore[misc]
    """Copy spec/ and proofs/ next to the built package."""

    def run(self) -> None:
        super().run()
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "studspec" / "_bundled"
        for name in BUNDLED:
            destination = target / name
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(
                root / name,
                destination,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )


def compiled_extensions() -> list[object]:
    """The mypyc extensions of the compiled build, or none (the pure-Python build)."""
    if os.environ.get("STUDSPEC_COMPILE", "0") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("STUDSPEC_COMPILE=1: the compiled build needs mypyc (mypy) in the "
                         "build environment: pip install '.[dev]' 'setuptools>=68' wheel, "
                         "then STUDSPEC_COMPILE=1 pip install --no-build-isolation --no-deps "
                         "--force-reinstall .") from None
    root = Path(__file__).resolve().parent
    listed = runpy.run_path(str(root / "model" / "studspec" / "compiled_build.py"))
    paths = ["model/" + name.replace(".", "/") + ".py" for name in listed["COMPILED_MODULES"]]
    return list(mypycify(paths, opt_level="3"))


setup(cmdclass={"build_py": BuildPyWithSpec}, ext_modules=compiled_extensions())
