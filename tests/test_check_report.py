"""The text report of ``check`` at archive size: only the hands with something to say,
grouped by clause then in file order; clean hands counted; ``--verbose`` lists every hand;
the JSON report has every hand; both the same for any ``--jobs``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.cli.check import check_report
from studspec.cli.main import main
from studspec.cli.render import to_json
from studspec.cli.spool import indented_json


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("report") / "corpus"
    assert main(["generate", "--profile", "pokerstars", "--hands", "40", "--seed", "7",
                 "--out", str(out)]) == 0
    return [str(out)]


@pytest.mark.clause("BET-03")
def test_the_text_lists_only_hands_with_something_to_say_grouped_by_clause(
        corpus: list[str]) -> None:
    report = check_report(corpus, "tda-2024", jobs=1)  # PokerStars' open-pair bets: BET-03
    text, data = report.text, report.data
    listed = [hand for hand in data["hands"] if hand["violations"]]
    clean = len(data["hands"]) - len(listed)
    assert listed and clean
    assert "): clean under " not in text
    assert f"  {clean} clean hand(s) counted, not listed (--verbose lists every hand)" in text
    assert f"violations of BET-03: {len(listed)} hand(s)" in text
    names = re.findall(r"\n(\S+) \(hand [^)]*\): NOT clean", text)
    assert names == [hand["file"] for hand in listed]  # in file order
    assert len(data["hands"]) == 40  # the JSON report keeps every hand


def test_verbose_lists_every_hand_in_order(corpus: list[str]) -> None:
    report = check_report(corpus, "tda-2024", jobs=1, verbose=True)
    names = re.findall(r"\n(\S+) \(hand [^)]*\): (?:NOT )?clean", report.text)
    assert names == [hand["file"] for hand in report.data["hands"]]
    assert "counted, not listed" not in report.text


@pytest.mark.parametrize("verbose", [False, True])
def test_both_reports_are_the_same_for_any_jobs(corpus: list[str], verbose: bool) -> None:
    one = check_report(corpus, "tda-2024", jobs=1, verbose=verbose)
    two = check_report(corpus, "tda-2024", jobs=2, verbose=verbose)
    assert one.text == two.text
    assert to_json(one.data) == to_json(two.data)


def test_groups_follow_clause_then_results_then_warnings(tmp_path: Path) -> None:
    # A wrong finishing stack (a result that differs) and a hand read with a warning
    # (the record stops early) after the violations, each under its own heading.
    source = tmp_path / "corpus"
    assert main(["generate", "--profile", "pokerstars", "--hands", "6", "--seed", "7",
                 "--out", str(source)]) == 0
    files = sorted(source.iterdir())
    text = files[0].read_text(encoding="utf-8")
    files[0].write_text(re.sub(r"finishing_stacks = \[(\d+)", r"finishing_stacks = [1\1",
                               text), encoding="utf-8")
    lines = files[1].read_text(encoding="utf-8").splitlines()
    start, end = lines.index("actions = ["), lines.index("]")
    files[1].write_text("\n".join(lines[:(start + end) // 2] + lines[end:]) + "\n",
                        encoding="utf-8")
    report = check_report([str(source)], "tda-2024", jobs=1)
    headings = re.findall(r"\n(violations of \S+|results that differ from the record|read "
                          r"with warnings): \d+ hand\(s\)", report.text)
    assert headings[-2:] == ["results that differ from the record", "read with warnings"]
    assert headings == sorted(headings[:-2]) + headings[-2:]


_PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=True),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.text(max_size=6) | st.integers(0, 9), children, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(_PLAIN, st.sampled_from(["", "    "]))
def test_the_hand_renderer_writes_what_json_writes(value: object, margin: str) -> None:
    expected = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + margin)
    assert indented_json(value, margin) == expected


def test_every_hand_of_a_report_renders_as_json_renders_it(corpus: list[str]) -> None:
    for hand in check_report(corpus, "tda-2024", jobs=1).data["hands"]:
        assert indented_json(hand, "    ") == json.dumps(
            hand, indent=2, ensure_ascii=False).replace("\n", "\n    ")
