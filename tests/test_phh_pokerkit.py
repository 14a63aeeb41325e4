"""PHH that other tools load: every site hand ``convert`` writes is replayed in PokerKit's PHH
parser, and the finishing stacks PokerKit reaches are compared with the log's.

PokerKit 0.7.7 departs from the PHH specification (or from the rules the sites play) in
two cases, each documented by a minimal file in ``docs/examples/pokerkit``; studspec keeps
the conforming form, and a hand PokerKit cannot load must be one of these, by name."""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from record_sums import put_in

from studspec.play.replay import replay
from studspec.records.detect import read_hand_histories
from studspec.records.hand import Action, ActionKind, Deal, HandRecord, Show
from studspec.records.phh import parse_phh, write_phh
from studspec.records.site_profiles import pick_profile
from studspec.records.unstated import fill_bring_ins
from studspec.specdata.profiles import load_profile

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.notation import parse_action  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "handhistories"
LOCAL = ROOT / "tests" / "data" / "handhistories"
DEPARTURES = ROOT / "docs" / "examples" / "pokerkit"


def site_records() -> Iterator[HandRecord]:
    """Every hand of every shared and local site log that studspec reads and replays."""
    paths = sorted([*SHARED.glob("*/*.txt"), *SHARED.glob("*/*.xml"), *LOCAL.glob("*.txt"),
                    *LOCAL.glob("*.xml")])
    for path in paths:
        result = read_hand_histories(path)
        for filled in fill_bring_ins(result.records):
            if filled.record is not None:
                yield filled.record


def first_refused(phh: str) -> tuple[str, BaseException] | None:
    """The first action PokerKit refuses (its own automatic steps taken in between)."""
    history = pokerkit.HandHistory.loads(phh)
    state = history.create_state()
    for action in history.actions:
        while True:
            try:
                parse_action(state, action, history.parse_value)
                break
            except (ValueError, KeyError) as error:
                if state.can_post_ante():
                    state.post_ante()
                elif state.can_collect_bets():
                    state.collect_bets()
                elif state.can_burn_card():
                    state.burn_card("??")
                else:
                    return action, error
    return None


def load_error(phh: str) -> BaseException | None:
    """What PokerKit raises when it loads and plays a PHH hand through (None: it loads)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. a community card dealt to several players
            list(pokerkit.HandHistory.loads(phh))
    except (ValueError, KeyError) as error:
        return error
    return None


def departure(record: HandRecord) -> str | None:
    """Which documented PokerKit departure a hand shows, if any."""
    for event in record.events:
        if isinstance(event, Deal) and event.player is not None and any(
                up and card is None for up, card in zip(event.face_up, event.cards, strict=True)):
            return "unknown-up-card"
    street, level = 0, 0
    for event in record.events:
        if isinstance(event, Deal) and event.street != street:
            street, level = event.street, 0
        elif isinstance(event, Action) and event.kind is ActionKind.WAGER and event.to:
            if street == 4 and event.to - level > record.small_bet:
                return "open-pair-double-bet"  # a bet or raise by the big bet on 4th street
            level = event.to
    return None


def breaks_fixed_limit(record: HandRecord) -> bool:
    """Whether the site's log itself breaks fixed-limit betting (a raise to an amount fixed
    limit does not allow, BET-02, under the log's own profile): PokerKit, playing fixed
    limit, rightly cannot load the hand; not a PokerKit departure (KingsClub 37581152)."""
    profile = load_profile(pick_profile(record)[0])
    return any(v.clause_id == "BET-02" for v in replay(record, profile).violations)


def showdown_unknown(record: HandRecord) -> bool:
    """Whether several players reach the end of the hand and the log shows the cards of
    none of them (iPoker writes no showdown): the pot cannot be awarded from the PHH."""
    folded = {e.player for e in record.events
              if isinstance(e, Action) and e.kind is ActionKind.FOLD}
    shown = {e.player for e in record.events if isinstance(e, Show) and e.cards
             and all(card is not None for card in e.cards)}
    live = set(range(len(record.players))) - folded
    return len(live) > 1 and not live & shown


def log_finishing_stacks(record: HandRecord) -> list[int]:
    """Each player's stack after the hand by the log's own amounts: the starting stack, less
    what the log says the player put in, plus what the log says the player received."""
    stacks = [(p.starting_stack or 0) - paid for p, paid in zip(record.players, put_in(record),
                                                               strict=True)]
    for award in record.awards:
        stacks[award.player] += award.amount
    return stacks


def pokerkit_finishing_stacks(phh: str, scale: int) -> list[Decimal]:
    """PokerKit's stacks after the hand, in the record's units (exact: PokerKit may split a
    pot into fractions of a cent)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. a community card dealt to several players
        states = list(pokerkit.HandHistory.loads(phh))
    return [Decimal(stack) * scale for stack in states[-1].stacks]


RECORDS = list(site_records()) if SHARED.is_dir() else []


@pytest.mark.skipif(not RECORDS, reason="the shared hand histories are not beside the checkout")
def test_every_converted_site_hand_loads_in_pokerkit_or_names_its_departure() -> None:
    loaded, departed, partial = 0, dict[str, list[str]](), list[str]()
    for record in RECORDS:
        phh = write_phh(record, profile=pick_profile(record)[0])
        refused = load_error(phh)
        expected = departure(record) or ("breaks-fixed-limit" if breaks_fixed_limit(record)
                                         else None)
        name = f"{record.origin.file}#{record.origin.hand_id}"
        if refused is None:
            assert expected is None, f"{name}: PokerKit now loads a {expected} hand"
            final = pokerkit_finishing_stacks(phh, record.scale)
            logged = log_finishing_stacks(record)
            if showdown_unknown(record):
                # a partial history (PHH allows it): the log shows no cards at the showdown,
                # so PokerKit, rightly, does not pay the pot; nothing to compare
                assert sum(final) < sum(p.starting_stack or 0 for p in record.players), name
                partial.append(name)
                continue
            if record.players[0].finishing_stack is not None:
                assert logged == [p.finishing_stack for p in record.players], name
            # PokerKit pays the whole pot; the log pays the pot less the rake (stated or not).
            extra = [mine - theirs for mine, theirs in zip(final, logged, strict=True)]
            assert sum(final) == sum(p.starting_stack or 0 for p in record.players), name
            assert min(extra) >= 0, (name, final, logged)
            assert record.rake is None or sum(extra) == record.rake, (name, final, logged)
            loaded += 1
        else:
            assert expected is not None, f"{name}: PokerKit refuses it: {refused!r}"
            departed.setdefault(expected, []).append(name)
    assert loaded >= 30 and len({name.rsplit("#", 1)[1] for name in partial}) <= 1
    assert set(departed) <= {"unknown-up-card", "open-pair-double-bet", "breaks-fixed-limit"}


@pytest.mark.parametrize(("name", "action", "error"), [
    ("unknown-up-card", "d dh p2 ??", KeyError),
    ("open-pair-double-bet", "p1 cbr 10", ValueError),
])
def test_each_pokerkit_departure_is_a_minimal_file_studspec_reads(
        name: str, action: str, error: type[BaseException]) -> None:
    text = (DEPARTURES / f"{name}.phh").read_text(encoding="utf-8")
    refused = first_refused(text)
    assert refused is not None and refused[0] == action and isinstance(refused[1], error)
    assert load_error(text) is not None
    record = parse_phh(text, name)
    assert departure(record) == name
    assert replay(record, load_profile("pokerstars")).violations == []


def community_deal(record: HandRecord) -> Deal | None:
    return next((e for e in record.events if isinstance(e, Deal) and e.player is None), None)


@pytest.mark.skipif(not RECORDS, reason="the shared hand histories are not beside the checkout")
def test_a_community_card_is_dealt_to_each_player_still_in_and_read_back_as_one() -> None:
    record = next(r for r in RECORDS if community_deal(r) is not None)
    card = community_deal(record)
    assert card is not None
    phh = write_phh(record)
    dealt = [line for line in phh.splitlines() if "# community card" in line]
    folded = {e.player for e in record.events[:record.events.index(card)]
              if isinstance(e, Action) and e.kind is ActionKind.FOLD}
    assert "d db" not in phh and len(dealt) == len(record.players) - len(folded)
    again = community_deal(parse_phh(phh))
    assert again is not None and (again.cards, again.face_up) == (card.cards, (True,))
    older = phh.replace(dealt[0], f'  "d db {card.cards[0]} # community card",')
    for line in dealt[1:]:
        older = older.replace(line + "\n", "")
    assert [dataclasses.replace(e, line=None) for e in parse_phh(older).events] == [
        dataclasses.replace(e, line=None) for e in parse_phh(phh).events]


@pytest.mark.skipif(not RECORDS, reason="the shared hand histories are not beside the checkout")
def test_an_uncontested_winners_muck_is_a_commentary_not_a_showdown() -> None:
    written = [(r, write_phh(r)) for r in RECORDS]
    found = [(r, phh) for r, phh in written if "mucks (won uncontested, no showdown)" in phh]
    assert found
    for record, phh in found:
        assert departure(record) is not None or load_error(phh) is None
        assert not any(line.strip().endswith(' sm",') for line in phh.splitlines()
                       if "mucks (won uncontested" in line)
