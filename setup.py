"""Build hook: ship the specification data and the proof modules inside the package.

`spec/` and `proofs/` live at the top level (the design card fixes the layout), but an
installed, non-editable studspec must still read its clauses and run its proofs, so the
wheel carries copies of both under ``studspec/_bundled/``.
"""

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


setup(cmdclass={"build_py": BuildPyWithSpec})
