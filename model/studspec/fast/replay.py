"""Accept fast, explain slow: a recorded hand replayed by the fast path, or left to ``Hand``.

``accept_fast(record, profile)`` replays a record on a :class:`RecordedHand` (the fast
path's state, cards taken from the record's deals) and returns its result only when the
record is clean by every check ``replay`` makes: every deal, action and show allowed, the
hand finished, the results equal to the record's, no note to add. Anything else — a
violation, a divergence, an unknown card the showdown needs, a community card Hand
explains, an irregularity (MISDEAL area), a record that stops early, a shown hand that is
not exactly the cards dealt — returns None, and the caller replays the record through
``Hand``, which explains it. An unknown upcard that decides who opens a street leaves the
opener to the record's first action there, as ``Hand`` does. So the fast path never calls
clean what ``Hand`` would not; it only saves ``Hand`` the clean hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from studspec.engines.protocol import Move, MoveKind
from studspec.errors import StudSpecError
from studspec.fast.hand import FastRules, FastTable
from studspec.fast.round import CHECK as CHECK_MOVE
from studspec.fast.round import FOLD as FOLD_MOVE
from studspec.fast.round import _move
from studspec.play.claims import claims_hold
from studspec.play.hand_state import open_pair_showing
from studspec.play.irregular_hand import AppliedRuling
from studspec.play.replay import Violation
from studspec.records.hand import HandRecord
from studspec.records.moves import (
    ALL_IN,
    ANTE,
    BRING_IN,
    CHECK_CALL,
    COMMUNITY,
    DEAL,
    FOLD,
    KIND,
    MUCK,
    SHOW,
    UNSTATED,
    WAGER,
    Cards,
    Header,
    RecordMove,
    header_of,
    moves_of,
)
from studspec.rules.cards import Card
from studspec.specdata.marks import implements
from studspec.specdata.profiles import Profile


class Undecided(Exception):
    """The fast path does not decide this record: ``Hand`` replays it."""


@dataclass
class FastResult:
    """A clean record's result, shaped as ``replay.ReplayResult`` for the report."""

    stacks: tuple[int, ...]
    awards: dict[int, int]
    violations: list[Violation] = field(default_factory=list)  # always empty
    divergences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unstated_rake: int | None = None
    rulings: list[AppliedRuling] = field(default_factory=list)  # always empty


class RecordedHand(FastTable):
    """The fast path's hand, dealt the cards a record shows (unknown down cards allowed)."""

    def __init__(self, rules: FastRules, header: Header) -> None:
        super().__init__(rules, header.game, header.stakes, header.stacks,
                         rake=header.rake or 0)
        self.dealing = True
        self.dealt: set[int] = set()
        self.seen: set[Card] = set()
        self.hidden: set[int] = set()  # seats with a card the record does not show
        self.hidden_count: dict[int, int] = {}
        self.shown_cards: dict[int, tuple[Card, ...]] = {}
        self.live = len(self.starting)  # the seats dealt this street (those still in)
        self.unknown_up: set[int] = set()  # seats with an upcard the record does not show
        self.needs_opener = False  # an unknown upcard decides who opens: the record says
        self.undetermined = False  # the showdown needs a hand the record does not show

    def _next_street(self) -> None:
        self.dealing, self.dealt = True, set()
        self.live = self.folded.count(False)

    @implements("DEAL-01", "DEAL-02", "CARD-02")
    def deal(self, seat: int, street: int, cards: Cards) -> None:
        """Deal a seat its street's cards, as ``Hand.check_deal`` allows, else Undecided."""
        self._open_unopened()
        if (not self.dealing or street != self.street or seat in self.dealt
                or not 0 <= seat < len(self.starting) or self.folded[seat]
                or len(cards) != (3 if street == 3 else 1)):
            raise Undecided("a deal Hand refuses")
        if cards[0] is None or (street == 3 and (cards[1] is None or cards[2] is None)):
            self._deal_hidden(seat, street, cards)
        else:
            seen = self.seen
            before = len(seen)
            seen.update(cards)  # type: ignore[arg-type]  # no None: checked above
            if len(seen) != before + len(cards):
                raise Undecided("a card dealt twice (CARD-02)")
            if street == 3:
                self.down[seat] += cards[:2]  # type: ignore[arg-type]
                self.up[seat].append(cards[2])  # type: ignore[arg-type]
            else:
                (self.down if street == 7 else self.up)[seat].append(cards[0])
        self.dealt.add(seat)
        if len(self.dealt) == self.live:  # every live seat (only they are dealt)
            self.dealing = False
            if street == 4 and open_pair_showing(
                    [up if not out else None for up, out in zip(self.up, self.folded,
                                                                 strict=True)]) is None:
                raise Undecided("the open pair is unknown")
            self._start_betting()

    @implements("DECK-05", "CARD-02")
    def deal_community(self, street: int, cards: Cards) -> None:
        """A 7th-street community card, as ``Hand.deal_community`` allows it: before any
        player's 7th card, known and not dealt before; else Undecided."""
        self._open_unopened()
        if (not self.dealing or street != 7 or self.street != 7 or self.dealt
                or self.community is not None or len(cards) != 1 or cards[0] is None
                or cards[0] in self.seen):
            raise Undecided("a community card Hand refuses or explains")
        self.seen.add(cards[0])
        self.community = cards[0]
        self.dealing = False
        self._start_betting()

    def _deal_hidden(self, seat: int, street: int, cards: Cards) -> None:
        """A deal with cards the record hides. An unknown upcard leaves the opener of this
        street and the later ones to the record, as ``Hand`` does (``_start_betting``)."""
        fresh = [card for card in cards if card is not None]
        if len(set(fresh)) != len(fresh) or not self.seen.isdisjoint(fresh):
            raise Undecided("a card dealt twice (CARD-02)")
        face_up = cards[2:] if street == 3 else cards if street < 7 else ()
        if any(card is None for card in face_up):
            self.unknown_up.add(seat)
        self.seen.update(fresh)
        self.hidden.add(seat)
        self.hidden_count[seat] = self.hidden_count.get(seat, 0) + len(cards) - len(fresh)
        if street == 3:
            self.down[seat] += [card for card in cards[:2] if card is not None]
            if cards[2] is not None:
                self.up[seat].append(cards[2])
        elif street == 7:
            self.down[seat] += fresh
        else:
            self.up[seat] += fresh

    @implements("BRINGIN-01", "ACT-01", "BET-07")
    def _start_betting(self) -> None:
        """Open the street's betting; when an unknown upcard would decide who opens (every
        door card on 3rd street, a live board later), wait for the record's first action,
        as ``Hand`` does (``needs_opener``)."""
        hidden = (self.unknown_up if self.street == 3 else
                  [seat for seat in self.unknown_up if not self.folded[seat]])
        if hidden:
            self.needs_opener = True
            return
        super()._start_betting()

    def _record_opener(self, base: int, seat: int) -> int:
        """The opener the record's first action of the street shows, as ``play.replay``'s
        ``opener`` reads it (unchecked: the cards that decide are unknown). On 3rd street a
        bring-in or a completion is the bring-in's; a call or fold first is the act of the
        seat after a bring-in all-in on the ante (BRINGIN-05) when the seat to his right has
        no chips behind."""
        if self.street == 3 and base not in (BRING_IN, WAGER):
            right = (seat - 1) % len(self.starting)
            if right != seat and self.behind[right] == 0:
                return right
        return seat

    def _open_awaited(self, opener: int) -> None:
        """Open the round that awaited its opener. On 4th street a live board with an
        unknown card could show a pair: the big bet is not refused (BET-07, as ``Hand``)."""
        self.needs_opener = False
        self._open_round(opener, self.street == 4)

    def _open_unopened(self) -> None:
        """A street that awaited its opener and that no action opened (its players all in):
        open it with the first live seat, as ``play.replay``'s ``unopened``; if someone could
        act there, Hand reports the next deal or show, so Undecided."""
        if self.needs_opener:
            self._open_awaited(self.folded.index(False))
            if self.round is not None:
                raise Undecided("a street no action opened, with a player to act")

    def act(self, kind: int, seat: int, to: int, added: int) -> None:
        """Apply a recorded betting move if it is the actor's and legal and every figure it
        states is the one the rules give, else Undecided.

        The move is looked for among the actor's legal moves as ``FastRound.moves`` lists
        them, without listing the others: a check or call, a fold, the bring-in, or a
        wager to a total among ``_wager_moves`` (BET-04, BET-06, BRINGIN-04)."""
        if self.needs_opener and 0 <= seat < len(self.starting):
            self._open_awaited(self._record_opener(kind & KIND, seat))
        betting = self.round
        if self.dealing or betting is None or betting.actor != seat:
            raise Undecided("no action of this player is expected now")
        base = kind & KIND
        stack, wager, level = betting.stack[seat], betting.wager[seat], betting.level
        bringing_in = betting.bring_in_seat == seat
        move: Move | None = None
        if base in (CHECK_CALL, FOLD):
            if not bringing_in:
                if base == FOLD:
                    move = (FOLD_MOVE if level > wager or self.rules.bet_rules
                            .fold_when_nothing_to_call else None)
                elif level > wager:
                    move = _move(MoveKind.CALL, min(level, wager + stack))
                else:
                    move = CHECK_MOVE
        elif base == BRING_IN:
            if bringing_in:
                bring_in = min(self.stakes.bring_in, stack)
                if to in (UNSTATED, bring_in):
                    move = _move(MoveKind.BRING_IN, bring_in)
        elif base == WAGER and (stack > self.stakes.bring_in if bringing_in
                                else betting.may_wager(seat)):
            move = next((legal for legal in betting._wager_moves(seat)
                         if to in (UNSTATED, legal.to)), None)
        if move is None:
            raise Undecided("an action the rules refuse")
        betting.apply(move)  # FastTable.apply, inline (the hot loop)
        if base == WAGER:
            self.last_aggressor, self.last_caller = seat, None
        elif move.kind == MoveKind.CALL:
            self.last_caller = seat
        elif base == FOLD:
            self.fold_street[seat] = self.street
        after = betting.stack[seat]
        if added != UNSTATED and added != stack - after:
            raise Undecided("the chips the record says the action added differ")
        if kind & ALL_IN and after != 0:
            raise Undecided("the record says all in, the player has chips behind")
        if betting.closed():
            self._finish_round()

    @implements("SHOW-01", "SHOW-03", "CARD-02")
    def show(self, seat: int, cards: Cards, mucked: bool) -> None:
        """A showdown show, as ``Hand`` takes it; Undecided unless the shown cards are the
        cards dealt: all of the seat's known cards, and for the ones the record hid, cards
        dealt to nobody else."""
        self._open_unopened()
        if self.over:
            return  # a hand that won uncontested may be shown; nothing changes
        if not self.showdown or not 0 <= seat < len(self.starting) or self.folded[seat]:
            raise Undecided("a show Hand refuses or explains")
        if not cards:
            pass  # Hand shows the cards dealt (or mucks them unseen)
        elif any(card is None for card in cards):
            if seat in self.hidden and not mucked:
                raise Undecided("a hidden hand shown in part")
            if mucked:
                raise Undecided("a mucked hand shown in part")
        else:
            shown = [card for card in cards if card is not None]
            # SHOW-04: a log may list fewer cards; the hand is judged on the cards dealt
            if mucked or not self._partial_show(seat, shown):
                self._check_shown(seat, shown, keep=not mucked)
        if mucked:  # SHOW-03: the hand gives up the pot; the last live hand wins it
            self.folded[seat] = True
            if self.folded.count(False) == 1:
                self._settle()

    def _partial_show(self, seat: int, shown: Sequence[Card]) -> bool:
        """Whether ``shown`` is some of the seat's cards, none twice, all of them known: a
        show ``Hand`` takes without a fault and judges on the cards dealt (SHOW-04). A seat
        with a card the record hides stays unknown after such a show (``finish``)."""
        known = {*self.down[seat], *self.up[seat]}
        held = len(known) + (self.hidden_count.get(seat, 0) if seat in self.hidden else 0)
        return len(set(shown)) == len(shown) < held and known.issuperset(shown)

    def _check_shown(self, seat: int, shown: list[Card], *, keep: bool) -> None:
        """Undecided unless ``shown`` (shown or mucked face up) is the seat's deal."""
        known = {*self.down[seat], *self.up[seat]}
        hidden = self.hidden_count.get(seat, 0)
        distinct = set(shown)
        fresh = distinct - known
        if (len(distinct) != len(shown) or len(shown) != len(known) + hidden
                or len(fresh) != hidden or not self.seen.isdisjoint(fresh)):
            raise Undecided("the shown cards are not the cards dealt")
        self.seen.update(fresh)  # a card two players show is dealt twice (CARD-02)
        if keep:
            self.shown_cards[seat] = tuple(shown)
            self.hidden.discard(seat)

    def _hand_of(self, seat: int) -> Sequence[Card]:
        """As ``Hand.hand_of``: the cards shown, in the order shown, else the cards dealt;
        six cards and the community card (DECK-05)."""
        cards: Sequence[Card] = self.shown_cards.get(seat) or [*self.down[seat],
                                                                *self.up[seat]]
        if self.community is not None and len(cards) == 6:
            return [*cards, self.community]
        return cards

    def finish(self, *, unknown_hand_ends: bool = False) -> None:
        """Hold the showdown; Undecided if the record stops early or a hand is unknown.
        With ``unknown_hand_ends``, a live hand the record does not show ends the hand
        unpaid instead (``undetermined``), as ``Hand`` leaves it (SHOW-01: no division
        without every live hand); the caller bounds the record's awards."""
        self._open_unopened()
        if self.showdown:
            if any(seat in self.hidden for seat, out in enumerate(self.folded) if not out):
                if unknown_hand_ends:
                    self.undetermined = True
                    return
                raise Undecided("a showdown hand is unknown")
            self.showing_order()
            self.show_down()
        if not self.over:
            raise Undecided("the record ends before the hand does")


def _compare(header: Header, stacks: tuple[int, ...], awards: dict[int, int]) -> None:
    """Undecided unless the record's stacks and awards are the model's, with no shortfall."""
    for ours, stated in zip(stacks, header.finishing, strict=True):
        if stated is not None and stated != ours:
            raise Undecided("a finishing stack differs")
    if header.awards:
        paid: dict[int, int] = {}
        for award in header.awards:
            paid[award.player] = paid.get(award.player, 0) + award.amount
        if header.rake is None and sum(awards.values()) > sum(paid.values()):
            raise Undecided("the record pays less than the pot")
        if any(awards.get(seat, 0) != paid.get(seat, 0) for seat in set(paid) | set(awards)):
            raise Undecided("an award differs")


def accept_moves(header: Header, moves: Iterable[RecordMove],
                 rules: FastRules) -> FastResult | None:
    """The result of a record (as moves, ``records.moves``) the fast path finds clean, or
    None: then the caller replays the record through Hand."""
    try:
        hand = RecordedHand(rules, header)
        count, ante = len(hand.starting), hand.stakes.ante
        for kind, seat, to, added, cards in moves:
            base = kind & KIND
            if base == ANTE:
                if not 0 <= seat < count:
                    return None
                if added != UNSTATED and added not in (ante, min(hand.starting[seat], ante)):
                    return None
                continue
            if hand.over:
                if base not in (SHOW, MUCK):
                    return None
                continue  # a hand that won uncontested may be shown; nothing changes
            if base == DEAL:
                hand.deal(seat, to, cards)
            elif base in (SHOW, MUCK):
                hand.show(seat, cards, base == MUCK)
            elif base == COMMUNITY:
                hand.deal_community(to, cards)
            else:
                hand.act(kind, seat, to, added)
        hand.finish()
        stacks, awards = hand.stacks(), dict(hand.paid or {})
        _compare(header, stacks, awards)
    except (Undecided, StudSpecError):
        return None
    return FastResult(stacks, awards)


def accept_fast(record: HandRecord, profile: Profile,
                rules: FastRules | None = None) -> FastResult | None:
    """The result of a record the fast path finds clean, or None: replay it through Hand."""
    header, moves = header_of(record), moves_of(record)
    if header is None or moves is None:
        return None  # an unknown stack, an exposed card, a misdeal...: the model rules on it
    result = accept_moves(header, moves, rules or FastRules(profile))
    if result is None or not claims_hold(record, result.stacks, result.awards, profile):
        return None  # a figure the record states differs (or is not settled): Hand explains
    return result


__all__ = ["FastResult", "RecordedHand", "Undecided", "accept_fast", "accept_moves"]
