"""The site rule differences found in real logs (FIND-60), and the docs page that checks the
shared hand histories file by file: every hand that does not validate plainly is explained."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from studspec.play.replay import replay
from studspec.records.detect import read_hand_histories
from studspec.specdata.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]
LOCAL = ROOT / "tests" / "data" / "handhistories"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from site_validation import EXPLANATIONS, site_validation_page  # noqa: E402

OPEN_PAIR_BIG_BETS = [("stars-double-bet-35874334277.txt", "pokerstars"),
                      ("fulltilt-steal.txt", "fulltilt")]


@pytest.mark.clause("BET-07")
@pytest.mark.parametrize(("name", "site_profile"), OPEN_PAIR_BIG_BETS)
def test_site_open_pair_big_bets_are_clean_under_the_site_and_refused_by_the_tda(
        name: str, site_profile: str) -> None:
    (record,) = read_hand_histories(LOCAL / name).records
    assert replay(record, load_profile(site_profile)).clean
    refused = replay(record, load_profile("tda-2024")).violations
    assert [v.clause_id for v in refused] == ["BET-03"]
    assert "4th street" in refused[0].message


def _page(root: Path) -> str:
    return site_validation_page(root, lambda clause: f"[{clause}]", lambda text: text,
                                lambda text, mark: [text, mark * len(text), ""])


def test_the_page_explains_every_hand_that_does_not_validate_plainly() -> None:
    page = _page(ROOT)
    assert "Not explained yet" not in page
    assert "``partypoker-8`` (the site's profile)" in page or "excerpts" in page
    assert "unstated rake" in page and "[BET-04]" in page


def test_without_the_shared_folder_the_page_uses_the_excerpts_and_says_so(
        tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    shutil.copytree(LOCAL, checkout / "tests" / "data" / "handhistories")
    page = _page(checkout)
    assert "only excerpts are shown" in page and "Not explained yet" not in page
    assert "``stars-no-bring-in-35874081088.txt``" in page
    assert page.count("   * - ``") == len([*LOCAL.glob("*.txt"), *LOCAL.glob("*.xml")])
    assert {"R5-292493407-77", "11480841734", "35874081088"} <= set(EXPLANATIONS)


def test_every_shared_site_folder_is_read_or_says_why_not() -> None:
    shared = ROOT.parent / "shared" / "data" / "handhistories"
    if not shared.is_dir():
        pytest.skip("the shared hand histories are not beside the checkout")
    from site_validation import NOT_READ, READ_FOLDERS

    folders = {p.name for p in shared.iterdir() if p.is_dir()} - {"phh"}
    assert folders == READ_FOLDERS | set(NOT_READ)
    page = _page(ROOT)
    assert not NOT_READ and "Logs of sites studspec does not read" not in page
    assert all(f"``{site}/" in page for site in ("acr", "bovada", "kingsclub"))
