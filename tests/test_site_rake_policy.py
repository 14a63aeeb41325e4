"""A site's game with no profile of its own (a Full Tilt hi/lo hand, a PartyPoker high
hand) is checked under the TDA profile of the game with the site's rake policy (POT-08):
the site rakes both games alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.records.detect import read_text
from studspec.records.hand import HandRecord
from studspec.records.site_profiles import ProfileChooser, site_rake_profile
from studspec.specdata.profiles import load_profile

LOCAL = Path(__file__).resolve().parent / "data" / "handhistories"


def record(name: str, old: str, new: str) -> HandRecord:
    text = (LOCAL / name).read_text(encoding="utf-8")
    assert old in text
    (read,) = read_text(text.replace(old, new, 1), name).records
    return read


@pytest.mark.clause("POT-08")
@pytest.mark.parametrize(("name", "old", "new", "game", "site_profile"), [
    ("fulltilt-steal.txt", "Limit Stud Hi -", "Limit Stud H/L -", "hilo", "fulltilt"),
    ("party-hilo.txt", "FL 7 Card Stud Hi-Lo -", "FL 7 Card Stud -", "high", "partypoker-8"),
])
def test_a_game_without_a_profile_takes_the_sites_rake_policy(
        name: str, old: str, new: str, game: str, site_profile: str) -> None:
    hand = record(name, old, new)
    assert hand.game == game and site_rake_profile(hand) == site_profile
    profile, reason = ProfileChooser(None).of(hand)
    site = load_profile(site_profile)
    fallback = load_profile("tda-2024-8" if game == "hilo" else "tda-2024")
    assert profile.name == fallback.name and profile.game == game
    assert (profile.rake_max_percent, profile.rake_cap_cents) == (site.rake_max_percent,
                                                                  site.rake_cap_cents)
    assert profile.rake_max_percent != fallback.rake_max_percent
    assert site_profile in reason and "rake policy" in reason


def test_a_site_game_with_its_own_profile_keeps_it() -> None:
    hand = record("fulltilt-steal.txt", "Limit Stud Hi -", "Limit Stud Hi -")
    assert site_rake_profile(hand) is None
    profile, reason = ProfileChooser(None).of(hand)
    assert profile == load_profile("fulltilt") and "rake policy" not in reason


def test_a_given_profile_is_not_changed() -> None:
    hand = record("fulltilt-steal.txt", "Limit Stud Hi -", "Limit Stud H/L -")
    profile, _ = ProfileChooser("tda-2024-8").of(hand)
    assert profile == load_profile("tda-2024-8")
