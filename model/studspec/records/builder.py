"""Assemble one HandRecord from a site log, event by event, with players named as in the log.

Conventions (shared by every site reader):

* Players are the seated players who post an ante, are dealt a card or act; they are put
  in dealing order: seat order from the seat left of the button when the log names a
  button (PartyPoker, OnGame), else from the lowest occupied seat (PokerStars, Full Tilt,
  whose logs list the deal in that order). ``seat`` keeps the site's seat number.
* A street's deals are written in dealing order. A player still in the hand for whom the
  log prints no card on a street (opponents' 7th-street cards on PokerStars and Full Tilt,
  every opponent card on PartyPoker) gets a deal of unknown cards (``None``) at the line
  of the street header: the log says a street was dealt, not what the viewer could not see.
  A 7th-street community card replaces the players' 7th-street deals.
* A WAGER's ``to`` is the player's street total after it; ``amount`` is what the log
  says was added, when it says so. Antes are not part of the 3rd-street total.
"""

from __future__ import annotations

import dataclasses
from typing import Literal, TypeVar

from studspec.errors import InvalidInputError
from studspec.inputs import SEAT_NUMBER, bounded_number, check_players
from studspec.records.hand import (
    Action,
    ActionKind,
    Award,
    Claim,
    ClaimKind,
    Deal,
    Event,
    Game,
    HandRecord,
    Origin,
    PlayerRecord,
    Show,
)
from studspec.records.irregular_sites import absent_irregularities
from studspec.records.sitetext import Problem, card_token
from studspec.rules.cards import Card, known_card

Half = Literal["high", "low", "whole", "returned"]



Renumbered = TypeVar("Renumbered", bound=Action | Deal | Show | Award | Claim)


def with_player(item: Renumbered, player: int) -> Renumbered:
    """``dataclasses.replace(item, player=player)`` without its field lookup per call (a
    record renumbers every event): a copy of the frozen instance's fields, the player
    changed. Records' events run no ``__post_init__``; tests/test_records_builder.py holds
    the two equal for every event type."""
    renumbered = object.__new__(type(item))
    renumbered.__dict__.update(item.__dict__)
    renumbered.__dict__["player"] = player
    return renumbered

class HandBuilder:
    """The state of one hand while its lines are read."""

    def __init__(self, file: str, format: str, hand_id: str | None, line: int) -> None:
        self.origin = Origin(file, line=line, hand_id=hand_id, format=format)
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, int | None] = {}
        self.finishing: dict[str, int] = {}
        self.button: int | None = None
        self.game: Game = "high"
        self.scale, self.unit = 1, "chips"
        self.small_bet = self.big_bet = 0
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.rake: int | None = None
        self.extra: dict[str, object] = {}
        self.warnings: list[Problem] = []
        self.in_hand: list[str] = []
        self.folded: set[str] = set()
        self.events: list[tuple[str | None, Event]] = []
        self.awards: list[tuple[str, Award]] = []
        self.claims: list[tuple[str | None, Claim]] = []
        self.street = 0
        self.street_line = line
        self.street_totals: dict[str, int] = {}
        self.dealt: dict[str, Deal] = {}
        self.known_dealt: dict[str, list[Card]] = {}  # the known cards of the closed streets
        self.deals_open = False
        self.community = False

    # -- locations and problems -------------------------------------------------------
    def where(self, line: int | None) -> str:
        """``file:line (hand id)`` for messages."""
        return self.origin.at(line)

    def fail(self, reason: str, line: int | None, text: str | None = None) -> InvalidInputError:
        """The error that makes this hand unreadable."""
        return InvalidInputError(reason, input_text=text, where=self.where(line))

    def warn(self, reason: str, line: int | None, text: str | None = None) -> None:
        """Report something in a hand that is still read."""
        self.warnings.append(Problem(self.origin.file, self.origin.hand_id, line, reason,
                                     "warning", text))

    # -- table --------------------------------------------------------------------------
    def number(self, text: str, line: int | None, what: str = "seat") -> int:
        """A seat or dealer number the log writes, within ``inputs.SEAT_NUMBER``."""
        return bounded_number(text, SEAT_NUMBER, what=what, where=self.where(line))

    def seat(self, name: str, seat: int, stack: int | None, line: int) -> None:
        """A seat line of the header (a stud table seats at most ``inputs.PLAYERS``: the
        ninth is refused at once, so no work grows with the seats)."""
        check_players(len(self.seats) + 1, where=self.where(line), names=[name])
        if name in self.seats:
            raise self.fail(f"player {name!r} is seated twice", line)
        taken = next((other for other, number in self.seats.items() if number == seat), None)
        if taken is not None:
            raise self.fail(f"seat {seat} is taken already by {taken!r}", line, name)
        if seat < 1:
            raise self.fail(f"seat {seat}: seats are numbered from 1", line, name)
        self.seats[name] = seat
        self.stacks[name] = stack

    def player(self, name: str, line: int) -> str:
        """A seated player, now counted as dealt into the hand."""
        if name not in self.seats:
            raise self.fail("player has no seat in this hand", line, name)
        if name not in self.in_hand:
            self.in_hand.append(name)
        return name

    def dealing_order(self) -> list[str]:
        """The players in the hand, in dealing order (see the module docstring)."""
        def key(name: str) -> tuple[int, int]:
            seat = self.seats[name]
            after_button = self.button is not None and seat > self.button
            return (0 if after_button or self.button is None else 1, seat)
        return sorted(self.in_hand, key=key)

    # -- streets and deals ----------------------------------------------------------------
    def start_street(self, street: int, line: int, community: Card | None = None) -> None:
        """A street header; a community card is dealt face up to everyone on 7th street."""
        if street != self.street + 1 and not (street == 3 and self.street == 0):
            raise self.fail(f"street {street} follows street {self.street}", line)
        self.close_deals()
        self.street, self.street_line = street, line
        self.street_totals = {}
        self.dealt = {}
        self.deals_open = True
        if community is not None:
            self.community = True
            self.events.append((None, Deal(7, None, (community,), (True,), line)))

    def deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """Cards the log shows dealt to a player on the current street."""
        name = self.player(name, line)
        if not self.deals_open:
            raise self.fail("cards dealt after the betting began", line)
        expected = 3 if self.street == 3 else 1
        if len(cards) != expected:
            raise self.fail(f"street {self.street} deals {expected} card(s), the log shows "
                            f"{len(cards)}", line)
        if name in self.dealt:
            raise self.fail("player dealt twice on one street", line, name)
        face_up = (False, False, True) if self.street == 3 else (self.street != 7,)
        self.dealt[name] = Deal(self.street, None, cards, face_up, line)

    def close_deals(self) -> None:
        """Write the current street's deals in dealing order, adding unseen ones."""
        if not self.deals_open:
            return
        self.deals_open = False
        if self.street == 7 and self.community:
            if self.dealt:
                first = min(d.line or 0 for d in self.dealt.values())
                raise self.fail("cards dealt to a player beside a community card", first)
            return
        for name in self.dealing_order():
            if name in self.folded:
                continue
            deal = self.dealt.get(name)
            if deal is None:
                count = 3 if self.street == 3 else 1
                face_up = (False, False, True) if self.street == 3 else (self.street != 7,)
                deal = Deal(self.street, None, (None,) * count, face_up, self.street_line)
            self.events.append((name, deal))
            self.known_dealt.setdefault(name, []).extend(
                card for card in deal.cards if card is not None)

    def cards(self, tokens: list[str], line: int) -> tuple[Card | None, ...]:
        """Cards from site tokens; a corrupted token becomes an unknown card and a warning."""
        cards: list[Card | None] = []
        for token in tokens:
            known = known_card(token)  # the common spelling, from a table (CARD-01)
            if known is not None:
                cards.append(known)
                continue
            try:
                cards.append(card_token(token, where=self.where(line)))
            except InvalidInputError:
                self.warn("corrupted card token; read as an unknown card", line, token)
                cards.append(None)
        return tuple(cards)

    def deal_groups(self, name: str, groups: list[list[str]], line: int) -> None:
        """A ``Dealt to`` line: on 3rd street all its cards (one card alone is the up card),
        later the last bracket (the earlier brackets repeat the player's previous cards)."""
        if not groups:
            raise self.fail("no cards on a dealing line", line)
        if self.street == 3:
            cards = self.cards([token for group in groups for token in group], line)
            if len(cards) == 1:
                cards = (None, None, *cards)
        else:
            cards = self.cards(groups[-1], line)
            earlier = self.cards([token for group in groups[:-1] for token in group], line)
            self.check_earlier(name, earlier, line)
        self.deal(name, cards, line)

    def check_earlier(self, name: str, shown: tuple[Card | None, ...], line: int) -> None:
        """Warn when a dealing line repeats a player's earlier cards differently from the
        deals already read (the log contradicts itself, e.g. a corrupted line)."""
        visible = [card for card in shown if card is not None]
        known = self.known_dealt.get(name, [])
        if visible and sorted(card.index for card in visible) != sorted(card.index
                                                                         for card in known):
            self.warn("the cards repeated on this line differ from the cards dealt before",
                      line, " ".join(sorted(str(card) for card in visible)))

    # -- actions --------------------------------------------------------------------------
    def act(self, name: str, kind: ActionKind, line: int, *, stated: str,
            amount: int | None = None, to: int | None = None, all_in: bool = False,
            by: int | None = None, by_over: Literal["level", "full", "any"] = "level") -> None:
        """A player action; keeps the street totals so that every WAGER gets its ``to``."""
        name = self.player(name, line)
        if kind is ActionKind.ANTE:
            if self.street != 0:
                raise self.fail("ante posted after the deal", line)
            if self.ante is None and amount is not None and not all_in:
                self.ante = amount
            self.events.append((name, Action(0, kind, amount=amount, all_in=all_in,
                                             stated=stated, line=line)))
            return
        self.close_deals()
        if self.street == 0:
            raise self.fail("action before the cards are dealt", line)
        if name in self.folded:
            raise self.fail("player acts after folding", line, name)
        total = self.street_totals.get(name, 0)
        if kind is ActionKind.BRING_IN:
            to = amount if to is None else to
            if self.bring_in is None and amount is not None and not all_in:
                self.bring_in = amount
        elif kind is ActionKind.WAGER:
            if to is None:
                if amount is None:
                    raise self.fail("a bet or raise without an amount", line)
                to = total + amount
            if to <= total:
                raise self.fail(f"wager to {to} does not exceed the player's street total "
                                f"{total}", line)
        elif kind is ActionKind.CHECK_CALL:
            self.street_totals[name] = total + (amount or 0)  # a check adds nothing
        elif kind is ActionKind.FOLD:
            self.folded.add(name)
        if to is not None:
            self.street_totals[name] = to
        self.events.append((name, Action(0, kind, to=to, amount=amount, all_in=all_in,
                                         stated=stated, line=line, by=by, by_over=by_over)))

    def show(self, name: str, cards: tuple[Card | None, ...], line: int, *,
             mucked: bool = False) -> None:
        """A player shows or mucks at the showdown."""
        name = self.player(name, line)
        self.close_deals()
        self.events.append((name, Show(0, cards, mucked=mucked, line=line)))

    def reveal_mucked(self, name: str, cards: tuple[Card | None, ...]) -> None:
        """Cards the summary reveals for a player who mucked: added to the muck event."""
        for index, (who, event) in enumerate(self.events):
            if who == name and isinstance(event, Show) and event.mucked and not event.cards:
                self.events[index] = (who, dataclasses.replace(event, cards=cards))
                return

    def award(self, name: str, amount: int, line: int, *, pot: str = "main",
              half: Half = "whole") -> None:
        """Chips a player received from a pot, or an uncalled bet returned."""
        name = self.player(name, line)
        self.close_deals()
        self.awards.append((name, Award(0, amount, pot, half, line)))

    def claim(self, name: str | None, kind: ClaimKind, line: int, *, amount: int | None = None,
              cards: tuple[Card | None, ...] = (), text: str = "") -> None:
        """A figure or cards the log states (a summary's), for the replay to check."""
        if name is not None:
            name = self.player(name, line)
        self.claims.append((name, Claim(kind, None, amount, cards, text, line)))

    def note(self, key: str, value: object) -> None:
        """Keep a fact of the log in ``extra``; repeated keys collect into a list."""
        if key in self.extra:
            old = self.extra[key]
            self.extra[key] = [*old, value] if isinstance(old, list) else [old, value]
        else:
            self.extra[key] = value

    # -- result ---------------------------------------------------------------------------
    def build(self) -> HandRecord:
        """The finished record; players are renumbered in dealing order."""
        self.close_deals()
        if self.street < 3:
            raise self.fail("the hand has no 3rd street", self.origin.line)
        if len(self.in_hand) < 2:
            raise self.fail("fewer than two players were dealt in", self.origin.line)
        order = self.dealing_order()
        index = {name: position for position, name in enumerate(order)}
        events: list[Event] = []
        for name, event in self.events:
            if name is None:
                events.append(event)
            else:
                events.append(with_player(event, index[name]))
        awards = tuple(with_player(award, index[name]) for name, award in self.awards)
        claims = tuple(claim if name is None else with_player(claim, index[name])
                       for name, claim in self.claims)
        players = tuple(PlayerRecord(name, self.stacks[name], seat=self.seats[name],
                                     finishing_stack=self.finishing.get(name))
                        for name in order)
        if self.bring_in is None:
            self.extra["bring_in_unknown"] = "the log shows no bring-in amount"
        return absent_irregularities(HandRecord(
            origin=self.origin, game=self.game, ante=self.ante or 0,
            bring_in=self.bring_in or 0, small_bet=self.small_bet, big_bet=self.big_bet,
            players=players, events=tuple(events), awards=awards, rake=self.rake,
            unit=self.unit, scale=self.scale, extra=self.extra, claims=claims))


def infer_halves(builder: HandBuilder, lows: dict[str, tuple[int, ...]], no_low: bool) -> None:
    """Mark which half each pot award of a hi/lo hand paid, when the log does not say.

    PokerStars writes ``collected $0.37 from pot`` for both halves. Interpretation: in a pot
    paid to several players, the collectors holding the best low shown among that pot's
    collectors (``LO: 8,7,5,4,2``) took the low half and the others the high half — a side
    pot's low is the best among the players it is paid to, not the best of the hand (a
    short stack all-in with a better low takes only the main pot's, POT-06); a single
    collector scooped (``whole``); with ``No low hand qualified`` every award is
    ``whole``. Anything else is left ``whole`` and reported."""
    if builder.game != "hilo" or no_low or not lows:
        return
    pots: dict[str, list[int]] = {}
    for position, (_, award) in enumerate(builder.awards):
        if award.half == "whole":
            pots.setdefault(award.pot, []).append(position)
    for pot, positions in pots.items():
        names = {builder.awards[p][0] for p in positions}
        if len(names) < 2:
            continue
        best = min((lows[name] for name in names if name in lows), default=None)
        winners = {name for name in names if best is not None and lows.get(name) == best}
        if not winners or winners == names:
            builder.warn(f"cannot tell the high and low halves of pot {pot!r} from the log",
                         builder.awards[positions[0]][1].line)
            continue
        for p in positions:
            name, award = builder.awards[p]
            half: Half = "low" if name in winners else "high"
            builder.awards[p] = (name, dataclasses.replace(award, half=half))
    builder.extra["halves_inferred"] = "from the best low shown (the log does not say)"
