"""The guides' console sessions are real: every ``$ studspec …`` command in them is run and
its output and exit code compared with what the page shows.

In a guide, a ``.. code-block:: console`` holds commands (``$ …``) each followed by its
output; ``...`` stands for any number of lines (ending a line: for the rest of it), blank
lines are not compared, and ``$ echo $?`` shows the exit code of the command before. A
``VAR=value`` before a command sets an environment variable for it. Files a guide asks the
reader to write are taken from the guide's own ``code-block`` shown under a line naming
the file.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def code_blocks(text: str, language: str) -> list[list[str]]:
    """The contents of every ``.. code-block:: language`` of an RST text, dedented."""
    blocks: list[list[str]] = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.strip() != f".. code-block:: {language}":
            continue
        indent = len(line) - len(line.lstrip())
        body: list[str] = []
        for following in lines[number + 1:]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            body.append(following)
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        margin = min(len(b) - len(b.lstrip()) for b in body if b.strip())
        blocks.append([b[margin:].rstrip() for b in body])
    return blocks


def sessions(text: str) -> list[tuple[str, list[str]]]:
    """Each ``$`` command of the console blocks with the output lines shown after it."""
    steps: list[tuple[str, list[str]]] = []
    for block in code_blocks(text, "console"):
        for line in block:
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps and line.strip():
                steps[-1][1].append(line)
    return steps


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the actual lines are the expected ones, ``...`` matching any run of lines
    (or, ending a line, the rest of that line)."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    line = expected[0]
    same = (actual[0].startswith(line[:-3]) if line.endswith("...")
            else actual[0] == line) if actual else False
    return same and matches(expected[1:], actual[1:])


def run_session(text: str, workdir: Path) -> None:
    """Run every command of a guide in ``workdir`` and compare outputs and exit codes."""
    last_code = None
    for command, expected in sessions(text):
        words = shlex.split(command)
        if words == ["echo", "$?"]:
            assert expected == [str(last_code)], f"exit code of the command before {command}"
            continue
        env = dict(os.environ)
        while "=" in words[0]:
            name, _, value = words.pop(0).partition("=")
            env[name] = value
        assert words[0] == "studspec", command
        result = subprocess.run([sys.executable, "-m", "studspec.cli.main", *words[1:]],
                                cwd=workdir, env=env, capture_output=True, text=True,
                                timeout=300)
        actual = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()
                  if line.strip()]
        assert matches(expected, actual), f"$ {command}\n" + "\n".join(actual)
        last_code = result.returncode


@pytest.fixture
def checkout_copy(tmp_path: Path) -> Path:
    """A folder laid out like the checkout root, with the test hand histories and the spec."""
    shutil.copytree(ROOT / "tests" / "data" / "handhistories",
                    tmp_path / "tests" / "data" / "handhistories")
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    return tmp_path


def test_check_hands_guide_shows_real_outputs(checkout_copy: Path) -> None:
    text = (DOCS / "check-hands.rst").read_text(encoding="utf-8")
    assert len(sessions(text)) >= 10
    run_session(text, checkout_copy)
    assert (checkout_copy / "phh" / "pokerstars-35874334277.phh").is_file()


def test_house_variant_guide_builds_a_working_profile(checkout_copy: Path) -> None:
    """The guide's source entry and profile, written where it says, give its outputs."""
    text = (DOCS / "house-variant.rst").read_text(encoding="utf-8")
    assert ["cp -r spec myspec"] in code_blocks(text, "sh")
    shutil.copytree(checkout_copy / "spec", checkout_copy / "myspec")
    source, profile = code_blocks(text, "toml")
    with (checkout_copy / "myspec" / "sources" / "sources.toml").open("a") as sources:
        sources.write("\n" + "\n".join(source) + "\n")
    assert "myspec/variants/myroom.toml" in text
    (checkout_copy / "myspec" / "variants" / "myroom.toml").write_text("\n".join(profile))
    run_session(text, checkout_copy)


def test_check_archive_guide_shows_real_outputs(checkout_copy: Path) -> None:
    """Generate a corpus, check it on two processes, with and without the fast path."""
    text = (DOCS / "check-archive.rst").read_text(encoding="utf-8")
    assert len(sessions(text)) >= 4
    run_session(text, checkout_copy)
    assert len(list((checkout_copy / "corpus").glob("hand-*.phh"))) == 40


def test_validate_engine_guide_shows_real_outputs(checkout_copy: Path) -> None:
    """The guide's runs of the JavaScript reference engine over the pipe (needs node)."""
    if shutil.which("node") is None and not os.environ.get("STUDSPEC_REQUIRE_NODE"):
        pytest.skip("node is not installed")
    text = (DOCS / "validate-engine.rst").read_text(encoding="utf-8")
    assert any("cmd:node" in command for command, _ in sessions(text))
    shutil.copytree(ROOT / "tests" / "engines", checkout_copy / "tests" / "engines")
    run_session(text, checkout_copy)
