"""Every alternative of each site's format that the public parsers name, generated: one test
per alternative, named after the parser's regex group (``bench/format_alternatives_sites.py``).
The alternative is rendered from a shared hand of the site (the sample excerpt in
``tests/data/handhistories``) and must read back to the same hand: the same seats, deal,
actions and awards, the amounts up to the currency scale (a tournament's chips, a hand at
other stakes written with thousands separators)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.format_alternatives import (
    LOCAL,
    Alternative,
    alternatives,
    main,
    read_all,
    same_hands,
)
from studspec.records.detect import decode

ALTERNATIVES = alternatives()


def sample(name: str) -> str:
    """A sample log, decoded as the readers decode it."""
    path = Path(LOCAL) / name
    return decode(path.read_bytes(), name)[0].replace("\x00", "")


@pytest.mark.parametrize("alternative", ALTERNATIVES, ids=[a.name for a in ALTERNATIVES])
def test_each_alternative_reads_back_to_the_same_hand(alternative: Alternative) -> None:
    text = sample(alternative.sample)
    original = read_all(text, alternative.sample)
    assert not isinstance(original, str), original
    rendered = alternative.render(text)  # the sample holds the line the alternative rewrites
    assert rendered != text
    assert same_hands(original, rendered, alternative.factor) is None


def test_every_site_has_alternatives_and_tournaments_where_it_deals_them() -> None:
    sites = {alternative.site for alternative in ALTERNATIVES}
    assert {"pokerstars", "fulltilt", "partypoker", "everleaf", "winamax", "ongame",
            "absolute", "winning", "acr", "kingsclub", "bovada", "merge", "ipoker"} <= sites
    with_tournaments = {alternative.site for alternative in ALTERNATIVES
                        if "TOUR" in alternative.group.upper()}
    assert {"pokerstars", "fulltilt", "partypoker", "everleaf", "winamax", "ongame",
            "absolute", "acr", "bovada", "merge", "ipoker"} <= with_tournaments


def test_a_rendering_that_changes_the_hand_is_caught() -> None:
    # the comparison is not vacuous: a hand whose amounts are not scaled as claimed differs
    alternative = next(a for a in ALTERNATIVES if a.group == "cash-thousands-separators")
    text = sample(alternative.sample)
    original = read_all(text, alternative.sample)
    assert not isinstance(original, str)
    assert same_hands(original, alternative.render(text), alternative.factor * 10) is not None


def test_the_measure_reads_every_rendered_alternative_back(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    report = main(["--shared", str(LOCAL)])
    assert all(good == total for good, total, _ in report.values()), report
    assert "read back" in capsys.readouterr().out


def test_ongame_pot_winners_may_name_the_half() -> None:
    # OnGameToFpdb re_CollectPot: ``won by NAME ($X High)``; a hi/lo pot split in its halves
    text = sample("ongame-big-bring.txt").replace(
        "SEVEN_CARD_STUD $1/$2", "SEVEN_CARD_STUD_HI_LO $1/$2").replace(
        "won by Player0 ($9.70)", "won by Player0 ($4.85 High), Player0 ($4.85 Low)")
    records = read_all(text, "ongame-hilo.txt")
    assert not isinstance(records, str), records
    (record,) = records
    assert record.game == "hilo"
    assert [(award.amount, award.half) for award in record.awards] == [(485, "high"),
                                                                       (485, "low")]
