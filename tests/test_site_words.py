"""Words by meaning: the casebook's situations, written in each site's own words, read back
to the same answer (issue 23).

Each casebook situation the model plays (no irregularity, no community card) is rendered as
a hand history of PokerStars, Full Tilt and Winamax — the antes, the deal, each action in
the site's verb for what it does (``brings in for``, ``completes it to``, ``raises X to Y``
with X measured as the site measures it, an all-in as the site marks it) — then read by
``studspec``'s reader and replayed. The hand read back must stand where the case's hand
stands: the same player to act with the same legal actions, the same opener, no violation.
The bring-in all-in on the ante (BRINGIN-05) is among them: the player on his left opens
with the site's bring-in words, which mean a call of the bring-in that stands.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from studspec.cases.book import load_casebook
from studspec.cases.schema import Case
from studspec.cases.situation import play
from studspec.play.hand import Hand
from studspec.play.hand_state import EventKind, HandEvent
from studspec.play.replay import replay_partial
from studspec.records.detect import read_hand_histories
from studspec.records.unstated import fill_bring_ins
from studspec.rules.betting_state import Action as BetAction
from studspec.rules.betting_state import ActionKind as BetKind
from studspec.specdata.profiles import load_profile

PROFILE = "tda-2024"
STREETS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def _cards(cards: tuple[object, ...], hidden: str) -> list[str]:
    return [hidden if card is None else str(card) for card in cards]


class Writer:
    """One site's words for a hand (chips, a tournament table)."""

    def __init__(self, hand: Hand, names: tuple[str, ...]) -> None:
        self.hand, self.names = hand, names
        self.totals: dict[int, int] = {}
        self.level = self.full = 0
        self.opening = False

    def lines(self) -> list[str]:
        hand, out = self.hand, self.header()
        out += self.seats()
        street = 0
        for event in hand.events:
            if event.kind == EventKind.ANTE and event.seat is not None:
                out.append(self.ante(event))
            elif event.kind == EventKind.DEAL and event.seat is not None:
                if event.street != street:
                    street = event.street
                    out.append(self.street(street))
                    self.totals, self.level, self.full = {}, 0, 0
                if any(card is not None for card in event.cards):  # an unseen card: no line
                    out.append(self.deal(event))
            elif event.kind == EventKind.ACTION and event.seat is not None:
                out.append(self.action(event))
        return [*out, *self.end()]

    def action(self, event: HandEvent) -> str:
        legal = event.action
        assert legal is not None and event.seat is not None
        # a call that opens 3rd street is a call of the bring-in that stands (BRINGIN-05)
        self.opening = event.street == 3 and not self.totals
        before = self.totals.get(event.seat, 0)
        words = self.words(event.seat, legal.kind, legal.to, legal.chips, legal.all_in,
                           before)
        self.totals[event.seat] = legal.to
        stakes = self.hand.stakes
        size = stakes.small_bet if event.street <= 4 else stakes.big_bet
        if legal.kind in (BetKind.BET, BetKind.COMPLETE, BetKind.RAISE) and (
                not legal.all_in or legal.to - self.full >= size):
            self.full = legal.to
        self.level = max(self.level, legal.to)
        return words

    # site hooks
    def header(self) -> list[str]: raise NotImplementedError
    def seats(self) -> list[str]: raise NotImplementedError
    def ante(self, event: HandEvent) -> str: raise NotImplementedError
    def street(self, street: int) -> str: raise NotImplementedError
    def deal(self, event: HandEvent) -> str: raise NotImplementedError
    def words(self, seat: int, kind: BetKind, to: int, chips: int, all_in: bool,
              before: int) -> str: raise NotImplementedError
    def end(self) -> list[str]: raise NotImplementedError


class PokerStars(Writer):
    def header(self) -> list[str]:
        game = "7 Card Stud Hi/Lo Limit" if self.hand.profile.game == "hilo" else \
            "7 Card Stud Limit"
        stakes = self.hand.stakes
        return [f"PokerStars Hand #100: Tournament #7, $1+$0 USD {game} - Level I "
                f"({stakes.small_bet}/{stakes.big_bet}) - 2023/03/05 21:14:07 ET",
                "Table '7 1' 8-max"]

    def seats(self) -> list[str]:
        return [f"Seat {i + 1}: {name} ({self.hand.starting[i]} in chips) "
                for i, name in enumerate(self.names)]

    def ante(self, event: HandEvent) -> str:
        assert event.seat is not None
        allin = " and is all-in" if event.chips == self.hand.starting[event.seat] else ""
        return f"{self.names[event.seat]}: posts the ante {event.chips}{allin}"

    def street(self, street: int) -> str:
        return f"*** {'RIVER' if street == 7 else STREETS[street] + ' STREET'} ***"

    def deal(self, event: HandEvent) -> str:
        assert event.seat is not None
        cards = _cards(event.cards, "")
        shown = [c for c in cards if c] if all(cards) else [c for c in cards[-1:] if c]
        return f"Dealt to {self.names[event.seat]} [{' '.join(shown)}]"

    def words(self, seat: int, kind: BetKind, to: int, chips: int, all_in: bool,
              before: int) -> str:
        name, allin = self.names[seat], " and is all-in" if all_in else ""
        if kind == BetKind.BRING_IN:
            return f"{name}: brings in for {chips}{allin}"
        if kind == BetKind.CALL and self.opening:
            return f"{name}: brings in for {chips}{allin}"  # BRINGIN-05: the standing bring-in
        return {BetKind.FOLD: f"{name}: folds ", BetKind.CHECK: f"{name}: checks ",
                BetKind.CALL: f"{name}: calls {chips}{allin}",
                BetKind.BET: f"{name}: bets {chips}{allin}"}.get(
                    kind, f"{name}: raises {to - self.level} to {to}{allin}")

    def end(self) -> list[str]:
        return ["*** SUMMARY ***", "Total pot 0 | Rake 0 ", "", ""]


class FullTilt(PokerStars):
    def header(self) -> list[str]:
        game = "Limit Stud Hi/Lo" if self.hand.profile.game == "hilo" else "Limit Stud Hi"
        stakes = self.hand.stakes
        return [f"Full Tilt Poker Game #100: Table T - {stakes.small_bet}/{stakes.big_bet} "
                f"Ante {stakes.ante} - {game} - 21:14:07 ET - 2010/06/05"]

    def seats(self) -> list[str]:
        return [f"Seat {i + 1}: {name} ({self.hand.starting[i]})"
                for i, name in enumerate(self.names)]

    def ante(self, event: HandEvent) -> str:
        assert event.seat is not None
        allin = ", and is all in" if event.chips == self.hand.starting[event.seat] else ""
        return f"{self.names[event.seat]} antes {event.chips}{allin}"

    def street(self, street: int) -> str:
        return f"*** {street}{'RD' if street == 3 else 'TH'} STREET ***"

    def words(self, seat: int, kind: BetKind, to: int, chips: int, all_in: bool,
              before: int) -> str:
        name, allin = self.names[seat], ", and is all in" if all_in else ""
        if kind == BetKind.BRING_IN or (kind == BetKind.CALL and self.opening):
            return f"{name} brings in for {chips}{allin}"
        return {BetKind.FOLD: f"{name} folds", BetKind.CHECK: f"{name} checks",
                BetKind.CALL: f"{name} calls {chips}{allin}",
                BetKind.BET: f"{name} bets {chips}{allin}",
                BetKind.COMPLETE: f"{name} completes it to {to}{allin}"}.get(
                    kind, f"{name} raises to {to}{allin}")

    def end(self) -> list[str]:
        return ["*** SUMMARY ***", "Total pot 0 | Rake 0", "", ""]


class Winamax(PokerStars):
    def header(self) -> list[str]:
        game = "7-Card Stud Hi/Lo fixed limit" if self.hand.profile.game == "hilo" else \
            "7-Card Stud fixed limit"
        stakes = self.hand.stakes
        return [f'Winamax Poker - Tournament "T" buyIn: 1€ + 0€ level: 1 - HandId: '
                f"#100-1-1 - {game} ({stakes.ante}/{stakes.small_bet}/{stakes.big_bet}) - "
                "2016/11/12 22:46:27 UTC", "Table: 'T(1)#1' 8-max (real money)"]

    def seats(self) -> list[str]:
        return [f"Seat {i + 1}: {name} ({self.hand.starting[i]})"
                for i, name in enumerate(self.names)]

    def ante(self, event: HandEvent) -> str:
        assert event.seat is not None
        allin = " and is all-in" if event.chips == self.hand.starting[event.seat] else ""
        return f"{self.names[event.seat]} posts ante {event.chips}{allin}"

    def street(self, street: int) -> str:
        return f"*** {STREETS[street]} STREET ***"

    def deal(self, event: HandEvent) -> str:
        assert event.seat is not None
        return f"Dealt to {self.names[event.seat]} [{' '.join(_cards(event.cards, 'X'))}]"

    def words(self, seat: int, kind: BetKind, to: int, chips: int, all_in: bool,
              before: int) -> str:
        name, allin = self.names[seat], " and is all-in" if all_in else ""
        if kind == BetKind.BRING_IN or (kind == BetKind.CALL and self.opening):
            return f"{name} brings in {chips}{allin}"
        return {BetKind.FOLD: f"{name} folds", BetKind.CHECK: f"{name} checks",
                BetKind.CALL: f"{name} calls {chips}{allin}",
                BetKind.BET: f"{name} bets {chips}{allin}",
                BetKind.COMPLETE: f"{name} completes to {to}{allin}"}.get(
                    kind, f"{name} raises {to - self.full} to {to}{allin}")

    def end(self) -> list[str]:
        return ["*** SUMMARY ***", "Total pot 0 | No rake", "", ""]


WRITERS: dict[str, Callable[[Hand, tuple[str, ...]], Writer]] = {
    "pokerstars": PokerStars, "fulltilt": FullTilt, "winamax": Winamax}


def playable() -> list[Case]:
    """The casebook situations the model plays to a betting decision, with a known
    bring-in amount in their words (a bring-in posted, or standing after a low card all in
    on the ante) and nothing the site words cannot say (an irregularity, a community card)."""
    profile = load_profile(PROFILE)
    found = []
    for case in load_casebook().values():
        if case.question.kind.name not in ("legal-actions", "first-to-act", "bring-in"):
            continue
        if getattr(case.situation, "event_players", None) is not None:
            continue  # how many players the event has left (BET-09) is in no hand history
        game_profile = load_profile(PROFILE + ("-8" if case.situation.game == "hilo" else ""))
        played = play(case.situation, game_profile if case.situation.game else profile)
        hand = played.hand
        if played.refusal is not None or hand is None or hand.has_community or hand.actor is None:
            continue
        if any(not event.checked for event in hand.events):
            continue
        if not any(event.kind == EventKind.ACTION for event in hand.events) and not any(
                legal.kind == BetKind.CALL for legal in hand.legal_actions()):
            continue
        if any(event.action is not None and event.action.kind == BetKind.BRING_IN
               and event.action.all_in for event in hand.events):
            continue  # an all-in bring-in for less: a log states the table's amount elsewhere
        found.append(case)
    return sorted(found, key=lambda case: case.id)


CASES = playable()


def test_the_casebook_gives_situations_to_render() -> None:
    assert len(CASES) >= 10
    assert "bring-in-all-in-on-the-ante" in {case.id for case in CASES}


@pytest.mark.clause("BRINGIN-05", "BET-04", "BET-05")
@pytest.mark.parametrize("site", sorted(WRITERS))
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_situation_in_a_site_s_words_reads_back_to_the_same_hand(
        tmp_path: Path, site: str, case: Case) -> None:
    name = PROFILE + ("-8" if case.situation.game == "hilo" else "")
    profile = load_profile(name)
    hand = play(case.situation, profile).hand
    assert hand is not None
    if not any(event.kind == EventKind.ACTION for event in hand.events):
        # the low card all-in on the ante (BRINGIN-05): the first player puts in the
        # bring-in that stands, in the site's bring-in words, and the hand goes on
        hand.apply(next(BetAction(legal.kind, legal.to) for legal in hand.legal_actions()
                        if legal.kind == BetKind.CALL))
    names = tuple(n.replace(" ", "_") for n in case.situation.names)
    text = "\n".join(WRITERS[site](hand, names).lines())
    path = tmp_path / f"{site}.txt"
    path.write_text(text, encoding="utf-8")
    read = read_hand_histories(path)
    assert not [p for p in read.problems if p.severity != "note"], (read.problems, text)
    (record,) = read.records
    filled = fill_bring_ins([record])[0].record
    assert filled is not None, text
    result = replay_partial(filled, profile)
    assert result.violations == [], (result.violations, text)
    ours, theirs = hand, result.hand
    assert theirs.actor == ours.actor, text
    assert theirs.legal_actions() == ours.legal_actions(), text
    assert theirs.first_actors == ours.first_actors, text
