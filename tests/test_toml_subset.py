"""The plain-TOML reader is a second implementation of ``tomllib`` for PHH files: whenever it
gives a table, it is tomllib's table, types included; when it cannot, it says None."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from studspec.records.toml_subset import read_plain_toml

DATA = Path(__file__).parent / "data"


def typed(value: object) -> object:
    """A value with every scalar's type beside it (1, 1.0 and True are equal in Python)."""
    if isinstance(value, list):
        return ["list", [typed(item) for item in value]]
    if isinstance(value, dict):
        return ["table", {key: typed(item) for key, item in value.items()}]
    return [type(value).__name__, repr(value)]


def agrees(text: str) -> bool:
    """Whether the fast reader, if it reads the text at all, reads what tomllib reads."""
    fast = read_plain_toml(text)
    if fast is None:
        return False
    assert typed(fast) == typed(tomllib.loads(text)), text  # raises if tomllib refuses it
    return True


# Pieces of values, plain and not: numbers in every TOML and JSON spelling, strings with
# the characters the two languages treat differently, and words of either language only.
SCALARS = st.one_of(
    st.integers(-10**20, 10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["0", "-0", "+1", "1_000", "0x10", "0o7", "0b1", "01", "1e05", "1E+2",
                     "1.", ".5", "-0.0", "1e400", "inf", "nan", "-inf", "NaN", "Infinity",
                     "true", "false", "null", "True", "1979-05-27", "{}", '{"a": 1}',
                     "{a = 1}", "'lit'", '""', '"""x"""', "[]", "[1,]", "[1,,]", "[[1], 2]"]),
    st.text(st.characters(codec="utf-8"), max_size=8).map(lambda t: '"' + t + '"'),
    st.text(st.sampled_from('ab #\'"\\\t\x7f\x00\u2028é'), max_size=6).map(
        lambda t: '"' + t + '"'),
)
ARRAYS = st.lists(SCALARS, max_size=4).map(lambda items: "[" + ", ".join(items) + "]")
KEYS = st.sampled_from(["variant", "actions", "a", "b-c", "d_e", "1", "true", "a.b", '"q"',
                        "é", "actions"])
SPACE = st.sampled_from(["", " ", "  ", "\t"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    """A document of key lines, multi-line arrays, blank lines, comments and junk lines."""
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 6))):
        shape = draw(st.integers(0, 9))
        key, space = draw(KEYS), draw(SPACE)
        if shape <= 4:
            lines.append(f"{space}{key}{draw(SPACE)}={draw(SPACE)}"
                         f"{draw(st.one_of(SCALARS, ARRAYS))}{draw(SPACE)}")
        elif shape <= 6:
            items = draw(st.lists(st.one_of(SCALARS, ARRAYS), max_size=4))
            comma = draw(st.sampled_from([",", "", ",,", ", # c"]))
            lines.append(f"{key} = [")
            lines += [f"{draw(SPACE)}{item}{comma}" for item in items]
            lines.append(draw(st.sampled_from(["]", "  ]", "] # c", "],", ""])))
        else:
            lines.append(draw(st.sampled_from(["", "  ", "# comment", "[table]", "[[t]]",
                                               "]", "x", "= 1", "a = 1 # c", "\r"])))
    ending = draw(st.sampled_from(["\n", "", "\r\n", "\n\n"]))
    return "\n".join(lines) + ending


@settings(max_examples=600)
@given(documents())
@example('variant = "F7S"\nantes = [0, 0]\nactions = [\n  "d dh p1 AsKs2c",\n]\n')
@example("a = [\n]\n")
@example('a = "x\x7fy"\n')
@example("a = 1e05\n")
@example("a = 99999999999999999999999999\n")
def test_what_the_fast_reader_reads_tomllib_reads_alike(text: str) -> None:
    try:
        agrees(text)
    except tomllib.TOMLDecodeError:
        pytest.fail(f"the fast reader read a text tomllib refuses: {text!r}")


def test_every_phh_file_of_the_test_data_is_read_fast_and_alike() -> None:
    files = sorted(DATA.rglob("*.phh"))
    assert files
    texts = []
    for path in files:
        try:
            texts.append(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            continue  # a bad input of the hardening tests: not TOML at all
    read_fast = 0
    for text in texts:
        try:
            read_fast += agrees(text)
        except tomllib.TOMLDecodeError:
            pytest.fail(f"the fast reader read a text tomllib refuses: {text!r}")
    # The files studspec writes are plain; files from elsewhere may not be (comments...).
    assert read_fast >= len(texts) // 2, (read_fast, len(texts))
