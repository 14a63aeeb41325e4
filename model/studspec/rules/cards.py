"""Cards, the 52-card deck, and the rank and suit orders used to choose the bring-in.

Notation (CARD-01): a card is written rank then suit, e.g. ``2c``, ``Th``, ``As``.
Interpretation chosen: ranks ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` in either case,
and ``10`` as an accepted spelling of ``T``; suits ``c d h s`` in either case, or the
symbols ``♣ ♦ ♥ ♠``. Cards are always printed in the normal form (``Th``), so ``10h`` is
read and normalised, never written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studspec import ops
from studspec.compiled_build import rebuilt_from_fields
from studspec.errors import InvalidInputError
from studspec.specdata.marks import implements
from studspec.specdata.suits import STANDARD_SUIT_ORDER as STANDARD_SUIT_ORDER
from studspec.specdata.suits import SUIT_BY_TEXT as _SUIT_BY_TEXT
from studspec.specdata.suits import Suit as Suit
from studspec.specdata.suits import SuitOrder as SuitOrder
from studspec.specdata.suits import format_suit_order as format_suit_order
from studspec.specdata.suits import parse_suit_order as parse_suit_order

RANK_LETTERS = "23456789TJQKA"
"""Rank letters from the two up to the ace; the rank value of a letter is its index + 2."""

ACE = 14


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 2..14 (14 is the ace) and ``suit``."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= ACE:
            raise InvalidInputError("rank must be 2..14", input_text=str(self.rank))

    @property
    def index(self) -> int:
        """Position 0..51 in the deck order: by rank (two first, ace last), then by suit."""
        return (self.rank - 2) * 4 + int(self.suit)

    def __hash__(self) -> int:
        # The deck index: distinct for the 52 cards and much cheaper than the dataclass's
        # tuple hash (cards are hashed in every deal's duplicate check, CARD-02).
        return (self.rank - 2) * 4 + int(self.suit)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 2] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({self})"


@implements("CARD-01")
def parse_card(text: str, *, where: str | None = None) -> Card:
    """Read one card in the notation of CARD-01, or raise InvalidInputError quoting it."""
    known = known_card(text)
    if known is not None:
        return known
    token = text.strip()
    if len(token) < 2:
        raise InvalidInputError(
            "a card is a rank (2-9, T, J, Q, K, A or 10) followed by a suit (c, d, h, s)",
            input_text=text, where=where)
    rank_text, suit_text = token[:-1], token[-1]
    suit = _SUIT_BY_TEXT.get(suit_text.lower())
    if suit is None:
        raise InvalidInputError(
            f"unknown suit {suit_text!r}; expected one of c, d, h, s",
            input_text=text, where=where)
    rank_upper = rank_text.upper()
    if rank_upper == "10":
        rank_upper = "T"
    if len(rank_upper) != 1 or rank_upper not in RANK_LETTERS:
        raise InvalidInputError(
            f"unknown rank {rank_text!r}; expected 2-9, T, J, Q, K, A or 10",
            input_text=text, where=where)
    return Card(RANK_LETTERS.index(rank_upper) + 2, suit)


def known_card(token: str) -> Card | None:
    """The card a two-character token in the common spelling (``"Th"``) names, from a
    table; None for any other text (``parse_card`` reads it, or explains the error)."""
    return _CARD_BY_TOKEN.get(token)


_CARD_BY_TOKEN: dict[str, Card] = {}
_CARD_BY_TOKEN.update((f"{letter}{suit}", parse_card(f"{letter}{suit}"))
                      for letter in RANK_LETTERS for suit in "cdhs")


def parse_cards(text: str, *, where: str | None = None) -> list[Card]:
    """Read cards separated by spaces or commas, e.g. ``"2c Th As"``."""
    tokens = text.replace(",", " ").split()
    return [parse_card(token, where=where) for token in tokens]


@implements("CARD-02")
def full_deck() -> list[Card]:
    """The 52 distinct cards: thirteen ranks in each of four suits, in deck-index order."""
    return [Card(rank, suit) for rank in range(2, ACE + 1) for suit in Suit]


def card_from_index(index: int) -> Card:
    """The card at deck position ``index`` (0..51); inverse of :attr:`Card.index`."""
    if not 0 <= index < 52:
        raise InvalidInputError("a deck index is 0..51", input_text=str(index))
    return Card(index // 4 + 2, Suit(index % 4))


def require_distinct(cards: Sequence[Card], *, where: str | None = None) -> None:
    """Raise InvalidInputError if the same card appears twice (one 52-card deck, CARD-02)."""
    if len(set(cards)) == len(cards):
        return
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidInputError("the same card appears twice in one deck",
                                    input_text=str(card), where=where)
        seen.add(card)


@implements("CARD-03")
def bring_in_rank_value(card: Card) -> int:
    """Rank value for the bring-in: the ace counts high (14), so a two is the lowest rank."""
    return card.rank


@implements("CARD-04")
def bring_in_card_key(card: Card, suit_order: SuitOrder = STANDARD_SUIT_ORDER) -> tuple[int, int]:
    """Sort key of a card for the bring-in: rank first (ace high), then suit in ``suit_order``."""
    return bring_in_rank_value(card), suit_order.index(card.suit)


@implements("CARD-04")
def lower_for_bring_in_rule(rank_a: ops.Term, suit_a: ops.Term, rank_b: ops.Term,
                            suit_b: ops.Term) -> ops.Term:
    """CARD-04: card a is lower than card b for the bring-in: a lower rank, or the same rank
    and a lower suit position (positions count from the lowest suit of the order)."""
    terms = ops.on_terms()  # Z3 terms in the proofs, in the compiled build too
    return terms.or_(terms.lt(rank_a, rank_b),
                     terms.and_(terms.eq(rank_a, rank_b), terms.lt(suit_a, suit_b)))


def is_lower_for_bring_in(a: Card, b: Card,
                          suit_order: SuitOrder = STANDARD_SUIT_ORDER) -> bool:
    """Decide whether card ``a`` is strictly lower than ``b`` in the bring-in order (CARD-04)."""
    return bool(lower_for_bring_in_rule(*bring_in_card_key(a, suit_order),
                                        *bring_in_card_key(b, suit_order)))
