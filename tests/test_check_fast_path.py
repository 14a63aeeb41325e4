"""``check`` with the fast path: accept fast, explain slow. The report is byte-identical with
and without it, and the fast path never calls clean a record ``Hand`` does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.cli.check import check_report, direct_phh, read_records
from studspec.cli.main import main
from studspec.cli.render import to_json
from studspec.fast.replay import accept_fast
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import replay
from studspec.records.hand import Deal, HandRecord
from studspec.records.phh import write_phh
from studspec.records.site_profiles import ProfileChooser
from studspec.records.unstated import fill_bring_ins
from studspec.specdata.profiles import load_profile, profile_names

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
LOCAL = ROOT / "tests" / "data" / "handhistories"


def corpus_files() -> list[Path]:
    """Every site log and PHH file of the shared corpus (when present) and the local one."""
    folders = [SHARED / "handhistories", LOCAL]
    return sorted(path for folder in folders if folder.is_dir() for path in folder.rglob("*")
                  if path.suffix.lower() in (".txt", ".phh", ".xml"))


def generated(tmp_path: Path, profile: str, hands: int, seed: int) -> list[Path]:
    out = tmp_path / f"{profile}-{seed}"
    assert main(["generate", "--profile", profile, "--hands", str(hands), "--seed", str(seed),
                 "--out", str(out)]) == 0
    return sorted(out.iterdir())


def records(files: list[Path]) -> list[HandRecord]:
    found: list[HandRecord] = []
    for path in files:
        try:
            read, _ = read_records(path)
        except Exception:  # an unreadable file (some bad inputs) has no record to compare
            continue
        found += [filled.record for filled in fill_bring_ins(read) if filled.record is not None]
    return found


def assert_same_reports(files: list[Path]) -> None:
    names = [str(path) for path in files]
    fast, slow = check_report(names), check_report(names, fast_path=False)
    assert fast.text == slow.text
    assert to_json(fast.data) == to_json(slow.data)
    assert fast.exit_code == slow.exit_code


@pytest.mark.clause("BET-01", "POT-01", "SHOW-01")
def test_reports_on_the_real_corpus_are_byte_identical_with_and_without_the_fast_path(
        ) -> None:
    files = corpus_files()
    assert files
    assert_same_reports(files)


@pytest.mark.clause("BET-01", "POT-06", "SHOW-02")
@pytest.mark.parametrize("profile", profile_names())
def test_reports_on_generated_hands_are_byte_identical_and_taken_by_the_fast_path(
        tmp_path: Path, profile: str) -> None:
    files = generated(tmp_path, profile, 12, 2)
    assert_same_reports(files)
    chooser = ProfileChooser(None)
    taken = [accept_fast(record, chooser.of(record)[0]) for record in records(files)]
    assert all(result is not None for result in taken)  # every legal hand is done fast
    # ... and read straight from its action strings into the fast path's moves
    direct = [direct_phh(path.read_text(encoding="utf-8"), str(path), chooser)
              for path in files]
    assert direct and all(entry is not None for entry in direct)


@pytest.mark.clause("BET-02", "BET-04", "CARD-02", "SHOW-01")
def test_tampered_hands_go_to_the_model_and_read_the_same(tmp_path: Path) -> None:
    # An illegal wager, a card dealt twice, a wrong finishing stack, a shown hand that is
    # not the cards dealt, a record that stops early: the fast path declines each one and
    # the model explains it, in the same report as without the fast path.
    source = generated(tmp_path, "pokerstars", 12, 4)
    texts = [path.read_text(encoding="utf-8") for path in source]
    tampered: list[tuple[str, Path]] = []
    for number, text in enumerate(texts):
        lines = text.splitlines()
        deals = [i for i, line in enumerate(lines) if line.startswith('  "d dh p1 ')]
        wagers = [i for i, line in enumerate(lines) if " cbr " in line]
        shows = [i for i, line in enumerate(lines) if " sm " in line]
        if number % 5 == 0 and wagers:
            kind = "wager"
            lines[wagers[0]] = lines[wagers[0]].replace(" cbr ", " cbr 1")
        elif number % 5 == 1:
            kind = "stacks"
            lines = [line.replace("finishing_stacks = [", "finishing_stacks = [1") for line
                     in lines]
        elif number % 5 == 2 and len(deals) > 1:
            kind = "card twice"
            second = lines[deals[1]]
            lines[deals[1]] = second[:11] + lines[deals[0]][11:13] + second[13:]
        elif number % 5 == 3 and shows:
            kind = "shown card"
            first = lines[shows[0]][9:11]
            lines[shows[0]] = lines[shows[0]].replace(first, "2c" if first != "2c" else "3c", 1)
        else:
            kind = "stops early"
            start, end = lines.index("actions = ["), lines.index("]")
            lines = lines[:(start + end) // 2] + lines[end:]  # the record stops half-way
        path = tmp_path / f"tampered-{number}.phh"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        tampered.append((kind, path))
    assert {kind for kind, _ in tampered} == {"wager", "stacks", "card twice", "shown card",
                                              "stops early"}
    assert_same_reports([path for _, path in tampered])
    for kind, path in tampered:  # each tampering is caught
        report = check_report([str(path)])
        if kind == "stops early":  # a note, not a violation: the model says where it ends
            assert "the record ends before the hand does" in report.text
            continue
        assert report.exit_code != 0, (kind, path.read_text(encoding="utf-8"))


def test_the_fast_path_accepts_only_what_the_model_finds_clean() -> None:
    bad = [ROOT / "tests" / "data" / "bad-inputs", SHARED / "bad-inputs"]
    files = corpus_files() + sorted(path for folder in bad if folder.is_dir()
                                    for path in folder.iterdir()
                                    if path.suffix in (".phh", ".txt", ".xml"))
    chooser = ProfileChooser(None)
    accepted = 0
    for record in records(files):
        profile = chooser.of(record)[0]
        fast = accept_fast(record, profile)
        if fast is None:
            continue
        accepted += 1
        slow = replay(record, profile)
        assert slow.clean and not slow.notes and slow.unstated_rake is None
        assert (fast.stacks, fast.awards) == (slow.stacks, slow.awards)
    assert accepted > 0


@pytest.mark.clause("SHOW-01")
def test_a_shown_hand_that_is_not_the_cards_dealt_is_left_to_the_model() -> None:
    bad = ROOT / "tests" / "data" / "bad-inputs"
    for name in ("phh-shown-cards-not-checked.phh", "site-shown-cards-not-checked.txt"):
        if not (bad / name).is_file():
            pytest.skip("the shared bad inputs are not present")
        chooser = ProfileChooser(None)
        for record in records([bad / name]):
            assert accept_fast(record, chooser.of(record)[0]) is None


@pytest.mark.clause("DECK-05")
@pytest.mark.parametrize("profile", ["pokerstars", "tda-2024-8"])
def test_a_community_card_hand_is_taken_fast_and_reads_the_same(tmp_path: Path,
                                                                 profile: str) -> None:
    files = []
    for seed in range(1, 60):
        for hand in generated_hands(load_profile(profile), 5, seed):
            if any(isinstance(event, Deal) and event.player is None
                   for event in hand.record.events):
                path = tmp_path / f"community-{seed}-{hand.number}.phh"
                path.write_text(write_phh(hand.record, profile=profile), encoding="utf-8")
                files.append(path)
        if len(files) >= 4:
            break
    assert files
    assert_same_reports(files)
    for path in files:
        entry = direct_phh(path.read_text(encoding="utf-8"), str(path), ProfileChooser(None))
        assert entry is not None and not entry["violations"]
