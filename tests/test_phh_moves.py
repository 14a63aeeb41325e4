"""PHH straight into moves (``records.phh_moves``) is held to ``parse_phh`` like an engine to
``Hand``: whenever it reads a hand, its header and moves are those of ``parse_phh``'s record
(``records.moves``), under every profile, on the test data and shared corpus, and on tampered
files (the input fuzzer's mutations and its oracle mutations)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from input_fuzz import _phh_oracle, _phh_seeds, mutate_lines, mutate_toml
from studspec.errors import StudSpecError
from studspec.fuzz.corpus import generated_hands
from studspec.records.moves import header_of, moves_of
from studspec.records.phh import parse_phh, write_phh
from studspec.records.phh_moves import phh_moves
from studspec.specdata.profiles import load_profile, profile_names

ROOT = Path(__file__).resolve().parents[1]
PROFILES = profile_names()


def assert_read_alike(text: str) -> bool:
    """Whether phh_moves read the text; if it did, parse_phh reads the same hand."""
    direct = phh_moves(text)
    if direct is None:
        return False
    record = parse_phh(text, "hand.phh")  # must not raise: the direct reader never decides
    assert direct.header == header_of(record)
    assert direct.moves == moves_of(record)
    assert direct.names == [player.name for player in record.players]
    assert direct.hand_id == record.origin.hand_id
    assert direct.extra == record.extra
    return True


@pytest.mark.parametrize("profile", PROFILES)
def test_generated_hands_read_straight_into_the_records_moves(profile: str) -> None:
    hands = list(generated_hands(load_profile(profile), 12, 11))
    texts = [write_phh(hand.record, profile=profile) for hand in hands]
    assert all(assert_read_alike(text) for text in texts)  # all of the plain shape
    # ... and ``generate`` writes the same text straight from the fast path's moves
    assert [hand.phh(profile) for hand in hands] == texts


def test_a_community_card_is_one_move_and_leaves_the_shows() -> None:
    # DECK-05: nine players and a deck that runs short on 7th street (the generator draws
    # such tables under every profile); the card is written once per player still in.
    hands = [hand for seed in range(1, 40) for hand in generated_hands(
        load_profile("pokerstars"), 5, seed) if any(
            getattr(event, "player", 0) is None for event in hand.record.events)]
    assert hands
    for hand in hands[:5]:
        text = write_phh(hand.record, profile="pokerstars")
        assert "community card" in text and assert_read_alike(text)
        assert hand.phh("pokerstars") == text


def test_every_phh_file_of_the_data_reads_alike_or_goes_to_parse_phh() -> None:
    folders = [ROOT / "tests" / "data", ROOT.parent / "shared" / "data"]
    files = sorted(path for folder in folders if folder.is_dir()
                   for path in folder.rglob("*.phh"))
    assert files
    read = 0
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        read += assert_read_alike(text)
    assert read > 0


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(1, 3), st.booleans())
def test_tampered_phh_reads_alike_or_goes_to_parse_phh(seed: int, changes: int,
                                                        oracle: bool) -> None:
    rng = random.Random(seed)
    text = rng.choice(SEEDS)
    if oracle:
        text = _phh_oracle(text, rng) or text
    else:
        for _ in range(changes):
            text = (mutate_toml(text, rng) if rng.random() < 0.5
                    else "\n".join(mutate_lines(text.split("\n"), rng)))
    try:
        assert_read_alike(text)
    except StudSpecError as error:  # parse_phh refused what phh_moves read: a disagreement
        raise AssertionError(f"phh_moves read a file parse_phh refuses: {error}") from error


SEEDS = [*_phh_seeds(), *(write_phh(hand.record, profile="pokerstars")
                          for hand in generated_hands(load_profile("pokerstars"), 20, 3))]


def test_a_value_nested_past_the_limit_goes_to_parse_phh() -> None:
    # parse_phh refuses a document nested deeper than the inputs' limit, in any field
    text = write_phh(next(iter(generated_hands(load_profile("pokerstars"), 1, 2))).record,
                     profile="pokerstars")
    deep = text.replace('_profile = "pokerstars"', "_profile = " + "[" * 70 + "]" * 70)
    assert phh_moves(deep) is None
    with pytest.raises(StudSpecError):
        parse_phh(deep, "deep.phh")
