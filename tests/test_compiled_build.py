"""The optional compiled build (``studspec.compiled_build``, docs/check-archive.rst).

In the default suite (an editable, pure-Python install) no listed module is compiled. CI
also builds the compiled install (``STUDSPEC_COMPILE=1``) in a venv of its own and runs the
whole default suite against it, with ``STUDSPEC_EXPECT_COMPILED=1``: then every listed
module must be a C extension, so that step cannot pass by testing pure Python.
"""

from __future__ import annotations

import importlib
import os
import runpy
from pathlib import Path

from studspec.compiled_build import COMPILED_MODULES, compiled_modules

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
