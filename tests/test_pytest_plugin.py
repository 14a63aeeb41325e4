"""The pytest plugin (entry point ``pytest11``): an engine author's own pytest run gains the
casebook and a bounded fuzz campaign as test items."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent / "engines" / "stud_engine.mjs"


def _pytest(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest in an empty project folder (no tests of its own), with the plugin's options."""
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "-rfs", *options], cwd=folder,
                          capture_output=True, text=True, timeout=600)


def test_the_plugin_is_registered_and_quiet_without_an_engine(tmp_path: Path) -> None:
    (tmp_path / "test_nothing.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    result = _pytest(tmp_path, "--help")
    assert "--studspec-engine=ENGINE" in result.stdout
    result = _pytest(tmp_path)
    assert result.returncode == 0 and "1 passed" in result.stdout
    assert "studspec::" not in result.stdout


def test_the_model_passes_its_own_casebook_and_campaign(tmp_path: Path) -> None:
    result = _pytest(tmp_path, "--studspec-engine=studspec", "--studspec-profile=tda-2024",
                     "--studspec-hands=20", "-v")
    assert result.returncode == 0, result.stdout
    assert "studspec::casebook/bring-in-tie-by-suit[tda-2024] PASSED" in result.stdout
    assert "studspec::fuzz[tda-2024] PASSED" in result.stdout
    # What the protocol cannot check is skipped with its reason, never passed.
    assert "studspec::casebook/last-card-of-the-stub[tda-2024] SKIPPED" in result.stdout
    assert "not checked: the protocol shows nothing a dealer question asks" in result.stdout


def test_a_planted_defect_fails_its_case_and_its_fuzz_kind(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    result = _pytest(tmp_path, f"--studspec-engine=cmd:{node} {ENGINE} --defect suit-order",
                     "--studspec-hands=40")
    assert result.returncode == 1
    out = result.stdout
    assert "FAILED studspec::casebook/bring-in-tie-by-suit[base]" in out
    assert "FAILED studspec::fuzz[base: BRINGIN-02 actor]" in out
    assert "expected: player Carol" in out and "engine:   player Bob" in out
    assert "the minimal hand as PHH:" in out and 'starting_stacks = [80, 80]' in out


def test_a_bad_engine_option_is_a_usage_error(tmp_path: Path) -> None:
    result = _pytest(tmp_path, "--studspec-engine=no such engine")
    assert result.returncode == 4
    assert "studspec: --engine: 'no such engine': an engine is pokerkit" in result.stderr
